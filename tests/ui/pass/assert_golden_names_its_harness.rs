#![deny(warnings)]
// `harness = path` names the harness `assert_golden!` expands into (one re-exported
// elsewhere); the expansion calls it, not the dev-dependency the manifest names.

use std::sync::atomic::{AtomicBool, Ordering};

static CALLED: AtomicBool = AtomicBool::new(false);

mod my_harness {
    pub mod __private {
        pub fn assert_golden(set: &str, package: &str, manifest_dir: &str) {
            assert_eq!(set, "ui");
            assert_eq!(package, "contract-pin-tests");
            assert!(!manifest_dir.is_empty());
            crate::CALLED.store(true, std::sync::atomic::Ordering::SeqCst);
        }
    }
}

fn main() {
    contract_pin::assert_golden!("ui", lib = contract_pin, harness = my_harness);
    assert!(CALLED.load(Ordering::SeqCst));
}
