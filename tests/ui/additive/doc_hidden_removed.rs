#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "doc_hidden_removed.golden.json")]
pub fn run(limit: u32) -> u32 {
    limit
}

fn main() {
    support::assert_additive("doc_hidden_removed");
}
