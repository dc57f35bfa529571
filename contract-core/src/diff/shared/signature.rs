//! Comparing two signatures of one fn (a free fn, an inherent method, a trait method).
//!
//! `async fn f() -> T` and `fn f() -> impl Future<Output = T>` are one signature to
//! every caller: both are read as "returns a future of `T`", and only what differs
//! between two such futures is reported — its output, a bound such as `+ Send`, what
//! it borrows from the arguments.

use std::collections::{BTreeMap, BTreeSet};

use super::generalisation::{self, widens, Holds};
use super::generics;
use super::opaque;
use crate::delta::{Class, Delta, DeltaKind, GenericChange, Member, Note, Shown, SignaturePart};
use crate::diff::Cx;
use crate::shape::{FnShape, GenericParam, Param, Receiver};
use crate::target_features;
use crate::ty::{Args, Bound, GenericArg, Type};
use crate::variance::{Variance, Variances};

/// Who depends on a signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Callers only: free fns, inherent methods, methods of a sealed trait.
    Callers,
    /// Callers and implementors (a method of a trait others implement): an impl must
    /// match the signature exactly, so even relaxations break it.
    Implementors,
}

/// Pushes one delta per difference between `old` and `new`, the signatures of `name`.
pub fn compare(cx: &mut Cx<'_>, name: &str, old: &FnShape, new: &FnShape, role: Role) {
    if old == new {
        return;
    }
    let mut parts: Vec<(DeltaKind, Class, Note)> = Vec::new();
    let mut push = |kind: DeltaKind, class: Class, part: SignaturePart| {
        parts.push((kind, class, Note::Signature(part)));
    };
    if old.vis != new.vis {
        // Less visible loses callers; more visible loses no one.
        let class = if old.vis.is_public() && !new.vis.is_public() {
            Class::Breaking
        } else {
            Class::Additive
        };
        push(
            DeltaKind::MethodSignatureChanged,
            class,
            SignaturePart::Visibility {
                was: old.vis.clone(),
                now: new.vis.clone(),
            },
        );
    }
    if old.constness != new.constness {
        // `const` added lets callers do more; removed breaks calls in const contexts.
        let (kind, class) = if new.constness {
            (DeltaKind::FnConstAdded, Class::Additive)
        } else {
            (DeltaKind::FnConstRemoved, Class::Breaking)
        };
        push(kind, class, SignaturePart::Const);
    }
    if old.unsafety != new.unsafety {
        let (kind, class) = unsafety(new.unsafety, role);
        push(kind, class, SignaturePart::Unsafe);
    }
    if old.abi != new.abi {
        // Another calling convention: fn pointers and FFI callers break.
        push(DeltaKind::FnAbiChanged, Class::Breaking, SignaturePart::Abi);
    }
    // The generics of a method's `impl` block (`impl<T: Clone> W<T>`) bound its
    // calls as its own do. (Found by the `shape_pairs` fuzz target: a change to them
    // fell through to the safety net.)
    // A parameter's type become a new type parameter: one delta, whose class says
    // whether the old type meets its bounds (see `generalisation`).
    let generalised = match role {
        Role::Callers => generalisation::find(old, new),
        Role::Implementors => Vec::new(),
    };
    let is_generalised = |name: &str| generalised.iter().any(|g| g.param == name);
    // Lifetimes the caller now picks where `'static` was returned: the return type's
    // change, not the generics'.
    let chosen = match role {
        Role::Callers => chosen_by_caller(old, new),
        Role::Implementors => BTreeSet::new(),
    };
    let mut new_generics = new.generics.clone();
    new_generics
        .params
        .retain(|p| !(p.is_lifetime() && chosen.contains(p.name())));
    let mut own = generics::compare(&old.generics, &new_generics);
    own.retain(|change| match change {
        GenericChange::Added { name, .. } => !is_generalised(name),
        GenericChange::BoundAdded { subject, .. } => !is_generalised(subject),
        _ => true,
    });
    let mut generalised_parts = Vec::new();
    for g in &generalised {
        let meets = match generalisation::holds_all(&g.was, &g.bounds, &generalisation::NoImpls) {
            Holds::Yes => Some(true),
            Holds::No => Some(false),
            Holds::Unknown => None,
        };
        generalised_parts.push((
            DeltaKind::ParamGeneralised,
            if meets == Some(true) {
                Class::Additive
            } else {
                Class::Breaking
            },
            Note::Generalised {
                param: g.param.clone(),
                bounds: g.bounds.clone(),
                args: g.args.clone(),
                was: g.was.clone(),
                meets,
            },
        ));
    }
    let block = generics::compare(&old.impl_generics, &new.impl_generics);
    let mut changes: Vec<GenericChange> = own.into_iter().chain(block).collect();
    // A call is bounded by the method's bounds and its block's together: a bound
    // moved between the two, or relaxed to one the old bounds imply through a
    // supertrait (`impl<T: Copy>` → `impl<T: Clone>`, rgb 0.8.53; `P: Point` → `P:
    // Clone` where `Point: Clone`, rstar 0.14), is no bound added; one the new
    // bounds still imply is no bound removed.
    let (was, now) = (
        [&old.generics, &old.impl_generics],
        [&new.generics, &new.impl_generics],
    );
    let implied = |lists: &[&crate::shape::Generics], subject: &str, bound: &str| {
        let bounds = crate::diff::implied::bounds_on(lists, subject);
        crate::diff::implied::implies(&bounds, bound, cx.current_types, cx.module)
    };
    changes.retain(|change| match change {
        GenericChange::BoundAdded { subject, bound } => !implied(&was, subject, bound),
        GenericChange::BoundRemoved { subject, bound } => !implied(&now, subject, bound),
        _ => true,
    });
    for change in generics::paired(changes) {
        let (kind, class) = generic(&change, role);
        push(kind, class, SignaturePart::Generic(change));
    }
    // `&'s self` in `impl<'s> P<'s>` now `&self`: every old call is one of the new.
    let borrow_freed = role == Role::Callers && self_borrow_freed(old, new);
    if old.receiver != new.receiver {
        // `x.f()` and `T::f(x)` pass another kind of `self` (or none).
        push(
            DeltaKind::ReceiverChanged,
            if borrow_freed {
                Class::Additive
            } else {
                Class::Breaking
            },
            SignaturePart::Receiver {
                was: old.receiver.clone(),
                now: new.receiver.clone(),
            },
        );
    }
    let mut out: Vec<(DeltaKind, Class, Note)> = parts;
    out.extend(generalised_parts);
    out.extend(attributes(cx, old, new, role));
    out.extend(params(&old.params, &new.params, role).into_iter().filter(
        |(kind, _, note)| match (kind, note) {
            (DeltaKind::ParamTypeChanged, Note::Param { name, .. }) => {
                !generalised.iter().any(|g| g.args.contains(name))
            }
            _ => true,
        },
    ));
    out.extend(returns(
        cx,
        old,
        new,
        role,
        borrow_freed || !chosen.is_empty(),
    ));
    for (kind, class, note) in out {
        let delta: Delta = cx
            .delta(kind, Member::method(name))
            .class(class)
            .note(note)
            .change(
                Shown::Fn(Box::new(old.clone())),
                Shown::Fn(Box::new(new.clone())),
            );
        cx.push(delta);
    }
}

