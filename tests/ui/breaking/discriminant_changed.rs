#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "discriminant_changed.golden.json")]
#[repr(u8)]
pub enum Level {
    Low = 1,
    High = 3,
}

fn main() {}
