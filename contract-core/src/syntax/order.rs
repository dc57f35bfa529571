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
        scope_hides(&first, scope)
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

/// The value of `path = "…"` (of `#[path = "…"]`, or inside a `cfg_attr`).
pub fn path_value(meta: &Meta) -> Option<String> {
    match meta {
        Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    }
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
/// module. Never the file is parsed; an attribute only when its path alone does not
/// say whether it hides anything (once per item at most, in the usual case of a
/// contract attribute with nothing but inert attributes above it: not at all).
pub fn above(text: &str, run: &AttributeRun, scope: &Scope) -> Found {
    let parse = |range: &std::ops::Range<usize>| -> Option<Vec<Attribute>> {
        syn::parse::Parser::parse_str(Attribute::parse_outer, text.get(range.clone())?).ok()
    };
    let path_of = |range: &std::ops::Range<usize>| text.get(range.clone()).and_then(plain_path);
    let mut hider = None;
    for (range, line) in &run.above {
        // A single name is inert, a derive helper, or an imported attribute macro.
        if let Some(name) = path_of(range).filter(|p| !p.contains("::")) {
            if name != "derive" && name != "cfg_attr" && !scope_hides(name, scope) {
                continue;
            }
        }
        let Some(attrs) = parse(range) else {
            return Found::Unknown;
        };
        let span = attrs.first().map_or_else(Span::call_site, Spanned::span);
        if let Some(found) = hiding_attribute(&attrs, &[], span, scope) {
            hider = Some((found, *line));
            break;
        }
    }
    let in_cfg_attr = path_of(&run.this.0) == Some("cfg_attr");
    if hider.is_none() && !in_cfg_attr {
        return Found::Clean;
    }
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
    let hider = hider.or_else(|| {
        Some((
            hiding_attribute(&[], &before_in, this.span(), scope)?,
            run.this.1,
        ))
    });
    match hider {
        None => Found::Clean,
        Some((hider, line)) => Found::Below {
            contract: attribute_text(&meta),
            hider: hider.text,
            derive: hider.derive,
            line: Some(line),
        },
    }
}

/// A single-name attribute that hides the item from a later attribute: one the
/// compiler expands first (an imported attribute macro), not an inert built-in (see
/// [`hiding_attribute`]).
fn scope_hides(name: &str, scope: &Scope) -> bool {
    !INERT.contains(&name) && scope.imports(name)
}

/// The path an attribute's text starts with (`#[serde(rename = "a")]` → `serde`,
/// `#[rustfmt::skip]` → `rustfmt::skip`), read without parsing; `None` when the text
/// does not start that way.
fn plain_path(attribute: &str) -> Option<&str> {
    let inner = attribute
        .strip_prefix('#')?
        .trim_start()
        .strip_prefix('[')?
        .trim_start();
    let end = inner
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(inner.len());
    let path = &inner[..end];
    // `r#name` is a raw identifier: left to the parser.
    (!path.is_empty() && !inner[end..].starts_with('#')).then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::scope::FileScopes;

    /// What is above the contract attribute that starts line `line` of `src`.
    fn found(src: &str, line: usize) -> Found {
        let scopes = FileScopes::of_file(src);
        let run = scopes.attribute_run((line, 0)).expect("an attribute there");
        above(src, &run, scopes.at((line, 0)))
    }

    fn below(hider: &str, derive: bool, line: usize) -> Found {
        Found::Below {
            contract: "#[contract(set = \"s\")]".to_owned(),
            hider: hider.to_owned(),
            derive,
            line: Some(line),
        }
    }

    #[test]
    fn what_is_above_a_contract_attribute_is_read_from_its_attribute_run() {
        let src = "use contract_pin::contract;\n\
                   use tracing::instrument;\n\
                   #[contract(set = \"s\")]\n\
                   #[derive(Serialize)]\n\
                   pub struct First;\n\
                   #[derive(Debug, Serialize)]\n\
                   #[serde(rename_all = \"camelCase\")]\n\
                   #[contract(set = \"s\")]\n\
                   pub struct Below;\n\
                   #[repr(C)] #[allow(dead_code)] #[serde(default)] #[rustfmt::skip]\n\
                   #[contract(set = \"s\")]\n\
                   pub struct Inert;\n\
                   #[instrument]\n\
                   #[contract(set = \"s\")]\n\
                   pub fn traced() {}\n\
                   #[cfg_attr(test, derive(Clone), contract(set = \"s\"))]\n\
                   pub struct Cfg;\n";
        assert_eq!(found(src, 3), Found::Clean);
        assert_eq!(found(src, 8), below("#[derive(Debug, Serialize)]", true, 6));
        assert_eq!(found(src, 11), Found::Clean);
        assert_eq!(found(src, 14), below("#[instrument]", false, 13));
        assert_eq!(found(src, 16), below("#[derive(Clone)]", true, 16));
    }

    #[test]
    fn an_attribute_path_is_read_without_parsing() {
        assert_eq!(plain_path("#[serde(rename = \"a\")]"), Some("serde"));
        assert_eq!(plain_path("# [ rustfmt::skip ]"), Some("rustfmt::skip"));
        assert_eq!(plain_path("#[r#instrument]"), None);
        assert_eq!(plain_path("#[]"), None);
    }
}
