//! The type normaliser: one spelling per type, whatever the source's spacing, and
//! prelude paths collapsed (`std::vec::Vec<T>`, `alloc::vec::Vec<T>` and `Vec<T>` are
//! all `Vec<T>`).

use syn::{GenericArgument, PathArguments, ReturnType, Type, TypeParamBound, WherePredicate};

use super::tokens;
use crate::shape::{GenericParam, GenericParamKind, Generics};

/// Paths that name a prelude item (or a primitive) however they are spelled.
/// Key: the full path without a leading `::`; value: the prelude name.
const PRELUDE: &[(&str, &str)] = &[
    ("std::vec::Vec", "Vec"),
    ("alloc::vec::Vec", "Vec"),
    ("std::string::String", "String"),
    ("alloc::string::String", "String"),
    ("std::boxed::Box", "Box"),
    ("alloc::boxed::Box", "Box"),
    ("std::option::Option", "Option"),
    ("core::option::Option", "Option"),
    ("std::option::Option::Some", "Some"),
    ("core::option::Option::Some", "Some"),
    ("std::option::Option::None", "None"),
    ("core::option::Option::None", "None"),
    ("std::result::Result", "Result"),
    ("core::result::Result", "Result"),
    ("std::marker::Send", "Send"),
    ("core::marker::Send", "Send"),
    ("std::marker::Sync", "Sync"),
    ("core::marker::Sync", "Sync"),
    ("std::marker::Sized", "Sized"),
    ("core::marker::Sized", "Sized"),
    ("std::marker::Unpin", "Unpin"),
    ("core::marker::Unpin", "Unpin"),
    ("std::marker::Copy", "Copy"),
    ("core::marker::Copy", "Copy"),
    ("std::clone::Clone", "Clone"),
    ("core::clone::Clone", "Clone"),
    ("std::default::Default", "Default"),
    ("core::default::Default", "Default"),
    ("std::cmp::PartialEq", "PartialEq"),
    ("core::cmp::PartialEq", "PartialEq"),
    ("std::cmp::Eq", "Eq"),
    ("core::cmp::Eq", "Eq"),
    ("std::cmp::PartialOrd", "PartialOrd"),
    ("core::cmp::PartialOrd", "PartialOrd"),
    ("std::cmp::Ord", "Ord"),
    ("core::cmp::Ord", "Ord"),
    ("std::ops::Fn", "Fn"),
    ("core::ops::Fn", "Fn"),
    ("std::ops::FnMut", "FnMut"),
    ("core::ops::FnMut", "FnMut"),
    ("std::ops::FnOnce", "FnOnce"),
    ("core::ops::FnOnce", "FnOnce"),
    ("std::ops::Drop", "Drop"),
    ("core::ops::Drop", "Drop"),
    ("std::iter::Iterator", "Iterator"),
    ("core::iter::Iterator", "Iterator"),
    ("std::iter::IntoIterator", "IntoIterator"),
    ("core::iter::IntoIterator", "IntoIterator"),
    ("std::iter::Extend", "Extend"),
    ("core::iter::Extend", "Extend"),
    ("std::iter::FromIterator", "FromIterator"),
    ("core::iter::FromIterator", "FromIterator"),
    ("std::iter::DoubleEndedIterator", "DoubleEndedIterator"),
    ("core::iter::DoubleEndedIterator", "DoubleEndedIterator"),
    ("std::iter::ExactSizeIterator", "ExactSizeIterator"),
    ("core::iter::ExactSizeIterator", "ExactSizeIterator"),
    ("std::convert::AsRef", "AsRef"),
    ("core::convert::AsRef", "AsRef"),
    ("std::convert::AsMut", "AsMut"),
    ("core::convert::AsMut", "AsMut"),
    ("std::convert::From", "From"),
    ("core::convert::From", "From"),
    ("std::convert::Into", "Into"),
    ("core::convert::Into", "Into"),
    ("std::convert::TryFrom", "TryFrom"),
    ("core::convert::TryFrom", "TryFrom"),
    ("std::convert::TryInto", "TryInto"),
    ("core::convert::TryInto", "TryInto"),
    ("std::string::ToString", "ToString"),
    ("alloc::string::ToString", "ToString"),
    ("std::borrow::ToOwned", "ToOwned"),
    ("alloc::borrow::ToOwned", "ToOwned"),
];

