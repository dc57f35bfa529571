#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "symbol_added.golden.json")]
pub struct Order {
    pub id: u64,
}

#[contract_pin::contract(set = "ui", golden = "symbol_added.golden.json")]
pub struct Refund {
    pub order: u64,
}

fn main() {
    support::assert_additive("symbol_added");
}
