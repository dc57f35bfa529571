//! std's type aliases, expanded as rustc expands them: `io::Result<T>` is
//! `Result<T, io::Error>`, `fmt::Result` is `Result<(), fmt::Error>`. A signature that
//! writes the alias out, or folds it in, changes nothing for any consumer.
//!
//! The table is generated from the toolchain's std documentation and every entry is
//! compiled as one type with its target (`contract-core/tests/std_aliases.rs`;
//! `CONTRACT_PIN_BLESS=1` rewrites it): never a hand-kept list.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::ty::{Args, GenericArg, Path, Type};

mod table;

pub use table::STD_ALIASES;

/// An alias's parameters and parsed target, by path.
fn aliases() -> &'static BTreeMap<&'static str, (&'static [&'static str], Type)> {
    static PARSED: OnceLock<BTreeMap<&'static str, (&'static [&'static str], Type)>> =
        OnceLock::new();
    PARSED.get_or_init(|| {
        STD_ALIASES
            .iter()
            .filter_map(|(path, params, target)| {
                let mut ty = Type::parse(target).ok()?;
                // As the sources' types are recorded: std paths collapsed, an
                // object's bounds sorted.
                ty.walk_mut(&mut |t| match t {
                    Type::Path(p) => crate::ty::normalize_std(p),
                    Type::Dyn(bounds) | Type::Impl(bounds) => {
                        for b in bounds.iter_mut() {
                            if let crate::ty::Bound::Trait { path, .. } = b {
                                crate::ty::normalize_std(path);
                            }
                        }
                        crate::ty::sort_bounds(bounds);
                    }
                    _ => {}
                });
                Some((*path, (*params, ty)))
            })
            .collect()
    })
}

/// The path's names without arguments (`std::io::Result`), when only its last segment
/// has any.
fn plain_names(p: &Path) -> Option<String> {
    let (last, init) = p.segments.split_last()?;
    if p.global || init.iter().any(|s| s.args != Args::None) {
        return None;
    }
    let mut names: Vec<&str> = init.iter().map(|s| s.name.as_str()).collect();
    names.push(&last.name);
    Some(names.join("::"))
}

/// `ty` with every std alias in it replaced by what it stands for; whether any was.
pub fn expand(ty: &mut Type) -> bool {
    let mut changed = false;
    ty.walk_mut(&mut |node| {
        // An expansion may hold another alias (none in std today): bounded.
        for _ in 0..4 {
            if !expand_node(node) {
                break;
            }
            changed = true;
        }
    });
    changed
}

fn expand_node(node: &mut Type) -> bool {
    let Type::Path(p) = node else {
        return false;
    };
    let Some(name) = plain_names(p) else {
        return false;
    };
    let Some((params, target)) = aliases().get(name.as_str()) else {
        return false;
    };
    let args: Vec<&Type> = match &p.segments[p.segments.len() - 1].args {
        Args::None => Vec::new(),
        Args::Angle(args) => {
            let types: Vec<&Type> = args
                .iter()
                .filter_map(|a| match a {
                    GenericArg::Type(t) => Some(t),
                    _ => None,
                })
                .collect();
            if types.len() != args.len() {
                return false;
            }
            types
        }
        Args::Paren { .. } => return false,
    };
    if args.len() != params.len() {
        return false;
    }
    // Parameters first become placeholders (a name no source can write), then the
    // arguments: an argument that names a parameter of its own (`io::Result<T>`) is
    // not substituted again.
    let placeholder = |i: usize| format!("\u{0}{i}");
    let mut out = target.clone();
    let replace = |t: &mut Type, with: &dyn Fn(&str) -> Option<Type>| {
        if let Type::Path(q) = t {
            if let (false, [only]) = (q.global, &q.segments[..]) {
                if only.args == Args::None {
                    if let Some(new) = with(&only.name) {
                        *t = new;
                    }
                }
            }
        }
    };
    out.walk_mut(&mut |t| {
        replace(t, &|name| {
            let i = params.iter().position(|p| *p == name)?;
            Some(Type::named(&placeholder(i)))
        })
    });
    out.walk_mut(&mut |t| {
        replace(t, &|name| {
            let i = (0..args.len()).find(|&i| placeholder(i) == name)?;
            Some(args[i].clone())
        })
    });
    *node = out;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(text: &str) -> String {
        let mut ty = Type::parse(text).expect("a type");
        expand(&mut ty);
        ty.to_string()
    }

    #[test]
    fn arguments_are_substituted_once() {
        // An argument that names the alias's own parameter is not substituted again.
        assert_eq!(
            expanded("std::io::Result<Vec<T>>"),
            "Result<Vec<T>, std::io::Error>"
        );
        assert_eq!(
            expanded("Option<std::sync::LockResult<T>>"),
            "Option<Result<T, std::sync::PoisonError<T>>>"
        );
        assert_eq!(expanded("std::fmt::Result"), "Result<(), std::fmt::Error>");
        // Nested aliases, each expanded.
        assert_eq!(
            expanded("std::io::Result<std::num::NonZeroU8>"),
            "Result<std::num::NonZero<u8>, std::io::Error>"
        );
        // Not an alias: a path of the crate, a wrong argument count.
        assert_eq!(expanded("crate::io::Result<T>"), "crate::io::Result<T>");
        assert_eq!(expanded("std::io::Result<T, E>"), "std::io::Result<T, E>");
    }
}
