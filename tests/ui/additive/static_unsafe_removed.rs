#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

#[contract_pin::contract(set = "ui", golden = "static_unsafe_removed.golden.json")]
unsafe extern "C" {
    pub safe static CP_UI_COUNT: u8;
}

fn main() {
    support::assert_additive("static_unsafe_removed");
}
