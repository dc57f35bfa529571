#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

// The `match` became a call: the value's code changed, not its data.
#[contract_pin::contract(set = "ui", golden = "const_expression_changed.golden.json")]
pub const MIN: u32 = 1u32.checked_add(0).expect("in range");

fn main() {
    support::assert_additive("const_expression_changed");
}
