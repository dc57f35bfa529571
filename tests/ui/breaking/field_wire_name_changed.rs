#![allow(dead_code)]

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "field_wire_name_changed.golden.json")]
#[derive(Serialize, Deserialize)]
pub struct Event {
    #[serde(rename = "event_id")]
    pub key: u64,
}

fn main() {}
