#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "field_added.golden.json")]
#[non_exhaustive]
pub struct Meta {
    pub tag: String,
    pub weight: u32,
}

fn main() {
    support::assert_additive("field_added");
}
