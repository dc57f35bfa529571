//! Extraction: a `syn` item to its [`Fragment`], with the spans of its elements so
//! that diagnostics can point at the field, variant or method that changed.
//!
//! Used by the attribute macro at compile time and by the CLI over source files: the
//! same function, so both see the same shape.

pub mod args;
mod attrs;
pub mod tokens;
pub mod types;

use std::collections::BTreeMap;

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Fields, FnArg, Item, Pat, Visibility as SynVis};

use crate::delta::Element;
use crate::shape::{
    AliasShape, AssocConst, AssocType, EnumShape, FieldShape, FieldStyle, FnShape, Fragment,
    ItemShape, Param, StructShape, TraitMethod, TraitShape, Value, ValueItemShape, VariantShape,
};

/// What one pinned item contributes, and where its parts are.
#[derive(Debug)]
pub struct Extracted {
    /// The symbol name: the item's ident, the self type of an inherent impl, or the
    /// trait of a trait impl.
    pub name: String,
    /// The shape fragment.
    pub fragment: Fragment,
    /// Where each element is, for diagnostics.
    pub spans: Spans,
}

/// Spans of an item's elements.
#[derive(Debug, Default)]
pub struct Spans {
    item: Option<Span>,
    fields: Option<Span>,
    by_element: BTreeMap<Element, Span>,
}

impl Spans {
    /// The best span for `element`: the element itself, else the list that held it
    /// (a removed field points at the field list), else the item's name.
    pub fn locate(&self, element: &Element) -> Span {
        let fallback = self.item.unwrap_or_else(Span::call_site);
        if let Some(span) = self.by_element.get(element) {
            return *span;
        }
        match element {
            Element::Field(_) | Element::VariantField(..) | Element::Variant(_) => {
                if let Element::VariantField(v, _) = element {
                    if let Some(span) = self.by_element.get(&Element::Variant(v.clone())) {
                        return *span;
                    }
                }
                self.fields.unwrap_or(fallback)
            }
            Element::Method(_) | Element::Row(_) => self.fields.unwrap_or(fallback),
            _ => fallback,
        }
    }

    fn set(&mut self, element: Element, span: Span) {
        self.by_element.insert(element, span);
    }

    /// Records where the container attributes a shape keeps are (the first of each).
    fn attributes(&mut self, attrs: &[syn::Attribute]) {
        for attr in attrs {
            let path = attr.path();
            for name in ["non_exhaustive", "repr", "derive", "serde"] {
                if path.is_ident(name) {
                    self.by_element
                        .entry(Element::Attr(name.to_owned()))
                        .or_insert_with(|| attr.span());
                }
            }
        }
    }
}

/// The item kinds `#[contract]` accepts, for error messages.
pub const ACCEPTED: &str = "a struct, enum, trait, inherent `impl`, trait `impl`, fn, \
                            type alias, const or static";

