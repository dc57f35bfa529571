#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "item_visibility_reduced.golden.json")]
pub(crate) struct Report {
    pub id: u64,
}

fn main() {}
