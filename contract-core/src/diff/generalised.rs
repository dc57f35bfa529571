//! An inherent `impl` generalised over a parameter its type gained with a default.
//!
//! `struct GraphMap<N, E, Ty>` → `struct GraphMap<N, E, Ty, S = RandomState>` with
//! `impl<N, E, Ty> GraphMap<N, E, Ty>` → `impl<N, E, Ty, S: BuildHasher> GraphMap<N, E,
//! Ty, S>`: every consumer names `GraphMap<N, E, Ty>`, which is `GraphMap<N, E, Ty,
//! RandomState>`, and the new impl covers it. So the new methods are compared as they
//! are for the default: the parameter instantiated (`S` := `RandomState`), what it
//! bounds assumed to hold for the default (the type's author chose a default that fits
//! its own impls), and an argument equal to the default at the end of a path left out on
//! both sides (`Edges<N, E, Ty, RandomState>` is `Edges<N, E, Ty>` where `Edges` gained
//! the same defaulted parameter).
//!
//! A parameter gained without a default (raw-cpuid 11's `CpuId` → `CpuId<R:
//! CpuIdReader>`) breaks every use of the type, and the type's own delta says so; an
//! `impl` block taking it up (`impl<R: CpuIdReader> CpuId<R>`) is that same change, not
//! a parameter each method gained. It is left out of the new block, so each method
//! shows only what changed in it (a parameter now of type `R`).

use std::collections::BTreeMap;

use crate::shape::{
    FieldShape, FnShape, GenericParam, Generics, ItemShape, Receiver, Symbol, WherePredicate,
};
use crate::ty::{Args, GenericArg, Type};

