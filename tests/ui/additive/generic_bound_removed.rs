#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "generic_bound_removed.golden.json")]
pub fn first<T: Clone>(items: &[T]) -> Option<T> {
    items.first().cloned()
}

fn main() {
    support::assert_additive("generic_bound_removed");
}
