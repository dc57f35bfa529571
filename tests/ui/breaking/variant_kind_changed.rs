#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "variant_kind_changed.golden.json")]
pub enum Outcome {
    Pass,
    Fail(String),
}

fn main() {}
