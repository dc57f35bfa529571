#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "target_feature_added.golden.json")]
#[target_feature(enable = "avx2")]
pub fn checksum(bytes: &[u8]) -> u32 {
    bytes.len() as u32
}

fn main() {}
