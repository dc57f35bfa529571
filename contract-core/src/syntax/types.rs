//! `syn` types, paths, bounds and generics to the typed tree ([`crate::ty`]), one
//! form per meaning: whatever the source's spacing, turbofish or parentheses; paths
//! resolved through the module's imports ([`Scope`]); `core::`/`alloc::` read as
//! `std::` (std re-exports both); prelude paths collapsed (`std::vec::Vec<T>` is
//! `Vec<T>`); bounds sorted.

use std::collections::BTreeSet;

use syn::{GenericArgument, PathArguments, ReturnType, TypeParamBound, WherePredicate};

use super::scope::Scope;
use super::tokens;
use crate::shape::{GenericParam, Generics, WherePredicate as Predicate};
use crate::ty::{sort_bounds, Args, Bound, FnPtr, GenericArg, Path, Segment, Type};

/// What extraction knows while it reads an item: the module's imports, the generic
/// parameters in scope (they shadow imports), and the names it had to keep as written.
#[derive(Debug)]
pub struct Cx<'s> {
    scope: &'s Scope,
    params: Vec<String>,
    /// What `Self` stands for, where it is a type of its own: the impl's self type
    /// in an inherent `impl`, the item with its parameters in a struct, enum or
    /// union. `None` in a trait, where `Self` is the implementor.
    self_ty: Option<Type>,
    /// Names a glob import may supply, compared as written.
    pub unresolved: BTreeSet<String>,
    /// The first type or bound met in a form the model cannot write so that it reads
    /// back (see [`Cx::unreadable`]).
    unreadable: Option<syn::Error>,
    /// How many [`ty`] calls are open, and the most that were since the outermost
    /// began.
    depth: usize,
    deepest: usize,
}

