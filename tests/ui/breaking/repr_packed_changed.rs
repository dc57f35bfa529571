#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "repr_packed_changed.golden.json")]
#[repr(C, packed(4))]
pub struct Header {
    pub tag: u8,
    pub len: u32,
}

fn main() {}
