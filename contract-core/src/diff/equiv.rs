//! Semantic equivalence: a consistent renaming of generic parameters and lifetimes
//! changes nothing for any consumer (`struct S<T>(T)` and `struct S<U>(U)` are one
//! API), so before the rule families look, the golden shape is rewritten into the
//! current shape's parameter names. Parameters correspond by position (that is how
//! consumers name them: `S<u8>`, `f::<u8>()`); a renaming that is not consistent (`T`
//! and `U` swapped in one place only) leaves a real difference for the families.

use std::collections::{BTreeMap, BTreeSet};

use crate::shape::{
    AssocConst, AssocType, FieldShape, FnShape, GenericParam, Generics, ItemShape, Receiver,
    Symbol, TraitMethod, VariantShape, WherePredicate,
};
use crate::ty::{Args, Bound, GenericArg, Path, Type};

/// Old parameter names to new ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Renaming {
    types: BTreeMap<String, String>,
    lifetimes: BTreeMap<String, String>,
}

impl Renaming {
    /// The renaming that takes `old`'s parameters to `new`'s, position by position
    /// (lifetimes among lifetimes, type and const parameters among themselves, a
    /// kind change ends the correspondence).
    pub fn between(old: &Generics, new: &Generics) -> Renaming {
        let mut r = Renaming::default();
        let lifetimes = |g: &Generics| -> Vec<String> {
            g.params
                .iter()
                .filter(|p| p.is_lifetime())
                .map(|p| p.name().to_owned())
                .collect()
        };
        // As for the other parameters (below): a lifetime inserted or removed is no
        // renaming of the rest (cssparser 0.38's `<'i, 't, 'a>` → `<'i, 'a>` is not
        // `'t` renamed `'a`).
        let (ol, nl) = (lifetimes(old), lifetimes(new));
        if super::shared::generics::by_name(&ol, &nl).is_none() {
            let kept: BTreeSet<&String> = ol.iter().skip(nl.len()).collect();
            for (o, n) in ol.iter().zip(&nl) {
                if o != n {
                    r.lifetimes.insert(o.clone(), n.clone());
                }
            }
            if r.lifetimes.values().any(|n| kept.contains(n)) {
                r.lifetimes.clear();
            }
        }
        let others = |g: &Generics| -> Vec<(&'static str, String)> {
            g.params
                .iter()
                .filter(|p| !p.is_lifetime())
                .map(|p| (p.kind_name(), p.name().to_owned()))
                .collect()
        };
        let names =
            |ps: &[(&str, String)]| -> Vec<String> { ps.iter().map(|(_, n)| n.clone()).collect() };
        let (o, n) = (others(old), others(new));
        // A parameter inserted or removed among others: they keep their names
        // (`<I, O, E, F>` → `<I, E, F>`), and no position is a renaming. Unless every
        // parameter added past the old ones has a default: old uses bind by position.
        let new_params: Vec<&GenericParam> =
            new.params.iter().filter(|p| !p.is_lifetime()).collect();
        let old_params: Vec<&GenericParam> =
            old.params.iter().filter(|p| !p.is_lifetime()).collect();
        if !super::shared::generics::binds_by_place(&old_params, &new_params)
            && super::shared::generics::by_name(&names(&o), &names(&n)).is_some()
        {
            return r;
        }
        let kept: BTreeSet<String> = o.iter().skip(n.len()).map(|(_, n)| n.clone()).collect();
        for ((ok, o), (nk, n)) in o.into_iter().zip(n) {
            if ok != nk {
                break;
            }
            if o != n {
                r.types.insert(o, n);
            }
        }
        // A renaming onto a name an old parameter beyond the new list still has would
        // make two parameters one: no renaming.
        if r.types.values().any(|n| kept.contains(n)) {
            r.types.clear();
        }
        r
    }

    /// Renames nothing.
    pub fn is_empty(&self) -> bool {
        self.types.is_empty() && self.lifetimes.is_empty()
    }

    fn lifetime(&self, l: &mut String) {
        if let Some(n) = self.lifetimes.get(l.as_str()) {
            l.clone_from(n);
        }
    }

