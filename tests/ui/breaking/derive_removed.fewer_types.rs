#![allow(dead_code)]

// The derive's `impl` was for every `T: Clone`; this one is for `T: Copy` alone.
#[contract_pin::contract(set = "ui", golden = "derive_removed.fewer_types.golden.json")]
#[derive(Debug)]
pub struct Slab<T> {
    pub entries: Vec<T>,
}

impl<T: Copy> Clone for Slab<T> {
    fn clone(&self) -> Self {
        Slab {
            entries: self.entries.clone(),
        }
    }
}

fn main() {}
