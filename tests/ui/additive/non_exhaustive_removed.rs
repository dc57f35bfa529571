#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "non_exhaustive_removed.golden.json")]
pub enum Level {
    Low,
    High,
}

fn main() {
    support::assert_additive("non_exhaustive_removed");
}
