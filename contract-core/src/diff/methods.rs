//! Inherent `pub` items pinned through `impl` blocks: methods added, removed, renamed,
//! and their signatures; associated consts and types added, removed and changed.

use super::align::align_maps;
use super::shared::signature::{self, Role};
use super::Cx;
use crate::delta::{DeltaKind, Member, Shown};
use crate::shape::{unqualified_member, AliasShape, FnShape, Symbol, ValueItemShape};

/// The inherent-methods family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let same_signature = |o: &(&String, &FnShape), n: &(&String, &FnShape)| o.1 == n.1;
    let (old, new, alignment) = align_maps(&before.methods, &after.methods, &[&same_signature]);
    let shown = |f: &FnShape| Shown::Fn(Box::new(f.clone()));
    // A type that gained or lost lifetime parameters (its own delta, cssparser 0.38's
    // `ParseError<'i, T>` → `ParseError<T>`) gives each of its `impl` blocks other
    // lifetimes: that edit is the type's, reported once, not once per method. What a
    // signature names is still compared.
    let lifetimes = |s: &Symbol| {
        s.item
            .as_ref()
            .and_then(|i| i.generics())
            .map(|g| g.params.iter().filter(|p| p.is_lifetime()).count())
    };
    let reshaped = matches!((lifetimes(before), lifetimes(after)), (Some(o), Some(n)) if o != n);
    let block_lifetimes_left_out = |f: &FnShape| {
        let mut f = f.clone();
        f.impl_generics.params.retain(|p| !p.is_lifetime());
        f
    };
    for pair in &alignment.pairs {
        let ((old_name, old_sig), (new_name, new_sig)) = (old[pair.old], new[pair.new]);
        if pair.same() && reshaped {
            let (o, n) = (
                block_lifetimes_left_out(old_sig),
                block_lifetimes_left_out(new_sig),
            );
            signature::compare(cx, old_name, &o, &n, Role::Callers);
        } else if pair.same() {
            signature::compare(cx, old_name, old_sig, new_sig, Role::Callers);
        } else if one_method(old_name, new_name) {
            // `dot` became `dot (impl ArrayRef<A, Ix1>)` because another block now
            // defines a `dot` too (public-API sets): calls resolve as before.
        } else {
            // Every call names the old method.
            let delta = cx
                .delta(DeltaKind::MethodRenamed, Member::method(old_name))
                .renamed(new_name)
                .change(shown(old_sig), shown(new_sig));
            cx.push(delta);
        }
    }
    for &i in &alignment.removed {
        // Every call to it breaks.
        let (name, sig) = old[i];
        let delta = cx
            .delta(DeltaKind::MethodRemoved, Member::method(name))
            .was(shown(sig));
        cx.push(delta);
    }
    for &j in &alignment.added {
        // New API; no existing call changes.
        let (name, sig) = new[j];
        let delta = cx
            .delta(DeltaKind::MethodAdded, Member::method(name))
            .now(shown(sig));
        cx.push(delta);
    }
    consts(cx, before, after);
    types(cx, before, after);
}

/// `before` without its inherent methods that `after` no longer has and that a prelude
/// trait `after` implements now answers ([`answered_by_prelude_trait`]); `None` when
/// there is none. Read before the derives are reconciled, which sets the evidence of
/// hand-written impls aside.
pub fn prelude_answered(symbol: &str, before: &Symbol, after: &Symbol) -> Option<Symbol> {
    let type_name = symbol.rsplit("::").next().unwrap_or(symbol);
    let answered: Vec<&String> = before
        .methods
        .iter()
        .filter(|(name, sig)| {
            !after.methods.contains_key(*name)
                && answered_by_prelude_trait(name, sig, type_name, after)
        })
        .map(|(name, _)| name)
        .collect();
    if answered.is_empty() {
        return None;
    }
    let mut b = before.clone();
    for name in answered {
        b.methods.remove(name);
    }
    Some(b)
}

