//! Every type a shape holds, at its root: a field's, a parameter's, an alias's
//! target, a bound's trait path (read as a path type). What reads types as rustc does
//! ([`super::reading`]) walks them here.

use crate::shape::{FnShape, GenericParam, Generics, ItemShape, Receiver, Symbol, WherePredicate};
use crate::ty::{Bound, Type};

/// Calls back on each type a shape holds at its root (a field's, a parameter's, an
/// alias's target) and on each bound.
pub(super) struct Roots<'f>(pub(super) &'f mut dyn FnMut(&mut Type));

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
pub(super) fn symbol_types(s: &mut Symbol, roots: &mut Roots<'_>) {
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
