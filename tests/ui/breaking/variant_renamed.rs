#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "variant_renamed.golden.json")]
pub enum Outcome {
    Pass,
    Ignored(u32),
}

fn main() {}
