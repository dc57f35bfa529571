#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "export_symbol_removed.golden.json")]
pub extern "C" fn cp_ui_start() {}

fn main() {}