const PRIMITIVES: &[&str] = &[
    "bool", "char", "str", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64",
    "i128", "isize", "f32", "f64",
];

/// The canonical spelling of a type.
pub fn type_string(ty: &Type) -> String {
    let mut out = String::new();
    write_type(&mut out, ty);
    out
}

/// The canonical spelling of a path (prelude paths collapsed).
pub fn path_string(path: &syn::Path) -> String {
    let mut out = String::new();
    write_path(&mut out, path);
    out
}

/// The canonical spelling of a bound.
pub fn bound_string(bound: &TypeParamBound) -> String {
    let mut out = String::new();
    write_bound(&mut out, bound);
    out
}

/// Bounds, canonical and sorted (`T: Send + Clone` and `T: Clone + Send` agree).
pub fn bounds<'a>(bounds: impl IntoIterator<Item = &'a TypeParamBound>) -> Vec<String> {
    let mut out: Vec<String> = bounds.into_iter().map(bound_string).collect();
    out.sort();
    out.dedup();
    out
}

fn write_type(out: &mut String, ty: &Type) {
    match ty {
        Type::Array(a) => {
            out.push('[');
            write_type(out, &a.elem);
            out.push_str("; ");
            out.push_str(&tokens::to_string(&a.len));
            out.push(']');
        }
        Type::BareFn(f) => {
            if let Some(lifetimes) = &f.lifetimes {
                out.push_str("for<");
                push_joined(out, lifetimes.lifetimes.iter().map(tokens::to_string));
                out.push_str("> ");
            }
            if f.unsafety.is_some() {
                out.push_str("unsafe ");
            }
            if let Some(abi) = &f.abi {
                out.push_str(&tokens::to_string(abi));
                out.push(' ');
            }
            out.push_str("fn(");
            let mut args: Vec<String> = f.inputs.iter().map(|a| type_string(&a.ty)).collect();
            if f.variadic.is_some() {
                args.push("...".to_owned());
            }
            push_joined(out, args);
            out.push(')');
            write_return(out, &f.output);
        }
        Type::Group(g) => write_type(out, &g.elem),
        Type::ImplTrait(i) => {
            out.push_str("impl ");
            out.push_str(&bounds(&i.bounds).join(" + "));
        }
        Type::Infer(_) => out.push('_'),
        Type::Macro(m) => out.push_str(&tokens::to_string(m)),
        Type::Never(_) => out.push('!'),
        Type::Paren(p) => write_type(out, &p.elem),
        Type::Path(p) => {
            if let Some(qself) = &p.qself {
                // `<T as Trait>::Assoc`: the trait is the first `position` segments.
                out.push('<');
                write_type(out, &qself.ty);
                let segments: Vec<_> = p.path.segments.iter().collect();
                let (trait_part, rest) = segments.split_at(qself.position.min(segments.len()));
                if !trait_part.is_empty() {
                    out.push_str(" as ");
                    let trait_path = syn::Path {
                        leading_colon: p.path.leading_colon,
                        segments: trait_part.iter().map(|s| (*s).clone()).collect(),
                    };
                    write_path(out, &trait_path);
                }
                out.push('>');
                for segment in rest {
                    out.push_str("::");
                    write_segment(out, segment);
                }
            } else {
                write_path(out, &p.path);
            }
        }
        Type::Ptr(p) => {
            out.push_str(if p.mutability.is_some() {
                "*mut "
            } else {
                "*const "
            });
            write_type(out, &p.elem);
        }
        Type::Reference(r) => {
            out.push('&');
            if let Some(lifetime) = &r.lifetime {
                out.push_str(&tokens::to_string(lifetime));
                out.push(' ');
            }
            if r.mutability.is_some() {
                out.push_str("mut ");
            }
            write_type(out, &r.elem);
        }
        Type::Slice(s) => {
            out.push('[');
            write_type(out, &s.elem);
            out.push(']');
        }
        Type::TraitObject(t) => {
            out.push_str("dyn ");
            out.push_str(&bounds(&t.bounds).join(" + "));
        }
        Type::Tuple(t) => {
            out.push('(');
            push_joined(out, t.elems.iter().map(type_string));
            if t.elems.len() == 1 {
                out.push(',');
            }
            out.push(')');
        }
        other => out.push_str(&tokens::to_string(other)),
    }
}