/// Whether a removed inherent `fn default() -> Self` or `fn clone(&self) -> Self` is
/// now the type's `Default` or `Clone` impl (quoted_printable 0.5.2's `Options`):
/// `Type::default()` and `x.clone()` resolve to the prelude's trait, every call
/// compiles as it did. Not a `const fn` (a trait method is not callable in a const).
fn answered_by_prelude_trait(name: &str, sig: &FnShape, type_name: &str, after: &Symbol) -> bool {
    use crate::probe::ProbedTrait;
    use crate::shape::Receiver;
    // `Self` is recorded as the type's name (a type without parameters: one with them
    // names them too, which is left as a removal).
    let returns_self = sig.output.as_ref().is_some_and(|t| {
        matches!(t.as_path().and_then(|p| p.as_ident()), Some(n) if n == "Self" || n == type_name)
    });
    let plain = !sig.constness && !sig.unsafety && !sig.asyncness && sig.generics.params.is_empty();
    let trait_ = match (unqualified_member(name).0, &sig.receiver, sig.params.len()) {
        ("default", None, 0) => ProbedTrait::Default,
        ("clone", Some(Receiver::Ref { mutable: false, .. }), 0) => ProbedTrait::Clone,
        _ => return false,
    };
    returns_self && plain && crate::probe::known(after, trait_) == Some(true)
}

/// Two names of one inherent member: the same name, one of them qualified by its
/// `impl` block ([`crate::shape::qualified_member`]).
fn one_method(a: &str, b: &str) -> bool {
    let ((a, qa), (b, qb)) = (unqualified_member(a), unqualified_member(b));
    a == b && qa != qb
}

/// `Type::NAME` in consumer code names an associated const: removed, it breaks; its
/// type or value changed, what consumers compiled against changes.
fn consts(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (old, new, alignment) = align_maps(&before.consts, &after.consts, &[]);
    let member = |name: &str| Member::AssocConst {
        name: name.to_owned(),
    };
    let shown = |c: &ValueItemShape| Shown::InherentConst(c.clone());
    for pair in &alignment.pairs {
        let ((name, o), (_, n)) = (old[pair.old], new[pair.new]);
        super::fields::hidden(cx, member(name), o.hidden, n.hidden, true);
        if o.ty != n.ty {
            let delta = cx
                .delta(DeltaKind::ConstTypeChanged, member(name))
                .change(shown(o), shown(n));
            cx.push(delta);
        }
        let kind = super::values::evaluated_change(cx, o, n)
            .or_else(|| super::values::value_change(&o.value, &n.value));
        if let Some(kind) = kind {
            let delta = cx.delta(kind, member(name)).change(shown(o), shown(n));
            cx.push(delta);
        }
    }
    for &i in &alignment.removed {
        let (name, o) = old[i];
        let delta = cx
            .delta(DeltaKind::AssocItemRemoved, member(name))
            .was(shown(o));
        cx.push(delta);
    }
    for &j in &alignment.added {
        let (name, n) = new[j];
        let delta = cx
            .delta(DeltaKind::AssocItemAdded, member(name))
            .now(shown(n));
        cx.push(delta);
    }
}

/// `Type::Name` names an associated type (inherent associated types are unstable,
/// but pinned alike).
fn types(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (old, new, alignment) = align_maps(&before.types, &after.types, &[]);
    let member = |name: &str| Member::AssocType {
        name: name.to_owned(),
    };
    let shown = |a: &AliasShape| Shown::InherentType(a.clone());
    for pair in &alignment.pairs {
        let ((name, o), (_, n)) = (old[pair.old], new[pair.new]);
        super::fields::hidden(cx, member(name), o.hidden, n.hidden, true);
        if o.target != n.target || o.generics != n.generics {
            let delta = cx
                .delta(DeltaKind::AliasTargetChanged, member(name))
                .change(shown(o), shown(n));
            cx.push(delta);
        }
    }
    for &i in &alignment.removed {
        let (name, o) = old[i];
        let delta = cx
            .delta(DeltaKind::AssocItemRemoved, member(name))
            .was(shown(o));
        cx.push(delta);
    }
    for &j in &alignment.added {
        let (name, n) = new[j];
        let delta = cx
            .delta(DeltaKind::AssocItemAdded, member(name))
            .now(shown(n));
        cx.push(delta);
    }
}
