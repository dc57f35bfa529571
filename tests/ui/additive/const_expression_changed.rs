#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

const fn expect(value: Option<u32>, message: &str) -> u32 {
    match value {
        Some(v) => v,
        None => panic!("{}", message),
    }
}

// The macro became a `const fn`: the value's code changed, not its data.
#[contract_pin::contract(set = "ui", golden = "const_expression_changed.golden.json")]
pub const MIN: u32 = expect(1u32.checked_add(0), "in range");

fn main() {
    support::assert_additive("const_expression_changed");
}
