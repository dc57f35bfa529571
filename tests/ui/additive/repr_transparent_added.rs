#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "repr_transparent_added.golden.json")]
#[repr(transparent)]
pub struct Id(pub u64);

fn main() {
    support::assert_additive("repr_transparent_added");
}