impl<'s> Cx<'s> {
    /// A context over `scope`, with no generic parameters yet.
    pub fn new(scope: &'s Scope) -> Cx<'s> {
        Cx {
            scope,
            params: Vec::new(),
            self_ty: None,
            unresolved: BTreeSet::new(),
            unreadable: None,
            depth: 0,
            deepest: 0,
        }
    }

    /// The error for the first type form met that a golden could not read back, if
    /// any. syn reads a few forms that are no stable Rust (`dyn* Trait`, `builtin #
    /// name(…)`, a bare fn's `mut self`); kept as written, their text would not read
    /// back, so a golden holding them could never be read again. (Found by the
    /// `extract_item` fuzz target.)
    pub fn unreadable(&mut self) -> syn::Result<()> {
        self.unreadable.take().map_or(Ok(()), Err)
    }

    /// `node` kept as written, noting it when that text would not read back as it.
    fn verbatim<T, N>(&mut self, node: &N, make: fn(String) -> T, read: fn(&str) -> Option<T>) -> T
    where
        T: PartialEq,
        N: quote::ToTokens + syn::spanned::Spanned,
    {
        let text = tokens::to_string(node);
        let value = make(text.clone());
        if self.unreadable.is_none() && read(&text).as_ref() != Some(&value) {
            self.unreadable = Some(syn::Error::new(
                node.span(),
                format!(
                    "`{text}` cannot be pinned: it is no type form of stable Rust, and a golden \
                     could not read it back"
                ),
            ));
        }
        value
    }

    /// Brings `g`'s type and const parameters into scope; returns the mark to
    /// [`Cx::leave`] with.
    pub fn enter(&mut self, g: &syn::Generics) -> usize {
        let mark = self.params.len();
        for p in &g.params {
            match p {
                syn::GenericParam::Type(t) => self.params.push(t.ident.to_string()),
                syn::GenericParam::Const(c) => self.params.push(c.ident.to_string()),
                syn::GenericParam::Lifetime(_) => {}
            }
        }
        mark
    }

    /// Takes the parameters entered since `mark` out of scope.
    pub fn leave(&mut self, mark: usize) {
        self.params.truncate(mark);
    }

    /// Reads `Self` as `self_ty` from now on (`None`: as written); returns what it
    /// was read as before.
    pub fn set_self_ty(&mut self, self_ty: Option<Type>) -> Option<Type> {
        std::mem::replace(&mut self.self_ty, self_ty)
    }
}

/// Types nested deeper than this are written out and read back once: the golden's
/// reader refuses nesting beyond [`crate::ty::MAX_DEPTH`].
const READ_BACK_DEPTH: usize = crate::ty::MAX_DEPTH / 2;

/// A type.
pub fn ty(cx: &mut Cx<'_>, t: &syn::Type) -> Type {
    cx.depth += 1;
    cx.deepest = cx.deepest.max(cx.depth);
    let value = ty_of(cx, t);
    cx.depth -= 1;
    if cx.depth == 0 {
        // A type the reader refuses could be registered, but no golden holding it
        // could be read again (the command's scan reads sources on a deep stack; it
        // once wrote such a golden).
        if cx.deepest > READ_BACK_DEPTH
            && cx.unreadable.is_none()
            && Type::parse(&value.to_string()).is_err()
        {
            cx.unreadable = Some(syn::Error::new(
                syn::spanned::Spanned::span(t),
                format!(
                    "this type is nested more than {} levels deep: a golden could not read \
                     it back, so it cannot be pinned",
                    crate::ty::MAX_DEPTH
                ),
            ));
        }
        cx.deepest = 0;
    }
    value
}

fn ty_of(cx: &mut Cx<'_>, t: &syn::Type) -> Type {
    match t {
        syn::Type::Array(a) => Type::Array {
            elem: Box::new(ty(cx, &a.elem)),
            len: tokens::to_string(&a.len),
        },
        syn::Type::FnPtr(f) => {
            let hrtb = f
                .lifetimes
                .iter()
                .flat_map(|l| l.lifetimes.iter())
                .map(tokens::to_string)
                .collect();
            Type::FnPtr(Box::new(FnPtr {
                hrtb,
                unsafety: f.unsafety.is_some(),
                abi: f.abi.as_ref().and_then(abi),
                inputs: f.inputs.iter().map(|a| ty(cx, &a.ty)).collect(),
                variadic: f.variadic.is_some(),
                output: return_type(cx, &f.output),
            }))
        }
        syn::Type::Group(g) => ty(cx, &g.elem),
        syn::Type::Paren(p) => ty(cx, &p.elem),
        syn::Type::ImplTrait(i) => Type::Impl(bounds(cx, &i.bounds)),
        syn::Type::TraitObject(o) => Type::Dyn(bounds(cx, &o.bounds)),
        syn::Type::Infer(_) => Type::Infer,
        syn::Type::Never(_) => Type::Never,
        syn::Type::Path(p) => match &p.qself {
            Some(qself) => {
                // `<T as Trait>::Assoc`: the trait is the first `position` segments.
                let segments: Vec<&syn::PathSegment> = p.path.segments.iter().collect();
                let (trait_part, rest) = segments.split_at(qself.position.min(segments.len()));
                let trait_path = (!trait_part.is_empty()).then(|| {
                    let mut trait_path = Path {
                        global: p.path.leading_colon.is_some(),
                        segments: trait_part.iter().map(|s| segment(cx, s)).collect(),
                    };
                    normalize(cx, &mut trait_path);
                    trait_path
                });
                let self_ty = ty(cx, &qself.ty);
                let rest = rest.iter().map(|s| segment(cx, s)).collect();
                // `<U as TryFrom<T>>::Error` is `<T as TryInto<U>>::Error`, as bounds
                // are written in their `Into` form (see `conversions_as_into`).
                match trait_path.as_ref().and_then(conversion) {
                    Some((from, into)) => Type::Qualified {
                        self_ty: Box::new(from.clone()),
                        trait_path: Some(Path {
                            global: false,
                            segments: vec![Segment {
                                name: into.to_owned(),
                                args: Args::Angle(vec![GenericArg::Type(self_ty)]),
                            }],
                        }),
                        rest,
                    },
                    None => Type::Qualified {
                        self_ty: Box::new(self_ty),
                        trait_path,
                        rest,
                    },
                }
            }
            // `Self` is the self type, with its arguments: `-> Self` and
            // `-> Wrapper<T>` in `impl<T> Wrapper<T>` are one signature to callers.
            None if p.path.is_ident("Self") && cx.self_ty.is_some() => {
                cx.self_ty.clone().expect("checked above")
            }
            None => Type::Path(path(cx, &p.path)),
        },
        syn::Type::Ptr(p) => Type::Ptr {
            mutable: matches!(p.mutability, syn::PointerMutability::Mut(_)),
            elem: Box::new(ty(cx, &p.elem)),
        },
        syn::Type::Reference(r) => Type::Ref {
            lifetime: r.lifetime.as_ref().map(tokens::to_string),
            mutable: r.mutability.is_some(),
            elem: Box::new(ty(cx, &r.elem)),
        },
        syn::Type::Slice(s) => Type::Slice(Box::new(ty(cx, &s.elem))),
        syn::Type::Tuple(t) => Type::Tuple(t.elems.iter().map(|e| ty(cx, e)).collect()),
        other => cx.verbatim(other, Type::Verbatim, |t| Type::parse(t).ok()),
    }
}

/// The type a struct, enum or union named `name` with `generics` is inside its own
/// definition: `Self` there.
pub fn self_type(name: &syn::Ident, generics: &syn::Generics) -> Type {
    let args: Vec<GenericArg> = generics
        .params
        .iter()
        .map(|p| match p {
            syn::GenericParam::Lifetime(l) => GenericArg::Lifetime(tokens::to_string(&l.lifetime)),
            syn::GenericParam::Type(t) => GenericArg::Type(Type::named(&t.ident.to_string())),
            syn::GenericParam::Const(c) => GenericArg::Type(Type::named(&c.ident.to_string())),
        })
        .collect();
    Type::Path(Path {
        global: false,
        segments: vec![Segment {
            name: name.to_string(),
            args: if args.is_empty() {
                Args::None
            } else {
                Args::Angle(lifetimes_first(args))
            },
        }],
    })
}

/// An ABI name: `extern "C"` is `C`, a bare `extern` is `C` too, `extern "Rust"` is
/// Rust's own (`None`).
pub fn abi(a: &syn::Abi) -> Option<String> {
    match &a.name {
        Some(name) if name.value() == "Rust" => None,
        Some(name) => Some(name.value()),
        None => Some("C".to_owned()),
    }
}

/// A path, resolved and normalised.
pub fn path(cx: &mut Cx<'_>, p: &syn::Path) -> Path {
    let mut out = Path {
        global: p.leading_colon.is_some(),
        segments: p.segments.iter().map(|s| segment(cx, s)).collect(),
    };
    // A primitive type's name is the primitive even where `use core::usize;` (a
    // deprecated module of the same name) is in scope: rustc reads a one-segment
    // path that resolves to a module as the primitive type. Only a path written to
    // the module (`core::usize::MAX`) reaches the module.
    let primitive = p.leading_colon.is_none()
        && p.segments.len() == 1
        && p.segments[0].arguments.is_none()
        && crate::ty::PRIMITIVES.contains(&p.segments[0].ident.to_string().as_str());
    if primitive {
        let mut resolved = out.clone();
        cx.scope
            .resolve(&mut resolved, &cx.params, &mut BTreeSet::new());
        normalize(cx, &mut resolved);
        let names: Vec<&str> = resolved.segments.iter().map(|s| s.name.as_str()).collect();
        let to_primitive_module =
            matches!(names.as_slice(), ["std", m] if *m == out.segments[0].name);
        if to_primitive_module || names == [out.segments[0].name.as_str()] {
            return out;
        }
        return resolved;
    }
    cx.scope.resolve(&mut out, &cx.params, &mut cx.unresolved);
    normalize(cx, &mut out);
    out
}

/// `core::`/`alloc::` as `std::`, prelude and primitive paths collapsed.
fn normalize(_cx: &Cx<'_>, p: &mut Path) {
    // `crate::alloc::vec::Vec` names std's `Vec` through the root's `extern crate
    // alloc;`. `crate::alloc::Box` does not: std has no item at its root, so that
    // `alloc` is the crate's own shim module (erased-serde 0.3's `mod alloc { pub use
    // self::alloc::boxed::Box; }`), read through the crate's names; nor does
    // `crate::core::observers::Observers`, a module of the crate named `core` (argmin
    // 0.10), std having no module `observers`.
    if !p.global
        && p.segments.len() > 3
        && p.segments[0].name == "crate"
        && p.segments[0].args == Args::None
        && matches!(p.segments[1].name.as_str(), "std" | "core" | "alloc")
        && crate::std_traits::is_std_module(&p.segments[2].name)
    {
        p.segments.remove(0);
    }
    crate::ty::normalize_std(p);
}

fn segment(cx: &mut Cx<'_>, s: &syn::PathSegment) -> Segment {
    let args = match &s.arguments {
        PathArguments::None => Args::None,
        PathArguments::AngleBracketed(a) => Args::Angle(lifetimes_first(
            a.args.iter().map(|g| generic_arg(cx, g)).collect(),
        )),
        PathArguments::Parenthesized(p) => Args::Paren {
            inputs: p.inputs.iter().map(|t| ty(cx, &t.ty)).collect(),
            output: return_type(cx, &p.output).map(Box::new),
        },
    };
    Segment {
        name: s.ident.to_string(),
        args,
    }
}

/// Lifetime arguments first, the others in their order: Rust requires it, and syn
/// prints them so, so `Box<T, 'a>` (which syn reads and rustc refuses) is one shape
/// however it was formatted. (Found by the `extract_item` fuzz target.)
fn lifetimes_first(mut args: Vec<GenericArg>) -> Vec<GenericArg> {
    args.sort_by_key(|a| !matches!(a, GenericArg::Lifetime(_)));
    args
}

fn generic_arg(cx: &mut Cx<'_>, arg: &GenericArgument) -> GenericArg {
    match arg {
        GenericArgument::Lifetime(l) => GenericArg::Lifetime(tokens::to_string(l)),
        GenericArgument::Type(t) => GenericArg::Type(ty(cx, t)),
        GenericArgument::Const(c) => GenericArg::Const(tokens::to_string(c)),
        GenericArgument::AssocType(a) => GenericArg::AssocType {
            name: a.ident.to_string(),
            generics: lifetimes_first(
                a.generics
                    .iter()
                    .flat_map(|g| g.args.iter())
                    .map(|g| generic_arg(cx, g))
                    .collect(),
            ),
            ty: ty(cx, &a.ty),
        },
        GenericArgument::AssocConst(a) => GenericArg::AssocConst {
            name: a.ident.to_string(),
            value: tokens::to_string(&a.value),
        },
        GenericArgument::Constraint(c) => GenericArg::Constraint {
            name: c.ident.to_string(),
            bounds: bounds(cx, &c.bounds),
        },
        other => GenericArg::Type(cx.verbatim(other, Type::Verbatim, |t| Type::parse(t).ok())),
    }
}

/// A bound.
pub fn bound(cx: &mut Cx<'_>, b: &TypeParamBound) -> Bound {
    match b {
        TypeParamBound::Trait(t) => {
            let path = path(cx, &t.path);
            // A binder's lifetime the bound does not name binds nothing (typed-path
            // 0.12's `T: for<'enc> Encoding` is 0.13's `T: Encoding`).
            let text = path.to_string();
            let hrtb = t
                .lifetimes
                .iter()
                .flat_map(|l| l.lifetimes.iter())
                .map(tokens::to_string)
                .filter(|l| crate::ty::names_lifetime(&text, l))
                .collect();
            Bound::Trait {
                hrtb,
                maybe: t.maybe.is_some(),
                path,
            }
        }
        TypeParamBound::Lifetime(l) => Bound::Lifetime(tokens::to_string(l)),
        TypeParamBound::PreciseCapture(p) => Bound::Use(
            p.params
                .iter()
                .map(|c| match c {
                    syn::CapturedParam::Lifetime(l) => tokens::to_string(l),
                    syn::CapturedParam::Ident(i) => i.to_string(),
                    other => tokens::to_string(other),
                })
                .collect(),
        ),
        other => cx.verbatim(other, Bound::Verbatim, |b| Bound::parse(b).ok()),
    }
}

/// Bounds, sorted (`T: Send + Clone` and `T: Clone + Send` agree).
pub fn bounds<'a>(
    cx: &mut Cx<'_>,
    list: impl IntoIterator<Item = &'a TypeParamBound>,
) -> Vec<Bound> {
    let mut out: Vec<Bound> = list.into_iter().map(|b| bound(cx, b)).collect();
    sort_bounds(&mut out);
    out
}

