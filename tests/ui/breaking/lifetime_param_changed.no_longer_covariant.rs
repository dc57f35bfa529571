#![allow(dead_code)]

// A private field now holds the lifetime invariantly: `Flags<'static>` no longer
// passes for a `Flags<'a>`.
#[contract_pin::contract(set = "ui", golden = "lifetime_param_changed.no_longer_covariant.golden.json")]
pub struct Flags<'s> {
    inner: std::cell::Cell<&'s str>,
}

fn main() {}
