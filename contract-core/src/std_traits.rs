//! std's traits, so a bare trait object is read as the object it is: in editions 2015
//! and 2018 `&mut fmt::Write` and `Box<Error>` are `&mut dyn fmt::Write` and
//! `Box<dyn Error>` (the `dyn` keyword came later and is optional there). Writing
//! `dyn` in, or leaving it out, changes nothing for any consumer.
//!
//! The table is generated from the toolchain's std documentation
//! (`contract-core/tests/std_traits.rs`; `CONTRACT_PIN_BLESS=1` rewrites it): never a
//! hand-kept list. Only std's traits are known here: a crate's own trait written bare is
//! compared as written.

use crate::ty::{Args, Bound, Path, Type};

mod table;

pub use table::STD_TRAITS;

/// Whether `p`, as shapes record a std path (`std::fmt::Write`, or a prelude trait by
/// its name: `Iterator<Item = u8>`), names one of std's traits.
pub fn is_std_trait(p: &Path) -> bool {
    let Some((last, init)) = p.segments.split_last() else {
        return false;
    };
    if p.global || init.iter().any(|s| s.args != Args::None) {
        return false;
    }
    let mut names: Vec<&str> = init.iter().map(|s| s.name.as_str()).collect();
    names.push(&last.name);
    match names.as_slice() {
        [only] => crate::ty::prelude_path(only)
            .is_some_and(|full| STD_TRAITS.binary_search(&full.as_str()).is_ok()),
        ["std", ..] => STD_TRAITS.binary_search(&names.join("::").as_str()).is_ok(),
        _ => false,
    }
}

/// Whether std has a module of this name at its root (`time`, `collections`), as the
/// generated tables of std's traits and types name them.
pub fn is_std_module(name: &str) -> bool {
    static MODULES: std::sync::OnceLock<std::collections::BTreeSet<&'static str>> =
        std::sync::OnceLock::new();
    MODULES
        .get_or_init(|| {
            STD_TRAITS
                .iter()
                .copied()
                .chain(crate::auto::std_type_paths())
                .filter_map(|p| {
                    // `std::module::Item`: the module.
                    let mut parts = p.split("::").skip(1);
                    let module = parts.next()?;
                    parts.next().map(|_| module)
                })
                .collect()
        })
        .contains(name)
}

/// `t` with every bare trait object of a std trait inside it written with `dyn`;
/// whether any was. `t` itself is left as it is: a bound's trait is walked as a path
/// type at the root, and no field or parameter is an unsized object as a whole.
pub fn dyn_written(t: &mut Type) -> bool {
    let mut changed = false;
    let mut root = true;
    t.walk_mut(&mut |node| {
        if std::mem::take(&mut root) {
            return;
        }
        if let Type::Path(p) = node {
            if is_std_trait(p) {
                let path = std::mem::take(p);
                *node = Type::Dyn(vec![Bound::Trait {
                    hrtb: Vec::new(),
                    maybe: false,
                    path,
                }]);
                changed = true;
            }
        }
    });
    changed
}
