//! Trait objects' default lifetime bounds, as rustc reads them (the reference's
//! "Default trait object lifetime bounds"): `Box<dyn Error + Send>` is
//! `Box<dyn Error + Send + 'static>`, `&'a dyn T` is `&'a (dyn T + 'a)`. A bound
//! written out where it is the default changes nothing for any consumer.
//!
//! The default comes from the containing type first: a reference's lifetime, or the
//! lifetime a known std type bounds its parameter with (`Ref<'b, T: ?Sized + 'b>`,
//! `Cow<'a, B: ?Sized + 'a>`). A container whose parameters name no lifetime
//! (`Box`, `Arc`, `Vec`, any path with no lifetime arguments) gives none, and then the
//! trait's own bounds decide: a trait path with no lifetime arguments can only be
//! bounded by `'static` or nothing, and either way the default is `'static` outside
//! expressions. Where neither tells (another crate's type with lifetime arguments, a
//! trait with lifetime arguments under a container that gives none), the bound is
//! compared as written.

use crate::ty::{Args, Bound, GenericArg, Path, Type};

/// `t` with every trait object's lifetime bound left out where it is the default of
/// its place; whether any was.
pub(super) fn defaults_left_out(t: &mut Type) -> bool {
    ty(t, &Place::Root)
}

/// What a trait object's place says of its default lifetime.
#[derive(Clone, Debug)]
enum Place {
    /// No containing type (a field's, a parameter's, a bound's argument): the trait's
    /// bounds decide.
    Root,
    /// A containing type that bounds it by this lifetime (`'_` for an elided
    /// reference's).
    Bounded(String),
    /// A containing type whose bound is not known here.
    Unknown,
}

/// Leaves out the default object lifetime bounds in `t`; whether any was.
fn ty(t: &mut Type, place: &Place) -> bool {
    let mut changed = false;
    match t {
        Type::Dyn(bounds) => {
            let default = match place {
                Place::Bounded(l) => Some(l.clone()),
                Place::Root if !bounds.iter().any(names_lifetimes) => Some("'static".to_owned()),
                _ => None,
            };
            let written: Vec<&String> = bounds
                .iter()
                .filter_map(|b| match b {
                    Bound::Lifetime(l) => Some(l),
                    _ => None,
                })
                .collect();
            if let (Some(default), [only]) = (default, &written[..]) {
                if **only == default {
                    bounds.retain(|b| !matches!(b, Bound::Lifetime(_)));
                    changed = true;
                }
            }
            for b in bounds {
                changed |= bound(b);
            }
        }
        Type::Impl(bounds) => {
            for b in bounds {
                changed |= bound(b);
            }
        }
        Type::Ref { lifetime, elem, .. } => {
            let l = lifetime.clone().unwrap_or_else(|| "'_".to_owned());
            changed |= ty(elem, &Place::Bounded(l));
        }
        Type::Path(p) => changed |= path(p),
        Type::Qualified {
            self_ty,
            trait_path,
            rest,
        } => {
            changed |= ty(self_ty, &Place::Unknown);
            if let Some(p) = trait_path {
                changed |= path(p);
            }
            for s in rest {
                changed |= args(&mut s.args, &Place::Unknown);
            }
        }
        Type::Ptr { elem, .. } => changed |= ty(elem, &Place::Root),
        Type::Slice(elem) | Type::Array { elem, .. } => changed |= ty(elem, &Place::Root),
        Type::Tuple(elems) => {
            for e in elems {
                changed |= ty(e, &Place::Root);
            }
        }
        Type::FnPtr(f) => {
            for i in &mut f.inputs {
                changed |= ty(i, &Place::Root);
            }
            if let Some(o) = &mut f.output {
                changed |= ty(o, &Place::Root);
            }
        }
        Type::Never | Type::Infer | Type::Verbatim(_) => {}
    }
    changed
}

/// Whether a bound's trait path names a lifetime in its own arguments (`Foo<'a>`):
/// such a trait may be bounded by it, which changes the default.
fn names_lifetimes(b: &Bound) -> bool {
    match b {
        Bound::Trait { path, .. } => path.segments.iter().any(|s| match &s.args {
            Args::Angle(a) => a.iter().any(|g| matches!(g, GenericArg::Lifetime(_))),
            _ => false,
        }),
        _ => false,
    }
}

/// std's types whose type parameter is bounded by their lifetime parameter
/// (`pub struct Ref<'b, T: ?Sized + 'b>`): a trait object there defaults to it.
const LIFETIME_BOUNDED: &[&str] = &[
    "Ref",
    "RefMut",
    "Cow",
    "MutexGuard",
    "RwLockReadGuard",
    "RwLockWriteGuard",
    "MappedMutexGuard",
    "MappedRwLockReadGuard",
    "MappedRwLockWriteGuard",
    "ReentrantLockGuard",
];

/// Whether `p` names one of [`LIFETIME_BOUNDED`] (bare, or through `std::cell`,
/// `std::sync`, `std::borrow`).
fn lifetime_bounded(p: &Path) -> bool {
    let names: Vec<&str> = p.segments.iter().map(|s| s.name.as_str()).collect();
    match names[..] {
        [last] => LIFETIME_BOUNDED.contains(&last),
        ["std", "cell" | "sync" | "borrow", last] => LIFETIME_BOUNDED.contains(&last),
        _ => false,
    }
}

fn path(p: &mut Path) -> bool {
    let lifetime_args: Vec<String> = p
        .segments
        .iter()
        .flat_map(|s| match &s.args {
            Args::Angle(a) => a
                .iter()
                .filter_map(|g| match g {
                    GenericArg::Lifetime(l) => Some(l.clone()),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        })
        .collect();
    // A container with no lifetime arguments bounds its parameters by none but
    // `'static`; one of std's guards by its one lifetime; another by what is not
    // known here.
    let place = match &lifetime_args[..] {
        [] => Place::Root,
        [l] if lifetime_bounded(p) => Place::Bounded(l.clone()),
        _ => Place::Unknown,
    };
    let mut changed = false;
    for s in &mut p.segments {
        changed |= args(&mut s.args, &place);
    }
    changed
}

fn args(a: &mut Args, place: &Place) -> bool {
    let mut changed = false;
    match a {
        Args::None => {}
        Args::Angle(args) => {
            for g in args {
                match g {
                    GenericArg::Type(t) => changed |= ty(t, place),
                    GenericArg::AssocType { ty: t, .. } => changed |= ty(t, &Place::Root),
                    GenericArg::Constraint { bounds, .. } => {
                        for b in bounds {
                            changed |= bound(b);
                        }
                    }
                    _ => {}
                }
            }
        }
        // `Fn(A) -> B`: its parameters bound nothing.
        Args::Paren { inputs, output } => {
            for i in inputs {
                changed |= ty(i, &Place::Root);
            }
            if let Some(o) = output {
                changed |= ty(o, &Place::Root);
            }
        }
    }
    changed
}

fn bound(b: &mut Bound) -> bool {
    match b {
        Bound::Trait { path: p, .. } => path(p),
        _ => false,
    }
}
