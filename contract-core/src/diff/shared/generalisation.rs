//! A parameter whose type became a type parameter of the fn: `flag: Arc<AtomicBool>` to
//! `flag: T` with `T: 'static + Send + Sync + BorrowSignalSafe<AtomicBool>` (signal-hook
//! 0.4.6). Every call that compiled passes an `Arc<AtomicBool>` there, so every call
//! still compiles when that type meets `T`'s bounds; and a fn that had no type or const
//! parameter had no turbofish to break. The Cargo book counts the `impl Trait` form of
//! this (`x: i64` to `x: impl Into<i64>`) as minor: a call that inferred its argument
//! from the parameter (`f(x.into())`) may need a type, as there.
//!
//! Whether the old type meets a bound is read from what is known without the compiler:
//! std's auto traits of std's types, `'static`, `Sized`, `Into` where std converts,
//! and the crate's own impls of its traits, as the implementors of the trait's symbol
//! record them (complete for the old type: it is this crate's or std's, so no other
//! crate may implement this crate's trait for it). What is not known leaves the delta
//! breaking, and says so.

use std::collections::BTreeSet;

use crate::shape::{FnShape, GenericParam, Implementor, Param, Symbol};
use crate::ty::{Args, Bound, GenericArg, Path, Type};

/// A type parameter of the new signature that stands where the old one had a type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generalisation {
    /// The type parameter (`T`).
    pub param: String,
    /// The fn parameters typed `T` now.
    pub args: Vec<String>,
    /// The type they had.
    pub was: Type,
    /// `T`'s bounds.
    pub bounds: Vec<Bound>,
}

/// Whether a type meets a bound, as far as is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holds {
    /// It does.
    Yes,
    /// It does not.
    No,
    /// Not known here (a trait whose impls are not at hand).
    Unknown,
}

impl Holds {
    fn and(self, other: Holds) -> Holds {
        match (self, other) {
            (Holds::No, _) | (_, Holds::No) => Holds::No,
            (Holds::Unknown, _) | (_, Holds::Unknown) => Holds::Unknown,
            _ => Holds::Yes,
        }
    }

    fn all(items: impl IntoIterator<Item = Holds>) -> Holds {
        items.into_iter().fold(Holds::Yes, Holds::and)
    }
}

/// The implementors of a trait of the crate, for the bounds that name one.
pub trait Impls {
    /// The implementors of the trait `bound` names, when it is one of the crate's
    /// pinned traits; `None` when not known.
    fn implementors(&self, bound: &Path) -> Option<Vec<Implementor>>;
}

/// No impl of the crate is at hand (one item's comparison, at compile time or alone).
pub struct NoImpls;

impl Impls for NoImpls {
    fn implementors(&self, _: &Path) -> Option<Vec<Implementor>> {
        None
    }
}

/// The crate's traits among the symbols of a set, for a bound written in `module`:
/// the symbols named like the bound's last segment (`flag::BorrowSignalSafe` or
/// `BorrowSignalSafe`) that are traits, the one in `module` where there are several.
pub struct SetTraits<'a, F> {
    /// The symbols whose name ends in a given segment.
    pub named: F,
    /// The module the bound was written in.
    pub module: &'a str,
}

impl<'a, F> Impls for SetTraits<'a, F>
where
    F: Fn(&str) -> Vec<&'a Symbol>,
{
    fn implementors(&self, bound: &Path) -> Option<Vec<Implementor>> {
        let traits: Vec<&Symbol> = (self.named)(bound.last_name()?)
            .into_iter()
            .filter(|s| matches!(s.item, Some(crate::shape::ItemShape::Trait(_))))
            .collect();
        let chosen = match traits.as_slice() {
            [one] => *one,
            several => {
                let here: Vec<&&Symbol> = several
                    .iter()
                    .filter(|s| s.module.as_deref() == Some(self.module))
                    .collect();
                match here.as_slice() {
                    [one] => **one,
                    _ => return None,
                }
            }
        };
        Some(chosen.implementors.iter().cloned().collect())
    }
}

