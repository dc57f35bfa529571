#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "const_type_changed.golden.json")]
pub const MAX_RETRIES: u8 = 3;

fn main() {}
