#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "export_symbol_renamed.golden.json")]
#[export_name = "cp_ui_init_v2"]
pub extern "C" fn init() {}

fn main() {}