    /// Renames whole identifiers in an expression's tokens (a const parameter in an
    /// array length).
    fn tokens(&self, s: &mut String) {
        if self.types.is_empty() {
            return;
        }
        let mut out = String::with_capacity(s.len());
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            match self.types.get(word.as_str()) {
                Some(n) => out.push_str(n),
                None => out.push_str(word),
            }
            word.clear();
        };
        for c in s.chars() {
            if crate::ty::is_ident_char(c) {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        *s = out;
    }

    /// Renames one node of a type tree (not its children): a path starting with a
    /// parameter, const arguments, an array length.
    fn node(&self, t: &mut Type) {
        match t {
            Type::Path(p) => {
                if let Some(first) = p.segments.first_mut() {
                    if !p.global && first.args == Args::None {
                        if let Some(n) = self.types.get(&first.name) {
                            first.name.clone_from(n);
                        }
                    }
                }
                self.path_consts(p);
            }
            Type::Array { len, .. } => self.tokens(len),
            _ => {}
        }
    }

    fn path_consts(&self, p: &mut Path) {
        for s in &mut p.segments {
            if let Args::Angle(args) = &mut s.args {
                for a in args {
                    match a {
                        GenericArg::Const(c) => self.tokens(c),
                        GenericArg::AssocConst { value, .. } => self.tokens(value),
                        _ => {}
                    }
                }
            }
        }
    }

    /// Renames in a type.
    pub fn ty(&self, t: &mut Type) {
        if self.is_empty() {
            return;
        }
        t.walk_mut(&mut |node| self.node(node));
        t.lifetimes_mut(&mut |l| self.lifetime(l));
    }

    fn bound(&self, b: &mut Bound) {
        // The trait's own name is never a parameter; its arguments may be.
        b.walk_types_mut(&mut |node| self.node(node));
        b.lifetimes_mut(&mut |l| self.lifetime(l));
        match b {
            Bound::Trait { path, .. } => self.path_consts(path),
            Bound::Use(params) => {
                for p in params {
                    if let Some(n) = self.types.get(p.as_str()) {
                        p.clone_from(n);
                    }
                }
            }
            _ => {}
        }
    }

    fn bounds(&self, bounds: &mut Vec<Bound>) {
        for b in bounds.iter_mut() {
            self.bound(b);
        }
        crate::ty::sort_bounds(bounds);
    }

    /// Renames in generics: parameter names, bounds, defaults, where clauses.
    pub fn generics(&self, g: &mut Generics) {
        if self.is_empty() {
            return;
        }
        for p in &mut g.params {
            match p {
                GenericParam::Lifetime { name, bounds } => {
                    self.lifetime(name);
                    bounds.iter_mut().for_each(|l| self.lifetime(l));
                    bounds.sort();
                }
                GenericParam::Type {
                    name,
                    bounds,
                    default,
                } => {
                    if let Some(n) = self.types.get(name.as_str()) {
                        name.clone_from(n);
                    }
                    self.bounds(bounds);
                    if let Some(d) = default {
                        self.ty(d);
                    }
                }
                GenericParam::Const { name, ty, default } => {
                    if let Some(n) = self.types.get(name.as_str()) {
                        name.clone_from(n);
                    }
                    self.ty(ty);
                    if let Some(d) = default {
                        self.tokens(d);
                    }
                }
            }
        }
        for w in &mut g.where_clause {
            match w {
                WherePredicate::Type {
                    bounded, bounds, ..
                } => {
                    self.ty(bounded);
                    self.bounds(bounds);
                }
                WherePredicate::Lifetime { lifetime, bounds } => {
                    self.lifetime(lifetime);
                    bounds.iter_mut().for_each(|l| self.lifetime(l));
                    bounds.sort();
                }
            }
        }
        g.where_clause.sort_by_key(ToString::to_string);
    }

    /// Renames in a signature (its own generics included).
    pub fn signature(&self, f: &mut FnShape) {
        if self.is_empty() {
            return;
        }
        self.generics(&mut f.generics);
        self.generics(&mut f.impl_generics);
        match &mut f.receiver {
            Some(Receiver::Ref {
                lifetime: Some(l), ..
            }) => self.lifetime(l),
            Some(Receiver::Typed(t)) => self.ty(t),
            _ => {}
        }
        for p in &mut f.params {
            self.ty(&mut p.ty);
        }
        if let Some(o) = &mut f.output {
            self.ty(o);
        }
    }

    fn fields(&self, fields: &mut [FieldShape]) {
        for f in fields {
            self.ty(&mut f.ty);
        }
    }

    fn variant(&self, v: &mut VariantShape) {
        self.fields(&mut v.fields);
        if let Some(d) = &mut v.discriminant {
            self.tokens(d);
        }
    }

    fn trait_method(&self, m: &mut TraitMethod) {
        self.signature(&mut m.sig);
    }

    fn assoc_type(&self, a: &mut AssocType) {
        self.generics(&mut a.generics);
        self.bounds(&mut a.bounds);
        if let Some(d) = &mut a.default {
            self.ty(d);
        }
    }

    fn assoc_const(&self, c: &mut AssocConst) {
        self.ty(&mut c.ty);
        if let Some(d) = &mut c.default {
            self.tokens(d);
        }
    }

    /// Renames in a whole item.
    pub fn item(&self, item: &mut ItemShape) {
        if self.is_empty() {
            return;
        }
        match item {
            ItemShape::Struct(s) => {
                self.generics(&mut s.generics);
                self.fields(&mut s.fields);
            }
            ItemShape::Enum(e) => {
                self.generics(&mut e.generics);
                e.variants.iter_mut().for_each(|v| self.variant(v));
            }
            ItemShape::Trait(t) => {
                self.generics(&mut t.generics);
                self.bounds(&mut t.supertraits);
                t.methods.values_mut().for_each(|m| self.trait_method(m));
                t.types.values_mut().for_each(|a| self.assoc_type(a));
                t.consts.values_mut().for_each(|c| self.assoc_const(c));
            }
            ItemShape::Fn(f) => self.signature(f),
            ItemShape::TypeAlias(a) => {
                self.generics(&mut a.generics);
                self.ty(&mut a.target);
            }
            ItemShape::Const(v) | ItemShape::Static(v) => self.ty(&mut v.ty),
            ItemShape::Union(u) => {
                self.generics(&mut u.generics);
                self.fields(&mut u.fields);
            }
            ItemShape::MacroRules(_)
            | ItemShape::ProcMacro(_)
            | ItemShape::Feature(_)
            | ItemShape::Module(_)
            | ItemShape::Reexport(_) => {}
        }
    }
}

/// The shape in one spelling for what consumers cannot tell apart: discriminants no
/// other crate can observe left out, a field-less `#[non_exhaustive]` variant's form
/// (`V`, `V()`, `V {}`) unified, and future-returning signatures in one form (see
/// `shared::signature::canonical`).
pub fn normalized(s: &Symbol) -> Symbol {
    use super::shared::signature::canonical;
    let mut out = s.clone();
    out.unresolved.clear();
    out.impls_in_source.clear();
    out.inert_features.clear();
    out.redundant_features.clear();
    out.package_features.clear();
    out.auto_traits_inferred = false;
    // A gate in one spelling: `any(a, b)` is `any(b, a)`.
    for need in &mut out.needs {
        if let Some(gate) = crate::gate::Gate::parse(&need.cfg) {
            need.cfg = gate.canonical().to_string();
        }
    }
    // A public path given stands for the module: moving the definition behind it
    // moves nothing a consumer names.
    if out.path.is_some() {
        out.module = None;
    }
    // Where a re-export is defined is nothing a consumer names; what it changes in
    // how the shape reads, the comparison has read already.
    out.defined_in = None;
    // Lifetimes as a caller reads them (see `elided`), an impl's unused ones left out.
    super::elided::read(&mut out);
    out.implementors = std::mem::take(&mut out.implementors)
        .into_iter()
        .map(|mut i| {
            super::reading::unused_lifetimes_left_out(&mut i);
            i
        })
        .collect();
    for m in out.methods.values_mut() {
        *m = canonical(m);
        block_bounds_on_the_block(m);
    }
    for c in out.consts.values_mut() {
        canonical_value(&mut c.value);
    }
    match &mut out.item {
        Some(ItemShape::Const(v) | ItemShape::Static(v)) => canonical_value(&mut v.value),
        Some(ItemShape::Enum(e)) => {
            let observable = e.discriminants_observable();
            // A written value in one spelling: its value, and none where it is the
            // implicit one (`Bold = 0` first, console 0.16).
            let values = super::variants::values(e);
            // The value an unwritten discriminant would have here; `None` after an
            // expression not evaluated.
            let mut implicit = Some(0);
            for (v, (base, value)) in e.variants.iter_mut().zip(values) {
                let evaluated = base.is_empty();
                if v.discriminant.is_some() && evaluated {
                    v.discriminant = (implicit != Some(value)).then(|| value.to_string());
                }
                implicit = evaluated.then_some(value + 1);
                if !observable {
                    v.discriminant = None;
                }
                if v.non_exhaustive && v.fields.is_empty() {
                    v.style = crate::shape::FieldStyle::Unit;
                }
            }
        }
        Some(ItemShape::Fn(f)) => *f = canonical(f),
        // A struct with a private field is built and matched exhaustively by no other
        // crate: `#[non_exhaustive]` changes nothing for them.
        Some(ItemShape::Struct(s)) if s.fields.iter().any(|f| !f.vis.is_public()) => {
            s.attrs.non_exhaustive = false;
        }
        // serde derives no union: its serde attributes reach no wire.
        // Every field of a union is at offset 0: their order is nothing to anyone.
        Some(ItemShape::Union(u)) => {
            u.fields.sort_by(|a, b| a.name.cmp(&b.name));
            u.attrs.serde = Default::default();
            for f in &mut u.fields {
                f.serde = Default::default();
            }
        }
        Some(ItemShape::Trait(t)) => {
            for m in t.methods.values_mut() {
                m.sig = canonical(&m.sig);
            }
        }
        _ => {}
    }
    without_vacuous_bounds(&mut out);
    out
}

/// A method's `where` predicate on a parameter of its `impl` block, moved onto that
/// parameter: `impl<P> R<P> { fn f() where P: Point }` bounds every call as `impl<P:
/// Point> R<P> { fn f() }` does (rstar 0.14's `Rectangle::from_corners`).
fn block_bounds_on_the_block(m: &mut FnShape) {
    merge_where_into(&mut m.generics.where_clause, &mut m.impl_generics.params);
}

/// A value in the spelling the comparison reads (`core::i32::MAX` as `i32::MAX`).
fn canonical_value(value: &mut crate::shape::Value) {
    for text in value.texts_mut() {
        *text = super::values::canonical_text(text);
    }
}

/// Drops bounds that ask nothing: where-clause predicates that bound nothing
/// (`where 'a:`, `where Vec<T>:`), and an explicit `Sized` on a type parameter, which
/// every type parameter has unless it says `?Sized`. They constrain no consumer, and
/// the generics rules compare bounds, so a difference in them alone is no change.
/// (Found by the `shape_pairs` fuzz target: the safety net fired on the first.)
fn without_vacuous_bounds(s: &mut Symbol) {
    fn generics(g: &mut Generics) {
        g.where_clause.retain(|w| match w {
            WherePredicate::Type { bounds, .. } => !bounds.is_empty(),
            WherePredicate::Lifetime { bounds, .. } => !bounds.is_empty(),
        });
        // A `where` predicate on a plain parameter is one set with its bounds, as the
        // extractor merges them (`<T> where T: Send` is `<T: Send>`).
        merge_where_into(&mut g.where_clause, &mut g.params);
        for param in &mut g.params {
            if let GenericParam::Type { bounds, .. } = param {
                bounds.retain(|b| !is_sized(b));
            }
        }
    }
    fn is_sized(b: &Bound) -> bool {
        matches!(b, Bound::Trait { hrtb, maybe: false, path }
            if hrtb.is_empty() && !path.global && matches!(path.segments.as_slice(),
                [one] if one.name == "Sized" && matches!(one.args, Args::None)))
    }
    fn signature(f: &mut FnShape) {
        generics(&mut f.generics);
        generics(&mut f.impl_generics);
    }
    s.methods.values_mut().for_each(signature);
    s.types.values_mut().for_each(|a| generics(&mut a.generics));
    match &mut s.item {
        Some(ItemShape::Struct(x)) => generics(&mut x.generics),
        Some(ItemShape::Enum(x)) => generics(&mut x.generics),
        Some(ItemShape::TypeAlias(x)) => generics(&mut x.generics),
        Some(ItemShape::Fn(f)) => signature(f),
        Some(ItemShape::Trait(t)) => {
            generics(&mut t.generics);
            t.methods.values_mut().for_each(|m| signature(&mut m.sig));
            t.types.values_mut().for_each(|a| generics(&mut a.generics));
        }
        Some(ItemShape::Union(u)) => generics(&mut u.generics),
        Some(
            ItemShape::Const(_)
            | ItemShape::Static(_)
            | ItemShape::MacroRules(_)
            | ItemShape::ProcMacro(_)
            | ItemShape::Feature(_)
            | ItemShape::Module(_)
            | ItemShape::Reexport(_),
        )
        | None => {}
    }
}

/// Each predicate of `where_clause` on a plain type parameter of `params` (no `for<…>`)
/// moved into that parameter's bounds.
fn merge_where_into(where_clause: &mut Vec<WherePredicate>, params: &mut [GenericParam]) {
    where_clause.retain(|w| {
        let WherePredicate::Type {
            hrtb,
            bounded,
            bounds,
        } = w
        else {
            return true;
        };
        if !hrtb.is_empty() {
            return true;
        }
        let bounded = bounded.to_string();
        let param = params.iter_mut().find_map(|p| match p {
            GenericParam::Type { name, bounds, .. } if *name == bounded => Some(bounds),
            _ => None,
        });
        let Some(param_bounds) = param else {
            return true;
        };
        for b in bounds.iter() {
            if !param_bounds.contains(b) {
                param_bounds.push(b.clone());
            }
        }
        crate::ty::sort_bounds(param_bounds);
        false
    });
}

/// True when no consumer can tell `old` from `new`: equal once reconciled (see
/// [`crate::probe::reconcile`]), `old` takes `new`'s generic parameter names and both
/// are [`normalized`].
pub fn equivalent(old: &Symbol, new: &Symbol) -> bool {
    // What no renaming or normalisation changes must agree first: most pairs that
    // rename matching tries (every removed against every added symbol) end here.
    if skeleton(old) != skeleton(new) {
        return false;
    }
    // A derive swapped for an impl of the trait, a fact observed on one side only:
    // see `probe::reconcile`.
    if let Some((old, new)) = crate::probe::reconcile(old, new) {
        return equivalent_reconciled(&old, &new);
    }
    equivalent_reconciled(old, new)
}

/// What equivalent symbols share, whatever their spelling: the kind, and how many
/// members of each sort they have. Not how many implementors: one impl can stand for
/// the types of several (`[T; N]` for `[T; 5]` and `[T; 6]`).
fn skeleton(s: &Symbol) -> (&'static str, [usize; 4]) {
    use crate::shape::ItemShape;
    let members = match &s.item {
        Some(ItemShape::Struct(x)) => x.fields.len(),
        Some(ItemShape::Union(x)) => x.fields.len(),
        Some(ItemShape::Enum(x)) => x.variants.len(),
        Some(ItemShape::Trait(x)) => x.methods.len() + x.types.len() + x.consts.len(),
        _ => 0,
    };
    (
        s.kind_name(),
        [members, s.methods.len(), s.consts.len(), s.types.len()],
    )
}

fn equivalent_reconciled(old: &Symbol, new: &Symbol) -> bool {
    if old.same_shape(new) {
        return true;
    }
    // Implementors that cover each other's types (renamed parameters, say) are one.
    let aligned;
    let old = if old.implementors != new.implementors
        && super::implementors::same_types(&old.implementors, &new.implementors)
    {
        aligned = Symbol {
            implementors: new.implementors.clone(),
            ..old.clone()
        };
        &aligned
    } else {
        old
    };
    if old.same_shape(new) {
        return true;
    }
    let renamed = renamed_to_match(old, new);
    let old = renamed.as_ref().unwrap_or(old);
    if old.same_shape(new) {
        return true;
    }
    let (mut old, mut new) = (normalized(old), normalized(new));
    // A return's lifetime as elision gives it, read in pairs (see `elided`).
    super::elided::sole_input_left_out(&mut old, &mut new);
    old.same_shape(&new)
}

/// `old` rewritten into `new`'s generic parameter names, wherever the two name
/// corresponding parameters differently: the item's own, each trait method's and
/// associated type's, each inherent method's (and its `impl` block's). `None` when
/// nothing is renamed.
pub fn renamed_to_match(old: &Symbol, new: &Symbol) -> Option<Symbol> {
    let mut out: Option<Symbol> = None;
    fn edit<'s>(out: &'s mut Option<Symbol>, old: &Symbol) -> &'s mut Symbol {
        out.get_or_insert_with(|| old.clone())
    }
    if let (Some(o), Some(n)) = (&old.item, &new.item) {
        if o.kind_name() == n.kind_name() {
            if let (Some(og), Some(ng)) = (o.generics(), n.generics()) {
                let r = Renaming::between(og, ng);
                if !r.is_empty() {
                    let edited = edit(&mut out, old);
                    if let Some(item) = &mut edited.item {
                        r.item(item);
                    }
                    // An inferred auto trait's condition names the parameters too.
                    for cond in edited.auto_traits.values_mut() {
                        if let crate::probed::AutoCond::When(reqs) = cond {
                            *reqs = std::mem::take(reqs)
                                .into_iter()
                                .map(|(p, t)| (r.types.get(&p).cloned().unwrap_or(p), t))
                                .collect();
                        }
                    }
                }
            }
        }
    }
    // Trait methods and associated types have generics of their own.
    let current = out.as_ref().unwrap_or(old).clone();
    if let (Some(ItemShape::Trait(o)), Some(ItemShape::Trait(n))) = (&current.item, &new.item) {
        for (name, om) in &o.methods {
            let Some(nm) = n.methods.get(name) else {
                continue;
            };
            let r = Renaming::between(&om.sig.generics, &nm.sig.generics);
            if !r.is_empty() {
                if let Some(ItemShape::Trait(t)) = &mut edit(&mut out, old).item {
                    if let Some(m) = t.methods.get_mut(name) {
                        r.signature(&mut m.sig);
                    }
                }
            }
        }
        for (name, oa) in &o.types {
            let Some(na) = n.types.get(name) else {
                continue;
            };
            let r = Renaming::between(&oa.generics, &na.generics);
            if !r.is_empty() {
                if let Some(ItemShape::Trait(t)) = &mut edit(&mut out, old).item {
                    if let Some(a) = t.types.get_mut(name) {
                        r.assoc_type(a);
                    }
                }
            }
        }
    }
    for (name, om) in &old.methods {
        let Some(nm) = new.methods.get(name) else {
            continue;
        };
        let mut both = Renaming::between(&om.impl_generics, &nm.impl_generics);
        let own = Renaming::between(&om.generics, &nm.generics);
        both.types.extend(own.types);
        both.lifetimes.extend(own.lifetimes);
        if !both.is_empty() {
            if let Some(m) = edit(&mut out, old).methods.get_mut(name) {
                both.signature(m);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn generics(params: &[(&str, bool)]) -> Generics {
        Generics {
            params: params
                .iter()
                .map(|(n, lifetime)| {
                    if *lifetime {
                        GenericParam::Lifetime {
                            name: n.to_string(),
                            bounds: vec![],
                        }
                    } else {
                        GenericParam::Type {
                            name: n.to_string(),
                            bounds: vec![],
                            default: None,
                        }
                    }
                })
                .collect(),
            where_clause: vec![],
        }
    }

    #[test]
    fn renames_types_lifetimes_and_const_expressions_simultaneously() {
        let r = Renaming::between(
            &generics(&[("'a", true), ("T", false), ("U", false)]),
            &generics(&[("'b", true), ("U", false), ("T", false)]),
        );
        let mut t = Type::parse("&'a HashMap<T, [U; T::N]>").unwrap();
        r.ty(&mut t);
        assert_eq!(t.to_string(), "&'b HashMap<U, [T; U::N]>");
        let mut b = Bound::parse("Into<T>").unwrap();
        r.bound(&mut b);
        assert_eq!(b.to_string(), "Into<U>");
    }

    #[test]
    fn a_predicate_that_bounds_nothing_is_no_change() {
        let mut with = Generics {
            params: vec![],
            where_clause: vec![
                WherePredicate::parse("'a:").unwrap(),
                WherePredicate::parse("Vec<T>:").unwrap(),
            ],
        };
        let sig = |generics: Generics| FnShape {
            generics,
            ..FnShape::bare()
        };
        let symbol = |generics: Generics| Symbol {
            item: Some(ItemShape::Fn(sig(generics.clone()))),
            methods: [("m".to_owned(), sig(generics))].into_iter().collect(),
            ..Symbol::default()
        };
        assert!(equivalent(
            &symbol(with.clone()),
            &symbol(Generics::default())
        ));
        with.where_clause
            .push(WherePredicate::parse("'a: 'b").unwrap());
        assert!(!equivalent(&symbol(with), &symbol(Generics::default())));
    }

    #[test]
    fn a_kind_change_ends_the_correspondence() {
        let mut g = generics(&[("T", false)]);
        g.params.insert(
            0,
            GenericParam::Const {
                name: "N".into(),
                ty: Type::named("usize"),
                default: None,
            },
        );
        let r = Renaming::between(&g, &generics(&[("X", false), ("Y", false)]));
        assert!(r.is_empty());
    }
}