/// The return type, or `None` for `()` (written or not).
pub fn return_type(cx: &mut Cx<'_>, output: &ReturnType) -> Option<Type> {
    match output {
        ReturnType::Default => None,
        ReturnType::Type(_, t) => {
            let t = ty(cx, t);
            (t != Type::unit()).then_some(t)
        }
    }
}

/// Generics, normalised: a bound on a plain parameter is recorded on the parameter
/// whether it was written inline (`<T: Send>`) or in a where clause (`where T: Send`),
/// because the two mean the same to every caller. The caller has already
/// [entered](Cx::enter) the parameters.
pub fn generics(cx: &mut Cx<'_>, g: &syn::Generics) -> Generics {
    let mut params: Vec<GenericParam> = g
        .params
        .iter()
        .map(|param| match param {
            syn::GenericParam::Lifetime(l) => GenericParam::Lifetime {
                name: tokens::to_string(&l.lifetime),
                bounds: sorted(l.bounds.iter().map(tokens::to_string)),
            },
            syn::GenericParam::Type(t) => GenericParam::Type {
                name: t.ident.to_string(),
                bounds: bounds(cx, &t.bounds),
                default: t.default.as_ref().map(|(_, d)| ty(cx, d)),
            },
            syn::GenericParam::Const(c) => GenericParam::Const {
                name: c.ident.to_string(),
                ty: ty(cx, &c.ty),
                default: c.default.as_ref().map(|(_, d)| tokens::to_string(d)),
            },
        })
        .collect();
    // Lifetime parameters first, as for arguments (see `lifetimes_first`).
    params.sort_by_key(|p| !p.is_lifetime());
    let mut where_clause: Vec<Predicate> = Vec::new();
    for predicate in g.where_clause.iter().flat_map(|w| w.predicates.iter()) {
        match predicate {
            WherePredicate::Type(p) => {
                let bounded = ty(cx, &p.bounded_ty);
                let new_bounds = bounds(cx, &p.bounds);
                let text = std::iter::once(bounded.to_string())
                    .chain(new_bounds.iter().map(ToString::to_string))
                    .collect::<Vec<_>>()
                    .join(" ");
                let hrtb: Vec<String> = p
                    .lifetimes
                    .iter()
                    .flat_map(|l| l.lifetimes.iter())
                    .map(tokens::to_string)
                    .filter(|l| crate::ty::names_lifetime(&text, l))
                    .collect();
                match (type_param_bounds(&mut params, &bounded), hrtb.is_empty()) {
                    (Some(bounds), true) => {
                        bounds.extend(new_bounds);
                        sort_bounds(bounds);
                    }
                    _ => where_clause.push(Predicate::Type {
                        hrtb,
                        bounded,
                        bounds: new_bounds,
                    }),
                }
            }
            WherePredicate::Lifetime(p) => {
                let name = tokens::to_string(&p.lifetime);
                let outlives: Vec<String> = p.bounds.iter().map(tokens::to_string).collect();
                let param = params
                    .iter_mut()
                    .find(|q| matches!(q, GenericParam::Lifetime { name: n, .. } if *n == name));
                match param {
                    Some(GenericParam::Lifetime { bounds, .. }) => {
                        bounds.extend(outlives);
                        bounds.sort();
                        bounds.dedup();
                    }
                    _ => where_clause.push(Predicate::Lifetime {
                        lifetime: name,
                        bounds: sorted(outlives),
                    }),
                }
            }
            other => where_clause.push(Predicate::Type {
                hrtb: Vec::new(),
                bounded: cx.verbatim(other, Type::Verbatim, |t| Type::parse(t).ok()),
                bounds: Vec::new(),
            }),
        }
    }
    conversions_as_into(&mut params, &mut where_clause);
    // `where A: X, A: Y` is `where A: X + Y`.
    let mut merged: Vec<Predicate> = Vec::with_capacity(where_clause.len());
    for w in where_clause {
        let same = merged.iter_mut().find(|m| match (&**m, &w) {
            (
                Predicate::Type { hrtb, bounded, .. },
                Predicate::Type {
                    hrtb: h,
                    bounded: b,
                    ..
                },
            ) => hrtb == h && bounded == b,
            (Predicate::Lifetime { lifetime, .. }, Predicate::Lifetime { lifetime: l, .. }) => {
                lifetime == l
            }
            _ => false,
        });
        match (same, w) {
            (Some(Predicate::Type { bounds, .. }), Predicate::Type { bounds: more, .. }) => {
                bounds.extend(more);
                sort_bounds(bounds);
            }
            (
                Some(Predicate::Lifetime { bounds, .. }),
                Predicate::Lifetime { bounds: more, .. },
            ) => {
                bounds.extend(more);
                bounds.sort();
                bounds.dedup();
            }
            (_, w) => merged.push(w),
        }
    }
    let mut where_clause = merged;
    where_clause.sort_by_key(ToString::to_string);
    where_clause.dedup();
    Generics {
        params,
        where_clause,
    }
}