/// Settles every generalisation of `deltas` that one symbol's comparison left open,
/// with the set's symbols at hand: `named(last)` gives those whose name ends in that
/// path segment (`flag::BorrowSignalSafe` or `BorrowSignalSafe`), `module_of(symbol)`
/// the module a symbol is defined in.
pub fn settle_all<'a>(
    deltas: &mut [crate::delta::Delta],
    named: &dyn Fn(&str) -> Vec<&'a Symbol>,
    module_of: &dyn Fn(&str) -> Option<&'a str>,
    policy: &crate::policy::Policy,
) {
    for delta in deltas {
        if !matches!(
            delta.note,
            crate::delta::Note::Generalised { meets: None, .. }
        ) {
            continue;
        }
        let traits = SetTraits {
            named,
            module: module_of(&delta.symbol).unwrap_or_default(),
        };
        settle(delta, &traits, policy);
    }
}

/// Settles, with `impls` at hand, the generalisations a comparison of one symbol left
/// open (`meets: None`): one whose old type meets every bound becomes additive (less
/// what the set's policy overrides); one that does not stays breaking, and says so.
pub fn settle(delta: &mut crate::delta::Delta, impls: &dyn Impls, policy: &crate::policy::Policy) {
    let crate::delta::Note::Generalised {
        bounds, was, meets, ..
    } = &mut delta.note
    else {
        return;
    };
    if meets.is_some() {
        return;
    }
    match holds_all(was, bounds, impls) {
        Holds::Yes => {
            *meets = Some(true);
            delta.class = crate::delta::Class::Additive;
            *delta = policy.apply(delta.clone());
        }
        Holds::No => *meets = Some(false),
        Holds::Unknown => {}
    }
}

/// The type parameters `new` put where `old` had types: each is new (the old fn had
/// no type or const parameter, so no call named one), types only whole parameters, all
/// of which had one type before, and appears nowhere else (not in the return type, not
/// in another parameter's type or bound).
pub fn find(old: &FnShape, new: &FnShape) -> Vec<Generalisation> {
    let has_turbofish = |f: &FnShape| f.generics.params.iter().any(|p| !p.is_lifetime());
    if old.params.len() != new.params.len() {
        return Vec::new();
    }
    let mut out = Vec::new();
    // A named parameter more changes what a turbofish names; an `impl` argument does
    // not (a turbofish names the others beside it since Rust 1.63).
    let named = if has_turbofish(old) {
        &[][..]
    } else {
        &new.generics.params[..]
    };
    for p in named {
        let GenericParam::Type { name, bounds, .. } = p else {
            continue;
        };
        let whole = |param: &Param| param.ty.as_path().and_then(Path::as_ident) == Some(name);
        let positions: Vec<usize> = (0..new.params.len())
            .filter(|&i| whole(&new.params[i]))
            .collect();
        let Some(&first) = positions.first() else {
            continue;
        };
        let was = &old.params[first].ty;
        let same_old = positions.iter().all(|&i| &old.params[i].ty == was);
        let concrete =
            !mentions_any(was, &old.impl_generics.params) && was != &new.params[first].ty;
        let elsewhere = new
            .params
            .iter()
            .enumerate()
            .filter(|(i, _)| !positions.contains(i))
            .any(|(_, q)| mentions(&q.ty, name))
            || new.output.as_ref().is_some_and(|o| mentions(o, name))
            || new.generics.params.iter().any(|q| match q {
                GenericParam::Type {
                    name: n, bounds, ..
                } if n != name => bounds.iter().any(|b| bound_mentions(b, name)),
                _ => false,
            })
            || !new.generics.where_clause.is_empty();
        if same_old && concrete && !elsewhere {
            out.push(Generalisation {
                param: name.clone(),
                args: positions
                    .iter()
                    .map(|&i| new.params[i].name.clone())
                    .collect(),
                was: was.clone(),
                bounds: bounds.clone(),
            });
        }
    }
    // An argument-position `impl Trait` where the old parameter had a type, inside a
    // reference, slice, array, pointer, tuple or a path's arguments too (meshopt
    // 0.7's `vertex_lock: &[bool]` → `&[impl VertexLock]`): every old call passes its
    // old type there, which picks the `impl`'s type, and a turbofish still names the
    // fn's other parameters.
    for (o, n) in old.params.iter().zip(&new.params) {
        if o.ty == n.ty || !contains_impl(&n.ty) {
            continue;
        }
        // The whole parameter an `impl` of std's traits only (`n: i64` → `n: impl
        // Into<i64>`): what std converts is read with the parameter's type change.
        if let Type::Impl(bounds) = &n.ty {
            let std_only = bounds.iter().all(|b| match b {
                Bound::Trait { path, .. } => std_trait(path),
                _ => true,
            });
            if std_only {
                continue;
            }
        }
        let mut found = Vec::new();
        if !unify(&o.ty, &n.ty, &mut found) {
            continue;
        }
        for (was, bounds) in found {
            if matches!(was, Type::Impl(_)) || mentions_any(&was, &old.impl_generics.params) {
                continue;
            }
            out.push(Generalisation {
                param: IMPL_ARG.to_owned(),
                args: vec![n.name.clone()],
                was,
                bounds,
            });
        }
    }
    out
}

