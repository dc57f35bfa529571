#![allow(dead_code)]

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui-positional", golden = "field_order_changed.golden.json")]
#[derive(Serialize, Deserialize)]
pub struct Frame {
    pub len: u16,
    pub seq: u32,
}

fn main() {}
