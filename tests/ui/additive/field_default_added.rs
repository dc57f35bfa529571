#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "field_default_added.golden.json")]
#[derive(Serialize, Deserialize)]
pub struct Event {
    pub id: u64,
    #[serde(default)]
    pub retries: u32,
}

fn main() {
    support::assert_additive("field_default_added");
}
