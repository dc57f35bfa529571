#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "union_field_removed.golden.json")]
#[repr(C)]
pub union Bits {
    pub int: u32,
}

fn main() {}
