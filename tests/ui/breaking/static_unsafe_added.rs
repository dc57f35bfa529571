#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "static_unsafe_added.golden.json")]
unsafe extern "C" {
    pub unsafe static CP_UI_LIMIT: u8;
}

fn main() {}
