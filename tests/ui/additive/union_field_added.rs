#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "union_field_added.golden.json")]
// No `repr`: literals and patterns name one field each, and no layout is public.
pub union Bits {
    pub int: u32,
    pub float: f32,
}

fn main() {
    support::assert_additive("union_field_added");
}