/// What attributes add to a signature: `#[doc(hidden)]`, target features, the exported
/// symbol.
fn attributes(
    cx: &Cx<'_>,
    old: &FnShape,
    new: &FnShape,
    role: Role,
) -> Vec<(DeltaKind, Class, Note)> {
    let mut out = Vec::new();
    if old.hidden != new.hidden {
        // Hidden from docs: no longer public API, by the default policy.
        if new.hidden {
            let class = if cx.policy.doc_hidden_is_api {
                Class::Additive
            } else {
                Class::Breaking
            };
            out.push((DeltaKind::DocHiddenAdded, class, Note::None));
        } else {
            out.push((DeltaKind::DocHiddenRemoved, Class::Additive, Note::None));
        }
    }
    // A required feature makes every call outside a fn enabling it `unsafe`, and the
    // fn no longer coerces to a fn pointer; one no longer required frees callers but
    // not implementors of a trait others implement (their impls may use it). What a
    // list requires is what it enables (`avx2` enables `avx`): only a feature the other
    // side did not already enable changes it, named by the strongest of such features.
    let (before, after) = (
        target_features::enabled(&old.target_features),
        target_features::enabled(&new.target_features),
    );
    let required = |a: &BTreeSet<String>, b: &BTreeSet<String>| {
        target_features::strongest(&a.difference(b).cloned().collect())
    };
    for f in required(&after, &before) {
        out.push((
            DeltaKind::TargetFeatureAdded,
            Class::Breaking,
            Note::TargetFeature(f),
        ));
    }
    for f in required(&before, &after) {
        let class = match role {
            Role::Callers => Class::Additive,
            Role::Implementors => Class::Breaking,
        };
        out.push((
            DeltaKind::TargetFeatureRemoved,
            class,
            Note::TargetFeature(f),
        ));
    }
    // The linker symbol is a contract with foreign code, `pub` or not.
    let export = match (&old.export, &new.export) {
        (None, Some(_)) => Some((DeltaKind::ExportSymbolAdded, Class::Additive)),
        (Some(_), None) => Some((DeltaKind::ExportSymbolRemoved, Class::Breaking)),
        (Some(a), Some(b)) if a != b => Some((DeltaKind::ExportSymbolRenamed, Class::Breaking)),
        _ => None,
    };
    if let Some((kind, class)) = export {
        out.push((kind, class, Note::None));
    }
    out
}

/// `unsafe` added breaks every call outside an `unsafe` block; removed leaves callers
/// an unused `unsafe` block, but breaks trait impls that still say `unsafe fn`.
fn unsafety(now_unsafe: bool, role: Role) -> (DeltaKind, Class) {
    match (now_unsafe, role) {
        (true, _) => (DeltaKind::FnUnsafeAdded, Class::Breaking),
        (false, Role::Callers) => (DeltaKind::FnUnsafeRemoved, Class::Additive),
        (false, Role::Implementors) => (DeltaKind::FnUnsafeRemoved, Class::Breaking),
    }
}

/// A relaxed bound accepts every call that compiled, but an impl repeating the bound
/// becomes stricter than the trait (E0276); every other generics change breaks
/// turbofish calls or callers' arguments.
fn generic(change: &GenericChange, role: Role) -> (DeltaKind, Class) {
    match (change, role) {
        (GenericChange::BoundRemoved { .. }, Role::Callers) => {
            (DeltaKind::GenericBoundRemoved, Class::Additive)
        }
        (GenericChange::BoundRemoved { .. }, Role::Implementors) => {
            (DeltaKind::GenericBoundRemoved, Class::Breaking)
        }
        _ => (DeltaKind::MethodSignatureChanged, Class::Breaking),
    }
}