/// Extracts the fragment of `item`, or explains why it cannot be pinned.
pub fn extract(item: &Item) -> syn::Result<Extracted> {
    let mut spans = Spans::default();
    let (name, fragment) = match item {
        Item::Struct(s) => {
            spans.item = Some(s.ident.span());
            spans.fields = Some(fields_span(&s.fields).unwrap_or_else(|| s.ident.span()));
            spans.set(Element::Generics, s.generics.span());
            spans.attributes(&s.attrs);
            let (style, fields) = fields(&s.fields, |name, span| {
                spans.set(Element::Field(name.to_owned()), span)
            })?;
            let shape = StructShape {
                generics: types::generics(&s.generics),
                attrs: attrs::container(&s.attrs)?,
                style,
                fields,
            };
            (s.ident.to_string(), ItemShape::Struct(shape).into())
        }
        Item::Enum(e) => {
            spans.item = Some(e.ident.span());
            spans.fields = Some(e.brace_token.span.join());
            spans.set(Element::Generics, e.generics.span());
            spans.attributes(&e.attrs);
            let mut variants = Vec::with_capacity(e.variants.len());
            for v in &e.variants {
                let variant = v.ident.to_string();
                spans.set(Element::Variant(variant.clone()), v.ident.span());
                let (style, fields) = fields(&v.fields, |name, span| {
                    spans.set(
                        Element::VariantField(variant.clone(), name.to_owned()),
                        span,
                    )
                })?;
                variants.push(VariantShape {
                    name: variant,
                    style,
                    fields,
                    discriminant: v.discriminant.as_ref().map(|(_, e)| tokens::to_string(e)),
                    serde: attrs::serde_attrs(&v.attrs)?,
                });
            }
            let shape = EnumShape {
                generics: types::generics(&e.generics),
                attrs: attrs::container(&e.attrs)?,
                variants,
            };
            (e.ident.to_string(), ItemShape::Enum(shape).into())
        }
        Item::Trait(t) => {
            spans.item = Some(t.ident.span());
            spans.fields = Some(t.brace_token.span.join());
            spans.set(Element::Generics, t.generics.span());
            if t.auto_token.is_some() {
                return Err(syn::Error::new(
                    t.auto_token.span(),
                    "auto traits cannot be pinned",
                ));
            }
            (
                t.ident.to_string(),
                ItemShape::Trait(trait_shape(t, &mut spans)).into(),
            )
        }
        Item::Fn(f) => {
            spans.item = Some(f.sig.ident.span());
            spans.set(Element::Method(f.sig.ident.to_string()), f.sig.ident.span());
            spans.set(Element::Generics, f.sig.generics.span());
            (
                f.sig.ident.to_string(),
                ItemShape::Fn(fn_shape(&f.vis, &f.sig)).into(),
            )
        }
        Item::Type(t) => {
            spans.item = Some(t.ident.span());
            spans.fields = Some(t.ty.span());
            spans.set(Element::Generics, t.generics.span());
            let shape = AliasShape {
                generics: types::generics(&t.generics),
                target: types::type_string(&t.ty),
            };
            (t.ident.to_string(), ItemShape::TypeAlias(shape).into())
        }
        Item::Const(c) => {
            spans.item = Some(c.ident.span());
            spans.fields = Some(c.expr.span());
            if !c.generics.params.is_empty() {
                return Err(syn::Error::new(
                    c.generics.span(),
                    "generic consts cannot be pinned",
                ));
            }
            let shape = value_shape(false, &c.ty, &c.expr, &mut spans);
            (c.ident.to_string(), ItemShape::Const(shape).into())
        }
        Item::Static(s) => {
            spans.item = Some(s.ident.span());
            spans.fields = Some(s.expr.span());
            let mutable = matches!(s.mutability, syn::StaticMutability::Mut(_));
            let shape = value_shape(mutable, &s.ty, &s.expr, &mut spans);
            (s.ident.to_string(), ItemShape::Static(shape).into())
        }
        Item::Impl(i) => impl_fragment(i, &mut spans)?,
        other => return Err(unsupported(other)),
    };
    Ok(Extracted {
        name,
        fragment,
        spans,
    })
}

impl From<ItemShape> for Fragment {
    fn from(item: ItemShape) -> Fragment {
        Fragment::Item { item }
    }
}

fn unsupported(item: &Item) -> syn::Error {
    let what = match item {
        Item::Union(_) => "a union",
        Item::Mod(_) => "a module",
        Item::Use(_) => "a `use` declaration",
        Item::Macro(_) => "a macro",
        Item::ForeignMod(_) => "an `extern` block",
        Item::ExternCrate(_) => "an `extern crate`",
        Item::TraitAlias(_) => "a trait alias",
        _ => "this item",
    };
    syn::Error::new(
        item_keyword_span(item),
        format!("`#[contract]` cannot pin {what}: it accepts {ACCEPTED}"),
    )
}

fn item_keyword_span(item: &Item) -> Span {
    match item {
        Item::Union(u) => u.union_token.span,
        Item::Mod(m) => m.mod_token.span,
        Item::Use(u) => u.use_token.span,
        Item::Macro(m) => m.mac.path.span(),
        Item::ForeignMod(f) => f.abi.extern_token.span,
        Item::ExternCrate(e) => e.extern_token.span,
        Item::TraitAlias(t) => t.trait_token.span,
        other => other.span(),
    }
}

