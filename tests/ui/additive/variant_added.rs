#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "variant_added.golden.json")]
#[non_exhaustive]
pub enum Outcome {
    Pass,
    Fail,
    Skipped,
}

fn main() {
    support::assert_additive("variant_added");
}