/// True when an argument position typed `new` accepts every value `old` accepted:
/// `T` → `impl Into<T>` (`T: Into<T>` holds for every `T`), an argument-position
/// `impl` whose bounds are a subset of the old ones, `?Sized` included (`&mut impl
/// Write` → `&mut (impl Write + ?Sized)`), under the same reference or pointer. The
/// Cargo book counts the first as minor: a call that inferred its argument from the
/// parameter (`f(x.into())`) may need a type.
///
/// The same holds inside an associated-type binding of such a bound (`impl
/// ClockSequence<Output = u16>` → `impl ClockSequence<Output = impl Into<u128>>`), and
/// `impl Into<U>` accepts every `T` std converts into `U` without loss (`u16` into
/// `u128`, see [`widens`]).
fn accepts_every(old: &Type, new: &Type) -> bool {
    let relaxed_bound = |b: &Bound| matches!(b, Bound::Trait { maybe: true, .. });
    match (old, new) {
        (Type::Impl(o), Type::Impl(n)) => n.iter().all(|b| {
            o.contains(b) || relaxed_bound(b) || o.iter().any(|ob| binding_relaxed(ob, b))
        }),
        (o, Type::Impl(n)) => {
            let into = |b: &Bound| match b {
                Bound::Trait {
                    hrtb,
                    maybe: false,
                    path,
                } => {
                    hrtb.is_empty()
                        && path.segments.len() == 1
                        && path.segments[0].name == "Into"
                        && match &path.segments[0].args {
                            Args::Angle(args) => match args.as_slice() {
                                [GenericArg::Type(target)] => target == o || widens(o, target),
                                _ => false,
                            },
                            _ => false,
                        }
                }
                _ => false,
            };
            n.iter().any(into) && n.iter().all(|b| into(b) || relaxed_bound(b))
        }
        // A borrow for a named lifetime where any borrow is taken now (static_init
        // 1.0.4's `this: &'static mut ConstStatic<T>` → `&mut ConstStatic<T>`; zstd
        // 0.14.5's `dictionary: &'a EncoderDictionary<'b>`, `'a` the impl's, → `&Encoder…`):
        // the lifetime is the caller's pick, the old one among them.
        (
            Type::Ref {
                lifetime: a,
                mutable: m,
                elem: o,
            },
            Type::Ref {
                lifetime: b,
                mutable: n,
                elem: e,
            },
        ) if (a == b || a.is_some() && b.as_deref().is_none_or(|l| l == "'_")) && m == n => {
            o == e || accepts_every(o, e)
        }
        (
            Type::Ptr {
                mutable: m,
                elem: o,
            },
            Type::Ptr {
                mutable: n,
                elem: e,
            },
        ) if m == n => o == e || accepts_every(o, e),
        _ => false,
    }
}

/// `new` is the trait bound `old` with associated-type bindings that accept every
/// type the old ones bound (`Output = u16` → `Output = impl Into<u128>`).
fn binding_relaxed(old: &Bound, new: &Bound) -> bool {
    let (
        Bound::Trait {
            hrtb: oh,
            maybe: om,
            path: op,
        },
        Bound::Trait {
            hrtb: nh,
            maybe: nm,
            path: np,
        },
    ) = (old, new)
    else {
        return false;
    };
    if oh != nh || om != nm || op.global != np.global || op.segments.len() != np.segments.len() {
        return false;
    }
    op.segments.iter().zip(&np.segments).all(|(o, n)| {
        o.name == n.name
            && match (&o.args, &n.args) {
                (Args::Angle(oa), Args::Angle(na)) if oa.len() == na.len() => {
                    oa.iter().zip(na).all(|(a, b)| match (a, b) {
                        (
                            GenericArg::AssocType {
                                name: x,
                                generics: xg,
                                ty: xt,
                            },
                            GenericArg::AssocType {
                                name: y,
                                generics: yg,
                                ty: yt,
                            },
                        ) => x == y && xg == yg && (xt == yt || accepts_every(xt, yt)),
                        _ => a == b,
                    })
                }
                (a, b) => a == b,
            }
    })
}

/// Aligns the parameter lists: an insertion (the old types a subsequence of the new)
/// is `required_arg_added`, a deletion `param_removed`; lists of one length position
/// by position; lists of two lengths otherwise by their longest common run of types,
/// the parameters between two kept ones paired by position (dds 0.2's `decode_rect`:
/// eight parameters to six, four of them kept, reads as two retyped and two removed,
/// not as five retyped).
fn params(old: &[Param], new: &[Param], role: Role) -> Vec<(DeltaKind, Class, Note)> {
    let mut out = Vec::new();
    let pairs: Vec<(Option<usize>, Option<usize>)> = if old.len() < new.len() {
        match subsequence(old, new) {
            Some(map) => merge(&map, new.len(), false),
            None => common_run(old, new),
        }
    } else if old.len() > new.len() {
        match subsequence(new, old) {
            Some(map) => merge(&map, old.len(), true),
            None => common_run(old, new),
        }
    } else {
        positional(old.len(), new.len())
    };
    for (o, n) in pairs {
        let note =
            |p: &Param, was: Option<&Type>, now: Option<&Type>, to: Option<&str>| Note::Param {
                name: p.name.clone(),
                was: was.cloned(),
                now: now.cloned(),
                renamed_to: to.map(str::to_owned),
            };
        match (o.map(|i| &old[i]), n.map(|i| &new[i])) {
            (Some(o), Some(n)) => {
                if o.ty != n.ty {
                    // Every caller passes a value of the old type: it still compiles
                    // where the new type accepts every such value (an impl must still
                    // match the trait exactly).
                    let class = if role == Role::Callers && accepts_every(&o.ty, &n.ty) {
                        Class::Additive
                    } else {
                        Class::Breaking
                    };
                    out.push((
                        DeltaKind::ParamTypeChanged,
                        class,
                        note(n, Some(&o.ty), Some(&n.ty), None),
                    ));
                } else if o.name != n.name {
                    // Arguments are positional: no caller or impl names a parameter.
                    out.push((
                        DeltaKind::ParamRenamed,
                        Class::Additive,
                        note(o, Some(&o.ty), Some(&n.ty), Some(&n.name)),
                    ));
                }
            }
            // Rust has no optional arguments: every call must pass it.
            (None, Some(n)) => out.push((
                DeltaKind::RequiredArgAdded,
                Class::Breaking,
                note(n, None, Some(&n.ty), None),
            )),
            // Every call passes one argument too many.
            (Some(o), None) => out.push((
                DeltaKind::ParamRemoved,
                Class::Breaking,
                note(o, Some(&o.ty), None, None),
            )),
            (None, None) => {}
        }
    }
    out
}