/// [`Generalisation::param`] of an argument-position `impl Trait`, which has no name.
pub(crate) const IMPL_ARG: &str = "impl";

/// Whether `t` holds an `impl Trait` (not inside a fn pointer or trait object, where
/// it cannot be written).
fn contains_impl(t: &Type) -> bool {
    let mut found = false;
    t.clone()
        .walk_mut(&mut |node| found |= matches!(node, Type::Impl(_)));
    found
}

/// Whether `new` is `old` with some of its parts written `impl …`: each such part,
/// with the old type there and the `impl`'s bounds, goes into `found`.
fn unify(old: &Type, new: &Type, found: &mut Vec<(Type, Vec<Bound>)>) -> bool {
    if let Type::Impl(bounds) = new {
        found.push((old.clone(), bounds.clone()));
        return true;
    }
    let compound = crate::ty::zip_compound(old, new, &mut |part| match part {
        crate::ty::Part::Ty(o, e) => unify(o, e, found),
        crate::ty::Part::Lifetime(a, b) => a == b,
    });
    if let Some(same) = compound {
        return same;
    }
    match (old, new) {
        (Type::Path(o), Type::Path(e)) => {
            o.global == e.global
                && o.segments.len() == e.segments.len()
                && o.segments.iter().zip(&e.segments).all(|(o, e)| {
                    o.name == e.name
                        && match (&o.args, &e.args) {
                            (Args::Angle(o), Args::Angle(e)) if o.len() == e.len() => {
                                o.iter().zip(e).all(|(o, e)| match (o, e) {
                                    (GenericArg::Type(o), GenericArg::Type(e)) => {
                                        unify(o, e, found)
                                    }
                                    (o, e) => o == e,
                                })
                            }
                            (o, e) => o == e,
                        }
                })
        }
        (o, e) => o == e,
    }
}

/// Whether `ty` meets every one of `bounds`.
pub fn holds_all(ty: &Type, bounds: &[Bound], impls: &dyn Impls) -> Holds {
    Holds::all(bounds.iter().map(|b| holds(ty, b, impls)))
}

/// Whether `ty` (a type of this crate or std, without generic parameters) meets `bound`.
pub fn holds(ty: &Type, bound: &Bound, impls: &dyn Impls) -> Holds {
    // An `impl Trait` argument (`x: impl AsRef<Path>` → `<P: AsRef<Path>>(x: P)`): every
    // old caller passed some type meeting its bounds, and a sized one.
    if let Type::Impl(old) = ty {
        let sized = matches!(bound, Bound::Trait { path, maybe: false, hrtb }
            if hrtb.is_empty() && path.last_name() == Some("Sized") && std_trait(path));
        return if sized || old.contains(bound) {
            Holds::Yes
        } else {
            Holds::Unknown
        };
    }
    match bound {
        Bound::Trait { maybe: true, .. } => Holds::Yes,
        Bound::Lifetime(l) if l == "'static" => outlives_static(ty),
        Bound::Trait {
            hrtb,
            maybe: false,
            path,
        } if hrtb.is_empty() => {
            let Some(name) = path.last_name() else {
                return Holds::Unknown;
            };
            let args = match &path.segments[path.segments.len() - 1].args {
                Args::None => &[][..],
                Args::Angle(args) => args.as_slice(),
                Args::Paren { inputs, output } => {
                    return fn_pointer_calls(ty, name, std_trait(path), inputs, output)
                }
            };
            match (name, args, std_trait(path)) {
                ("Send" | "Sync", [], true) => auto_trait(ty, name),
                ("Sized", [], true) => sized(ty),
                ("Into", [GenericArg::Type(target)], true) => {
                    if ty == target || widens(ty, target) {
                        Holds::Yes
                    } else {
                        Holds::Unknown
                    }
                }
                (_, _, true) => Holds::Unknown,
                (_, _, false) => match impls.implementors(path) {
                    Some(implementors) => {
                        let wanted = Implementor {
                            ty: ty.clone(),
                            generics: Default::default(),
                            trait_args: args.to_vec(),
                        };
                        if implementors
                            .iter()
                            .any(|i| super::super::implementors::covers(i, &wanted))
                        {
                            Holds::Yes
                        } else {
                            Holds::No
                        }
                    }
                    None => Holds::Unknown,
                },
            }
        }
        _ => Holds::Unknown,
    }
}

