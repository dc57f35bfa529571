#![allow(dead_code)]

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "field_skipped.golden.json")]
#[derive(Serialize, Deserialize)]
pub struct Event {
    pub id: u64,
    #[serde(skip)]
    pub token: String,
}

fn main() {}
