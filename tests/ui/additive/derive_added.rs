#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "derive_added.golden.json")]
#[derive(Debug, Clone, Hash)]
pub struct Config {
    pub retries: u32,
}

fn main() {
    support::assert_additive("derive_added");
}
