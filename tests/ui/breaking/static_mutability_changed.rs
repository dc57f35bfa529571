#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "static_mutability_changed.golden.json")]
pub static mut LIMIT: u32 = 3;

fn main() {}
