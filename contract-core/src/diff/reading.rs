//! Types as rustc reads them: std's aliases expanded (`io::Result<T>` is
//! `Result<T, io::Error>`), a bare std trait object written with `dyn` (`&mut
//! fmt::Write` of editions 2015 and 2018), what a returned `impl Trait` captures in one
//! form (`use<'d>` and `'d +`), trait objects' default lifetime bounds left out
//! (`Box<dyn Error + 'static>` is `Box<dyn Error>`) and array lengths evaluated
//! (`[u8; 4 * 1024]` is `[u8; 4096]`). Two spellings of one type are one
//! type for every consumer.

use std::collections::{BTreeMap, BTreeSet};

use crate::shape::{GenericParam, Symbol};
use crate::ty::{Args, GenericArg, Type};

/// A type as rustc reads it; whether that differs from how it is written.
fn read(t: &mut Type) -> bool {
    let expanded = crate::std_aliases::expand(t);
    // Before the default lifetimes: `Box<Error>` is `Box<dyn Error + 'static>` too.
    let objects = crate::std_traits::dyn_written(t);
    let lengths = evaluated_lengths(t);
    let captures = super::captures::written_alike(t);
    let elided = elided_left_out(t);
    let shadowed = crate_std_named_modules(t);
    super::objects::defaults_left_out(t)
        | expanded
        | objects
        | lengths
        | captures
        | elided
        | shadowed
}

/// A module of the crate named `core`, `alloc` or `std` (argmin 0.10's `crate::core`)
/// as goldens written before it was read as the crate's recorded it: `crate::core::observers::Observers` was
/// written `std::observers::Observers`. std has no module `observers`, so the two
/// spellings are one type, and no std item is either.
fn crate_std_named_modules(t: &mut Type) -> bool {
    let mut changed = false;
    t.walk_mut(&mut |node| {
        let Type::Path(p) = node else { return };
        if !p.global
            && p.segments.len() > 2
            && p.segments[0].name == "crate"
            && matches!(p.segments[1].name.as_str(), "std" | "core" | "alloc")
            && !crate::std_traits::is_std_module(&p.segments[2].name)
        {
            p.segments.remove(0);
            p.segments[0].name = "std".to_owned();
            changed = true;
        }
    });
    changed
}

/// An elided lifetime written `'_` as one left out: `Record<'_>` is `Record` where
/// every lifetime argument of the segment is `'_` (slog 2.8's `Fn(&Record<'_>)`, 2.7's
/// `Fn(&Record)`), and `&'_ T` is `&T`. Not after a type's name (`Self::Item<'_>`,
/// `I::Output<'_>`): a generic associated type cannot leave its lifetimes out.
/// Whether any was written.
fn elided_left_out(t: &mut Type) -> bool {
    let mut changed = false;
    t.walk_mut(&mut |node| match node {
        Type::Ref { lifetime, .. } if lifetime.as_deref() == Some("'_") => {
            *lifetime = None;
            changed = true;
        }
        Type::Path(p) => changed |= lifetime_args_left_out(p, "'_"),
        _ => {}
    });
    changed
}

/// `p` with each segment's lifetime arguments left out where every one is `lifetime`;
/// not after a type's name (`Self::Item<'_>`, `I::Output<'_>`): a generic associated
/// type cannot leave its lifetimes out. Whether any was.
pub(super) fn lifetime_args_left_out(p: &mut crate::ty::Path, lifetime: &str) -> bool {
    let mut changed = false;
    let mut after_type = false;
    for s in &mut p.segments {
        let assoc = std::mem::replace(
            &mut after_type,
            s.name.starts_with(|c: char| c.is_ascii_uppercase()),
        );
        let crate::ty::Args::Angle(args) = &mut s.args else {
            continue;
        };
        let mut lifetimes = args
            .iter()
            .filter_map(|a| match a {
                crate::ty::GenericArg::Lifetime(l) => Some(l),
                _ => None,
            })
            .peekable();
        let all_left_out = lifetimes.peek().is_some() && lifetimes.all(|l| l == lifetime);
        if assoc || !all_left_out {
            continue;
        }
        args.retain(|a| !matches!(a, crate::ty::GenericArg::Lifetime(_)));
        if args.is_empty() {
            s.args = crate::ty::Args::None;
        }
        changed = true;
    }
    changed
}

