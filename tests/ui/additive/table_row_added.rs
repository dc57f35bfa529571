#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "table_row_added.golden.json")]
pub const ROUTES: &[(&str, &str)] = &[("ingest", "match"), ("match", "apply"), ("apply", "validate")];

fn main() {
    support::assert_additive("table_row_added");
}