/// Where each element of `short` (by type) sits in `long`, greedily, if it is a
/// subsequence.
fn subsequence(short: &[Param], long: &[Param]) -> Option<Vec<usize>> {
    let mut at = 0;
    let mut map = Vec::with_capacity(short.len());
    for p in short {
        let offset = long[at..].iter().position(|q| q.ty == p.ty)?;
        map.push(at + offset);
        at += offset + 1;
    }
    Some(map)
}

/// Pairs from a subsequence map: `map[i]` is where short element `i` sits in `long`.
fn merge(
    map: &[usize],
    long_len: usize,
    short_is_new: bool,
) -> Vec<(Option<usize>, Option<usize>)> {
    (0..long_len)
        .map(|j| {
            let short = map.iter().position(|&m| m == j);
            if short_is_new {
                (Some(j), short)
            } else {
                (short, Some(j))
            }
        })
        .collect()
}

/// Pairs by the longest common subsequence of types; between two kept pairs, the
/// rest position by position.
fn common_run(old: &[Param], new: &[Param]) -> Vec<(Option<usize>, Option<usize>)> {
    let (n, m) = (old.len(), new.len());
    // `len[i][j]`: the longest common run of `old[i..]` and `new[j..]`.
    let mut len = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            len[i][j] = if old[i].ty == new[j].ty {
                len[i + 1][j + 1] + 1
            } else {
                len[i + 1][j].max(len[i][j + 1])
            };
        }
    }
    let mut kept = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        if old[i].ty == new[j].ty {
            kept.push((i, j));
            i += 1;
            j += 1;
        } else if len[i + 1][j] >= len[i][j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    kept.push((n, m));
    let mut out = Vec::new();
    let (mut from_old, mut from_new) = (0, 0);
    for (ko, kn) in kept {
        out.extend(
            positional(ko - from_old, kn - from_new)
                .into_iter()
                .map(|(o, n)| (o.map(|o| o + from_old), n.map(|n| n + from_new))),
        );
        if ko < n {
            out.push((Some(ko), Some(kn)));
        }
        (from_old, from_new) = (ko + 1, kn + 1);
    }
    out
}

fn positional(old: usize, new: usize) -> Vec<(Option<usize>, Option<usize>)> {
    (0..old.max(new))
        .map(|i| ((i < old).then_some(i), (i < new).then_some(i)))
        .collect()
}

/// What a fn returns, as a caller sees it.
#[derive(Debug, PartialEq, Eq)]
enum Returns<'a> {
    /// A value (`None`: `()`).
    Value(Option<&'a Type>),
    /// A future.
    Future(FutureReturn),
}

#[derive(Debug, PartialEq, Eq)]
struct FutureReturn {
    /// `Output` (`None`: `()`).
    output: Option<Type>,
    /// Its other trait bounds (`Send`, `Unpin`), as text.
    bounds: BTreeSet<String>,
    captures: Captures,
}

/// What the returned future may borrow.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Captures {
    /// Every lifetime of the arguments (`async fn`).
    All,
    /// Exactly these (`+ 'a`, `+ '_`, `use<'a, T>`; `'static`: none).
    Explicit(BTreeSet<String>),
    /// Whatever the edition captures by default (2021: no lifetime; 2024: all).
    EditionDefault,
}

fn returns_of(f: &FnShape) -> Returns<'_> {
    if f.asyncness {
        return Returns::Future(FutureReturn {
            output: f.output.clone(),
            bounds: BTreeSet::new(),
            captures: Captures::All,
        });
    }
    let Some(Type::Impl(bounds)) = &f.output else {
        return Returns::Value(f.output.as_ref());
    };
    let future_output = bounds.iter().find_map(|b| {
        let path = b.trait_path()?;
        let last = path.segments.last()?;
        if last.name != "Future" {
            return None;
        }
        match &last.args {
            Args::Angle(args) => args.iter().find_map(|a| match a {
                GenericArg::AssocType { name, ty, .. } if name == "Output" => Some(ty.clone()),
                _ => None,
            }),
            _ => None,
        }
    });
    let Some(output) = future_output else {
        return Returns::Value(f.output.as_ref());
    };
    let mut others = BTreeSet::new();
    let mut captured = BTreeSet::new();
    let mut explicit = false;
    for b in bounds {
        match b {
            Bound::Lifetime(l) => {
                explicit = true;
                if l != "'static" {
                    captured.insert(l.clone());
                }
            }
            Bound::Use(params) => {
                explicit = true;
                captured.extend(params.iter().filter(|p| p.starts_with('\'')).cloned());
            }
            Bound::Trait { path, .. } if path.last_name() == Some("Future") => {}
            other => {
                others.insert(other.to_string());
            }
        }
    }
    Returns::Future(FutureReturn {
        output: (output != Type::unit()).then_some(output),
        bounds: others,
        captures: if explicit {
            Captures::Explicit(captured)
        } else {
            Captures::EditionDefault
        },
    })
}