fn write_return(out: &mut String, output: &ReturnType) {
    if let Some(ty) = return_type(output) {
        out.push_str(" -> ");
        out.push_str(&ty);
    }
}

/// The return type, or `None` for `()` (written or not).
pub fn return_type(output: &ReturnType) -> Option<String> {
    match output {
        ReturnType::Default => None,
        ReturnType::Type(_, ty) => {
            let s = type_string(ty);
            (s != "()").then_some(s)
        }
    }
}

fn write_path(out: &mut String, path: &syn::Path) {
    let plain: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let joined = plain.join("::");
    // Collapse a prelude path to its last segment, keeping that segment's arguments.
    let collapsed = PRELUDE.iter().any(|(full, _)| *full == joined)
        || (plain.len() == 3
            && matches!(plain[0].as_str(), "std" | "core")
            && plain[1] == "primitive"
            && PRIMITIVES.contains(&plain[2].as_str()));
    if collapsed {
        if let Some(last) = path.segments.last() {
            write_segment(out, last);
        }
        return;
    }
    if path.leading_colon.is_some() {
        out.push_str("::");
    }
    for (i, segment) in path.segments.iter().enumerate() {
        if i > 0 {
            out.push_str("::");
        }
        write_segment(out, segment);
    }
}

fn write_segment(out: &mut String, segment: &syn::PathSegment) {
    out.push_str(&segment.ident.to_string());
    match &segment.arguments {
        PathArguments::None => {}
        PathArguments::AngleBracketed(args) => {
            if args.colon2_token.is_some() {
                out.push_str("::");
            }
            out.push('<');
            push_joined(out, args.args.iter().map(generic_argument));
            out.push('>');
        }
        PathArguments::Parenthesized(args) => {
            out.push('(');
            push_joined(out, args.inputs.iter().map(type_string));
            out.push(')');
            write_return(out, &args.output);
        }
    }
}

fn generic_argument(arg: &GenericArgument) -> String {
    match arg {
        GenericArgument::Lifetime(l) => tokens::to_string(l),
        GenericArgument::Type(t) => type_string(t),
        GenericArgument::Const(c) => tokens::to_string(c),
        GenericArgument::AssocType(a) => {
            let mut s = a.ident.to_string();
            if let Some(g) = &a.generics {
                s.push_str(&tokens::to_string(g));
            }
            s.push_str(" = ");
            s.push_str(&type_string(&a.ty));
            s
        }
        GenericArgument::AssocConst(a) => {
            format!("{} = {}", a.ident, tokens::to_string(&a.value))
        }
        GenericArgument::Constraint(c) => {
            format!("{}: {}", c.ident, bounds(&c.bounds).join(" + "))
        }
        other => tokens::to_string(other),
    }
}

fn write_bound(out: &mut String, bound: &TypeParamBound) {
    match bound {
        TypeParamBound::Trait(t) => {
            if let Some(lifetimes) = &t.lifetimes {
                out.push_str("for<");
                push_joined(out, lifetimes.lifetimes.iter().map(tokens::to_string));
                out.push_str("> ");
            }
            if let syn::TraitBoundModifier::Maybe(_) = t.modifier {
                out.push('?');
            }
            write_path(out, &t.path);
        }
        TypeParamBound::Lifetime(l) => out.push_str(&tokens::to_string(l)),
        other => out.push_str(&tokens::to_string(other)),
    }
}

fn push_joined(out: &mut String, items: impl IntoIterator<Item = String>) {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&item);
    }
}

