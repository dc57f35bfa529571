#![allow(dead_code)]

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "field_flatten_changed.golden.json")]
#[derive(Serialize, Deserialize)]
pub struct Event {
    pub id: u64,
    pub extra: std::collections::BTreeMap<String, String>,
}

fn main() {}