/// The lifetimes a caller's arguments bring in: named lifetime parameters, and `'_`
/// for every elided reference (`&self`, `&str`).
fn input_lifetimes(f: &FnShape) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = f
        .generics
        .params
        .iter()
        .chain(&f.impl_generics.params)
        .filter_map(|p| match p {
            GenericParam::Lifetime { name, .. } => Some(name.clone()),
            _ => None,
        })
        .collect();
    let mut elided = matches!(f.receiver, Some(Receiver::Ref { lifetime: None, .. }));
    for p in &f.params {
        let mut ty = p.ty.clone();
        ty.walk_mut(&mut |t| {
            if let Type::Ref { lifetime: None, .. } = t {
                elided = true;
            }
        });
        ty.lifetimes_mut(&mut |l| {
            if l == "'_" {
                elided = true;
            } else {
                out.insert(l.clone());
            }
        });
    }
    if elided {
        out.insert("'_".to_owned());
    }
    out
}

/// Whether the opaque type `new` differs from `old` only by outlives bounds taken away
/// (traits may be added), none of them `'static`: a caller that needed the value to
/// outlive nothing but the borrows it passed in still has that.
fn outlives_taken_away(old: &[Bound], new: &[Bound]) -> bool {
    old.iter()
        .all(|b| new.contains(b) || matches!(b, Bound::Lifetime(l) if l != "'static"))
        && new
            .iter()
            .all(|b| old.contains(b) || matches!(b, Bound::Trait { maybe: false, .. }))
}

/// Whether the opaque type `new` keeps every bound of `old` and only adds traits.
fn promises_more(old: &[Bound], new: &[Bound]) -> bool {
    old.iter().all(|b| new.contains(b))
        && new
            .iter()
            .all(|b| old.contains(b) || matches!(b, Bound::Trait { maybe: false, .. }))
}

fn describe(c: &Captures) -> String {
    match c {
        Captures::All => "every lifetime of the arguments (`async fn`)".to_owned(),
        Captures::Explicit(set) if set.is_empty() => "no lifetime of them".to_owned(),
        Captures::Explicit(set) => set.iter().cloned().collect::<Vec<_>>().join(", "),
        Captures::EditionDefault => "what the edition captures by default".to_owned(),
    }
}

/// The return side: a value against a value, a future against a future (async or
/// not), or a change between the two.
fn returns(
    cx: &Cx<'_>,
    old: &FnShape,
    new: &FnShape,
    role: Role,
    every_old_call_fits: bool,
) -> Vec<(DeltaKind, Class, Note)> {
    let mut out = Vec::new();
    let part = |p: SignaturePart| Note::Signature(p);
    match (returns_of(old), returns_of(new)) {
        (Returns::Value(o), Returns::Value(n)) => {
            if o != n {
                // Callers bind, match or forward the returned value; one that lives
                // longer than it did they can still use as before.
                let class = match (o, n) {
                    _ if every_old_call_fits => Class::Additive,
                    // `impl Iterator<Item = T>` → `impl Iterator<Item = T> + Clone`: the
                    // caller is promised more (la-arena 0.3.1); an implementor of a
                    // trait's method must now keep it.
                    (Some(Type::Impl(o)), Some(Type::Impl(n)))
                        if role == Role::Callers && promises_more(o, n) =>
                    {
                        Class::Additive
                    }
                    // `impl Iterator<Item = String> + '_` → `impl Iterator<Item =
                    // String>`: callers no longer hold `self` borrowed (edition 2021), or
                    // hold it as before (2024 captures it anyway).
                    (Some(Type::Impl(o)), Some(Type::Impl(n)))
                        if role == Role::Callers && outlives_taken_away(o, n) =>
                    {
                        Class::Additive
                    }
                    (Some(o), Some(n))
                        if role == Role::Callers && outlives_self_borrow(cx, old, new, o, n) =>
                    {
                        Class::Additive
                    }
                    // `impl DoubleEndedIterator<Item = (&'a K, &'a V)>` → `S::KeyValueIter`,
                    // whose trait declares those bounds (litemap 0.8.3): the caller is
                    // promised all it was.
                    (Some(Type::Impl(o)), Some(n))
                        if role == Role::Callers && opaque::projection_keeps(cx, new, o, n) =>
                    {
                        Class::Additive
                    }
                    // `impl DoubleEndedIterator<Item = &'a K>` → `KeysIterWrap<…>`, a type
                    // whose impls give it each (litemap 0.8.3's `keys`).
                    (Some(Type::Impl(o)), Some(n))
                        if role == Role::Callers && opaque::named_type_keeps(cx, new, o, n) =>
                    {
                        Class::Additive
                    }
                    _ => Class::Breaking,
                };
                out.push((
                    DeltaKind::ReturnTypeChanged,
                    class,
                    part(SignaturePart::Return {
                        was: o.cloned(),
                        now: n.cloned(),
                    }),
                ));
            }
        }
        (Returns::Future(o), Returns::Future(n)) => {
            if o.output != n.output {
                out.push((
                    DeltaKind::ReturnTypeChanged,
                    Class::Breaking,
                    part(SignaturePart::Return {
                        was: o.output.clone(),
                        now: n.output.clone(),
                    }),
                ));
            }
            // A bound added promises callers more (an implementor must now keep the
            // promise); one removed takes a promise away from callers.
            for added in n.bounds.difference(&o.bounds) {
                let class = match role {
                    Role::Callers => Class::Additive,
                    Role::Implementors => Class::Breaking,
                };
                out.push((
                    DeltaKind::ReturnTypeChanged,
                    class,
                    part(SignaturePart::FutureBound {
                        bound: added.clone(),
                        added: true,
                    }),
                ));
            }
            for removed in o.bounds.difference(&n.bounds) {
                out.push((
                    DeltaKind::ReturnTypeChanged,
                    Class::Breaking,
                    part(SignaturePart::FutureBound {
                        bound: removed.clone(),
                        added: false,
                    }),
                ));
            }
            if let Some(class) = capture_class(old, new, &o.captures, &n.captures, role) {
                out.push((
                    DeltaKind::ReturnTypeChanged,
                    class,
                    part(SignaturePart::FutureCapture {
                        was: describe(&o.captures),
                        now: describe(&n.captures),
                    }),
                ));
            }
        }
        // The caller's code awaits a future or uses a value: one of them breaks.
        _ => out.push((
            DeltaKind::FnAsyncChanged,
            Class::Breaking,
            part(SignaturePart::Async),
        )),
    }
    out
}