/// Whether `ty` meets `Fn(inputs) -> output` (or `FnMut`, `FnOnce`): a safe fn
/// pointer of Rust's ABI implements all three for its own signature (nanoid 0.5's
/// `random: fn(usize) -> Vec<u8>` to `F: FnMut(usize) -> Vec<u8>`). Any other type,
/// or another signature, is not known here.
fn fn_pointer_calls(
    ty: &Type,
    name: &str,
    std: bool,
    inputs: &[Type],
    output: &Option<Box<Type>>,
) -> Holds {
    let Type::FnPtr(f) = ty else {
        return Holds::Unknown;
    };
    let callable = std && matches!(name, "Fn" | "FnMut" | "FnOnce");
    let plain = !f.unsafety && f.abi.is_none() && !f.variadic && f.hrtb.is_empty();
    if callable && plain && f.inputs == inputs && f.output.as_ref() == output.as_deref() {
        Holds::Yes
    } else {
        Holds::Unknown
    }
}

/// A bound on one of std's traits: written through `std`/`core`/`alloc`, or one of the
/// prelude's and the marker traits' bare names (a crate's own trait of such a name is
/// rare, and its symbol would be asked first where it is pinned).
fn std_trait(path: &Path) -> bool {
    match path.segments.first().map(|s| s.name.as_str()) {
        Some("std" | "core" | "alloc") => true,
        Some(_) if path.segments.len() == 1 => matches!(
            path.segments[0].name.as_str(),
            "Send"
                | "Sync"
                | "Sized"
                | "Unpin"
                | "Into"
                | "From"
                | "Clone"
                | "Copy"
                | "Debug"
                | "Default"
                | "PartialEq"
                | "Eq"
                | "PartialOrd"
                | "Ord"
                | "Hash"
                | "AsRef"
                | "AsMut"
                | "Iterator"
                | "IntoIterator"
                | "Fn"
                | "FnMut"
                | "FnOnce"
                | "ToString"
                | "Display"
        ),
        _ => false,
    }
}

/// `ty: 'static`: no lifetime but `'static` in it, and no elided one (in argument
/// position an elided lifetime is the caller's).
fn outlives_static(ty: &Type) -> Holds {
    match ty {
        Type::Ref { lifetime, elem, .. } => match lifetime.as_deref() {
            Some("'static") => outlives_static(elem),
            _ => Holds::No,
        },
        Type::Path(p) => Holds::all(p.segments.iter().map(|s| match &s.args {
            Args::None => Holds::Yes,
            Args::Angle(args) => Holds::all(args.iter().map(|a| match a {
                GenericArg::Lifetime(l) if l == "'static" => Holds::Yes,
                GenericArg::Lifetime(_) => Holds::No,
                GenericArg::Type(t) => outlives_static(t),
                GenericArg::Const(_) => Holds::Yes,
                _ => Holds::Unknown,
            })),
            Args::Paren { .. } => Holds::Unknown,
        })),
        Type::Slice(e) | Type::Array { elem: e, .. } | Type::Ptr { elem: e, .. } => {
            outlives_static(e)
        }
        Type::Tuple(items) => Holds::all(items.iter().map(outlives_static)),
        _ => Holds::Unknown,
    }
}

/// `ty: Sized`.
fn sized(ty: &Type) -> Holds {
    match ty {
        Type::Slice(_) => Holds::No,
        Type::Path(p) if p.as_ident() == Some("str") => Holds::No,
        Type::Path(_) | Type::Ref { .. } | Type::Ptr { .. } | Type::Array { .. } => Holds::Yes,
        Type::Tuple(_) => Holds::Yes,
        _ => Holds::Unknown,
    }
}

