#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "fn_const_removed.golden.json")]
pub fn limit() -> u32 {
    3
}

fn main() {}
