//! The registry read back: what the macro registered (`contract_pin::Registration`,
//! collected by `inventory` in every crate this test binary links), made into the
//! set's current shapes.

use std::collections::BTreeMap;

use contract_core::current::{Current, RegisteredText};
use contract_core::probe::Site;
use contract_pin::__private::inventory;
use contract_pin::Registration;

/// The symbols of a set, and the golden file the attributes named, if any.
pub struct Found {
    /// The current shapes, by symbol name.
    pub symbols: Current,
    /// The common `golden = "…"` of the registrations.
    pub golden: Option<&'static str>,
    /// For messages: the module of each symbol's item, or of its first `impl` block
    /// when only methods or implementors are pinned.
    pub modules: BTreeMap<String, String>,
    /// Where each symbol's item is written.
    pub sites: BTreeMap<String, Site>,
}

/// The sets `package` registered in this binary, each once.
pub fn sets(package: &str) -> Vec<&'static str> {
    let sets: std::collections::BTreeSet<&'static str> = inventory::iter::<Registration>
        .into_iter()
        .filter(|reg| reg.package == package)
        .map(|reg| reg.set)
        .collect();
    sets.into_iter().collect()
}

/// Every registration of `package` in `set`, made into the set's current shapes
/// (see [`Current::from_registrations`]: what one item registers is not parsed
/// unless the golden says it changed). An error names what is wrong in words a
/// user can act on.
pub fn symbols(set: &str, package: &str) -> Result<Option<Found>, String> {
    let mut registered = Vec::new();
    let mut sites: BTreeMap<String, Site> = BTreeMap::new();
    let mut goldens = std::collections::BTreeSet::new();
    let mut modules = BTreeMap::new();
    // Generic types' inferred auto traits, set once the symbols are made.
    let mut inferred = Vec::new();
    for reg in inventory::iter::<Registration> {
        if reg.set != set || reg.package != package {
            continue;
        }
        goldens.insert(reg.golden);
        let is_item = contract_core::current::is_item_text(reg.fragment);
        if is_item && !reg.auto_traits.is_empty() {
            inferred.push(reg);
        }
        if is_item {
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
        registered.push(RegisteredText {
            name: reg.name,
            module: reg.module,
            fragment: reg.fragment,
            implements: reg.probe.filter(|_| is_item),
        });
        // For messages: an item's module, else its first `impl` block's.
        if is_item || !modules.contains_key(reg.name) {
            modules.insert(reg.name.to_owned(), reg.module.to_owned());
        }
    }
    if registered.is_empty() {
        return Ok(None);
    }
    if goldens.len() > 1 {
        let named: Vec<String> = goldens
            .iter()
            .map(|g| g.map_or("the default golden".to_owned(), |g| format!("`{g}`")))
            .collect();
        return Err(contract_core::message::goldens_disagree(set, &named));
    }
    let mut symbols = Current::from_registrations(&registered).map_err(|e| e.to_string())?;
    for reg in inferred {
        let traits = contract_core::json::from_str(reg.auto_traits).map_err(|e| {
            contract_core::current::Unreadable {
                origin: format!("{}::{}", reg.module, reg.name),
                error: e.to_string(),
            }
            .to_string()
        })?;
        symbols.set_auto_traits(reg.name, traits);
    }
    Ok(Some(Found {
        symbols,
        golden: goldens.into_iter().next().flatten(),
        modules,
        sites,
    }))
}
