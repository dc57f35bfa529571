#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "item_visibility_widened.golden.json")]
pub struct Report {
    pub id: u64,
}

fn main() {
    support::assert_additive("item_visibility_widened");
}
