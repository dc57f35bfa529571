#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "generic_param_added_with_default.golden.json")]
pub struct Cache<K, S = ()> {
    keys: Vec<K>,
    state: S,
}

fn main() {
    support::assert_additive("generic_param_added_with_default");
}
