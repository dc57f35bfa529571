#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "fn_abi_changed.golden.json")]
pub extern "C-unwind" fn on_event(code: i32) -> i32 {
    code
}

fn main() {}
