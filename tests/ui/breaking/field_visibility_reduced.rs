#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "field_visibility_reduced.golden.json")]
pub struct Config {
    pub(crate) retries: u32,
}

fn main() {}