/// Array lengths as their values (`[u8; 4 * 1024]` is `[u8; 4096]`), where they
/// evaluate ([`super::consteval::array_len`]); whether any was written otherwise.
fn evaluated_lengths(t: &mut Type) -> bool {
    let mut changed = false;
    t.walk_mut(&mut |node| {
        if let Type::Array { len, .. } = node {
            if let Some(v) = super::consteval::array_len(len) {
                let v = v.to_string();
                if *len != v {
                    *len = v;
                    changed = true;
                }
            }
        }
    });
    changed
}

/// `t` with every path of an `unread` crate (`serde_json::map::Map<K, V>`) as that
/// crate's item of that name (`serde_json::…::Map<K, V>`), its arguments kept: what a
/// front end that did not read the crate can tell of it (another of its items, another
/// crate's type, or std's, is still another type). Whether anything was.
fn unread_erased(t: &mut Type, unread: &BTreeSet<String>) -> bool {
    if unread.is_empty() {
        return false;
    }
    let mut changed = false;
    t.walk_mut(&mut |node| {
        let Type::Path(p) = node else { return };
        let first = &p.segments[0];
        if p.segments.len() > 1
            && first.args == crate::ty::Args::None
            && unread.contains(first.name.trim_start_matches("r#"))
        {
            let krate = crate::ty::Segment::plain(&first.name.clone());
            let last = p.segments.pop().expect("a path of two segments or more");
            p.global = false;
            p.segments = vec![krate, crate::ty::Segment::plain("\u{0}unread"), last];
            changed = true;
        }
    });
    changed
}

/// The crate an unread path belongs to (`serde_json` for `serde_json::Result<T>`).
fn unread_crate<'t>(t: &'t Type, unread: &BTreeSet<String>) -> Option<&'t str> {
    let Type::Path(p) = t else { return None };
    let first = p.segments.first()?;
    (p.segments.len() > 1 && first.args == crate::ty::Args::None)
        .then(|| first.name.trim_start_matches("r#"))
        .filter(|name| unread.contains(*name))
}

/// Whether `t` names an item of the crate `krate` anywhere.
fn mentions(t: &Type, krate: &str) -> bool {
    let mut found = false;
    t.clone().walk_mut(&mut |node| {
        if let Type::Path(p) = node {
            found |= p
                .segments
                .first()
                .is_some_and(|s| s.name.trim_start_matches("r#") == krate)
                && p.segments.len() > 1;
        }
    });
    found
}

