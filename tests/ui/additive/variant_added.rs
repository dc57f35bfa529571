#![allow(dead_code)]

use serde::{Deserialize, Serialize};

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "variant_added.golden.json")]
#[derive(Serialize, Deserialize)]
#[non_exhaustive]
pub enum Outcome {
    Pass,
    Fail,
    Skipped,
}

fn main() {
    support::assert_additive("variant_added");
}
