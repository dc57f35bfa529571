#![allow(dead_code)]

pub struct Slab {
    pub len: usize,
}

// The twin this build has lost `const`: held to the golden here, it stops the build.
#[contract_pin::contract(set = "ui", golden = "fn_const_removed.cfg_twin.golden.json")]
impl Slab {
    #[cfg(all())]
    pub fn new() -> Slab {
        Slab { len: 0 }
    }

    #[cfg(any())]
    pub const fn new() -> Slab {
        Slab { len: 0 }
    }
}

fn main() {}
