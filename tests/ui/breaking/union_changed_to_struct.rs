#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "union_changed_to_struct.golden.json")]
pub struct Bits {
    pub int: u32,
    pub float: f32,
}

fn main() {}
