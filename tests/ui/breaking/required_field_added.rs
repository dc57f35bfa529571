#![allow(dead_code)]

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "required_field_added.golden.json")]
#[derive(Serialize, Deserialize)]
#[non_exhaustive]
pub struct Event {
    pub id: u64,
    pub source: String,
}

fn main() {}
