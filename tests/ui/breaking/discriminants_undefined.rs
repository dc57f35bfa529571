#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "discriminants_undefined.golden.json")]
pub enum Level {
    Low(u8),
    High,
}

fn main() {}