/// `before` and `after` with the methods of a generalised `impl` read at the type's
/// new defaults, and a gained parameter without one left out of their blocks; `None`
/// when the type gained no parameter an `impl` took up.
pub fn gained_params(name: &str, before: &Symbol, after: &Symbol) -> Option<(Symbol, Symbol)> {
    let old = before.item.as_ref()?.generics()?;
    let new = after.item.as_ref()?.generics()?;
    let own_name = name.rsplit("::").next().unwrap_or(name);
    // Each type or const parameter gained, with its default if it has one: by place,
    // past the old ones (a parameter renamed is the same one). A const parameter's
    // default stands where the parameter is written as an argument (`KdTree<…,
    // ITEM_LEAF_MODE>` at `ITEM_LEAF_MODE_UNSORTED`, kiddo 6.3); one that is no such
    // argument (a literal, a block) is not followed.
    // A parameter inserted without a default before defaulted ones (stretto 0.9's
    // `AsyncCache<K, V, R, KH = …>`): the others keep their names, and the inserted
    // one is what was gained.
    let mut gained: BTreeMap<&str, Option<Type>> = BTreeMap::new();
    let (old_params, new_params): (Vec<&GenericParam>, Vec<&GenericParam>) = (
        old.params.iter().filter(|p| !p.is_lifetime()).collect(),
        new.params.iter().filter(|p| !p.is_lifetime()).collect(),
    );
    let names =
        |ps: &[&GenericParam]| -> Vec<String> { ps.iter().map(|p| p.name().to_owned()).collect() };
    let inserted: Option<Vec<&GenericParam>> =
        (!super::shared::generics::binds_by_place(&old_params, &new_params))
            .then(|| super::shared::generics::by_name(&names(&old_params), &names(&new_params)))
            .flatten()
            .map(|pairs| {
                pairs
                    .into_iter()
                    .filter_map(|pair| match pair {
                        (None, Some(j)) => Some(new_params[j]),
                        _ => None,
                    })
                    .collect()
            });
    let past_old: Vec<&GenericParam> = match inserted {
        Some(inserted) => inserted,
        None => new_params
            .iter()
            .skip(type_and_const_params(old))
            .copied()
            .collect(),
    };
    for p in past_old {
        match p {
            GenericParam::Type { name, default, .. } => {
                gained.insert(name, default.clone());
            }
            GenericParam::Const {
                name,
                default: None,
                ..
            } => {
                gained.insert(name, None);
            }
            GenericParam::Const {
                name,
                default: Some(d),
                ..
            } => {
                if let Ok(ty @ Type::Path(_)) = Type::parse(d) {
                    gained.insert(name, Some(ty));
                }
            }
            GenericParam::Lifetime { .. } => {}
        }
    }
    if gained.is_empty() {
        return None;
    }
    // A default that is another parameter (`T = C`, biquad 0.6's `DirectForm1<T>` →
    // `DirectForm1<C, T = C>`): the old parameters are the new ones by place, renamed
    // first, so the old `T` reads as the new `C` and the new `T` as its default.
    let names_param = |d: &Type| {
        d.as_path()
            .and_then(|p| p.as_ident())
            .is_some_and(|d| has_type_param(new, d))
    };
    let param_defaults = gained.values().flatten().any(names_param);
    let renamed = param_defaults
        .then(|| super::equiv::renamed_to_match(before, after))
        .flatten();
    let (mut b, mut a) = (renamed.unwrap_or_else(|| before.clone()), after.clone());
    let defaults: Vec<(&str, &Type)> = gained
        .iter()
        .filter_map(|(p, d)| Some((*p, d.as_ref()?)))
        .collect();
    let mut changed = match (&b.item, &mut a.item) {
        (Some(ItemShape::Struct(o)), Some(ItemShape::Struct(n))) => {
            fields_at_default(&o.fields, &mut n.fields, &defaults)
        }
        (Some(ItemShape::Union(o)), Some(ItemShape::Union(n))) => {
            fields_at_default(&o.fields, &mut n.fields, &defaults)
        }
        (Some(ItemShape::Enum(o)), Some(ItemShape::Enum(n))) => {
            let mut any = false;
            for v in &mut n.variants {
                if let Some(old) = o.variants.iter().find(|ov| ov.name == v.name) {
                    any |= fields_at_default(&old.fields, &mut v.fields, &defaults);
                }
            }
            any
        }
        // A trait's methods, as an old `Biquad<X>` reads them: at the defaults. Only
        // for defaults that are parameters: what an implementor writes is then the
        // old signature, renamed.
        (Some(ItemShape::Trait(o)), Some(ItemShape::Trait(n))) if param_defaults => {
            let mut any = false;
            for (method, new_method) in n.methods.iter_mut() {
                let Some(old_method) = o.methods.get(method) else {
                    continue;
                };
                let mut at = new_method.sig.clone();
                for (param, default) in &defaults {
                    types_mut(&mut at, &mut |t| {
                        if t.as_path().and_then(|p| p.as_ident()) == Some(*param) {
                            *t = (*default).clone();
                        }
                    });
                }
                if at != new_method.sig && at == old_method.sig {
                    new_method.sig = at;
                    any = true;
                }
            }
            any
        }
        _ => false,
    };
    // A method told from another block's by its block's self type (`build (impl
    // Builder<A, Serial>)`) names the block at the defaults: `Builder<A, Serial, M>`
    // with `M` defaulted is `Builder<A, Serial>` (kiddo 6.3's builders).
    let rekeyed: Vec<(String, String)> = a
        .methods
        .keys()
        .filter_map(|key| {
            let (base, block) = crate::shape::member_and_block(key)?;
            let mut ty = Type::parse(block).ok()?;
            for (param, default) in &defaults {
                at_default(&mut ty, param, default);
            }
            let at_default = crate::shape::qualified_member(base, &ty.to_string());
            (at_default != *key
                && b.methods.contains_key(&at_default)
                && !a.methods.contains_key(&at_default))
            .then(|| (key.clone(), at_default))
        })
        .collect();
    for (key, at_default) in rekeyed {
        if let Some(method) = a.methods.remove(&key) {
            a.methods.insert(at_default, method);
            changed = true;
        }
    }
    for (name, method) in a.methods.iter_mut() {
        let Some(old_method) = b.methods.get_mut(name) else {
            continue;
        };
        let taken: Vec<(&str, Option<&Type>)> = gained
            .iter()
            .filter(|(p, _)| {
                has_type_param(&method.impl_generics, p)
                    && type_and_const_params(&old_method.impl_generics)
                        < type_and_const_params(&method.impl_generics)
            })
            .map(|(p, d)| (*p, d.as_ref()))
            .collect();
        for (param, default) in taken {
            match default {
                Some(default) => {
                    instantiate(method, param, default);
                    // A default that is another parameter (`T = C`, biquad 0.6) is left
                    // out of the type's own paths only (`DirectForm1<C, C>` is
                    // `DirectForm1<C>`): `Coefficients<C>` stays as written.
                    let own = names_param(default).then_some(own_name);
                    strip_trailing(method, default, own);
                    strip_trailing(old_method, default, own);
                }
                None => left_out(method, param),
            }
            changed = true;
        }
    }
    changed.then_some((b, a))
}

/// Each field of `new` whose type, the gained parameters at their `defaults`, is its
/// old type, written as the old type: every type a consumer could name before is the
/// new one at its defaults, where the field is what it was (chumsky 0.13's
/// `RichReason<'a, T, C = String>` with `Custom(C)` for `Custom(String)`). Whether
/// any was.
fn fields_at_default(
    old: &[FieldShape],
    new: &mut [FieldShape],
    defaults: &[(&str, &Type)],
) -> bool {
    let mut changed = false;
    for field in new {
        let Some(before) = old.iter().find(|o| o.name == field.name) else {
            continue;
        };
        if before.ty == field.ty {
            continue;
        }
        let mut at_default = field.ty.clone();
        at_default.walk_mut(&mut |t| {
            let name = t.as_path().and_then(|p| p.as_ident()).map(str::to_owned);
            if let Some((_, d)) = defaults.iter().find(|(p, _)| Some(*p) == name.as_deref()) {
                *t = (*d).clone();
            }
        });
        if at_default == before.ty {
            field.ty = before.ty.clone();
            changed = true;
        }
    }
    changed
}

/// How many type and const parameters `g` has.
fn type_and_const_params(g: &Generics) -> usize {
    g.params
        .iter()
        .filter(|p| !matches!(p, GenericParam::Lifetime { .. }))
        .count()
}