fn fields_span(fields: &Fields) -> Option<Span> {
    match fields {
        Fields::Named(n) => Some(n.brace_token.span.join()),
        Fields::Unnamed(u) => Some(u.paren_token.span.join()),
        Fields::Unit => None,
    }
}

fn fields(
    fields: &Fields,
    mut record: impl FnMut(&str, Span),
) -> syn::Result<(FieldStyle, Vec<FieldShape>)> {
    let style = match fields {
        Fields::Named(_) => FieldStyle::Named,
        Fields::Unnamed(_) => FieldStyle::Tuple,
        Fields::Unit => FieldStyle::Unit,
    };
    let mut out = Vec::with_capacity(fields.len());
    for (index, field) in fields.iter().enumerate() {
        let name = match &field.ident {
            Some(ident) => ident.to_string(),
            None => index.to_string(),
        };
        // Point at the name (or the type of a tuple field), not at its doc comment.
        let span = match &field.ident {
            Some(ident) => ident.span(),
            None => field.ty.span(),
        };
        record(&name, span);
        out.push(FieldShape {
            name,
            vis: visibility(&field.vis),
            ty: types::type_string(&field.ty),
            serde: attrs::serde_attrs(&field.attrs)?,
        });
    }
    Ok((style, out))
}

/// Visibility as written: `pub`, `pub(crate)`, `pub(in a::b)`, or empty.
pub fn visibility(vis: &SynVis) -> String {
    match vis {
        SynVis::Inherited => String::new(),
        other => tokens::to_string(other),
    }
}

fn fn_shape(vis: &SynVis, sig: &syn::Signature) -> FnShape {
    let mut receiver = None;
    let mut params = Vec::new();
    for input in &sig.inputs {
        match input {
            FnArg::Receiver(r) => receiver = Some(receiver_string(r)),
            FnArg::Typed(t) => params.push(Param {
                name: pattern_string(&t.pat),
                ty: types::type_string(&t.ty),
            }),
        }
    }
    if let Some(variadic) = &sig.variadic {
        params.push(Param {
            name: variadic
                .pat
                .as_ref()
                .map(|(p, _)| pattern_string(p))
                .unwrap_or_default(),
            ty: "...".to_owned(),
        });
    }
    FnShape {
        vis: visibility(vis),
        constness: sig.constness.is_some(),
        asyncness: sig.asyncness.is_some(),
        unsafety: sig.unsafety.is_some(),
        abi: sig.abi.as_ref().map(tokens::to_string),
        generics: types::generics(&sig.generics),
        receiver,
        params,
        output: types::return_type(&sig.output),
    }
}

fn receiver_string(r: &syn::Receiver) -> String {
    if r.colon_token.is_some() {
        return format!("self: {}", types::type_string(&r.ty));
    }
    match &r.reference {
        Some((_, lifetime)) => {
            let mut s = String::from("&");
            if let Some(l) = lifetime {
                s.push_str(&tokens::to_string(l));
                s.push(' ');
            }
            if r.mutability.is_some() {
                s.push_str("mut ");
            }
            s.push_str("self");
            s
        }
        // `mut self` binds mutably inside the body only: not part of the API.
        None => "self".to_owned(),
    }
}

/// A parameter pattern without binding-mode noise that callers cannot see
/// (`mut x` is `x`).
fn pattern_string(pat: &Pat) -> String {
    match pat {
        Pat::Ident(p) if p.subpat.is_none() => {
            let mut s = String::new();
            if p.by_ref.is_some() {
                s.push_str("ref ");
            }
            s.push_str(&p.ident.to_string());
            s
        }
        other => tokens::to_string(other),
    }
}