/// `A: From<B>` and `A: TryFrom<B>` written as `B: Into<A>` and `B: TryInto<A>`: std's
/// blanket impls make every `From` an `Into` (and every `TryFrom` a `TryInto`), so
/// `U: TryFrom<T>` and `T: TryInto<U>` accept the same callers (an `Into` with no
/// `From` behind it is not a thing crates write). One form is recorded, the `Into`
/// one, which bounds the parameter callers choose.
fn conversions_as_into(params: &mut [GenericParam], where_clause: &mut Vec<Predicate>) {
    let mut moved: Vec<(Type, Bound)> = Vec::new();
    let mut take = |bounded: &Type, bounds: &mut Vec<Bound>| {
        bounds.retain(|b| match as_into(bounded, b) {
            Some((from, into)) => {
                moved.push((from, into));
                false
            }
            None => true,
        });
    };
    for p in params.iter_mut() {
        if let GenericParam::Type { name, bounds, .. } = p {
            take(&Type::named(name), bounds);
        }
    }
    for w in where_clause.iter_mut() {
        if let Predicate::Type {
            hrtb,
            bounded,
            bounds,
        } = w
        {
            // `where Self: From<u8>` on a trait is a supertrait: kept as written.
            let is_self = bounded.as_path().and_then(|p| p.as_ident()) == Some("Self");
            if hrtb.is_empty() && !is_self {
                take(bounded, bounds);
            }
        }
    }
    if moved.is_empty() {
        return;
    }
    where_clause.retain(|w| !matches!(w, Predicate::Type { bounds, .. } if bounds.is_empty()));
    for (bounded, bound) in moved {
        if let Some(bounds) = type_param_bounds(params, &bounded) {
            bounds.push(bound);
            sort_bounds(bounds);
            continue;
        }
        let existing = where_clause.iter_mut().find(|w| {
            matches!(w, Predicate::Type { hrtb, bounded: b, .. } if hrtb.is_empty() && *b == bounded)
        });
        match existing {
            Some(Predicate::Type { bounds, .. }) => {
                bounds.push(bound);
                sort_bounds(bounds);
            }
            _ => where_clause.push(Predicate::Type {
                hrtb: Vec::new(),
                bounded,
                bounds: vec![bound],
            }),
        }
    }
}