/// Whether `o` and `n` may be one type to a front end that did not read the crates
/// in `unread`: equal where both are known; a path of an unread crate may stand for
/// any type that names that crate (`serde_json::Result<T>` for `Result<T,
/// serde_json::Error>`: an alias of it written out), and for another path of that
/// crate to an item of the same name with alike arguments (a re-export:
/// `serde_json::map::Map` and `serde_json::Map`). Another of its items, a std type or
/// another crate's in its place, or other arguments, is another type.
fn alike(o: &Type, n: &Type, unread: &BTreeSet<String>) -> bool {
    if o == n {
        return true;
    }
    match (unread_crate(o, unread), unread_crate(n, unread)) {
        (Some(a), Some(b)) => {
            let args = |t: &Type| -> Vec<crate::ty::GenericArg> {
                match t {
                    Type::Path(p) => match &p.segments[p.segments.len() - 1].args {
                        crate::ty::Args::Angle(args) => args.clone(),
                        _ => Vec::new(),
                    },
                    _ => Vec::new(),
                }
            };
            let last = |t: &Type| match t {
                Type::Path(p) => p.last_name().map(str::to_owned),
                _ => None,
            };
            let (oa, na) = (args(o), args(n));
            return a == b
                && last(o) == last(n)
                && oa.len() == na.len()
                && oa.iter().zip(&na).all(|pair| match pair {
                    (crate::ty::GenericArg::Type(x), crate::ty::GenericArg::Type(y)) => {
                        alike(x, y, unread)
                    }
                    (x, y) => x == y,
                });
        }
        (Some(a), None) => return mentions(n, a),
        (None, Some(b)) => return mentions(o, b),
        (None, None) => {}
    }
    let compound = crate::ty::zip_compound(o, n, &mut |part| match part {
        crate::ty::Part::Ty(a, b) => alike(a, b, unread),
        crate::ty::Part::Lifetime(a, b) => a == b,
    });
    if let Some(same) = compound {
        return same;
    }
    match (o, n) {
        (Type::Path(a), Type::Path(b)) => {
            a.global == b.global
                && a.segments.len() == b.segments.len()
                && a.segments.iter().zip(&b.segments).all(|(x, y)| {
                    x.name == y.name
                        && match (&x.args, &y.args) {
                            (crate::ty::Args::Angle(xa), crate::ty::Args::Angle(ya)) => {
                                xa.len() == ya.len()
                                    && xa.iter().zip(ya).all(|pair| match pair {
                                        (
                                            crate::ty::GenericArg::Type(p),
                                            crate::ty::GenericArg::Type(q),
                                        ) => alike(p, q, unread),
                                        (p, q) => p == q,
                                    })
                            }
                            (xa, ya) => xa == ya,
                        }
                })
        }
        // Bounds, fn pointers, projections: as the erased forms compare.
        _ => {
            let (mut a, mut b) = (o.clone(), n.clone());
            unread_erased(&mut a, unread);
            unread_erased(&mut b, unread);
            a == b
        }
    }
}

/// An impl's lifetime parameter named nowhere else in it (palette 0.7.7 dropped the
/// `'a` of `impl<'a, T, C> AsComponents<[T]> for Vec<C>`) left out: it constrains
/// nothing, so the impl covers the same types. Whether any was.
pub(super) fn unused_lifetimes_left_out(i: &mut crate::shape::Implementor) -> bool {
    let mut named: BTreeSet<String> = BTreeSet::new();
    i.ty.named_lifetimes(&mut named);
    for arg in &i.trait_args {
        match arg {
            crate::ty::GenericArg::Lifetime(l) => {
                named.insert(l.clone());
            }
            crate::ty::GenericArg::Type(t) => t.named_lifetimes(&mut named),
            _ => {}
        }
    }
    i.generics.named_lifetimes(&mut named);
    i.generics.unused_lifetimes_left_out(&named)
}

/// An impl's lifetime parameter without bounds that its type and trait arguments name
/// once, and nothing else names, written `'_`: `impl<'s> Slice<'s> for String` is
/// `impl Slice<'_> for String` (fluent-syntax 0.12), one impl for every lifetime.
/// Whether any was.
fn single_use_lifetimes_elided(i: &mut crate::shape::Implementor) -> bool {
    // An impl header names no lifetime but its own and `'static`; one with bounds is
    // declared with them (a golden leaves a bare one undeclared).
    let bounded: BTreeSet<String> = i
        .generics
        .params
        .iter()
        .filter_map(|p| match p {
            GenericParam::Lifetime { name, bounds } if !bounds.is_empty() => Some(name.clone()),
            _ => None,
        })
        .collect();
    let mut elsewhere = BTreeSet::new();
    i.generics.named_lifetimes(&mut elsewhere);
    // Every lifetime the header writes: in the type and the trait's arguments.
    fn header_lifetimes(i: &mut crate::shape::Implementor, f: &mut impl FnMut(&mut String)) {
        i.ty.lifetimes_mut(f);
        for arg in &mut i.trait_args {
            match arg {
                crate::ty::GenericArg::Lifetime(l) => f(l),
                crate::ty::GenericArg::Type(t) => t.lifetimes_mut(f),
                _ => {}
            }
        }
    }
    let mut uses: BTreeMap<String, usize> = BTreeMap::new();
    header_lifetimes(i, &mut |l| *uses.entry(l.clone()).or_default() += 1);
    let elided: BTreeSet<String> = uses
        .iter()
        .filter(|(l, n)| {
            **n == 1
                && !matches!(l.as_str(), "'static" | "'_")
                && !bounded.contains(*l)
                && !elsewhere.contains(*l)
        })
        .map(|(l, _)| l.clone())
        .collect();
    if elided.is_empty() {
        return false;
    }
    header_lifetimes(i, &mut |l| {
        if elided.contains(l) {
            *l = "'_".to_owned();
        }
    });
    i.generics
        .params
        .retain(|p| !matches!(p, GenericParam::Lifetime { name, .. } if elided.contains(name)));
    true
}

