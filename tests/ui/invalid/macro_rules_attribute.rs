// A `macro_rules!` is pinned with `pin_macro!`: an attribute would re-emit it,
// macro-expanded, and `crate::square!` would stop resolving.
#[contract_pin::contract]
#[macro_export]
macro_rules! square {
    ($x:expr) => {
        $x * $x
    };
}

fn main() {}
