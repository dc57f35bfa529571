#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "generic_param_removed.golden.json")]
pub struct Cache<K> {
    keys: Vec<K>,
}

fn main() {}