/// Both sides' implementors with their types and bounds as rustc reads them (slog
/// 2.8's `impl<T: Fn(&Record<'_>) -> bool + …> FilterFn for T` is 2.7's `Fn(&Record)`):
/// implementors are compared as sets, not by place, so each side is written as read.
/// `None` when no implementor is written otherwise.
pub(super) fn implementors_read(before: &Symbol, after: &Symbol) -> Option<(Symbol, Symbol)> {
    fn implementor(i: &mut crate::shape::Implementor) -> bool {
        let mut changed = unused_lifetimes_left_out(i);
        changed |= single_use_lifetimes_elided(i);
        changed |= read(&mut i.ty);
        for arg in &mut i.trait_args {
            if let crate::ty::GenericArg::Type(t) = arg {
                changed |= read(t);
            }
        }
        let mut bounds = |list: &mut Vec<crate::ty::Bound>| {
            for b in list {
                if let crate::ty::Bound::Trait { path, .. } = b {
                    let mut t = Type::Path(path.clone());
                    // A trait read as anything but a path (a trait object) stays as
                    // written: only what is inside its arguments is read.
                    if read(&mut t) {
                        if let Type::Path(p) = t {
                            *path = p;
                            changed = true;
                        }
                    }
                }
            }
        };
        for p in &mut i.generics.params {
            if let crate::shape::GenericParam::Type { bounds: b, .. } = p {
                bounds(b);
            }
        }
        for w in &mut i.generics.where_clause {
            if let crate::shape::WherePredicate::Type { bounds: b, .. } = w {
                bounds(b);
            }
        }
        changed
    }
    let side = |s: &Symbol| {
        let mut changed = false;
        let implementors = s
            .implementors
            .iter()
            .map(|i| {
                let mut i = i.clone();
                changed |= implementor(&mut i);
                i
            })
            .collect();
        changed.then(|| Symbol {
            implementors,
            ..s.clone()
        })
    };
    match (side(before), side(after)) {
        (None, None) => None,
        (b, a) => Some((
            b.unwrap_or_else(|| before.clone()),
            a.unwrap_or_else(|| after.clone()),
        )),
    }
}

/// `before` and `after` with the types rustc reads alike written alike; `None` when no
/// type is written otherwise than rustc reads it.
///
/// Where both shapes hold their types in the same places (the same number of roots),
/// an old type that reads as the new one at its place is written as the new one, so
/// what a delta shows is what the sources say. Elsewhere both sides are written as
/// read.
///
/// A difference only in the paths of a crate the front end did not read (`unread`)
/// cannot be told from no change: the old type is written as the new one there too
/// (only where the places pair up).
pub(super) fn as_read(
    before: &Symbol,
    after: &Symbol,
    unread: &BTreeSet<String>,
) -> Option<(Symbol, Symbol)> {
    super::roots::alike_by_place(
        before,
        after,
        &super::roots::each_root,
        &|t: &Type| {
            let mut t = t.clone();
            read(&mut t) | unread_erased(&mut t, unread)
        },
        &|o: &Type, n: &Type| {
            let (mut o, mut n) = (o.clone(), n.clone());
            read(&mut o);
            read(&mut n);
            alike(&o, &n, unread)
        },
        &|t: &mut Type| {
            read(t);
        },
    )
}