fn trait_shape(t: &syn::ItemTrait, spans: &mut Spans) -> TraitShape {
    let supertraits = types::bounds(&t.supertraits);
    let sealed = t.supertraits.iter().any(|b| match b {
        syn::TypeParamBound::Trait(tb) => is_sealing_path(&tb.path),
        _ => false,
    });
    let mut methods = BTreeMap::new();
    let mut assoc_types = BTreeMap::new();
    let mut consts = BTreeMap::new();
    for item in &t.items {
        match item {
            syn::TraitItem::Fn(f) => {
                let name = f.sig.ident.to_string();
                spans.set(Element::Method(name.clone()), f.sig.ident.span());
                let sig = fn_shape(&SynVis::Inherited, &f.sig);
                methods.insert(
                    name,
                    TraitMethod {
                        sig,
                        provided: f.default.is_some(),
                    },
                );
            }
            syn::TraitItem::Type(ty) => {
                let name = ty.ident.to_string();
                spans.set(Element::Method(name.clone()), ty.ident.span());
                assoc_types.insert(
                    name,
                    AssocType {
                        generics: types::generics(&ty.generics),
                        bounds: types::bounds(&ty.bounds),
                        default: ty.default.as_ref().map(|(_, t)| types::type_string(t)),
                    },
                );
            }
            syn::TraitItem::Const(c) => {
                let name = c.ident.to_string();
                spans.set(Element::Method(name.clone()), c.ident.span());
                consts.insert(
                    name,
                    AssocConst {
                        ty: types::type_string(&c.ty),
                        default: c.default.as_ref().map(|(_, e)| tokens::to_string(e)),
                    },
                );
            }
            _ => {}
        }
    }
    TraitShape {
        generics: types::generics(&t.generics),
        unsafety: t.unsafety.is_some(),
        dyn_compatible: dyn_compatible(t),
        supertraits,
        sealed,
        methods,
        types: assoc_types,
        consts,
    }
}

/// The sealed-trait pattern: a supertrait living in a module named `sealed` or
/// `private`, or named `Sealed`.
fn is_sealing_path(path: &syn::Path) -> bool {
    path.segments.iter().any(|s| {
        let name = s.ident.to_string();
        matches!(name.as_str(), "sealed" | "private" | "__private" | "Sealed")
    })
}

/// Dyn compatibility from the syntax alone (the reference's rules): no `Sized`
/// supertrait, no associated consts or generic associated types, and every method
/// not opted out with `where Self: Sized` has a receiver, no type parameters, is not
/// `async`, does not return `impl Trait` and does not mention `Self` outside the
/// receiver except as `Self::Assoc`.
pub fn dyn_compatible(t: &syn::ItemTrait) -> bool {
    let sized_supertrait = t.supertraits.iter().any(|b| match b {
        syn::TypeParamBound::Trait(tb) => {
            tb.path.is_ident("Sized") || types::path_string(&tb.path) == "Sized"
        }
        _ => false,
    });
    if sized_supertrait {
        return false;
    }
    t.items.iter().all(|item| match item {
        syn::TraitItem::Const(_) => false,
        syn::TraitItem::Type(ty) => ty.generics.params.is_empty(),
        syn::TraitItem::Fn(f) => method_is_dispatchable(&f.sig),
        _ => true,
    })
}

fn method_is_dispatchable(sig: &syn::Signature) -> bool {
    let opted_out = sig.generics.where_clause.iter().any(|w| {
        w.predicates.iter().any(|p| match p {
            syn::WherePredicate::Type(pt) => {
                types::type_string(&pt.bounded_ty) == "Self"
                    && pt.bounds.iter().any(|b| types::bound_string(b) == "Sized")
            }
            _ => false,
        })
    });
    if opted_out {
        return true;
    }
    let has_receiver = matches!(sig.inputs.first(), Some(FnArg::Receiver(_)));
    let has_type_params = sig
        .generics
        .params
        .iter()
        .any(|p| matches!(p, syn::GenericParam::Type(_)));
    let returns_impl = matches!(&sig.output, syn::ReturnType::Type(_, ty) if mentions_impl(ty));
    let self_outside_receiver = sig.inputs.iter().skip(1).any(|a| match a {
        FnArg::Typed(t) => mentions_bare_self(&t.ty),
        FnArg::Receiver(_) => false,
    }) || matches!(&sig.output, syn::ReturnType::Type(_, ty) if mentions_bare_self(ty));
    has_receiver
        && !has_type_params
        && sig.asyncness.is_none()
        && !returns_impl
        && !self_outside_receiver
}

