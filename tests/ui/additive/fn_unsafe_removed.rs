#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "fn_unsafe_removed.golden.json")]
pub fn limit() -> u32 {
    3
}

fn main() {
    support::assert_additive("fn_unsafe_removed");
}