/// The bounds of the type parameter `ty` names, when it names one of `params`.
fn type_param_bounds<'p>(params: &'p mut [GenericParam], ty: &Type) -> Option<&'p mut Vec<Bound>> {
    let name = ty.as_path()?.as_ident()?;
    params.iter_mut().find_map(|q| match q {
        GenericParam::Type {
            name: n, bounds, ..
        } if n == name => Some(bounds),
        _ => None,
    })
}

/// `From<B>` / `TryFrom<B>` bounding `a`: `B` and the bound `Into<a>` / `TryInto<a>`.
fn as_into(a: &Type, bound: &Bound) -> Option<(Type, Bound)> {
    let Bound::Trait {
        hrtb,
        maybe: false,
        path,
    } = bound
    else {
        return None;
    };
    let (from, into) = conversion(path)?;
    if !hrtb.is_empty() {
        return None;
    }
    Some((
        from.clone(),
        Bound::Trait {
            hrtb: Vec::new(),
            maybe: false,
            path: Path {
                global: false,
                segments: vec![Segment {
                    name: into.to_owned(),
                    args: Args::Angle(vec![GenericArg::Type(a.clone())]),
                }],
            },
        },
    ))
}

/// `From<B>` → (`B`, `Into`), `TryFrom<B>` → (`B`, `TryInto`).
fn conversion(path: &Path) -> Option<(&Type, &'static str)> {
    let [segment] = path.segments.as_slice() else {
        return None;
    };
    if path.global {
        return None;
    }
    let into = match segment.name.as_str() {
        "From" => "Into",
        "TryFrom" => "TryInto",
        _ => return None,
    };
    match &segment.args {
        Args::Angle(args) => match args.as_slice() {
            [GenericArg::Type(from)] => Some((from, into)),
            _ => None,
        },
        _ => None,
    }
}

