#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "table_row_changed.golden.json")]
pub const LIMITS: &[(&str, u32)] = &[
    ("min_qty", 1),
    ("max_qty", 500),
];

fn main() {}
