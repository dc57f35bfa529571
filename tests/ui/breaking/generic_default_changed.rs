#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "generic_default_changed.golden.json")]
pub struct Cache<K, S = u8> {
    keys: Vec<K>,
    state: S,
}

fn main() {}