/// True when `new` is `old` with lifetimes of `&self` (elided, the borrow of the
/// receiver) lengthened to a lifetime of the impl's self type: `fn value(&self) ->
/// &OsStr` to `fn value(&self) -> &'s OsStr` in `impl<'s> ParsedArg<'s>`. `&'a
/// ParsedArg<'s>` is well formed only where `'s: 'a`, so the new value lives at least
/// as long as the old one did. Only covariant places are read: the lifetime of a
/// reference, an `impl Trait + '_` bound, the insides of shared references, slices,
/// arrays, tuples, and the arguments of a type covariant in them (std's from
/// [`crate::variance::STD_COVARIANT`], the crate's own from the fields the golden
/// records: `ShortFlags<'s>`). A type whose variance is not known may be invariant,
/// and is compared as written.
fn outlives_self_borrow(
    cx: &Cx<'_>,
    old_fn: &FnShape,
    new_fn: &FnShape,
    old: &Type,
    new: &Type,
) -> bool {
    let borrows_self =
        |f: &FnShape| matches!(f.receiver, Some(Receiver::Ref { lifetime: None, .. }));
    if !(borrows_self(old_fn) && borrows_self(new_fn)) {
        return false;
    }
    let own: BTreeSet<&str> = new_fn
        .impl_generics
        .params
        .iter()
        .filter(|p| p.is_lifetime())
        .map(GenericParam::name)
        .collect();
    if own.is_empty() {
        return false;
    }
    let variances = cx.variances();
    let mut lengthened = new.clone();
    Elide {
        own: &own,
        variances: &variances,
        module: cx.module,
    }
    .ty(&mut lengthened);
    lengthened == *old
}

/// Every lifetime `f` names outside its return type: in its arguments, `self`, its
/// bounds and `where` clauses (its block's too).
pub(crate) fn named_outside_return(f: &FnShape) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    f.params
        .iter()
        .for_each(|p| p.ty.named_lifetimes(&mut named));
    match &f.receiver {
        Some(Receiver::Typed(t)) => t.named_lifetimes(&mut named),
        Some(Receiver::Ref {
            lifetime: Some(l), ..
        }) => {
            named.insert(l.clone());
        }
        _ => {}
    }
    f.generics.named_lifetimes(&mut named);
    f.impl_generics.named_lifetimes(&mut named);
    named
}

