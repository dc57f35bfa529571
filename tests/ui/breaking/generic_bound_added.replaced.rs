#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "generic_bound_added.replaced.golden.json")]
pub struct Cache<K: Send> {
    keys: Vec<K>,
}

fn main() {}
