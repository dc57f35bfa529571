#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "const_value_changed.golden.json")]
pub const MAX_RETRIES: u32 = 2;

fn main() {}
