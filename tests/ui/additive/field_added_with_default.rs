#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "field_added_with_default.golden.json")]
#[derive(Serialize, Deserialize)]
#[non_exhaustive]
pub struct ApplyContext {
    pub repo: String,
    #[serde(default)]
    pub prior_attempts: Vec<u32>,
}

fn main() {
    support::assert_additive("field_added_with_default");
}
