#![allow(dead_code)]

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "field_alias_removed.golden.json")]
#[derive(Serialize, Deserialize)]
pub struct Event {
    pub id: u64,
}

fn main() {}