/// The lifetime parameters `new` gained that only its return type names, where `old`
/// returned one lifetime in each one's places (chumsky 0.13's `fn into_owned(self) ->
/// DefaultExpected<'static, T>` → `fn into_owned<'b>(self) -> DefaultExpected<'b,
/// T>`; plotters 0.3.7's `-> ChartContext<'a, DB, _>`, `'a` the impl's, → `fn
/// build_cartesian_2d<'c, …>(…) -> ChartContext<'c, DB, _>`): the caller picks each,
/// the old lifetime among them, so every old call is one of the new. Empty when there
/// are none, one stands where the old return had two lifetimes, or the return differs
/// otherwise.
fn chosen_by_caller(old: &FnShape, new: &FnShape) -> BTreeSet<String> {
    let gained: BTreeSet<String> = new
        .generics
        .params
        .iter()
        .filter_map(|p| match p {
            GenericParam::Lifetime { name, bounds } if bounds.is_empty() => Some(name.clone()),
            _ => None,
        })
        .filter(|name| !old.generics.params.iter().any(|p| p.name() == name))
        .collect();
    if gained.is_empty() {
        return BTreeSet::new();
    }
    // Named anywhere but the return type (an argument, `self`, a bound): not the
    // caller's free pick.
    if gained.iter().any(|l| named_outside_return(new).contains(l)) {
        return BTreeSet::new();
    }
    let (Some(was), Some(now)) = (&old.output, &new.output) else {
        return BTreeSet::new();
    };
    // The lifetimes of both returns in one order: where the two are one type but for
    // them, the nth of one stands where the nth of the other does.
    let in_order = |t: &Type| {
        let mut out = Vec::new();
        t.clone().lifetimes_mut(&mut |l| out.push(l.clone()));
        out
    };
    let (was_lifetimes, now_lifetimes) = (in_order(was), in_order(now));
    if was_lifetimes.len() != now_lifetimes.len() {
        return BTreeSet::new();
    }
    let mut picked: BTreeMap<&str, &str> = BTreeMap::new();
    for (o, n) in was_lifetimes.iter().zip(&now_lifetimes) {
        if gained.contains(n) && *picked.entry(n).or_insert(o) != o.as_str() {
            return BTreeSet::new();
        }
    }
    // A lifetime parameter of the old fn that the new one lacks was renamed, not
    // generalised (the generics' comparison reads that).
    let dropped = |l: &str| {
        old.generics
            .params
            .iter()
            .any(|p| p.is_lifetime() && p.name() == l)
            && !new.generics.params.iter().any(|p| p.name() == l)
    };
    if picked.values().any(|o| dropped(o)) {
        return BTreeSet::new();
    }
    let mut at_old = now.clone();
    at_old.lifetimes_mut(&mut |l| {
        if let Some(o) = picked.get(l.as_str()) {
            *l = (*o).to_owned();
        }
    });
    if at_old == *was && now != was {
        picked.keys().map(|l| (*l).to_owned()).collect()
    } else {
        BTreeSet::new()
    }
}

/// True when `new` borrows `self` for a lifetime of its own where `old` borrowed it for
/// a lifetime `'s` of the impl (`fn try_get_attribute(&'s self) -> Attribute<'s>` to
/// `fn try_get_attribute(&self) -> Attribute<'_>` in `impl<'s> BytesStart<'s>`,
/// quick-xml 0.42), the return changed with it or not at all. The new borrow is any
/// lifetime the caller picks, `'s` among them, and there the new receiver and return
/// are the old ones: every old call is a new call. The parameters are compared apart.
/// No variance is needed. Only where the return names `'s` where elision can say it
/// (not inside a fn pointer, `Fn(…)` sugar or `use<…>`).
fn self_borrow_freed(old: &FnShape, new: &FnShape) -> bool {
    let (
        Some(Receiver::Ref {
            lifetime: Some(s),
            mutable: was_mut,
        }),
        Some(Receiver::Ref {
            lifetime: None,
            mutable: is_mut,
        }),
    ) = (&old.receiver, &new.receiver)
    else {
        return false;
    };
    let of_impl = |f: &FnShape| {
        f.impl_generics
            .params
            .iter()
            .any(|p| p.is_lifetime() && p.name() == s)
    };
    if was_mut != is_mut || !of_impl(old) || !of_impl(new) {
        return false;
    }
    if old.output == new.output {
        return true;
    }
    let Some(mut freed) = old.output.clone() else {
        return false;
    };
    elide_lifetime(&mut freed, s);
    let mut left = false;
    freed.lifetimes_mut(&mut |l| left |= l == s);
    !left && new.output.as_ref() == Some(&freed)
}

/// `t` (a return type) with `lifetime` elided wherever elision can say it: left out of
/// a reference and of a path's arguments, `'_` in an `impl`/`dyn` bound. What is left
/// of it is where elision means something else.
fn elide_lifetime(t: &mut Type, lifetime: &str) {
    fn path(p: &mut crate::ty::Path, lifetime: &str) {
        for seg in &mut p.segments {
            let Args::Angle(list) = &mut seg.args else {
                continue;
            };
            list.retain(|a| !matches!(a, GenericArg::Lifetime(l) if l == lifetime));
            for a in list.iter_mut() {
                match a {
                    GenericArg::Type(t) | GenericArg::AssocType { ty: t, .. } => {
                        elide_lifetime(t, lifetime)
                    }
                    _ => {}
                }
            }
            if list.is_empty() {
                seg.args = Args::None;
            }
        }
    }
    match t {
        Type::Path(p) => path(p, lifetime),
        Type::Qualified {
            self_ty,
            trait_path,
            ..
        } => {
            elide_lifetime(self_ty, lifetime);
            if let Some(p) = trait_path {
                path(p, lifetime);
            }
        }
        Type::Ref {
            lifetime: l, elem, ..
        } => {
            if l.as_deref() == Some(lifetime) {
                *l = None;
            }
            elide_lifetime(elem, lifetime);
        }
        Type::Ptr { elem, .. } | Type::Slice(elem) | Type::Array { elem, .. } => {
            elide_lifetime(elem, lifetime)
        }
        Type::Tuple(elems) => elems.iter_mut().for_each(|e| elide_lifetime(e, lifetime)),
        Type::Impl(bounds) | Type::Dyn(bounds) => {
            for b in bounds {
                match b {
                    Bound::Lifetime(l) if l == lifetime => *l = "'_".to_owned(),
                    Bound::Trait { path: p, .. } => path(p, lifetime),
                    _ => {}
                }
            }
        }
        Type::FnPtr(_) | Type::Never | Type::Infer | Type::Verbatim(_) => {}
    }
}

/// Elides, in place, each lifetime of `own` in a covariant place of a type.
struct Elide<'e> {
    own: &'e BTreeSet<&'e str>,
    variances: &'e Variances<'e>,
    module: &'e str,
}

