//! The registry: what the macro registered, read back at test time.

use std::collections::BTreeMap;

use contract_core::assemble::{self, Registered};
use contract_core::probe::{ProbedTrait, Site};
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
    /// The golden named by `golden = "…"`, resolved to an absolute path when the
    /// item was compiled.
    pub golden: Option<&'static str>,
    /// The type probe's answer (see `contract_core::probe`): one bit per probed
    /// trait; `None` for items it does not apply to (generic types, non-types).
    pub probe: Option<u32>,
    /// Where the item is, and what the macro saw around it.
    pub source: Source,
}

/// Where a pinned item is written, as its registration records it.
#[derive(Debug)]
pub struct Source {
    /// `file!()` at the item.
    pub file: &'static str,
    /// The item's line.
    pub line: u32,
    /// The macro read the item's full attribute list from its source file.
    pub checked: bool,
    /// A `#[derive]` written above the contract attribute: its line and text (seen
    /// while the compile-time check was off, which otherwise refuses it).
    pub derive_above: Option<(u32, &'static str)>,
}

/// The symbols of a set, and the golden file the attributes named, if any.
pub struct Found {
    /// Symbols by name.
    pub symbols: BTreeMap<String, Symbol>,
    /// The common `golden = "…"` of the registrations.
    pub golden: Option<&'static str>,
    /// For messages: the module of each symbol's item, or of its first `impl` block
    /// when only methods or implementors are pinned.
    pub modules: BTreeMap<String, String>,
    /// Where each symbol's item is written.
    pub sites: BTreeMap<String, Site>,
}

inventory::collect!(Registration);

/// Every registration of `package` in `set`, merged into symbols. An error names what
/// is wrong in words a user can act on.
pub fn symbols(set: &str, package: &str) -> Result<Option<Found>, String> {
    let mut registered = Vec::new();
    let mut probes: BTreeMap<String, u32> = BTreeMap::new();
    let mut sites: BTreeMap<String, Site> = BTreeMap::new();
    let mut goldens = std::collections::BTreeSet::new();
    for reg in inventory::iter::<Registration> {
        if reg.set != set || reg.package != package {
            continue;
        }
        goldens.insert(reg.golden);
        let fragment: Fragment = serde_json::from_str(reg.fragment).map_err(|e| {
            format!(
                "the registration of `{}::{}` cannot be read ({e}); it was compiled by \
                 another version of contract-pin: run `cargo clean -p {package}`",
                reg.module, reg.name
            )
        })?;
        if matches!(fragment, Fragment::Item { .. }) {
            if let Some(bits) = reg.probe {
                probes.insert(reg.name.to_owned(), bits);
            }
            let source = &reg.source;
            sites.insert(
                reg.name.to_owned(),
                Site {
                    file: source.file.to_owned(),
                    line: source.line,
                    source_checked: source.checked,
                    derive_above: source.derive_above.map(|(l, t)| (l, t.to_owned())),
                },
            );
        }
        registered.push(Registered {
            name: reg.name.to_owned(),
            module: reg.module.to_owned(),
            fragment,
        });
    }
    if registered.is_empty() {
        return Ok(None);
    }
    if goldens.len() > 1 {
        let named: Vec<String> = goldens
            .iter()
            .map(|g| g.map_or("the default golden".to_owned(), |g| format!("`{g}`")))
            .collect();
        return Err(format!(
            "the items of set `{set}` name different goldens ({}): one set has one golden",
            named.join(", ")
        ));
    }
    let mut symbols = assemble::assemble(&registered).map_err(|conflicts| {
        conflicts
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    // What the compiler answered for each probed type.
    for (name, bits) in probes {
        if let Some(symbol) = symbols.get_mut(&name) {
            symbol.implements = Some(ProbedTrait::from_bits(bits));
        }
    }
    let mut modules = BTreeMap::new();
    for reg in &registered {
        let is_item = matches!(reg.fragment, Fragment::Item { .. });
        if is_item || !modules.contains_key(&reg.name) {
            modules.insert(reg.name.clone(), reg.module.clone());
        }
    }
    Ok(Some(Found {
        symbols,
        golden: goldens.into_iter().next().flatten(),
        modules,
        sites,
    }))
}
