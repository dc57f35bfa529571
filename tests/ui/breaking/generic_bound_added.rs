#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "generic_bound_added.golden.json")]
pub struct Cache<K: Clone + Send> {
    keys: Vec<K>,
}

fn main() {}
