#![allow(dead_code)]

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "variant_wire_name_changed.golden.json")]
#[derive(Serialize, Deserialize)]
pub enum Signal {
    Pass,
    Fail,
}

fn main() {}
