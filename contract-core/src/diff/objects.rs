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

use crate::shape::{FnShape, GenericParam, Generics, ItemShape, Receiver, Symbol, WherePredicate};
use crate::ty::{Args, Bound, GenericArg, Path, Type};

/// `before` and `after` with every trait object's lifetime bound left out where it is
/// the default of its place; `None` when neither side writes one out.
pub(super) fn defaults_left_out(before: &Symbol, after: &Symbol) -> Option<(Symbol, Symbol)> {
    let mut changed = false;
    let mut out = |s: &Symbol| {
        let mut s = s.clone();
        let mut visit = |t: &mut Type| changed |= ty(t, &Place::Root);
        symbol_types(&mut s, &mut Roots(&mut visit));
        s
    };
    let (b, a) = (out(before), out(after));
    changed.then_some((b, a))
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

/// Calls back on each type a shape holds at its root (a field's, a parameter's, an
/// alias's target) and on each bound.
struct Roots<'f>(&'f mut dyn FnMut(&mut Type));

impl Roots<'_> {
    fn ty(&mut self, t: &mut Type) {
        (self.0)(t);
    }

    /// A bound's types: its trait's arguments, as one path type would be read.
    fn bounds(&mut self, bounds: &mut [Bound]) {
        for b in bounds {
            if let Bound::Trait { path, .. } = b {
                let mut t = Type::Path(std::mem::take(path));
                (self.0)(&mut t);
                if let Type::Path(p) = t {
                    *path = p;
                }
            }
        }
    }

    fn generics(&mut self, g: &mut Generics) {
        for p in &mut g.params {
            match p {
                GenericParam::Lifetime { .. } => {}
                GenericParam::Type {
                    bounds, default, ..
                } => {
                    self.bounds(bounds);
                    if let Some(d) = default {
                        self.ty(d);
                    }
                }
                GenericParam::Const { ty, .. } => self.ty(ty),
            }
        }
        for w in &mut g.where_clause {
            if let WherePredicate::Type {
                bounded, bounds, ..
            } = w
            {
                self.ty(bounded);
                self.bounds(bounds);
            }
        }
    }

    fn signature(&mut self, f: &mut FnShape) {
        self.generics(&mut f.generics);
        self.generics(&mut f.impl_generics);
        if let Some(Receiver::Typed(t)) = &mut f.receiver {
            self.ty(t);
        }
        for p in &mut f.params {
            self.ty(&mut p.ty);
        }
        if let Some(o) = &mut f.output {
            self.ty(o);
        }
    }
}

/// Every root type and bound of `s`.
fn symbol_types(s: &mut Symbol, roots: &mut Roots<'_>) {
    match &mut s.item {
        Some(ItemShape::Struct(x)) => {
            roots.generics(&mut x.generics);
            x.fields.iter_mut().for_each(|f| roots.ty(&mut f.ty));
        }
        Some(ItemShape::Union(x)) => {
            roots.generics(&mut x.generics);
            x.fields.iter_mut().for_each(|f| roots.ty(&mut f.ty));
        }
        Some(ItemShape::Enum(x)) => {
            roots.generics(&mut x.generics);
            for v in &mut x.variants {
                v.fields.iter_mut().for_each(|f| roots.ty(&mut f.ty));
            }
        }
        Some(ItemShape::Trait(x)) => {
            roots.generics(&mut x.generics);
            roots.bounds(&mut x.supertraits);
            x.methods
                .values_mut()
                .for_each(|m| roots.signature(&mut m.sig));
            for a in x.types.values_mut() {
                roots.generics(&mut a.generics);
                roots.bounds(&mut a.bounds);
                if let Some(d) = &mut a.default {
                    roots.ty(d);
                }
            }
            x.consts.values_mut().for_each(|c| roots.ty(&mut c.ty));
        }
        Some(ItemShape::Fn(f)) => roots.signature(f),
        Some(ItemShape::TypeAlias(a)) => {
            roots.generics(&mut a.generics);
            roots.ty(&mut a.target);
        }
        Some(ItemShape::Const(v) | ItemShape::Static(v)) => roots.ty(&mut v.ty),
        Some(
            ItemShape::MacroRules(_)
            | ItemShape::ProcMacro(_)
            | ItemShape::Feature(_)
            | ItemShape::Module(_),
        )
        | None => {}
    }
    s.methods.values_mut().for_each(|m| roots.signature(m));
    s.consts.values_mut().for_each(|c| roots.ty(&mut c.ty));
    for a in s.types.values_mut() {
        roots.generics(&mut a.generics);
        roots.ty(&mut a.target);
    }
}
