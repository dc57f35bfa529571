#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "symbol_kind_changed.golden.json")]
pub struct Id(pub u64);

fn main() {}