impl Elide<'_> {
    fn ty(&self, t: &mut Type) {
        match t {
            Type::Ref {
                lifetime,
                mutable,
                elem,
            } => {
                if lifetime.as_deref().is_some_and(|l| self.own.contains(l)) {
                    *lifetime = None;
                }
                // `&mut T` is invariant in `T`.
                if !*mutable {
                    self.ty(elem);
                }
            }
            Type::Slice(elem) | Type::Array { elem, .. } => self.ty(elem),
            Type::Tuple(elems) => elems.iter_mut().for_each(|e| self.ty(e)),
            Type::Impl(bounds) => {
                for b in bounds {
                    match b {
                        Bound::Lifetime(l) if self.own.contains(l.as_str()) => {
                            *l = "'_".to_owned();
                        }
                        _ => {}
                    }
                }
            }
            Type::Path(p) => {
                let Some(known) = self.variances.of_path(self.module, p) else {
                    return;
                };
                let Some(last) = p.segments.last_mut() else {
                    return;
                };
                let Args::Angle(args) = &mut last.args else {
                    return;
                };
                let (mut lifetimes, mut types) = (known.lifetimes.iter(), known.types.iter());
                // Each argument takes the variance of its parameter, in order.
                let covariant = |v: Option<&Variance>| v == Some(&Variance::Covariant);
                for a in args.iter_mut() {
                    match a {
                        GenericArg::Lifetime(l) => {
                            let lengthens = covariant(lifetimes.next());
                            if lengthens && self.own.contains(l.as_str()) {
                                *l = "'_".to_owned();
                            }
                        }
                        GenericArg::Type(t) => {
                            let inside = covariant(types.next());
                            if inside {
                                self.ty(t);
                            }
                        }
                        _ => {}
                    }
                }
                // Every lifetime elided: written as elision records it, with none.
                let all_elided = args
                    .iter()
                    .all(|a| !matches!(a, GenericArg::Lifetime(l) if l != "'_"));
                if all_elided {
                    args.retain(|a| !matches!(a, GenericArg::Lifetime(_)));
                    if args.is_empty() {
                        last.args = Args::None;
                    }
                }
            }
            _ => {}
        }
    }
}

/// `f` in one spelling: `async fn f() -> T` and `fn f() -> impl Future<Output = T>`
/// (capturing the same argument lifetimes) become the same shape, and its target
/// features are every feature they enable. Two signatures compare without a delta
/// from [`compare`]'s return side and attributes exactly when their canonical forms
/// are equal.
pub fn canonical(f: &FnShape) -> FnShape {
    // Two feature lists that enable the same require the same.
    let f = FnShape {
        target_features: target_features::enabled(&f.target_features),
        ..f.clone()
    };
    let f = &f;
    let Returns::Future(future) = returns_of(f) else {
        return f.clone();
    };
    let mut bounds = vec![Bound::Trait {
        hrtb: Vec::new(),
        maybe: false,
        path: crate::ty::Path {
            global: false,
            segments: vec![crate::ty::Segment {
                name: "Future".to_owned(),
                args: Args::Angle(vec![GenericArg::AssocType {
                    name: "Output".to_owned(),
                    generics: Vec::new(),
                    ty: future.output.clone().unwrap_or_else(Type::unit),
                }]),
            }],
        },
    }];
    bounds.extend(future.bounds.iter().map(|b| Bound::Verbatim(b.clone())));
    let captured = match resolve_captures(f, &future.captures) {
        Some(set) => set.into_iter().collect(),
        None => vec!["?edition-default".to_owned()],
    };
    bounds.push(Bound::Use(captured));
    FnShape {
        asyncness: false,
        output: Some(Type::Impl(bounds)),
        ..f.clone()
    }
}

/// The argument lifetimes a returned future borrows, when that is known without the
/// edition.
fn resolve_captures(f: &FnShape, c: &Captures) -> Option<BTreeSet<String>> {
    let inputs = input_lifetimes(f);
    match c {
        Captures::All => Some(inputs),
        Captures::Explicit(set) => Some(set.intersection(&inputs).cloned().collect()),
        // Without argument lifetimes every edition captures the same: nothing.
        Captures::EditionDefault if inputs.is_empty() => Some(BTreeSet::new()),
        Captures::EditionDefault => None,
    }
}

/// `None` when both futures borrow the same; else the class of the change: a future
/// that borrows less frees callers (an implementor of a trait must now borrow less);
/// one that borrows more breaks. Where a side leaves it to the edition, which the
/// shape does not record, it is one of the two the editions capture (2021: no
/// argument lifetime; 2024: every one), and the change breaks only if it may: a
/// future spelled `+ use<T>` when a crate moves to edition 2024 (hyper-util 0.1.21)
/// borrows no more than before under either.
fn capture_class(
    old: &FnShape,
    new: &FnShape,
    o: &Captures,
    n: &Captures,
    role: Role,
) -> Option<Class> {
    if o == n {
        return None;
    }
    let possible = |f: &FnShape, c: &Captures| match resolve_captures(f, c) {
        Some(set) => vec![set],
        None => vec![BTreeSet::new(), input_lifetimes(f)],
    };
    let (before, after) = (possible(old, o), possible(new, n));
    let pairs = || {
        before
            .iter()
            .flat_map(|a| after.iter().map(move |b| (a, b)))
    };
    if pairs().all(|(a, b)| a == b) {
        return None;
    }
    match role {
        Role::Callers if pairs().all(|(a, b)| b.is_subset(a)) => Some(Class::Additive),
        _ => Some(Class::Breaking),
    }
}
