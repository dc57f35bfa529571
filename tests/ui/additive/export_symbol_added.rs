#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "export_symbol_added.golden.json")]
#[no_mangle]
pub extern "C" fn cp_ui_ready() {}

fn main() {
    support::assert_additive("export_symbol_added");
}
