#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "lifetime_param_changed.golden.json")]
pub struct View<'a, 'b> {
    name: &'a str,
    tag: &'b str,
}

fn main() {}
