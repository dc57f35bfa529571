//! A trait argument written out at its default of `Self` is the default: std's operator
//! and comparison traits take `Rhs = Self` (`trait Add<Rhs = Self>`, `trait
//! PartialEq<Rhs: ?Sized = Self>`), so on a parameter `T`, `T: Add<T, Output = T>` and
//! `T: Add<Output = T>` are one bound (euclid 0.22.14's `Vector2D::angle_to`). Bounds are
//! written without such an argument before they are compared.

use crate::shape::{FnShape, GenericParam, Generics, ItemShape, Symbol, WherePredicate};
use crate::ty::{Args, Bound, GenericArg, Type};

/// std's traits whose first parameter defaults to `Self`, by the last segment of the
/// path a shape records (std's paths are collapsed to these names or `std::ops::…`).
const RHS_SELF: &[&str] = &[
    "Add",
    "Sub",
    "Mul",
    "Div",
    "Rem",
    "BitAnd",
    "BitOr",
    "BitXor",
    "Shl",
    "Shr",
    "AddAssign",
    "SubAssign",
    "MulAssign",
    "DivAssign",
    "RemAssign",
    "BitAndAssign",
    "BitOrAssign",
    "BitXorAssign",
    "ShlAssign",
    "ShrAssign",
    "PartialEq",
    "PartialOrd",
];

/// Whether `bound`'s trait is one of [`RHS_SELF`], bare or under std's `ops`/`cmp`.
fn rhs_self(path: &crate::ty::Path) -> bool {
    let names: Vec<&str> = path.segments.iter().map(|s| s.name.as_str()).collect();
    match names.as_slice() {
        [one] => RHS_SELF.contains(one),
        [root, module, last] => {
            matches!(*root, "std" | "core")
                && matches!(*module, "ops" | "cmp")
                && RHS_SELF.contains(last)
        }
        _ => false,
    }
}

/// `bounds` on `subject` with a first argument equal to `subject` left out of each
/// [`RHS_SELF`] trait; whether any was.
fn drop_self_args(subject: &Type, bounds: &mut [Bound]) -> bool {
    let mut changed = false;
    for b in bounds {
        let Bound::Trait { path, .. } = b else {
            continue;
        };
        if !rhs_self(path) {
            continue;
        }
        let Some(last) = path.segments.last_mut() else {
            continue;
        };
        let Args::Angle(args) = &mut last.args else {
            continue;
        };
        if matches!(args.first(), Some(GenericArg::Type(t)) if t == subject) {
            args.remove(0);
            if args.is_empty() {
                last.args = Args::None;
            }
            changed = true;
        }
    }
    changed
}

fn generics(g: &mut Generics) -> bool {
    let mut changed = false;
    for p in &mut g.params {
        if let GenericParam::Type { name, bounds, .. } = p {
            let subject = Type::Path(crate::ty::Path::plain(&[name.as_str()]));
            changed |= drop_self_args(&subject, bounds);
        }
    }
    for w in &mut g.where_clause {
        if let WherePredicate::Type {
            bounded, bounds, ..
        } = w
        {
            changed |= drop_self_args(bounded, bounds);
        }
    }
    changed
}

fn signature(f: &mut FnShape) -> bool {
    generics(&mut f.generics) | generics(&mut f.impl_generics)
}

/// `s` with every such argument left out; whether any was.
fn left_out(s: &mut Symbol) -> bool {
    let mut changed = false;
    for m in s.methods.values_mut() {
        changed |= signature(m);
    }
    for a in s.types.values_mut() {
        changed |= generics(&mut a.generics);
    }
    changed |= match &mut s.item {
        Some(ItemShape::Struct(x)) => generics(&mut x.generics),
        Some(ItemShape::Enum(x)) => generics(&mut x.generics),
        Some(ItemShape::Union(x)) => generics(&mut x.generics),
        Some(ItemShape::TypeAlias(x)) => generics(&mut x.generics),
        Some(ItemShape::Fn(f)) => signature(f),
        Some(ItemShape::Trait(t)) => {
            let mut c = generics(&mut t.generics);
            for m in t.methods.values_mut() {
                c |= signature(&mut m.sig);
            }
            for a in t.types.values_mut() {
                c |= generics(&mut a.generics);
            }
            c
        }
        _ => false,
    };
    changed
}

/// Whether `s` writes such an argument anywhere (read before anything is copied: most
/// shapes write none).
fn writes_one(s: &Symbol) -> bool {
    fn generics(g: &Generics) -> bool {
        let plain = |name: &str| Type::Path(crate::ty::Path::plain(&[name]));
        g.params.iter().any(|p| match p {
            GenericParam::Type { name, bounds, .. } => has_self_arg(&plain(name), bounds),
            _ => false,
        }) || g.where_clause.iter().any(|w| match w {
            WherePredicate::Type {
                bounded, bounds, ..
            } => has_self_arg(bounded, bounds),
            WherePredicate::Lifetime { .. } => false,
        })
    }
    let signature = |f: &FnShape| generics(&f.generics) || generics(&f.impl_generics);
    s.methods.values().any(signature)
        || s.types.values().any(|a| generics(&a.generics))
        || match &s.item {
            Some(ItemShape::Fn(f)) => signature(f),
            Some(ItemShape::Trait(t)) => {
                generics(&t.generics)
                    || t.methods.values().any(|m| signature(&m.sig))
                    || t.types.values().any(|a| generics(&a.generics))
            }
            Some(item) => item.generics().is_some_and(generics),
            None => false,
        }
}

/// Whether one of `bounds` on `subject` writes its `Self`-defaulted argument.
fn has_self_arg(subject: &Type, bounds: &[Bound]) -> bool {
    bounds.iter().any(|b| match b {
        Bound::Trait { path, .. } if rhs_self(path) => path.segments.last().is_some_and(|s| {
            matches!(&s.args, Args::Angle(args)
                if matches!(args.first(), Some(GenericArg::Type(t)) if t == subject))
        }),
        _ => false,
    })
}

/// `before` and `after` with a `Self`-defaulted argument written out left out of both;
/// `None` when neither writes one.
pub(super) fn self_defaults_left_out(before: &Symbol, after: &Symbol) -> Option<(Symbol, Symbol)> {
    if !writes_one(before) && !writes_one(after) {
        return None;
    }
    let (mut b, mut a) = (before.clone(), after.clone());
    let changed = left_out(&mut b) | left_out(&mut a);
    changed.then_some((b, a))
}
