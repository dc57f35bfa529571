#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "repr_c_removed.golden.json")]
pub struct Point {
    pub x: i32,
    pub y: i32,
}

fn main() {}
