#![allow(dead_code)]

// A `#[repr(C)]` union's layout is public: a new field may grow its size or alignment.
#[contract_pin::contract(set = "ui", golden = "union_field_added.repr_c.golden.json")]
#[repr(C)]
pub union Bits {
    pub int: u32,
    pub wide: u64,
}

fn main() {}