/// `ty: Send` or `ty: Sync` (`which`), from std's impls of its own types. A type of
/// the crate is not known here.
fn auto_trait(ty: &Type, which: &str) -> Holds {
    const SCALARS: &[&str] = &[
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        "f32", "f64", "bool", "char", "str",
    ];
    // Send and Sync whatever their arguments are (atomics), or exactly when their
    // arguments are (owning containers).
    const ALWAYS: &[&str] = &[
        "AtomicBool",
        "AtomicU8",
        "AtomicU16",
        "AtomicU32",
        "AtomicU64",
        "AtomicUsize",
        "AtomicI8",
        "AtomicI16",
        "AtomicI32",
        "AtomicI64",
        "AtomicIsize",
        "AtomicPtr",
        "String",
        "PathBuf",
        "OsString",
        "CString",
        "Duration",
        "Instant",
        "SystemTime",
    ];
    const BY_ARGUMENTS: &[&str] = &[
        "Vec",
        "VecDeque",
        "Box",
        "Option",
        "Result",
        "BTreeMap",
        "BTreeSet",
        "HashMap",
        "HashSet",
        "BinaryHeap",
        "LinkedList",
    ];
    let each = |args: &[GenericArg], which: &str| {
        Holds::all(args.iter().map(|a| match a {
            GenericArg::Type(t) => auto_trait(t, which),
            GenericArg::Lifetime(_) | GenericArg::Const(_) => Holds::Yes,
            _ => Holds::Unknown,
        }))
    };
    match ty {
        Type::Ref { mutable, elem, .. } => {
            // `&T: Send` needs `T: Sync`; `&mut T: Send` needs `T: Send`.
            let needs = if *mutable { which } else { "Sync" };
            auto_trait(elem, needs)
        }
        Type::Ptr { .. } => Holds::No,
        Type::Slice(e) | Type::Array { elem: e, .. } => auto_trait(e, which),
        Type::Tuple(items) => Holds::all(items.iter().map(|t| auto_trait(t, which))),
        Type::Path(p) => {
            let Some(last) = p.segments.last() else {
                return Holds::Unknown;
            };
            let from_std = p.segments.len() == 1
                || matches!(p.segments[0].name.as_str(), "std" | "core" | "alloc");
            if p.segments.len() == 1 && SCALARS.contains(&last.name.as_str()) {
                return Holds::Yes;
            }
            if !from_std {
                return Holds::Unknown;
            }
            let args = match &last.args {
                Args::None => &[][..],
                Args::Angle(args) => args.as_slice(),
                Args::Paren { .. } => return Holds::Unknown,
            };
            let name = last.name.as_str();
            if ALWAYS.contains(&name) {
                return Holds::Yes;
            }
            if BY_ARGUMENTS.contains(&name) {
                return each(args, which);
            }
            match (name, which) {
                // `Arc<T>` is Send and Sync only where `T` is both.
                ("Arc", _) => each(args, "Send").and(each(args, "Sync")),
                ("Rc", _) | ("Cell" | "RefCell", "Sync") => Holds::No,
                ("Cell" | "RefCell", _) => each(args, "Send"),
                ("Mutex", _) => each(args, "Send"),
                ("RwLock", "Send") => each(args, "Send"),
                ("RwLock", _) => each(args, "Send").and(each(args, "Sync")),
                _ => Holds::Unknown,
            }
        }
        _ => Holds::Unknown,
    }
}

fn mentions(ty: &Type, name: &str) -> bool {
    words(&ty.to_string()).any(|w| w == name)
}

fn bound_mentions(b: &Bound, name: &str) -> bool {
    words(&b.to_string()).any(|w| w == name)
}

fn mentions_any(ty: &Type, params: &[GenericParam]) -> bool {
    let names: BTreeSet<&str> = params.iter().map(GenericParam::name).collect();
    words(&ty.to_string()).any(|w| names.contains(w))
}

/// The identifiers (and lifetimes) of a type's text.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '\''))
        .filter(|w| !w.is_empty())
}

