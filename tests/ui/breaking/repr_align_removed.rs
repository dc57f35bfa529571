#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "repr_align_removed.golden.json")]
pub struct Block {
    pub bytes: [u8; 4],
}

fn main() {}
