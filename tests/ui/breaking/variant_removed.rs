#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "variant_removed.golden.json")]
pub enum Outcome {
    Pass,
    Fail,
}

fn main() {}