fn sorted(items: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = items.into_iter().collect();
    v.sort();
    v.dedup();
    v
}

/// The canonical text of a type as the extractor records it with nothing imported
/// (for tests and tools).
pub fn type_string(t: &syn::Type) -> String {
    let scope = Scope::default();
    ty(&mut Cx::new(&scope), t).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty_of(src: &str) -> String {
        type_string(&syn::parse_str::<syn::Type>(src).unwrap())
    }

    #[test]
    fn prelude_paths_collapse_and_spacing_never_matters() {
        assert_eq!(ty_of("std::vec::Vec<String>"), "Vec<String>");
        assert_eq!(
            ty_of("::alloc::vec::Vec < ::std::string::String >"),
            "Vec<String>"
        );
        assert_eq!(
            ty_of("core::option::Option<std::primitive::u8>"),
            "Option<u8>"
        );
        assert_eq!(
            ty_of("std::collections::HashMap<K,V>"),
            "std::collections::HashMap<K, V>"
        );
        assert_eq!(ty_of("core::fmt::Debug"), ty_of("std::fmt::Debug"));
        assert_eq!(
            ty_of("crate::alloc::vec::Vec<u8>"),
            "Vec<u8>",
            "through the root's `extern crate alloc;`"
        );
        assert_eq!(
            ty_of("crate::alloc_like::Vec<u8>"),
            "crate::alloc_like::Vec<u8>"
        );
        assert_eq!(
            ty_of("crate::core::observers::Observers<I>"),
            "crate::core::observers::Observers<I>",
            "a module of the crate named `core`: std has no module `observers`"
        );
        assert_eq!(ty_of("crate::core::time::Duration"), "std::time::Duration");
        assert_eq!(ty_of("Vec::<u8>"), "Vec<u8>", "a turbofish is a spelling");
    }

    #[test]
    fn every_type_form_prints_canonically_and_reads_back() {
        for (src, printed) in [
            ("& 'a mut [ u8 ; 4 ]", "&'a mut [u8; 4]"),
            ("( u8 , )", "(u8,)"),
            ("()", "()"),
            (
                "Box<dyn Sync + std::marker::Send + 'static>",
                "Box<dyn 'static + Send + Sync>",
            ),
            (
                "impl Iterator<Item=u8>+Send",
                "impl Iterator<Item = u8> + Send",
            ),
            (
                "for<'a> unsafe extern \"C\" fn(&'a u8)->u8",
                "for<'a> unsafe extern \"C\" fn(&'a u8) -> u8",
            ),
            ("extern \"Rust\" fn()", "fn()"),
            ("extern fn()", "extern \"C\" fn()"),
            ("<T as Trait>::Out", "<T as Trait>::Out"),
            ("*const T", "*const T"),
            ("Box<dyn Fn(u8)->bool>", "Box<dyn Fn(u8) -> bool>"),
            ("Box<dyn Fn(u8) -> ()>", "Box<dyn Fn(u8)>"),
            ("!", "!"),
            ("(u8)", "u8"),
            ("Foo<3, { N + 1 }, -1>", "Foo<3, { N + 1 }, -1>"),
            (
                "impl Future<Output = u8> + use<'a, T>",
                "impl Future<Output = u8> + use<'a, T>",
            ),
        ] {
            assert_eq!(ty_of(src), printed, "{src}");
            let extracted = {
                let scope = Scope::default();
                ty(
                    &mut Cx::new(&scope),
                    &syn::parse_str::<syn::Type>(src).unwrap(),
                )
            };
            assert_eq!(Type::parse(printed).unwrap(), extracted, "{src} reads back");
        }
    }

    #[test]
    fn where_clause_bounds_merge_into_their_parameter() {
        let scope = Scope::default();
        let g = |src: &str| {
            let f: syn::ItemFn = syn::parse_str(src).unwrap();
            let mut cx = Cx::new(&scope);
            cx.enter(&f.sig.generics);
            generics(&mut cx, &f.sig.generics)
        };
        assert_eq!(
            g("fn f<T: Send + Clone>(t: T) {}"),
            g("fn f<T>(t: T) where T: Clone, T: Send {}")
        );
        assert_eq!(
            g("fn f<T>(t: T) where Vec<T>: Clone {}")
                .where_clause
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            vec!["Vec<T>: Clone"]
        );
    }
}
