//! Two different items pinned under one name in one set compile (each is fine on
//! its own) but the check refuses them, naming both.

mod billing {
    #[contract_pin::contract(set = "dupes")]
    pub struct Invoice {
        pub total: u64,
    }
}

mod legacy {
    #[contract_pin::contract(set = "dupes")]
    pub struct Invoice {
        pub amount: u32,
    }
}

fn main() {
    let _ = (billing::Invoice { total: 1 }.total, legacy::Invoice { amount: 1 }.amount);
    let manifest_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let err = contract_harness::check("dupes", env!("CARGO_PKG_NAME"), manifest_dir, &|_| None)
        .expect_err("two items named Invoice must be refused");
    let message = err.to_string();
    assert!(message.contains("two pinned items are named `Invoice` in one set"), "{message}");
    assert!(message.contains("::billing::Invoice`") && message.contains("::legacy::Invoice`"), "{message}");
    assert!(message.contains("#[contract(name = \"…\")]"), "{message}");
}
