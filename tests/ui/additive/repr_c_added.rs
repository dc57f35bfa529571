#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "repr_c_added.golden.json")]
#[repr(C)]
pub struct Point {
    pub x: i32,
    pub y: i32,
}

fn main() {
    support::assert_additive("repr_c_added");
}
