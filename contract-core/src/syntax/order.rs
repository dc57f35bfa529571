//! Attribute order: a contract attribute written below `#[derive]` (or another
//! attribute macro) is handed the item after that attribute ran, so what it pins is
//! not what the sources show — below `#[derive(Serialize)]` the recorded shape has no
//! derives and every wire check is off. The CLI reads the attribute list from the
//! sources; the macro reads the attributes around its call site in its own source
//! file (tokens parsed inside a proc macro carry no lines). Both word the error alike.

use proc_macro2::Span;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Meta, Token};

use super::args::{self, Resolution};
use super::scope::{AttributeRun, Scope};

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

/// What the macro finds of its item in its own source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// No contract attribute of the file is at the macro's call site (a macro
    /// generated the item, or the file cannot be read): nothing is known.
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

/// What is written above the contract attribute that `run` (from
/// [`FileScopes::attribute_run`](super::scope::FileScopes::attribute_run) at the
/// macro's call site) holds, in the file `text`, read in the scope of the item's
/// module. Only the item's own attributes are parsed, never the file.
pub fn above(text: &str, run: &AttributeRun, scope: &Scope) -> Found {
    let parse = |range: &std::ops::Range<usize>| -> Option<Vec<Attribute>> {
        syn::parse::Parser::parse_str(Attribute::parse_outer, text.get(range.clone())?).ok()
    };
    let parsed = parse(&run.this.0);
    let Some([this]) = parsed.as_deref() else {
        return Found::Unknown;
    };
    // The contract attribute itself, or its part of a `cfg_attr`.
    let (before_in, meta) = if this.path().is_ident("cfg_attr") {
        let metas = cfg_attr_metas(this);
        let at = metas
            .iter()
            .position(|m| matches!(args::resolve_meta(m, scope), Resolution::Contract(_)));
        match at {
            Some(at) => (metas[..at].to_vec(), metas[at].clone()),
            None => return Found::Unknown,
        }
    } else if matches!(args::resolve(this, scope), Resolution::Contract(_)) {
        (Vec::new(), this.meta.clone())
    } else {
        return Found::Unknown;
    };
    let span = this.span();
    for (range, line) in &run.above {
        let Some(attrs) = parse(range) else {
            return Found::Unknown;
        };
        if let Some(hider) = hiding_attribute(&attrs, &[], span, scope) {
            return Found::Below {
                contract: attribute_text(&meta),
                hider: hider.text,
                derive: hider.derive,
                line: Some(*line),
            };
        }
    }
    match hiding_attribute(&[], &before_in, span, scope) {
        None => Found::Clean,
        Some(hider) => Found::Below {
            contract: attribute_text(&meta),
            hider: hider.text,
            derive: hider.derive,
            line: Some(run.this.1),
        },
    }
}