fn mentions_impl(ty: &syn::Type) -> bool {
    quote::ToTokens::to_token_stream(ty)
        .into_iter()
        .any(|t| matches!(&t, proc_macro2::TokenTree::Ident(i) if i == "impl"))
}

/// `Self` used as a type (not `Self::Assoc`).
fn mentions_bare_self(ty: &syn::Type) -> bool {
    struct Finder(bool);
    impl<'ast> syn::visit::Visit<'ast> for Finder {
        fn visit_type_path(&mut self, p: &'ast syn::TypePath) {
            if p.qself.is_none() && p.path.segments.len() == 1 && p.path.is_ident("Self") {
                self.0 = true;
            }
            syn::visit::visit_type_path(self, p);
        }
    }
    let mut finder = Finder(false);
    syn::visit::Visit::visit_type(&mut finder, ty);
    finder.0
}

fn value_shape(
    mutable: bool,
    ty: &syn::Type,
    expr: &syn::Expr,
    spans: &mut Spans,
) -> ValueItemShape {
    let rows = match strip_group(expr) {
        syn::Expr::Array(a) => Some(&a.elems),
        syn::Expr::Reference(r) => match strip_group(&r.expr) {
            syn::Expr::Array(a) => Some(&a.elems),
            _ => None,
        },
        _ => None,
    };
    let value = match rows {
        Some(elems) => Value::Rows(
            elems
                .iter()
                .enumerate()
                .map(|(i, e)| {
                    spans.set(Element::Row(i), e.span());
                    tokens::to_string(e)
                })
                .collect(),
        ),
        None => Value::Expr(tokens::to_string(expr)),
    };
    ValueItemShape {
        mutable,
        ty: types::type_string(ty),
        value,
    }
}

fn strip_group(expr: &syn::Expr) -> &syn::Expr {
    match expr {
        syn::Expr::Group(g) => strip_group(&g.expr),
        syn::Expr::Paren(p) => strip_group(&p.expr),
        other => other,
    }
}

fn impl_fragment(i: &syn::ItemImpl, spans: &mut Spans) -> syn::Result<(String, Fragment)> {
    let self_name = match &*i.self_ty {
        syn::Type::Path(p) if p.qself.is_none() => {
            p.path.segments.last().map(|s| s.ident.to_string())
        }
        _ => None,
    };
    spans.item = Some(i.self_ty.span());
    spans.fields = Some(i.brace_token.span.join());
    match &i.trait_ {
        Some((Some(bang), _, _)) => Err(syn::Error::new(
            bang.span,
            "negative impls cannot be pinned: pin the type or the trait instead",
        )),
        Some((None, path, _)) => {
            let trait_name = path
                .segments
                .last()
                .map(|s| s.ident.to_string())
                .ok_or_else(|| syn::Error::new(path.span(), "expected a trait path"))?;
            spans.item = Some(path.span());
            let implementor = types::type_string(&i.self_ty);
            Ok((trait_name, Fragment::Implementor { implementor }))
        }
        None => {
            let name = self_name.ok_or_else(|| {
                syn::Error::new(
                    i.self_ty.span(),
                    "`#[contract]` on an inherent `impl` needs a named self type (`impl Foo`)",
                )
            })?;
            let mut methods = BTreeMap::new();
            for item in &i.items {
                if let syn::ImplItem::Fn(f) = item {
                    if matches!(f.vis, SynVis::Public(_)) {
                        let method = f.sig.ident.to_string();
                        spans.set(Element::Method(method.clone()), f.sig.ident.span());
                        methods.insert(method, fn_shape(&f.vis, &f.sig));
                    }
                }
            }
            Ok((name, Fragment::Methods { methods }))
        }
    }
}
