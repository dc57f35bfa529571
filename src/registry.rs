//! The registry: what the macro registered, read back at test time.

use std::collections::BTreeMap;

use contract_core::assemble::{self, Registered};
use contract_core::{Fragment, Symbol};

/// One `#[contract]` expansion, registered with `inventory`.
#[derive(Debug)]
pub struct Registration {
    /// The contract set.
    pub set: &'static str,
    /// `CARGO_PKG_NAME` of the crate that owns the item.
    pub package: &'static str,
    /// The symbol name.
    pub name: &'static str,
    /// `module_path!()` at the item.
    pub module: &'static str,
    /// The fragment's compact canonical JSON.
    pub fragment: &'static str,
}

inventory::collect!(Registration);

/// Every registration of `package` in `set`, merged into symbols. An error names what
/// is wrong in words a user can act on.
pub fn symbols(set: &str, package: &str) -> Result<Option<BTreeMap<String, Symbol>>, String> {
    let mut registered = Vec::new();
    for reg in inventory::iter::<Registration> {
        if reg.set != set || reg.package != package {
            continue;
        }
        let fragment: Fragment = serde_json::from_str(reg.fragment).map_err(|e| {
            format!(
                "the registration of `{}::{}` cannot be read ({e}); it was compiled by \
                 another version of contract-pin: run `cargo clean -p {package}`",
                reg.module, reg.name
            )
        })?;
        registered.push(Registered {
            name: reg.name.to_owned(),
            module: reg.module.to_owned(),
            fragment,
        });
    }
    if registered.is_empty() {
        return Ok(None);
    }
    assemble::assemble(&registered)
        .map(Some)
        .map_err(|conflicts| {
            conflicts
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        })
}
