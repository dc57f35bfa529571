//! Attribute order: a contract attribute written below `#[derive]` (or another
//! attribute macro) is handed the item after that attribute ran, so what it pins is
//! not what the sources show — below `#[derive(Serialize)]` the recorded shape has no
//! derives and every wire check is off. The CLI reads the attribute list from the
//! sources; the macro reads it from its own source file (found by module and name,
//! as tokens parsed inside a proc macro carry no lines). Both word the error alike.

use proc_macro2::Span;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Item, Meta, Token};

use super::args::{self, Resolution};
use super::scope::Scope;

/// Built-in attributes that are inert: the compiler keeps them on the item for the
/// next attribute macro (or acts on them later), so they hide nothing from it.
pub const INERT: &[&str] = &[
    "allow",
    "automatically_derived",
    "cfg",
    "cold",
    "collapse_debuginfo",
    "coverage",
    "debugger_visualizer",
    "deny",
    "deprecated",
    "doc",
    "expect",
    "export_name",
    "forbid",
    "ignore",
    "inline",
    "instruction_set",
    "link",
    "link_name",
    "link_ordinal",
    "link_section",
    "macro_export",
    "macro_use",
    "must_use",
    "naked",
    "no_link",
    "no_mangle",
    "non_exhaustive",
    "path",
    "proc_macro",
    "proc_macro_attribute",
    "proc_macro_derive",
    "repr",
    "should_panic",
    "target_feature",
    "track_caller",
    "unsafe",
    "used",
    "warn",
];

/// Tool attributes (`#[rustfmt::skip]`): inert.
pub const TOOLS: &[&str] = &[
    "rustfmt",
    "clippy",
    "rustdoc",
    "rust_analyzer",
    "diagnostic",
];

/// An attribute the compiler expands before the contract attribute.
pub struct Hider {
    /// As written (shortened).
    pub text: String,
    /// Where it is.
    pub span: Span,
    /// A `#[derive]` (possibly inside `cfg_attr`).
    pub derive: bool,
}

/// The first attribute in `before` (those written above the contract attribute) or
/// in `before_in_cfg_attr` (those above it inside its own `cfg_attr`, at
/// `contract_span`) that the compiler expands before it: `#[derive]`, or an attribute
/// macro. A single name no import binds (`#[serde(…)]` above its derive) is a derive
/// helper, inert.
pub fn hiding_attribute(
    before: &[Attribute],
    before_in_cfg_attr: &[Meta],
    contract_span: Span,
    scope: &Scope,
) -> Option<Hider> {
    let is_derive = |meta: &Meta| meta.path().is_ident("derive");
    let hides = |meta: &Meta| -> bool {
        let path = meta.path();
        if is_derive(meta) {
            return true;
        }
        if matches!(args::resolve_meta(meta, scope), Resolution::Contract(_)) {
            return false; // another pin: it hides nothing
        }
        let first = path
            .segments
            .first()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        if path.segments.len() > 1 {
            return !TOOLS.contains(&first.as_str());
        }
        !INERT.contains(&first.as_str()) && scope.imports(&first)
    };
    for attr in before {
        let metas = if attr.path().is_ident("cfg_attr") {
            cfg_attr_metas(attr)
        } else {
            vec![attr.meta.clone()]
        };
        if let Some(meta) = metas.iter().find(|m| hides(m)) {
            return Some(Hider {
                text: attribute_text(&attr.meta),
                span: attr.span(),
                derive: is_derive(meta),
            });
        }
    }
    let meta = before_in_cfg_attr.iter().find(|m| hides(m))?;
    Some(Hider {
        text: attribute_text(meta),
        span: contract_span,
        derive: is_derive(meta),
    })
}

/// `#[derive(Serialize, Deserialize)]`, shortened past 60 characters.
pub fn attribute_text(meta: &Meta) -> String {
    let text = super::tokens::tokens_to_string(&quote::quote!(#meta));
    let text = if text.chars().count() > 60 {
        let path = meta
            .path()
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect::<Vec<_>>()
            .join("::");
        format!("{path}(…)")
    } else {
        text
    };
    format!("#[{text}]")
}

/// The attributes of `#[cfg_attr(pred, a, b)]`: `a`, `b`.
pub fn cfg_attr_metas(attr: &Attribute) -> Vec<Meta> {
    attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
        .map(|metas| metas.into_iter().skip(1).collect())
        .unwrap_or_default()
}

/// The error for a contract attribute below `hider` (at `hider_line`, when known).
pub fn below(contract: &str, hider: &str, derive: bool, hider_line: Option<usize>) -> String {
    let at = hider_line
        .map(|l| format!(" (line {l})"))
        .unwrap_or_default();
    let why = if derive {
        "the compiler runs the derive first and hands the contract attribute the item \
         without it, so the recorded shape has no derives and the serde wire checks are off"
    } else {
        "the compiler expands that attribute macro first, so the contract attribute pins \
         what it generates, which the sources do not show"
    };
    format!(
        "`{contract}` is below `{hider}`{at}: {why}. Move the contract attribute above `{hider}`"
    )
}

/// What is written above an item's first contract attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// Nothing that hides anything from it.
    Clean,
    /// A `#[derive]` or attribute macro, expanded first.
    Below {
        /// The contract attribute, as written.
        contract: String,
        /// What is above it, as written.
        hider: String,
        /// It is a `#[derive]`.
        derive: bool,
        /// It is above the contract attribute inside one `cfg_attr`.
        in_cfg_attr: bool,
    },
}

/// What the macro finds of its item in its own source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The item is not where the compiler says (a macro generated it), or is not
    /// alone under its name there (`cfg`'d twins): nothing is known.
    Unknown,
    /// Its attributes were read, and nothing above the contract attribute hides
    /// anything from it.
    Clean,
    /// A `#[derive]` (or attribute macro) is written above the contract attribute.
    Below {
        /// The contract attribute, as written.
        contract: String,
        /// What is above it, as written.
        hider: String,
        /// It is a `#[derive]`.
        derive: bool,
        /// The hider's line, found by its text above the contract attribute's.
        line: Option<usize>,
    },
}

