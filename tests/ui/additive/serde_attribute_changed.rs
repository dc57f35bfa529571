#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "serde_attribute_changed.golden.json")]
#[derive(Serialize, Deserialize)]
pub struct Event {
    pub id: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

fn main() {
    support::assert_additive("serde_attribute_changed");
}
