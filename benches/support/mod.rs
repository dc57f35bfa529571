//! Snapshots of realistic symbols for the benches: Rust source text, parsed by `syn`,
//! extracted by `contract_core::syntax::extract`, registered as the macro writes it
//! and made into a set as the harness makes it. A snapshot mixes
//! serde structs, generic structs with inherent impls, serde enums, traits, fns,
//! consts and type aliases; its "after" version carries a few percent of edits.

use std::collections::BTreeMap;
use std::path::PathBuf;

use contract_core::assemble::Registered;
use contract_core::current::{Current, RegisteredText};
use contract_core::golden::{self, Golden};
use contract_core::syntax::extract;
use contract_core::Symbol;

mod items;
use items::{edit_of, item_source, Edit};

/// The set and package the benches pin.
pub const SET: &str = "bench";
pub const PACKAGE: &str = "bench-crate";

/// A package directory holding the golden of some symbols, as the harness finds it.
pub struct GoldenDir {
    /// The package directory.
    pub dir: PathBuf,
    /// The golden's bytes, as written.
    pub bytes: Vec<u8>,
}

impl GoldenDir {
    /// Writes the golden of `symbols` below `dir` (the caller removes `dir`).
    pub fn new(dir: PathBuf, symbols: &BTreeMap<String, Symbol>) -> GoldenDir {
        let path = golden::path(None, &dir, SET, PACKAGE);
        std::fs::create_dir_all(path.parent().expect("golden has a parent")).expect("mkdir");
        let text = Golden::new(SET, PACKAGE, symbols).render();
        std::fs::write(&path, &text).expect("golden written");
        GoldenDir {
            dir,
            bytes: text.into_bytes(),
        }
    }

    /// What the test harness does with `registrations`: their current shapes made
    /// and compared with this golden, environment empty.
    pub fn check(&self, registrations: &Registrations) -> contract_harness::Outcome {
        let no_env = |_: &str| None::<String>;
        let current = registrations.current();
        contract_harness::check_current(SET, PACKAGE, &self.dir, &current, &no_env)
            .expect("the check runs")
    }
}

/// What the macro registers for `n` items (the "after" ones have the planned
/// edits): one registration per item or `impl` block, its fragment as the compact
/// canonical text the macro writes.
pub struct Registrations {
    registered: Vec<Registered>,
    texts: Vec<String>,
}

impl Registrations {
    pub fn new(n: usize, after: bool) -> Registrations {
        let mut registered = Vec::new();
        let mut indices: Vec<usize> = (0..n)
            .filter(|&i| !(after && edit_of(i) == Edit::Remove))
            .collect();
        if after {
            indices.extend(n..n + n / 200);
        }
        for i in indices {
            for src in item_source(i, after) {
                let item: syn::Item = syn::parse_str(&src).expect("generated source parses");
                let extracted = extract(&item).expect("generated source extracts");
                registered.push(Registered {
                    name: extracted.name,
                    module: format!("bench_crate::m{}", i % 37),
                    fragment: extracted.fragment,
                });
            }
        }
        let texts = registered
            .iter()
            .map(|r| r.fragment.compact_text().0)
            .collect();
        Registrations { registered, texts }
    }

    /// The symbols they make, merged as the harness merges them.
    pub fn symbols(&self) -> BTreeMap<String, Symbol> {
        // What an update writes: the probe's answers included.
        self.current().symbols().expect("registered texts read")
    }

    /// What the harness makes of them: each symbol's text, spliced or merged.
    pub fn current(&self) -> Current {
        let texts: Vec<RegisteredText<'_>> = self
            .registered
            .iter()
            .zip(&self.texts)
            .map(|(r, text)| RegisteredText {
                name: &r.name,
                module: &r.module,
                fragment: text,
                implements: probed(&r.fragment),
            })
            .collect();
        Current::from_registrations(&texts).expect("no name conflicts")
    }
}

/// What the type probe answers for a non-generic struct or enum of the item mix (the
/// auto traits), as the macro registers it; `None` for what it does not probe.
fn probed(fragment: &contract_core::Fragment) -> Option<u32> {
    use contract_core::probe::ProbedTrait;
    use contract_core::shape::ItemShape;
    let contract_core::Fragment::Item { item, .. } = fragment else {
        return None;
    };
    let generic = item.generics().is_some_and(|g| !g.params.is_empty());
    let probed = matches!(item, ItemShape::Struct(_) | ItemShape::Enum(_)) && !generic;
    probed.then(|| {
        ProbedTrait::ALL
            .iter()
            .filter(|t| t.is_auto())
            .fold(0, |bits, t| bits | t.bit())
    })
}
