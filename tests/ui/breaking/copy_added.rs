#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "copy_added.golden.json")]
#[derive(Clone, Copy)]
pub struct Point {
    pub x: i32,
}

fn main() {}
