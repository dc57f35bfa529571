#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "repr_int_changed.golden.json")]
#[repr(u16)]
pub enum Level {
    Low = 1,
    High = 2,
}

fn main() {}