/// Generics, normalised: a bound on a plain parameter is recorded on the parameter
/// whether it was written inline (`<T: Send>`) or in a where clause (`where T: Send`),
/// because the two mean the same to every caller.
pub fn generics(g: &syn::Generics) -> Generics {
    let mut params: Vec<GenericParam> = g
        .params
        .iter()
        .map(|param| match param {
            syn::GenericParam::Lifetime(l) => GenericParam {
                kind: GenericParamKind::Lifetime,
                name: tokens::to_string(&l.lifetime),
                bounds: sorted(l.bounds.iter().map(tokens::to_string)),
                default: None,
            },
            syn::GenericParam::Type(t) => GenericParam {
                kind: GenericParamKind::Type,
                name: t.ident.to_string(),
                bounds: bounds(&t.bounds),
                default: t.default.as_ref().map(type_string),
            },
            syn::GenericParam::Const(c) => GenericParam {
                kind: GenericParamKind::Const,
                name: c.ident.to_string(),
                bounds: vec![type_string(&c.ty)],
                default: c.default.as_ref().map(tokens::to_string),
            },
        })
        .collect();
    let mut where_clause = Vec::new();
    for predicate in g.where_clause.iter().flat_map(|w| w.predicates.iter()) {
        match predicate {
            WherePredicate::Type(p) if p.lifetimes.is_none() => {
                let bounded = type_string(&p.bounded_ty);
                let param = params
                    .iter_mut()
                    .find(|q| q.kind == GenericParamKind::Type && q.name == bounded);
                match param {
                    Some(param) => {
                        param.bounds.extend(p.bounds.iter().map(bound_string));
                        param.bounds.sort();
                        param.bounds.dedup();
                    }
                    None => {
                        where_clause.push(format!("{bounded}: {}", bounds(&p.bounds).join(" + ")))
                    }
                }
            }
            WherePredicate::Lifetime(p) => {
                let name = tokens::to_string(&p.lifetime);
                match params
                    .iter_mut()
                    .find(|q| q.kind == GenericParamKind::Lifetime && q.name == name)
                {
                    Some(param) => {
                        param.bounds.extend(p.bounds.iter().map(tokens::to_string));
                        param.bounds.sort();
                        param.bounds.dedup();
                    }
                    None => where_clause.push(tokens::to_string(p)),
                }
            }
            other => where_clause.push(tokens::to_string(other)),
        }
    }
    where_clause.sort();
    where_clause.dedup();
    Generics {
        params,
        where_clause,
    }
}

fn sorted(items: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = items.into_iter().collect();
    v.sort();
    v.dedup();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(src: &str) -> String {
        type_string(&syn::parse_str::<Type>(src).unwrap())
    }

    #[test]
    fn prelude_paths_collapse_and_spacing_never_matters() {
        assert_eq!(ty("std::vec::Vec<String>"), "Vec<String>");
        assert_eq!(
            ty("::alloc::vec::Vec < ::std::string::String >"),
            "Vec<String>"
        );
        assert_eq!(ty("core::option::Option<std::primitive::u8>"), "Option<u8>");
        assert_eq!(
            ty("std::collections::HashMap<K,V>"),
            "std::collections::HashMap<K, V>"
        );
    }

    #[test]
    fn every_type_form_prints_canonically() {
        assert_eq!(ty("& 'a mut [ u8 ; 4 ]"), "&'a mut [u8; 4]");
        assert_eq!(ty("( u8 , )"), "(u8,)");
        assert_eq!(ty("()"), "()");
        assert_eq!(
            ty("Box<dyn Sync + std::marker::Send + 'static>"),
            "Box<dyn 'static + Send + Sync>"
        );
        assert_eq!(
            ty("impl Iterator<Item=u8>+Send"),
            "impl Iterator<Item = u8> + Send"
        );
        assert_eq!(
            ty("for<'a> unsafe extern \"C\" fn(&'a u8)->u8"),
            "for<'a> unsafe extern \"C\" fn(&'a u8) -> u8"
        );
        assert_eq!(ty("<T as Trait>::Out"), "<T as Trait>::Out");
        assert_eq!(ty("*const T"), "*const T");
        assert_eq!(ty("Box<dyn Fn(u8)->bool>"), "Box<dyn Fn(u8) -> bool>");
        assert_eq!(ty("!"), "!");
    }

    #[test]
    fn where_clause_bounds_merge_into_their_parameter() {
        let inline: syn::ItemFn = syn::parse_str("fn f<T: Send + Clone>(t: T) {}").unwrap();
        let split: syn::ItemFn =
            syn::parse_str("fn f<T>(t: T) where T: Clone, T: Send {}").unwrap();
        assert_eq!(
            generics(&inline.sig.generics),
            generics(&split.sig.generics)
        );
        let complex: syn::ItemFn = syn::parse_str("fn f<T>(t: T) where Vec<T>: Clone {}").unwrap();
        assert_eq!(
            generics(&complex.sig.generics).where_clause,
            vec!["Vec<T>: Clone"]
        );
    }
}
