#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

pub struct Config;

#[contract_pin::contract(set = "ui", golden = "assoc_item_added.golden.json")]
impl Config {
    pub const LIMIT: u32 = 3;

    pub fn new() -> Self {
        Config
    }
}

fn main() {
    support::assert_additive("assoc_item_added");
}
