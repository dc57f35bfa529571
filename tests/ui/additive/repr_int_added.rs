#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "repr_int_added.golden.json")]
#[repr(u8)]
pub enum Level {
    Low = 1,
    High = 2,
}

fn main() {
    support::assert_additive("repr_int_added");
}
