#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "repr_packed_added.golden.json")]
#[repr(C, packed)]
pub struct Header {
    pub tag: u8,
    pub len: u32,
}

fn main() {}
