#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "fn_const_added.golden.json")]
pub const fn limit() -> u32 {
    3
}

fn main() {
    support::assert_additive("fn_const_added");
}
