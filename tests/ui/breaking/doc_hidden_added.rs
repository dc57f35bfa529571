#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "doc_hidden_added.golden.json")]
#[doc(hidden)]
pub fn run(limit: u32) -> u32 {
    limit
}

fn main() {}
