#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "derive_removed.golden.json")]
#[derive(Debug)]
pub struct Config {
    pub retries: u32,
}

fn main() {}
