#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "repr_transparent_removed.golden.json")]
pub struct Id(pub u64);

fn main() {}