fn has_type_param(g: &Generics, name: &str) -> bool {
    g.params.iter().any(|p| {
        matches!(p, GenericParam::Type { name: n, .. } | GenericParam::Const { name: n, .. }
            if n == name)
    })
}

/// Every type of a signature, mutably.
fn types_mut(f: &mut FnShape, visit: &mut dyn FnMut(&mut Type)) {
    fn generics(g: &mut Generics, visit: &mut dyn FnMut(&mut Type)) {
        for p in &mut g.params {
            match p {
                GenericParam::Type {
                    bounds, default, ..
                } => {
                    for b in bounds.iter_mut() {
                        b.walk_types_mut(&mut |t| visit(t));
                    }
                    if let Some(d) = default {
                        d.walk_mut(&mut |t| visit(t));
                    }
                }
                GenericParam::Const { ty, .. } => ty.walk_mut(&mut |t| visit(t)),
                GenericParam::Lifetime { .. } => {}
            }
        }
        for w in &mut g.where_clause {
            if let WherePredicate::Type {
                bounded, bounds, ..
            } = w
            {
                bounded.walk_mut(&mut |t| visit(t));
                for b in bounds.iter_mut() {
                    b.walk_types_mut(&mut |t| visit(t));
                }
            }
        }
    }
    generics(&mut f.generics, visit);
    generics(&mut f.impl_generics, visit);
    if let Some(Receiver::Typed(t)) = &mut f.receiver {
        t.walk_mut(&mut |t| visit(t));
    }
    for p in &mut f.params {
        p.ty.walk_mut(&mut |t| visit(t));
    }
    if let Some(o) = &mut f.output {
        o.walk_mut(&mut |t| visit(t));
    }
}

/// `param` := `default` throughout `f`; `param` and what bounds the default dropped,
/// unless the default is another of the block's parameters (`T = C`): what bounded
/// `T` then bounds `C`, which every caller chooses.
fn instantiate(f: &mut FnShape, param: &str, default: &Type) {
    let to_param = default
        .as_path()
        .and_then(|p| p.as_ident())
        .is_some_and(|d| d != param && has_type_param(&f.impl_generics, d));
    let own_bounds: Vec<crate::ty::Bound> = f
        .impl_generics
        .params
        .iter()
        .find_map(|p| match p {
            GenericParam::Type { name, bounds, .. } if name == param => Some(bounds.clone()),
            _ => None,
        })
        .unwrap_or_default();
    f.impl_generics.params.retain(|p| p.name() != param);
    if to_param && !own_bounds.is_empty() {
        f.impl_generics.where_clause.push(WherePredicate::Type {
            hrtb: Vec::new(),
            bounded: Type::Path(crate::ty::Path::plain(&[param])),
            bounds: own_bounds,
        });
    }
    let is_param = |t: &Type| t.as_path().and_then(|p| p.as_ident()) == Some(param);
    types_mut(f, &mut |t| {
        if is_param(t) {
            *t = default.clone();
        }
    });
    if to_param {
        return;
    }
    for g in [&mut f.impl_generics, &mut f.generics] {
        g.where_clause
            .retain(|w| !matches!(w, WherePredicate::Type { bounded, .. } if bounded == default));
    }
}

/// `param` left out of the block's generics, with the block's predicates on it: the
/// type's parameter, not the method's.
fn left_out(f: &mut FnShape, param: &str) {
    f.impl_generics.params.retain(|p| p.name() != param);
    let is_param = |t: &Type| t.as_path().and_then(|p| p.as_ident()) == Some(param);
    f.impl_generics
        .where_clause
        .retain(|w| !matches!(w, WherePredicate::Type { bounded, .. } if is_param(bounded)));
}

/// Leaves out a last path argument equal to `default` (the type's default there); of
/// paths to the type named `only` alone, when given.
fn strip_trailing(f: &mut FnShape, default: &Type, only: Option<&str>) {
    types_mut(f, &mut |t| {
        if let Type::Path(p) = t {
            if only.is_none_or(|name| p.last_name() == Some(name)) {
                strip_trailing_arg(p, default);
            }
        }
    });
}

/// `t` at `param`'s default: `param` := `default`, and a last path argument equal to
/// it left out (`Builder<A, Serial, M>` is `Builder<A, Serial>`).
fn at_default(t: &mut Type, param: &str, default: &Type) {
    t.walk_mut(&mut |n| {
        if n.as_path().and_then(|p| p.as_ident()) == Some(param) {
            *n = default.clone();
        }
    });
    t.walk_mut(&mut |n| {
        if let Type::Path(p) = n {
            strip_trailing_arg(p, default);
        }
    });
}

/// `p` without a last argument equal to `default`.
fn strip_trailing_arg(p: &mut crate::ty::Path, default: &Type) {
    if let Some(last) = p.segments.last_mut() {
        if let Args::Angle(args) = &mut last.args {
            if matches!(args.last(), Some(GenericArg::Type(d)) if d == default) {
                args.pop();
                if args.is_empty() {
                    last.args = Args::None;
                }
            }
        }
    }
}
