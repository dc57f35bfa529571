#![allow(dead_code)]

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui-full", golden = "variant_added.golden.json")]
#[derive(Serialize, Deserialize)]
#[non_exhaustive]
pub enum Event {
    Placed,
    Shipped,
    Cancelled,
}

fn main() {}
