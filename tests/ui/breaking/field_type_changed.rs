#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "field_type_changed.golden.json")]
pub struct Config {
    pub retries: u64,
}

fn main() {}
