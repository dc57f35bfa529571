#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "repr_align_changed.golden.json")]
#[repr(align(64))]
pub struct Block {
    pub bytes: [u8; 4],
}

fn main() {}
