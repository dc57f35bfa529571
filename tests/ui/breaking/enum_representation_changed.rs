#![allow(dead_code)]

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "enum_representation_changed.golden.json")]
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
pub enum Signal {
    Pass { score: u8 },
    Fail { reason: String },
}

fn main() {}
