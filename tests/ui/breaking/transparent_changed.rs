#![allow(dead_code)]

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "transparent_changed.golden.json")]
#[derive(Serialize, Deserialize)]
pub struct Id {
    pub value: u64,
}

fn main() {}
