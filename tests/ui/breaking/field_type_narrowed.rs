#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "field_type_narrowed.golden.json")]
pub struct Config {
    pub retries: u32,
}

fn main() {}
