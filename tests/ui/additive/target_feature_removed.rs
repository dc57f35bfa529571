#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "target_feature_removed.golden.json")]
pub fn checksum(bytes: &[u8]) -> u32 {
    bytes.len() as u32
}

fn main() {
    support::assert_additive("target_feature_removed");
}