/// `impl From<from> for to` is in std and loses nothing (the integer, float, `bool`
/// and `char` conversions of the std docs' `From` implementors), so `from: Into<to>`.
pub(crate) fn widens(from: &Type, to: &Type) -> bool {
    let (Some(from), Some(to)) = (
        from.as_path().and_then(|p| p.as_ident()),
        to.as_path().and_then(|p| p.as_ident()),
    ) else {
        return false;
    };
    const INTS: [&str; 12] = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
    ];
    let into: &[&str] = match from {
        "u8" => &[
            "u16", "u32", "u64", "u128", "usize", "i16", "i32", "i64", "i128", "isize", "f32",
            "f64", "char",
        ],
        "u16" => &[
            "u32", "u64", "u128", "usize", "i32", "i64", "i128", "f32", "f64",
        ],
        "u32" => &["u64", "u128", "i64", "i128", "f64"],
        "u64" => &["u128", "i128"],
        "i8" => &["i16", "i32", "i64", "i128", "isize", "f32", "f64"],
        "i16" => &["i32", "i64", "i128", "isize", "f32", "f64"],
        "i32" => &["i64", "i128", "f64"],
        "i64" => &["i128"],
        "f32" => &["f64"],
        "bool" => &INTS,
        "char" => &["u32", "u64", "u128"],
        _ => &[],
    };
    into.contains(&to)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(text: &str) -> Type {
        Type::parse(text).unwrap()
    }

    fn bound(text: &str) -> Bound {
        Bound::parse(text).unwrap()
    }

    #[test]
    fn std_auto_traits_of_std_types() {
        let send = |t: &str| holds(&ty(t), &bound("Send"), &NoImpls);
        let sync = |t: &str| holds(&ty(t), &bound("Sync"), &NoImpls);
        let arc = "std::sync::Arc<std::sync::atomic::AtomicBool>";
        assert_eq!((send(arc), sync(arc)), (Holds::Yes, Holds::Yes));
        let rc = "std::rc::Rc<u8>";
        assert_eq!((send(rc), sync(rc)), (Holds::No, Holds::No));
        let cell = "std::sync::Arc<std::cell::Cell<u8>>";
        assert_eq!(send(cell), Holds::No, "Arc of a !Sync type is not Send");
        assert_eq!(send("Vec<std::rc::Rc<u8>>"), Holds::No);
        assert_eq!(
            send("&std::cell::Cell<u8>"),
            Holds::No,
            "&T: Send needs T: Sync"
        );
        assert_eq!(send("&mut std::cell::Cell<u8>"), Holds::Yes);
        assert_eq!(send("crate::Thing"), Holds::Unknown);
        assert_eq!(send("*const u8"), Holds::No);
    }

    #[test]
    fn static_and_sized() {
        let st = |t: &str| holds(&ty(t), &bound("'static"), &NoImpls);
        assert_eq!(st("std::sync::Arc<u8>"), Holds::Yes);
        assert_eq!(st("&'static str"), Holds::Yes);
        assert_eq!(st("&str"), Holds::No, "an elided lifetime is the caller's");
        assert_eq!(st("Wrap<'a>"), Holds::No);
        assert_eq!(holds(&ty("str"), &bound("Sized"), &NoImpls), Holds::No);
        assert_eq!(holds(&ty("u8"), &bound("?Sized"), &NoImpls), Holds::Yes);
    }

    /// `impl<T> Borrow<T> for Arc<T>` gives `Arc<AtomicBool>: Borrow<AtomicBool>`,
    /// not `Borrow<AtomicUsize>`.
    #[test]
    fn crate_traits_through_their_implementors() {
        struct One(Implementor);
        impl Impls for One {
            fn implementors(&self, bound: &Path) -> Option<Vec<Implementor>> {
                (bound.last_name() == Some("BorrowSafe")).then(|| vec![self.0.clone()])
            }
        }
        let generic = crate::shape::Generics {
            params: vec![GenericParam::Type {
                name: "T".into(),
                bounds: Vec::new(),
                default: None,
            }],
            where_clause: Vec::new(),
        };
        let impls = One(Implementor {
            ty: ty("std::sync::Arc<T>"),
            generics: generic,
            trait_args: vec![GenericArg::Type(ty("T"))],
        });
        let arc = ty("std::sync::Arc<std::sync::atomic::AtomicBool>");
        let b = |t: &str| bound(&format!("BorrowSafe<{t}>"));
        assert_eq!(
            holds(&arc, &b("std::sync::atomic::AtomicBool"), &impls),
            Holds::Yes
        );
        assert_eq!(
            holds(&arc, &b("std::sync::atomic::AtomicUsize"), &impls),
            Holds::No
        );
        assert_eq!(holds(&ty("std::rc::Rc<u8>"), &b("u8"), &impls), Holds::No);
        assert_eq!(holds(&arc, &bound("Other<u8>"), &impls), Holds::Unknown);
        assert_eq!(
            holds(&arc, &b("std::sync::atomic::AtomicBool"), &NoImpls),
            Holds::Unknown
        );
    }
}