/// Where an item is: its module, name and kind.
type Key = (Vec<(String, usize)>, String, &'static str);

/// One item found by the walk: module, name, kind, and the order of its attributes.
type Entry = (Vec<(String, usize)>, String, &'static str, Option<Order>);

/// Every named item of a source file, with what is written above its contract
/// attribute (`None`: it has none): computed once per file, holding no syntax tree (a
/// tree parsed inside a proc macro must not outlive the expansion that parsed it).
/// Items that share module, name and kind (`cfg`'d twins) are left out: which one the
/// compiler expands is not known here.
#[derive(Clone, Debug, Default)]
pub struct Index {
    items: std::collections::HashMap<Key, Option<Order>>,
}

impl Index {
    /// The index of a parsed file.
    pub fn of(file: &syn::File) -> Index {
        let mut entries = Vec::new();
        walk(&file.items, &mut Vec::new(), &mut entries);
        let mut out = Index::default();
        let mut twins = std::collections::HashSet::new();
        for (module, name, kind, order) in entries {
            let key = (module, name, kind);
            if out.items.insert(key.clone(), order).is_some() {
                twins.insert(key);
            }
        }
        for twin in &twins {
            out.items.remove(twin);
        }
        out
    }

    /// What is written above the contract attribute (at `contract_line` of `text`) of
    /// the item named `name`, of the kind of `item`, in module `module`.
    pub fn find(
        &self,
        text: &str,
        module: &[(String, usize)],
        item: &Item,
        contract_line: usize,
    ) -> Found {
        let Some(name) = super::scope::item_name(item) else {
            return Found::Unknown;
        };
        let key = (module.to_vec(), name, kind_of(item));
        let Some(Some(order)) = self.items.get(&key) else {
            return Found::Unknown;
        };
        match order {
            Order::Clean => Found::Clean,
            Order::Below {
                contract,
                hider,
                derive,
                in_cfg_attr,
            } => {
                // Tokens parsed in a proc macro carry no lines: find the hider's by its
                // text, the nearest line above the contract attribute that starts so.
                let head: String = hider.chars().take_while(|c| *c != '(').collect();
                let above: Vec<&str> = text.lines().take(contract_line.saturating_sub(1)).collect();
                let line = if *in_cfg_attr {
                    Some(contract_line)
                } else {
                    above
                        .iter()
                        .rposition(|l| l.trim_start().starts_with(&head))
                        .map(|i| i + 1)
                };
                Found::Below {
                    contract: contract.clone(),
                    hider: hider.clone(),
                    derive: *derive,
                    line,
                }
            }
        }
    }
}

fn kind_of(item: &Item) -> &'static str {
    match item {
        Item::Struct(_) => "struct",
        Item::Enum(_) => "enum",
        Item::Union(_) => "union",
        Item::Trait(_) => "trait",
        Item::Fn(_) => "fn",
        Item::Type(_) => "type",
        Item::Const(_) => "const",
        Item::Static(_) => "static",
        Item::Impl(_) => "impl",
        _ => "other",
    }
}

fn walk(items: &[Item], path: &mut Vec<(String, usize)>, out: &mut Vec<Entry>) {
    let scope = Scope::of_module(items);
    let mut seen: std::collections::BTreeMap<String, usize> = Default::default();
    for item in items {
        if let Item::Mod(m) = item {
            let name = m.ident.to_string();
            let ordinal = seen.entry(name.clone()).or_default();
            let at = *ordinal;
            *ordinal += 1;
            if let Some((_, inner)) = &m.content {
                path.push((name, at));
                walk(inner, path, out);
                path.pop();
            }
            continue;
        }
        let Some(name) = super::scope::item_name(item) else {
            continue;
        };
        out.push((path.clone(), name, kind_of(item), order_of(item, &scope)));
    }
}

/// The order of `item`'s attributes around its first contract attribute.
fn order_of(item: &Item, scope: &Scope) -> Option<Order> {
    let attrs = args::item_attrs(item);
    for (index, attr) in attrs.iter().enumerate() {
        let (before_in, meta) = if attr.path().is_ident("cfg_attr") {
            let metas = cfg_attr_metas(attr);
            let at = metas
                .iter()
                .position(|m| matches!(args::resolve_meta(m, scope), Resolution::Contract(_)));
            match at {
                Some(at) => (metas[..at].to_vec(), metas[at].clone()),
                None => continue,
            }
        } else if matches!(args::resolve(attr, scope), Resolution::Contract(_)) {
            (Vec::new(), attr.meta.clone())
        } else {
            continue;
        };
        let above = hiding_attribute(&attrs[..index], &[], attr.span(), scope);
        let in_cfg_attr = above.is_none();
        return Some(
            match above.or_else(|| hiding_attribute(&[], &before_in, attr.span(), scope)) {
                None => Order::Clean,
                Some(hider) => Order::Below {
                    contract: attribute_text(&meta),
                    in_cfg_attr,
                    hider: hider.text,
                    derive: hider.derive,
                },
            },
        );
    }
    None
}