/// `before` and `after` with each path to a type alias of the crate that leaves out a
/// defaulted parameter written with its default, each side by its own alias (mustache
/// 0.9 dropped `pub type Result<T = ()>`'s default and wrote `Result<()>` where 0.8
/// wrote `Result`: one type), where both sides know the alias. A default that names
/// anything but std's types and primitives is not written out (its path would be read
/// in another module).
/// `None` when nothing was.
pub(super) fn alias_defaults_written(
    before: &Symbol,
    after: &Symbol,
    types: &dyn crate::variance::Types,
    current_types: &dyn crate::variance::Types,
) -> Option<(Symbol, Symbol)> {
    // Only where both sides know the alias: a front end that cannot read the
    // current one (the macro reads one item) must not see a change in what it fills.
    let write =
        |s: &Symbol, ours: &dyn crate::variance::Types, other: &dyn crate::variance::Types| {
            let module = s.written_in().unwrap_or_default().to_owned();
            let mut s = s.clone();
            let mut changed = false;
            super::roots::each_root(&mut s, &mut |root| {
                root.walk_mut(&mut |t| {
                    let Type::Path(p) = t else { return };
                    let Some(def) = crate::variance::def_of(&module, p) else {
                        return;
                    };
                    if let (Some(alias), Some(_)) = (ours.alias(&def), other.alias(&def)) {
                        changed |= defaults_written(p, alias);
                    }
                });
            });
            changed.then_some(s)
        };
    let b = write(before, types, current_types);
    let a = write(after, current_types, types);
    if b.is_none() && a.is_none() {
        return None;
    }
    Some((
        b.unwrap_or_else(|| before.clone()),
        a.unwrap_or_else(|| after.clone()),
    ))
}

/// `p`, a path to `alias`, with the type arguments it leaves out written at their
/// defaults, when each is one and names only std's types and primitives; whether any
/// was.
fn defaults_written(p: &mut crate::ty::Path, alias: &crate::shape::AliasShape) -> bool {
    let defaults: Vec<Option<&Type>> = alias
        .generics
        .params
        .iter()
        .filter_map(|g| match g {
            GenericParam::Type { default, .. } => Some(default.as_ref()),
            _ => None,
        })
        .collect();
    let Some(last) = p.segments.last_mut() else {
        return false;
    };
    let given = match &last.args {
        Args::None => 0,
        Args::Angle(a) => a
            .iter()
            .filter(|a| matches!(a, GenericArg::Type(_)))
            .count(),
        Args::Paren { .. } => return false,
    };
    let fill: Option<Vec<Type>> = defaults[given.min(defaults.len())..]
        .iter()
        .map(|d| d.filter(|d| std_only(d)).cloned())
        .collect();
    let Some(fill) = fill.filter(|f| !f.is_empty()) else {
        return false;
    };
    let mut args = match std::mem::replace(&mut last.args, Args::None) {
        Args::Angle(a) => a,
        _ => Vec::new(),
    };
    args.extend(fill.into_iter().map(GenericArg::Type));
    last.args = Args::Angle(args);
    true
}

/// Whether `t` names only primitives and std's types (no path of the crate's).
fn std_only(t: &Type) -> bool {
    let mut only = true;
    t.clone().walk_mut(&mut |node| {
        if let Type::Path(p) = node {
            let first = p.segments.first().map(|s| s.name.as_str());
            let std_root = matches!(first, Some("std" | "core" | "alloc"));
            let primitive = p.segments.len() == 1
                && crate::ty::PRIMITIVES.contains(&p.segments[0].name.as_str());
            only &= std_root || primitive;
        }
    });
    only
}
