//! Shared by the integration tests: turning Rust source into a contract set, and
//! diffing two sources under a policy.
#![allow(dead_code)]

use std::collections::BTreeMap;

use contract_core::assemble::{assemble, Registered};
use contract_core::diff::diff_sets;
use contract_core::policy::{Policy, WireDirection, WireFormat};
use contract_core::syntax::scope::{item_position, FileScopes};
use contract_core::{Axis, Delta, Symbol};

pub mod cases;

/// Every item of `src` (a file; `mod m { … }` sets the module), extracted with
/// `contract_core::syntax::extract_in` in the scope of its module (the file's `use`
/// items, as the macro reads them) and merged into a set the way the harness does.
pub fn set(src: &str) -> BTreeMap<String, Symbol> {
    let file: syn::File = syn::parse_str(src).unwrap_or_else(|e| panic!("{src}\n{e}"));
    let scopes = FileScopes::of_file(src);
    let mut regs = Vec::new();
    collect(&file.items, "crate", &scopes, &mut regs);
    assemble(&regs).unwrap_or_else(|c| panic!("conflicts in {src}: {c:?}"))
}

fn collect(items: &[syn::Item], module: &str, scopes: &FileScopes, out: &mut Vec<Registered>) {
    for item in items {
        match item {
            syn::Item::Mod(m) => {
                let inner = format!("{module}::{}", m.ident);
                collect(
                    m.content.as_ref().map(|(_, i)| i.as_slice()).unwrap_or(&[]),
                    &inner,
                    scopes,
                    out,
                );
            }
            // Helpers the sources need but do not pin.
            syn::Item::Use(_) => {}
            other => {
                let scope = scopes.at(item_position(other));
                let extracted = contract_core::syntax::extract_in(other, scope)
                    .unwrap_or_else(|e| panic!("cannot extract: {e}"));
                out.push(Registered {
                    name: extracted.name,
                    module: module.to_owned(),
                    fragment: extracted.fragment,
                });
            }
        }
    }
}

/// The policies cases run under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pol {
    /// `Policy::default()`: api + wire, backward, self-describing.
    Default,
    /// `wire_direction: full` (both directions).
    Full,
    /// `wire_format: positional`.
    Positional,
    /// `wire_direction: backward`.
    Backward,
    /// `wire_direction: forward`.
    Forward,
    /// `axes: [api]`.
    ApiOnly,
}

impl Pol {
    /// The policy.
    pub fn policy(self) -> Policy {
        let mut p = Policy::default();
        match self {
            Pol::Default => {}
            Pol::Full => p.wire_direction = WireDirection::Full,
            Pol::Positional => p.wire_format = WireFormat::Positional,
            Pol::Backward => p.wire_direction = WireDirection::Backward,
            Pol::Forward => p.wire_direction = WireDirection::Forward,
            Pol::ApiOnly => p.axes = vec![Axis::Api],
        }
        p
    }
}

/// The deltas between two sources.
pub fn diff(before: &str, after: &str, policy: &Policy) -> Vec<Delta> {
    diff_sets(&set(before), &set(after), policy)
}

/// One line per delta, for failure messages.
pub fn show(deltas: &[Delta]) -> String {
    deltas
        .iter()
        .map(|d| {
            format!(
                "  {} {} {} [{}] {} | {} -> {}",
                d.class.as_str(),
                d.axis.as_str(),
                d.kind,
                d.symbol,
                contract_core::render::detail(d),
                contract_core::render::before(d),
                contract_core::render::after(d)
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
