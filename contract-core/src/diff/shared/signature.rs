//! Comparing two signatures of one fn (a free fn, an inherent method, a trait method).

use super::generics::{self, Change};
use crate::delta::{Class, Delta, DeltaKind, Element};
use crate::diff::Cx;
use crate::render;
use crate::shape::{FnShape, Param};

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
    let before = render::signature(name, old);
    let after = render::signature(name, new);
    let mut out: Vec<Delta> = Vec::new();
    let mut push = |kind: DeltaKind, class: Class, detail: String| {
        out.push(
            cx.delta(kind, detail)
                .class(class)
                .change(before.clone(), after.clone())
                .at(Element::Method(name.to_owned())),
        );
    };
    if old.vis != new.vis {
        push(
            DeltaKind::MethodSignatureChanged,
            visibility(&old.vis, &new.vis),
            format!(
                "visibility of `{name}`: `{}` -> `{}`",
                vis(&old.vis),
                vis(&new.vis)
            ),
        );
    }
    if old.constness != new.constness {
        let (kind, class) = constness(new.constness);
        push(kind, class, format!("`const` on `{name}`"));
    }
    if old.asyncness != new.asyncness {
        // The caller's code awaits a future or uses a value: one of them breaks.
        push(
            DeltaKind::FnAsyncChanged,
            Class::Breaking,
            format!("`async` on `{name}`"),
        );
    }
    if old.unsafety != new.unsafety {
        let (kind, class) = unsafety(new.unsafety, role);
        push(kind, class, format!("`unsafe` on `{name}`"));
    }
    if old.abi != new.abi {
        // Another calling convention: fn pointers and FFI callers break.
        push(
            DeltaKind::MethodSignatureChanged,
            Class::Breaking,
            format!("ABI of `{name}`"),
        );
    }
    for change in generics::compare(&old.generics, &new.generics) {
        let (kind, class) = generic(&change, role);
        push(
            kind,
            class,
            format!("`{name}`: {}", generics::describe(&change)),
        );
    }
    if old.receiver != new.receiver {
        // `x.f()` and `T::f(x)` pass another kind of `self` (or none).
        push(
            DeltaKind::ReceiverChanged,
            Class::Breaking,
            format!(
                "receiver of `{name}`: `{}` -> `{}`",
                old.receiver.as_deref().unwrap_or("none"),
                new.receiver.as_deref().unwrap_or("none")
            ),
        );
    }
    for (kind, class, detail) in params(name, &old.params, &new.params) {
        push(kind, class, detail);
    }
    if old.output != new.output {
        // Callers bind, match or forward the returned value.
        push(
            DeltaKind::ReturnTypeChanged,
            Class::Breaking,
            format!(
                "return type of `{name}`: `{}` -> `{}`",
                old.output.as_deref().unwrap_or("()"),
                new.output.as_deref().unwrap_or("()")
            ),
        );
    }
    for delta in out {
        cx.push(delta);
    }
}

/// Less visible loses callers; more visible loses no one.
fn visibility(old: &str, new: &str) -> Class {
    if old == "pub" && new != "pub" {
        Class::Breaking
    } else {
        Class::Additive
    }
}

/// `const` added lets callers do more; removed breaks calls in const contexts.
fn constness(now_const: bool) -> (DeltaKind, Class) {
    if now_const {
        (DeltaKind::FnConstAdded, Class::Additive)
    } else {
        (DeltaKind::FnConstRemoved, Class::Breaking)
    }
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
fn generic(change: &Change, role: Role) -> (DeltaKind, Class) {
    match (change, role) {
        (Change::BoundRemoved { .. }, Role::Callers) => {
            (DeltaKind::GenericBoundRemoved, Class::Additive)
        }
        (Change::BoundRemoved { .. }, Role::Implementors) => {
            (DeltaKind::GenericBoundRemoved, Class::Breaking)
        }
        (Change::Lifetimes { renamed_only: true }, _) => {
            (DeltaKind::MethodSignatureChanged, Class::Additive)
        }
        _ => (DeltaKind::MethodSignatureChanged, Class::Breaking),
    }
}

/// Aligns the parameter lists: an insertion (the old types a subsequence of the new)
/// is `required_arg_added`, a deletion `param_removed`; otherwise position by position.
fn params(name: &str, old: &[Param], new: &[Param]) -> Vec<(DeltaKind, Class, String)> {
    let mut out = Vec::new();
    let pairs: Vec<(Option<usize>, Option<usize>)> = if old.len() < new.len() {
        match subsequence(old, new) {
            Some(map) => merge(&map, new.len(), false),
            None => positional(old.len(), new.len()),
        }
    } else if old.len() > new.len() {
        match subsequence(new, old) {
            Some(map) => merge(&map, old.len(), true),
            None => positional(old.len(), new.len()),
        }
    } else {
        positional(old.len(), new.len())
    };
    for (o, n) in pairs {
        match (o.map(|i| &old[i]), n.map(|i| &new[i])) {
            (Some(o), Some(n)) => {
                if o.ty != n.ty {
                    // Every caller passes a value of the old type.
                    out.push((
                        DeltaKind::ParamTypeChanged,
                        Class::Breaking,
                        format!("`{name}` parameter `{}`: `{}` -> `{}`", n.name, o.ty, n.ty),
                    ));
                } else if o.name != n.name {
                    // Arguments are positional: no caller or impl names a parameter.
                    out.push((
                        DeltaKind::ParamRenamed,
                        Class::Additive,
                        format!("`{name}` parameter `{}` renamed to `{}`", o.name, n.name),
                    ));
                }
            }
            // Rust has no optional arguments: every call must pass it.
            (None, Some(n)) => out.push((
                DeltaKind::RequiredArgAdded,
                Class::Breaking,
                format!("`{name}` parameter `{}: {}` added", n.name, n.ty),
            )),
            // Every call passes one argument too many.
            (Some(o), None) => out.push((
                DeltaKind::ParamRemoved,
                Class::Breaking,
                format!("`{name}` parameter `{}: {}` removed", o.name, o.ty),
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

fn positional(old: usize, new: usize) -> Vec<(Option<usize>, Option<usize>)> {
    (0..old.max(new))
        .map(|i| ((i < old).then_some(i), (i < new).then_some(i)))
        .collect()
}

fn vis(v: &str) -> &str {
    if v.is_empty() {
        "private"
    } else {
        v
    }
}
