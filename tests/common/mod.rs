//! Helpers shared by the integration tests of the facade.

use std::collections::BTreeMap;

use contract_core::assemble::{assemble, Registered};
use contract_core::syntax::extract;
use contract_core::Symbol;

/// A fresh directory in the system's temp dir, removed when dropped.
pub fn temp_dir(prefix: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(prefix).tempdir().unwrap()
}

/// The symbols the macro would register for every item of `src`, all in module
/// `demo`, merged as the harness merges registrations.
pub fn symbols(src: &str) -> BTreeMap<String, Symbol> {
    let file: syn::File = syn::parse_str(src).expect("test source parses");
    let registered: Vec<Registered> = file
        .items
        .iter()
        .map(|item| {
            let x = extract(item).expect("extracts");
            Registered {
                name: x.name,
                module: "demo".to_owned(),
                fragment: x.fragment,
            }
        })
        .collect();
    assemble(&registered).expect("no conflicts")
}
