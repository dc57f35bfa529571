#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "constructible_struct_field_added.golden.json")]
pub struct Point {
    pub x: i32,
    pub y: i32,
    pub z: i32,
}

fn main() {}
