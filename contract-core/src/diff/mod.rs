//! The diff engine: golden shapes against current shapes, as classified deltas.
//!
//! Each rule family is one module with one entry point, listed once in [`FAMILIES`].
//! A family looks only at its own part of a symbol and pushes deltas; API rules use
//! their kind's default class unless context refines it, wire rules say which wire
//! directions break and let [`Cx::wire`] turn that into a class under the set's
//! `wire_direction`. Overrides and axis enforcement are applied once, at the end.
//!
//! Helpers several families share (signature comparison, generics comparison, the
//! serde wire model) live in `shared`; they are not families. Pairing old and new
//! members is [`align`]'s alone; a consistent renaming of generic parameters is
//! undone by [`equiv`] before any family looks.

mod aliases;
pub mod align;
mod auto_traits;
mod captures;
mod consteval;
mod container;
mod elided;
pub mod equiv;
mod features;
mod fields;
mod fields_wire;
mod fns;
mod gates;
mod generalised;
mod generics;
mod hidden;
mod impl_lifetimes;
mod implementors;
mod implied;
mod impls;
mod macros;
mod methods;
mod objects;
mod reading;
mod roots;
mod sealed;
mod self_defaults;
mod serde_container;
mod set;
pub(crate) mod shared;
mod symbol;
mod tokens;
mod traits;
mod values;
mod variants;
mod variants_wire;

use std::collections::BTreeMap;

use crate::delta::{Axis, Delta, DeltaKind, Member, Note, Shown};
use crate::policy::{Policy, WireBreaks};
use crate::shape::{FnShape, Fragment, Symbol};
use crate::variance::{NoTypes, Types, Variances};

/// What a rule family sees: the symbol's name, the policy (some verdicts depend on
/// the wire direction and format), the crate's other types as the golden records
/// them, and where to put deltas.
pub struct Cx<'a> {
    /// The symbol being compared.
    pub symbol: &'a str,
    /// The set's policy.
    pub policy: &'a Policy,
    /// The module the golden says the symbol is defined in (`""` when not known):
    /// where the paths of its shape are read from.
    pub module: &'a str,
    /// The module the current side's shape is read from (as `module`, for the new
    /// version).
    pub current_module: &'a str,
    /// The golden's structs, enums and unions (a signature's type may be one).
    pub types: &'a dyn Types,
    /// The crate as it is now where the front end knows it, else the golden: what the
    /// current side's bounds imply ([`crate::variance::Newer`]).
    pub current_types: &'a dyn Types,
    deltas: Vec<Delta>,
}

impl Cx<'_> {
    /// Records a delta.
    pub fn push(&mut self, delta: Delta) {
        self.deltas.push(delta);
    }

    /// Starts a delta of `kind` about `member` of this symbol, with the kind's default
    /// class and axis.
    pub fn delta(&self, kind: DeltaKind, member: Member) -> Delta {
        Delta::new(kind, self.symbol, member)
    }

    /// Starts a wire-axis delta whose class follows from the directions it breaks
    /// under the set's `wire_direction`.
    pub fn wire(&self, kind: DeltaKind, member: Member, breaks: WireBreaks) -> Delta {
        let mut delta = Delta::new(kind, self.symbol, member)
            .on(Axis::Wire)
            .class(self.policy.wire_class(breaks));
        delta.wire = Some(breaks);
        delta
    }

    /// True when the set's payloads are positional (`wire_format: positional`).
    pub fn positional(&self) -> bool {
        self.policy.positional()
    }

    /// Variance as the golden's types tell it.
    pub fn variances(&self) -> Variances<'_> {
        Variances::new(self.types)
    }
}

