#![allow(dead_code)]

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "field_default_removed.golden.json")]
#[derive(Serialize, Deserialize)]
pub struct Event {
    pub id: u64,
    pub retries: u32,
}

fn main() {}
