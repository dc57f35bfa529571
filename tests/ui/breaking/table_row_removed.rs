#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "table_row_removed.golden.json")]
pub const ROUTES: &[(&str, &str)] = &[
    ("ingest", "match"),
    ("apply", "validate"),
];

fn main() {}