/// A rule family: compares one part of two shapes of a symbol.
pub type Family = fn(&mut Cx<'_>, &Symbol, &Symbol);

/// Every rule family, in report order. Adding a family is one module and one line.
pub const FAMILIES: &[(&str, Family)] = &[
    ("symbol", symbol::diff),
    ("container", container::diff),
    ("generics", generics::diff),
    ("fields", fields::diff),
    ("fields_wire", fields_wire::diff),
    ("serde_container", serde_container::diff),
    ("variants", variants::diff),
    ("variants_wire", variants_wire::diff),
    ("traits", traits::diff),
    ("implementors", implementors::diff),
    ("impls", impls::diff),
    ("auto_traits", auto_traits::diff),
    ("methods", methods::diff),
    ("macros", macros::diff),
    ("features", features::diff),
    ("gates", gates::diff),
    ("fns", fns::diff),
    ("aliases", aliases::diff),
    ("values", values::diff),
];

/// Deltas between two shapes of one symbol, policy applied, no other type of the
/// crate known.
pub fn diff_symbol(name: &str, before: &Symbol, after: &Symbol, policy: &Policy) -> Vec<Delta> {
    diff_symbol_among(name, before, after, policy, &NoTypes)
}

/// [`diff_symbol`] with the golden's structs, enums and unions known (`types`): a
/// rule about a type a signature names reads it there (see [`crate::variance`]).
pub fn diff_symbol_among(
    name: &str,
    before: &Symbol,
    after: &Symbol,
    policy: &Policy,
    types: &dyn Types,
) -> Vec<Delta> {
    diff_symbol_with(FAMILIES, name, before, after, policy, types)
}

/// [`diff_symbol_among`] with the current side's symbols known too (`current`): what a
/// current bound implies is read from them first (a trait new in this release).
pub fn diff_symbol_between(
    name: &str,
    before: &Symbol,
    after: &Symbol,
    policy: &Policy,
    types: &dyn Types,
    current: &dyn Types,
) -> Vec<Delta> {
    let newer = crate::variance::Newer {
        current,
        golden: types,
    };
    diff_symbol_in(FAMILIES, name, before, after, policy, types, &newer)
}

/// [`diff_symbol_among`] with an explicit list of families (a subset for tools, or
/// none to see the safety net at work). A difference no family names is reported as
/// `unclassified_change` (breaking), never passed silently.
pub fn diff_symbol_with(
    families: &[(&str, Family)],
    name: &str,
    before: &Symbol,
    after: &Symbol,
    policy: &Policy,
    types: &dyn Types,
) -> Vec<Delta> {
    diff_symbol_in(families, name, before, after, policy, types, types)
}

fn diff_symbol_in(
    families: &[(&str, Family)],
    name: &str,
    before: &Symbol,
    after: &Symbol,
    policy: &Policy,
    types: &dyn Types,
    current_types: &dyn Types,
) -> Vec<Delta> {
    // A golden written before re-exports recorded their defining module reads the
    // re-export as the current sources define it, where it is at the same public path.
    let located;
    let before = if before.defined_in.is_none()
        && after.defined_in.is_some()
        && before.module == after.module
    {
        located = Symbol {
            defined_in: after.defined_in.clone(),
            ..before.clone()
        };
        &located
    } else {
        before
    };
    let mut cx = Cx {
        symbol: name,
        policy,
        module: before.written_in().unwrap_or_default(),
        current_module: after.written_in().unwrap_or_default(),
        types,
        current_types,
        deltas: Vec::new(),
    };
    // An item of the crate replaced by another crate's under its path, or the reverse:
    // what that crate's item is, its methods, impls and wire form, is not read here
    // (serde_yml 0.0.13 re-exporting noyalib's `from_str`, `Value`…). One notice.
    let reexport = |s: &Symbol| matches!(s.item, Some(crate::shape::ItemShape::Reexport(_)));
    if reexport(before) != reexport(after) {
        let delta = cx.delta(DeltaKind::ReexportUntold, Member::Item).change(
            Shown::Symbol(Box::new(before.clone())),
            Shown::Symbol(Box::new(after.clone())),
        );
        return vec![policy.apply(delta)];
    }
    // An inherent `default()`/`clone()` now the type's `Default`/`Clone` impl: every
    // call resolves to the prelude's trait.
    let answered = methods::prelude_answered(name, before, after);
    let before = answered.as_ref().unwrap_or(before);
    // A derive replaced by an impl of the same trait is no change, and a fact the
    // compiler was asked about on one side only is not compared.
    let reconciled = crate::probe::reconcile(before, after);
    let (before, after) = match &reconciled {
        Some((b, a)) => (b, a),
        None => (before, after),
    };
    // An impl generalised over a parameter the type gained with a default is compared
    // at that default: every old use is one of its instances. One gained without a
    // default is the type's change, not each method's.
    let generalised = generalised::gained_params(name, before, after);
    let (before, after) = match &generalised {
        Some((b, a)) => (b, a),
        None => (before, after),
    };
    // A target feature every build of the checked target enables requires nothing.
    let based = without_target_baseline(before, after, &policy.target_baseline);
    let (before, after) = match &based {
        Some((b, a)) => (b, a),
        None => (before, after),
    };
    // `Self` in an inherent const's value is the type (`Self::new(…)`).
    let selfed = values::self_spelled(name, before, after);
    let (before, after) = match &selfed {
        Some((b, a)) => (b, a),
        None => (before, after),
    };
    // A path to the crate's alias that leaves out a defaulted parameter is the alias
    // at its default (`Result` for `Result<()>` under `type Result<T = ()>`).
    let defaults = reading::alias_defaults_written(before, after, types, cx.current_types);
    let (before, after) = match &defaults {
        Some((b, a)) => (b, a),
        None => (before, after),
    };
    // Types as rustc reads them: std's aliases expanded, a trait object's default
    // lifetime bound.
    let read = reading::as_read(before, after, &policy.unread_crates);
    let (before, after) = match &read {
        Some((b, a)) => (b, a),
        None => (before, after),
    };
    let implementors = reading::implementors_read(before, after);
    let (before, after) = match &implementors {
        Some((b, a)) => (b, a),
        None => (before, after),
    };
    // A golden from before an impl's `'_` lifetimes were named as its parameters.
    let named = impl_lifetimes::named_elided_left_out(before, after);
    let after = named.as_ref().unwrap_or(after);
    // A trait argument written out at its default of `Self` (`T: Add<T, Output = T>`).
    let defaulted = self_defaults::self_defaults_left_out(before, after);
    let (before, after) = match &defaulted {
        Some((b, a)) => (b, a),
        None => (before, after),
    };
    // A type renamed with its old name kept as an alias of the new one.
    let renamed_types = aliases::renamed_behind_alias(name, before, after, types, cx.current_types);
    let (before, after) = match &renamed_types {
        Some((b, a)) => (b, a),
        None => (before, after),
    };
    // A sealed trait no consumer may name, replaced by one its implementors implement.
    let sealed = sealed::renamed_left_out(before, after, policy, types, cx.current_types);
    let (before, after) = match &sealed {
        Some((b, a)) => (b, a),
        None => (before, after),
    };
    // A bound another bound of its list implies, a binding on a subtrait.
    let module = before.written_in().unwrap_or_default();
    let implied = implied::implied_left_out(before, after, types, module);
    let (before, after) = match &implied {
        Some((b, a)) => (b, a),
        None => (before, after),
    };
    // A constant's value written another way (`64 * 1024` for `65536`) is one value;
    // a constant of the crate it names is read from the golden.
    let consts = GoldenConsts { types, module };
    let evaluated = values::evaluated_alike(before, after, &consts);
    let (before, after) = match &evaluated {
        Some((b, a)) => (b, a),
        None => (before, after),
    };
    // A gate spelled another way reaches the same consumers.
    let gated = gates::alike_written_as_before(&cx, before, after);
    let after = gated.as_ref().unwrap_or(after);
    // What no consumer can tell apart (a consistent renaming of generic
    // parameters, another spelling of one signature, …) is no change at all.
    if equiv::equivalent(before, after) {
        return Vec::new();
    }
    let renamed = equiv::renamed_to_match(before, after);
    let before = renamed.as_ref().unwrap_or(before);
    // Lifetimes as a caller reads them, once both sides name their parameters alike.
    let outputs = elided::output_named(before, after);
    let (before, after) = match &outputs {
        Some((b, a)) => (b, a),
        None => (before, after),
    };
    for (_, family) in families {
        family(&mut cx, before, after);
    }
    // Only fields' and variants' serde attributes differ, and no wire rule found a
    // payload they change: said as such, not as an unclassified change.
    if cx.deltas.is_empty() && serde_container::alike_but_member_serde(before, after) {
        let delta = cx
            .delta(
                DeltaKind::SerdeAttributeChanged,
                Member::Attr {
                    attr: crate::delta::Attr::Serde,
                },
            )
            .note(Note::SerdeUnread)
            .change(
                Shown::Symbol(Box::new(before.clone())),
                Shown::Symbol(Box::new(after.clone())),
            );
        cx.push(delta);
    }
    if cx.deltas.is_empty() {
        let delta = cx
            .delta(DeltaKind::UnclassifiedChange, Member::Item)
            .note(Note::Unclassified)
            .change(
                Shown::Symbol(Box::new(before.clone())),
                Shown::Symbol(Box::new(after.clone())),
            );
        cx.push(delta);
    }
    generics::restated_left_out(&mut cx.deltas, name, before, after);
    mark_as_written(&mut cx.deltas, before, after);
    cx.deltas
        .into_iter()
        .map(|d| policy.apply(hidden::demote(d, before, policy)))
        .collect()
}

/// Names in a changed part that a glob import may supply were compared as written:
/// the delta says so ([`Delta::as_written`]), so a message never asserts a break
/// about a name it could not resolve without saying it.
fn mark_as_written(deltas: &mut [Delta], before: &Symbol, after: &Symbol) {
    let names: std::collections::BTreeSet<&String> =
        before.unresolved.iter().chain(&after.unresolved).collect();
    if names.is_empty() {
        return;
    }
    for delta in deltas {
        // A delta that adds or removes something compares nothing as written.
        if delta.before.is_none() || delta.after.is_none() {
            continue;
        }
        let text = format!(
            "{}\n{}",
            crate::render::before(delta),
            crate::render::after(delta)
        );
        let words: std::collections::BTreeSet<&str> =
            text.split(|c: char| !crate::ty::is_ident_char(c)).collect();
        delta.as_written = names
            .iter()
            .filter(|n| words.contains(n.as_str()))
            .map(|n| (*n).clone())
            .collect();
    }
}

/// `before` and `after` with the target features the target's `baseline` enables left
/// out of every `unsafe fn`'s signature ([`crate::target_features::without_baseline`]);
/// `None` when that changes neither. Only an `unsafe fn`: its callers vouch for the CPU,
/// which every build of the target does for the baseline; a safe fn that enables any
/// feature is unsafe to call from code that does not enable it itself, whatever the
/// build enables (rustc: "the sse2 target feature being enabled in the build
/// configuration does not remove the requirement to list it in `#[target_feature]`").
fn without_target_baseline(
    before: &Symbol,
    after: &Symbol,
    baseline: &std::collections::BTreeSet<String>,
) -> Option<(Symbol, Symbol)> {
    if baseline.is_empty() {
        return None;
    }
    let strip = |s: &Symbol| {
        let mut s = s.clone();
        let mut changed = false;
        let mut fix = |f: &mut FnShape| {
            if !f.unsafety {
                return;
            }
            let kept = crate::target_features::without_baseline(&f.target_features, baseline);
            if kept != f.target_features {
                f.target_features = kept;
                changed = true;
            }
        };
        match &mut s.item {
            Some(crate::shape::ItemShape::Fn(f)) => fix(f),
            Some(crate::shape::ItemShape::Trait(t)) => {
                t.methods.values_mut().for_each(|m| fix(&mut m.sig))
            }
            _ => {}
        }
        s.methods.values_mut().for_each(&mut fix);
        (s, changed)
    };
    let ((b, b_changed), (a, a_changed)) = (strip(before), strip(after));
    (b_changed || a_changed).then_some((b, a))
}

/// Deltas between a golden set and the current set, policy applied, sorted by
/// symbol, kind, axis and member.
pub fn diff_sets(
    before: &BTreeMap<String, Symbol>,
    after: &BTreeMap<String, Symbol>,
    policy: &Policy,
) -> Vec<Delta> {
    diff_sets_among(before, after, after, policy)
}

/// [`diff_sets`] with the current side known beyond its symbols (`current`: the trait
/// impls the sources hold, [`crate::variance::WithTraitImpls`]).
pub fn diff_sets_among(
    before: &BTreeMap<String, Symbol>,
    after: &BTreeMap<String, Symbol>,
    current: &dyn Types,
    policy: &Policy,
) -> Vec<Delta> {
    let mut in_both = Vec::new();
    for (name, old) in before {
        if let Some(new) = after.get(name) {
            in_both.extend(diff_symbol_between(name, old, new, policy, before, current));
        }
    }
    let mut deltas = diff_sets_in_parts(before, after, in_both, policy);
    shared::generalisation::settle_all(
        &mut deltas,
        &|last| {
            after
                .iter()
                .filter(|(name, _)| name.rsplit("::").next() == Some(last))
                .map(|(_, s)| s)
                .collect()
        },
        &|symbol| after.get(symbol).and_then(|s| s.module.as_deref()),
        policy,
    );
    deltas
}

/// [`diff_sets`] with the symbols in both sets already diffed: `in_both` holds their
/// [`diff_symbol`] deltas, in name order; `before` and `after` need only hold the
/// symbols in one set (others are ignored). The per-symbol diffs can then be computed
/// where the symbols are read, e.g. on several threads; the result is the same.
pub fn diff_sets_in_parts(
    before: &BTreeMap<String, Symbol>,
    after: &BTreeMap<String, Symbol>,
    in_both: Vec<Delta>,
    policy: &Policy,
) -> Vec<Delta> {
    let mut deltas: Vec<Delta> = set::diff(before, after)
        .into_iter()
        .map(|d| set::through_reexport(d, after))
        .map(|d| {
            let demoted = match before.get(&d.symbol) {
                Some(old) => hidden::demote(d, old, policy),
                None => d,
            };
            policy.apply(demoted)
        })
        .collect();
    deltas.extend(in_both);
    sort(&mut deltas);
    deltas
}

/// Sorts `deltas` as a set's comparison reports them: by symbol, kind, axis and member;
/// stable, so deltas with equal keys keep their order.
pub fn sort(deltas: &mut [Delta]) {
    deltas.sort_by(|a, b| {
        (&a.symbol, a.kind, a.axis, &a.member).cmp(&(&b.symbol, b.kind, b.axis, &b.member))
    });
}

/// Deltas that one fragment (what one attribute sees) introduces against the golden
/// symbol; the compile-time check. An inherent `impl` block is compared on its own
/// methods only: a method that moved to another block is not a removal here (the
/// harness, which sees every block, reports real removals). `types` are the golden's
/// structs, enums and unions, as for [`diff_symbol_among`].
pub fn diff_fragment(
    name: &str,
    golden: &Symbol,
    fragment: &Fragment,
    policy: &Policy,
    types: &dyn Types,
) -> Vec<Delta> {
    diff_fragment_between(name, golden, fragment, policy, types, types)
}

/// [`diff_fragment`] with the crate's traits as its sources define them now known too
/// (`current`, read before the golden's): a bound or supertrait implied through a trait
/// new or changed in this release is read as the harness and the command read it.
pub fn diff_fragment_between(
    name: &str,
    golden: &Symbol,
    fragment: &Fragment,
    policy: &Policy,
    types: &dyn Types,
    current: &dyn Types,
) -> Vec<Delta> {
    let mut after = golden.clone();
    let mut before = golden.clone();
    // What the compiler knows of the type is not known while it expands: neither
    // side's facts are compared (a removed derive is reported, and the macro asserts
    // the trait instead).
    after.implements = None;
    before.implements = None;
    // Nor the auto traits inferred from the crate's other types.
    after.auto_traits.clear();
    before.auto_traits.clear();
    match fragment {
        Fragment::Item { item, path, .. } => {
            after.item = Some(item.clone());
            after.path.clone_from(path);
        }
        Fragment::Methods {
            methods,
            consts,
            types,
            ..
        } => {
            before
                .methods
                .retain(|method, _| methods.contains_key(method));
            after.methods = methods.clone();
            // A method whose impl took a parameter the pinned type's golden shape lacks
            // may be a generalisation over a defaulted parameter the type gained: only
            // the harness, which sees the type's new shape, can tell.
            if let Some(type_params) = golden.item.as_ref().and_then(|i| i.generics()) {
                let known = |name: &str, old: &FnShape| {
                    type_params.params.iter().any(|t| t.name() == name)
                        || old.impl_generics.params.iter().any(|o| o.name() == name)
                };
                after.methods.retain(|name, m| {
                    before.methods.get(name).is_none_or(|old| {
                        m.impl_generics
                            .params
                            .iter()
                            .all(|p| p.is_lifetime() || known(p.name(), old))
                    })
                });
                before
                    .methods
                    .retain(|name, _| after.methods.contains_key(name));
            }
            before.consts.retain(|name, _| consts.contains_key(name));
            before.types.retain(|name, _| types.contains_key(name));
            after.consts = consts.clone();
            after.types = types.clone();
        }
        // Implementing a trait never breaks it; removals are the harness's to see.
        Fragment::Implementor { .. } => return Vec::new(),
    }
    let mut deltas = diff_symbol_between(name, &before, &after, policy, types, current);
    // Whether a parameter's old type meets the bounds of the type parameter that
    // replaced it may rest on impls of the crate's traits, which one item does not
    // see: the harness and the command settle it with the whole set.
    deltas.retain(|d| !matches!(d.note, crate::delta::Note::Generalised { meets: None, .. }));
    deltas
}

/// The golden's constants, for a value that names one, read in `module` (see
/// [`consteval::ConstLookup`]).
pub(super) struct GoldenConsts<'a> {
    pub(super) types: &'a dyn Types,
    pub(super) module: &'a str,
}

impl consteval::ConstLookup for GoldenConsts<'_> {
    fn constant(&self, path: &[String]) -> Option<(String, crate::ty::Type)> {
        let names: Vec<&str> = path.iter().map(String::as_str).collect();
        let def = crate::variance::def_of(self.module, &crate::ty::Path::plain(&names))?;
        let c = self.types.constant(&def)?;
        match &c.value {
            crate::shape::Value::Expr(text) => Some((text.clone(), c.ty.clone())),
            _ => None,
        }
    }
}
