#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "variant_added_to_exhaustive_enum.golden.json")]
pub enum Outcome {
    Pass,
    Fail,
    Skipped,
}

fn main() {}
