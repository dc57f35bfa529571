#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "repr_packed_removed.golden.json")]
#[repr(C)]
pub struct Header {
    pub tag: u8,
    pub len: u32,
}

fn main() {}
