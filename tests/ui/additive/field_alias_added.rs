#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "field_alias_added.golden.json")]
#[derive(Serialize, Deserialize)]
pub struct Event {
    #[serde(alias = "key")]
    pub id: u64,
}

fn main() {
    support::assert_additive("field_alias_added");
}
