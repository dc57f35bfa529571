#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "repr_align_added.golden.json")]
#[repr(align(16))]
pub struct Block {
    pub bytes: [u8; 4],
}

fn main() {}
