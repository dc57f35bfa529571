#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui", golden = "field_order_changed.golden.json")]
#[derive(Serialize, Deserialize)]
pub struct Frame {
    pub len: u16,
    pub seq: u32,
}

fn main() {
    support::assert_additive("field_order_changed");
}
