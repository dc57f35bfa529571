#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "generic_param_added.golden.json")]
pub struct Cache<K, S> {
    keys: Vec<K>,
    state: S,
}

fn main() {}
