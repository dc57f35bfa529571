//! Extraction: a `syn` item to its [`Fragment`], with the spans of its elements so
//! that diagnostics can point at the field, variant or method that changed.
//!
//! Used by the attribute macro at compile time and by the CLI over source files: the
//! same function, so both see the same shape.

pub mod args;
mod attrs;
pub use attrs::{doc_hidden, export};
mod edition2015;
mod elision;
pub mod macro_rules;
pub mod names;
pub mod order;
pub mod scope;
pub mod tokens;
pub mod types;

use std::collections::BTreeMap;

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Fields, FnArg, Item, Pat, Visibility as SynVis};

pub use self::edition2015::parse_file;
pub use self::scope::Scope;
use self::types::Cx;
use crate::delta::{Attr, Member};
use crate::shape::{
    AliasShape, AssocConst, AssocType, EnumShape, FieldShape, FieldStyle, FnShape, Fragment,
    Generics, Implementor, ItemShape, MacroShape, Param, ProcMacroShape, Receiver, StructShape,
    TraitImpl, TraitMethod, TraitShape, UnionShape, Value, ValueItemShape, VariantShape,
    Visibility,
};
use crate::ty::{Bound, Type};

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

/// Where an item's elements are: their spans while the item is parsed ([`Spans`]),
/// or whatever [`Located::map`] makes of them (a shell that moves results between
/// threads keeps line and column: a span cannot leave the thread that parsed it).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Located<T> {
    item: Option<T>,
    fields: Option<T>,
    /// A list of pairs when serialized: a member is no map key in JSON.
    #[serde(with = "member_pairs")]
    by_member: BTreeMap<Member, T>,
}

/// [`Located::by_member`] as a list of `[member, place]` pairs (for a shell that
/// keeps scan results between runs).
mod member_pairs {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::delta::Member;

    pub fn serialize<T: Serialize, S: Serializer>(
        map: &BTreeMap<Member, T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(map.iter())
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<Member, T>, D::Error> {
        Ok(Vec::<(Member, T)>::deserialize(d)?.into_iter().collect())
    }
}

impl<T> Default for Located<T> {
    fn default() -> Located<T> {
        Located {
            item: None,
            fields: None,
            by_member: BTreeMap::new(),
        }
    }
}

/// Spans of an item's elements.
pub type Spans = Located<Span>;

impl<T> Located<T> {
    /// A place for the item and nothing else (an item that has no elements, or none
    /// read from Rust: a Cargo feature at its manifest line).
    pub fn item_at(at: T) -> Located<T> {
        Located {
            item: Some(at),
            ..Located::default()
        }
    }
}

impl<T: Copy> Located<T> {
    /// The best place for `member`: the member itself, else the list that held it (a
    /// removed field points at the field list), else the item's name; `None` when
    /// none of those was recorded.
    pub fn find(&self, member: &Member) -> Option<T> {
        if let Some(at) = self.by_member.get(member) {
            return Some(*at);
        }
        match member {
            Member::Field { .. } | Member::VariantField { .. } | Member::Variant { .. } => {
                if let Member::VariantField { variant, .. } = member {
                    if let Some(at) = self.by_member.get(&Member::variant(variant)) {
                        return Some(*at);
                    }
                }
                self.fields.or(self.item)
            }
            Member::Method { .. }
            | Member::AssocType { .. }
            | Member::AssocConst { .. }
            | Member::Row { .. } => self.fields.or(self.item),
            _ => self.item,
        }
    }

    /// Every recorded place, converted by `f`.
    pub fn map<U>(&self, f: impl Fn(T) -> U) -> Located<U> {
        Located {
            item: self.item.map(&f),
            fields: self.fields.map(&f),
            by_member: self
                .by_member
                .iter()
                .map(|(m, at)| (m.clone(), f(*at)))
                .collect(),
        }
    }
}

impl Spans {
    /// The best span for `member` (see [`Located::find`]); the call site when
    /// nothing was recorded.
    pub fn locate(&self, member: &Member) -> Span {
        self.find(member).unwrap_or_else(Span::call_site)
    }

    fn set(&mut self, member: Member, span: Span) {
        self.by_member.insert(member, span);
    }

    /// Records where the container attributes a shape keeps are (the first of each).
    fn attributes(&mut self, attrs: &[syn::Attribute]) {
        for attr in attrs {
            let path = attr.path();
            for which in [Attr::NonExhaustive, Attr::Repr, Attr::Derive, Attr::Serde] {
                if path.is_ident(which.path()) {
                    self.by_member
                        .entry(Member::Attr { attr: which })
                        .or_insert_with(|| attr.span());
                }
            }
        }
    }
}

/// The item kinds `#[contract]` accepts, for error messages.
pub const ACCEPTED: &str = "a struct, enum, union, trait, inherent `impl`, trait `impl`, fn \
                            (a proc macro's included), type alias, const, static or `extern` \
                            block (a `macro_rules!` is pinned with `pin_macro!`)";

/// Extracts the fragment of `item`, or explains why it cannot be pinned, with paths
/// taken as written (nothing imported).
pub fn extract(item: &Item) -> syn::Result<Extracted> {
    extract_in(item, &Scope::default())
}

/// Extracts the fragment of `item`, resolving paths through `scope` (the imports of
/// the module it is in).
pub fn extract_in(item: &Item, scope: &Scope) -> syn::Result<Extracted> {
    let mut spans = Spans::default();
    let mut cx = Cx::new(scope);
    let (name, item_shape, fragment) = match item {
        Item::Struct(s) => {
            spans.item = Some(s.ident.span());
            spans.fields = Some(fields_span(&s.fields).unwrap_or_else(|| s.ident.span()));
            spans.set(Member::Generics, s.generics.span());
            spans.attributes(&s.attrs);
            cx.enter(&s.generics);
            cx.set_self_ty(Some(types::self_type(&s.ident, &s.generics)));
            let generics = types::generics(&mut cx, &s.generics);
            let (style, fields) = fields(&mut cx, &s.fields, |name, span| {
                spans.set(Member::field(name), span)
            })?;
            let shape = StructShape {
                vis: visibility(&s.vis),
                hidden: attrs::doc_hidden(&s.attrs),
                generics,
                attrs: attrs::container(&s.attrs)?,
                style,
                fields,
            };
            (s.ident.to_string(), Some(ItemShape::Struct(shape)), None)
        }
        Item::Enum(e) => {
            spans.item = Some(e.ident.span());
            spans.fields = Some(e.brace_token.span.join());
            spans.set(Member::Generics, e.generics.span());
            spans.attributes(&e.attrs);
            cx.enter(&e.generics);
            cx.set_self_ty(Some(types::self_type(&e.ident, &e.generics)));
            let generics = types::generics(&mut cx, &e.generics);
            let mut variants = Vec::with_capacity(e.variants.len());
            for v in &e.variants {
                let variant = v.ident.to_string();
                spans.set(Member::variant(&variant), v.ident.span());
                let (style, fields) = fields(&mut cx, &v.fields, |name, span| {
                    spans.set(Member::variant_field(&variant, name), span)
                })?;
                variants.push(VariantShape {
                    name: variant,
                    style,
                    fields,
                    discriminant: v.discriminant.as_ref().map(|(_, e)| tokens::to_string(e)),
                    non_exhaustive: attrs::non_exhaustive(&v.attrs),
                    hidden: attrs::doc_hidden(&v.attrs),
                    serde: attrs::serde_attrs(&v.attrs)?,
                });
            }
            let shape = EnumShape {
                vis: visibility(&e.vis),
                hidden: attrs::doc_hidden(&e.attrs),
                generics,
                attrs: attrs::container(&e.attrs)?,
                variants,
            };
            (e.ident.to_string(), Some(ItemShape::Enum(shape)), None)
        }
        Item::Trait(t) => {
            spans.item = Some(t.ident.span());
            spans.fields = Some(t.brace_token.span.join());
            spans.set(Member::Generics, t.generics.span());
            if t.modifiers.auto_token.is_some() {
                return Err(syn::Error::new(
                    t.modifiers.auto_token.span(),
                    "auto traits cannot be pinned",
                ));
            }
            let shape = trait_shape(&mut cx, t, &mut spans);
            (t.ident.to_string(), Some(ItemShape::Trait(shape)), None)
        }
        Item::Fn(f) => {
            spans.item = Some(f.sig.ident.span());
            spans.set(Member::method(&f.sig.ident.to_string()), f.sig.ident.span());
            spans.set(Member::Generics, f.sig.generics.span());
            if let Some((kind, derive, helpers)) = attrs::proc_macro(&f.attrs)? {
                // Users name a derive by its derive name, other proc macros by the fn's.
                let name = derive.unwrap_or_else(|| f.sig.ident.to_string());
                let shape = ProcMacroShape {
                    form: kind,
                    helpers,
                    hidden: attrs::doc_hidden(&f.attrs),
                };
                (name, Some(ItemShape::ProcMacro(shape)), None)
            } else {
                let mut shape = fn_shape(&mut cx, &f.vis, &f.sig, &Generics::default());
                fn_attrs(&mut shape, &f.attrs, &f.sig.ident.to_string());
                (f.sig.ident.to_string(), Some(ItemShape::Fn(shape)), None)
            }
        }
        Item::Type(t) => {
            spans.item = Some(t.ident.span());
            spans.fields = Some(t.ty.span());
            spans.set(Member::Generics, t.generics.span());
            cx.enter(&t.generics);
            let shape = AliasShape {
                vis: visibility(&t.vis),
                hidden: attrs::doc_hidden(&t.attrs),
                generics: types::generics(&mut cx, &t.generics),
                target: types::ty(&mut cx, &t.ty),
            };
            (t.ident.to_string(), Some(ItemShape::TypeAlias(shape)), None)
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
            let mut shape = value_shape(&mut cx, false, &c.ty, &c.expr, &mut spans);
            shape.vis = visibility(&c.vis);
            shape.hidden = attrs::doc_hidden(&c.attrs);
            (c.ident.to_string(), Some(ItemShape::Const(shape)), None)
        }
        Item::Static(s) => {
            spans.item = Some(s.ident.span());
            spans.fields = Some(s.expr.span());
            let mutable = matches!(s.mutability, syn::StaticMutability::Mut(_));
            let mut shape = value_shape(&mut cx, mutable, &s.ty, &s.expr, &mut spans);
            shape.vis = visibility(&s.vis);
            shape.hidden = attrs::doc_hidden(&s.attrs);
            shape.export = attrs::export(&s.attrs, &s.ident.to_string());
            (s.ident.to_string(), Some(ItemShape::Static(shape)), None)
        }
        Item::Union(u) => {
            spans.item = Some(u.ident.span());
            spans.fields = Some(u.fields.brace_token.span.join());
            spans.set(Member::Generics, u.generics.span());
            spans.attributes(&u.attrs);
            cx.enter(&u.generics);
            cx.set_self_ty(Some(types::self_type(&u.ident, &u.generics)));
            let generics = types::generics(&mut cx, &u.generics);
            let named = Fields::Named(u.fields.clone());
            let (_, fields) = fields(&mut cx, &named, |name, span| {
                spans.set(Member::field(name), span)
            })?;
            let shape = UnionShape {
                vis: visibility(&u.vis),
                hidden: attrs::doc_hidden(&u.attrs),
                generics,
                attrs: attrs::container(&u.attrs)?,
                fields,
            };
            (u.ident.to_string(), Some(ItemShape::Union(shape)), None)
        }
        Item::Macro(m) if m.mac.path.is_ident("macro_rules") && m.ident.is_some() => {
            return Err(syn::Error::new(m.mac.path.span(), MACRO_BY_ATTRIBUTE));
        }
        Item::Impl(i) => {
            let (name, fragment) = impl_fragment(&mut cx, i, &mut spans)?;
            (name, None, Some(fragment))
        }
        other => return Err(unsupported(other)),
    };
    cx.unreadable()?;
    let unresolved = std::mem::take(&mut cx.unresolved);
    let fragment = match (item_shape, fragment) {
        (Some(item), _) => Fragment::Item {
            item,
            unresolved,
            path: None,
        },
        (
            None,
            Some(Fragment::Methods {
                methods,
                consts,
                types,
                ..
            }),
        ) => Fragment::Methods {
            methods,
            consts,
            types,
            unresolved,
        },
        (None, Some(other)) => other,
        (None, None) => unreachable!("every accepted item yields a shape or a fragment"),
    };
    Ok(Extracted {
        name,
        fragment,
        spans,
    })
}

/// Why a `macro_rules!` is pinned by `pin_macro!`, not by an attribute.
pub const MACRO_BY_ATTRIBUTE: &str = "a `macro_rules!` cannot be pinned by an attribute: the \
     attribute re-emits the macro, which makes it macro-expanded, and then `crate::name!` \
     paths, `$crate::name!` in other macros and names a glob import also brings stop \
     resolving. Pin it with `contract_pin::pin_macro!(name, set = \"…\");` after its \
     definition, in the same file: the macro stays as written";

/// The shape of a `macro_rules!` definition, for `pin_macro!`.
pub fn extract_macro(m: &syn::ItemMacro) -> syn::Result<Extracted> {
    let Some(ident) = m
        .ident
        .as_ref()
        .filter(|_| m.mac.path.is_ident("macro_rules"))
    else {
        return Err(syn::Error::new(
            m.span(),
            "expected a `macro_rules!` definition",
        ));
    };
    let mut spans = Spans {
        item: Some(ident.span()),
        ..Spans::default()
    };
    spans.attributes(&m.attrs);
    // `#[macro_export]` puts it at the crate root for every crate; without it, it is
    // in textual scope only.
    let shape = MacroShape {
        vis: if attrs::macro_export(&m.attrs) {
            Visibility::Public
        } else {
            Visibility::Private
        },
        hidden: attrs::doc_hidden(&m.attrs),
    };
    Ok(Extracted {
        name: ident.to_string(),
        fragment: Fragment::Item {
            item: ItemShape::MacroRules(shape),
            unresolved: Default::default(),
            path: None,
        },
        spans,
    })
}

/// The `macro_rules! name` definitions among `items` and the inline modules below
/// them, in file order.
pub fn macro_definitions<'a>(items: &'a [Item], name: &str) -> Vec<&'a syn::ItemMacro> {
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Macro(m)
                if m.mac.path.is_ident("macro_rules")
                    && m.ident.as_ref().is_some_and(|i| i == name) =>
            {
                out.push(m)
            }
            Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    out.extend(macro_definitions(inner, name));
                }
            }
            _ => {}
        }
    }
    out
}

/// The one definition `pin_macro!(name)` pins, among a file's `items`, with its
/// extraction, or why there is none to pin.
pub fn pinned_macro<'a>(
    items: &'a [Item],
    name: &str,
) -> Result<(&'a syn::ItemMacro, Extracted), String> {
    let found = macro_definitions(items, name);
    let Some(&definition) = found.first() else {
        return Err(format!(
            "no `macro_rules! {name}` in this file: write `pin_macro!({name}, …)` in the file \
             that defines the macro"
        ));
    };
    let first = extract_macro(definition).map_err(|e| e.to_string())?;
    for other in &found[1..] {
        let other = extract_macro(other).map_err(|e| e.to_string())?;
        if other.fragment != first.fragment {
            return Err(format!(
                "this file defines `macro_rules! {name}` {} times, not all alike (exported or \
                 hidden): pin one of them in a file of its own",
                found.len()
            ));
        }
    }
    Ok((definition, first))
}

/// Every fragment `item` contributes: one for most items, one per `pub` fn and
/// static of an `extern` block (each is a symbol of its own, named as consumers name
/// it).
pub fn extract_all(item: &Item, scope: &Scope) -> syn::Result<Vec<Extracted>> {
    match item {
        Item::ForeignMod(block) => foreign_block(block, scope),
        other => extract_in(other, scope).map(|e| vec![e]),
    }
}

fn foreign_block(block: &syn::ItemForeignMod, scope: &Scope) -> syn::Result<Vec<Extracted>> {
    let abi = types::abi(&block.abi).or_else(|| Some("C".to_owned()));
    let mut out = Vec::new();
    for foreign in &block.items {
        let Some(parsed) = foreign::read(foreign) else {
            continue;
        };
        if !matches!(parsed.vis(), SynVis::Public(_)) {
            continue; // not reachable from other crates
        }
        let mut cx = Cx::new(scope);
        let mut spans = Spans::default();
        let (name, item) = match parsed {
            foreign::Item::Fn { f, safe } => {
                spans.item = Some(f.sig.ident.span());
                spans.set(Member::method(&f.sig.ident.to_string()), f.sig.ident.span());
                let mut shape = fn_shape(&mut cx, &f.vis, &f.sig, &Generics::default());
                // Calling a foreign fn is unsafe unless declared `safe`.
                shape.unsafety = !safe;
                shape.abi.clone_from(&abi);
                shape.hidden = attrs::doc_hidden(&f.attrs);
                (f.sig.ident.to_string(), ItemShape::Fn(shape))
            }
            foreign::Item::Static { s, safe } => {
                spans.item = Some(s.ident.span());
                let shape = ValueItemShape {
                    vis: visibility(&s.vis),
                    hidden: attrs::doc_hidden(&s.attrs),
                    mutable: matches!(s.mutability, syn::StaticMutability::Mut(_)),
                    unsafety: !safe,
                    export: None,
                    ty: types::ty(&mut cx, &s.ty),
                    value: Value::Extern,
                };
                (s.ident.to_string(), ItemShape::Static(shape))
            }
        };
        cx.unreadable()?;
        out.push(Extracted {
            name,
            fragment: Fragment::Item {
                item,
                unresolved: std::mem::take(&mut cx.unresolved),
                path: None,
            },
            spans,
        });
    }
    if out.is_empty() {
        return Err(syn::Error::new(
            block.abi.extern_token.span,
            "this `extern` block declares no `pub` fn or static: nothing to pin",
        ));
    }
    Ok(out)
}

/// Items of an `extern` block, with whether each is declared `safe` to use.
mod foreign {
    use syn::{ForeignItem, ForeignItemFn, ForeignItemStatic, Safety};

    pub enum Item {
        Fn {
            f: Box<ForeignItemFn>,
            safe: bool,
        },
        Static {
            s: Box<ForeignItemStatic>,
            safe: bool,
        },
    }

    impl Item {
        pub fn vis(&self) -> &syn::Visibility {
            match self {
                Item::Fn { f, .. } => &f.vis,
                Item::Static { s, .. } => &s.vis,
            }
        }
    }

    /// `pub safe fn f();`, `pub unsafe static X: u8;`, `pub fn g();` (unsafe to call:
    /// only `safe` makes a foreign item safe to use).
    pub fn read(item: &ForeignItem) -> Option<Item> {
        let safe = |safety: &Safety| matches!(safety, Safety::Safe(_));
        match item {
            ForeignItem::Fn(f) => Some(Item::Fn {
                f: Box::new(f.clone()),
                safe: safe(&f.sig.safety),
            }),
            ForeignItem::Static(s) => Some(Item::Static {
                s: Box::new(s.clone()),
                safe: safe(&s.safety),
            }),
            _ => None,
        }
    }
}

/// The attributes of a fn that are part of its shape: `#[doc(hidden)]`,
/// `#[target_feature]`, `#[no_mangle]`/`#[export_name]`.
fn fn_attrs(shape: &mut FnShape, attrs: &[syn::Attribute], name: &str) {
    shape.hidden = attrs::doc_hidden(attrs);
    shape.target_features = attrs::target_features(attrs);
    shape.export = attrs::export(attrs, name);
}

fn unsupported(item: &Item) -> syn::Error {
    let what = match item {
        Item::Mod(_) => "a module",
        Item::Use(_) => "a `use` declaration",
        Item::Macro(_) => "a macro invocation",
        Item::ForeignMod(_) => "an `extern` block as one item",
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
    cx: &mut Cx<'_>,
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
            hidden: attrs::doc_hidden(&field.attrs),
            vis: visibility(&field.vis),
            ty: types::ty(cx, &field.ty),
            serde: attrs::field_serde(field)?,
        });
    }
    Ok((style, out))
}

/// The visibility: `pub`, `pub(crate)`, `pub(super)`, `pub(in a::b)`, or private
/// (`pub(self)` included).
pub fn visibility(vis: &SynVis) -> Visibility {
    match vis {
        SynVis::Inherited => Visibility::Private,
        SynVis::Public(_) => Visibility::Public,
        SynVis::Restricted(r) => {
            let path = tokens::to_string(&r.path);
            match (r.in_token.is_some(), path.as_str()) {
                (false, "crate") => Visibility::Crate,
                (false, "super") => Visibility::Super,
                (false, "self") | (true, "self") => Visibility::Private,
                (true, "crate") => Visibility::Crate,
                (true, "super") => Visibility::Super,
                _ => Visibility::In(path),
            }
        }
    }
}

fn fn_shape(
    cx: &mut Cx<'_>,
    vis: &SynVis,
    sig: &syn::Signature,
    impl_generics: &Generics,
) -> FnShape {
    let mark = cx.enter(&sig.generics);
    let generics = types::generics(cx, &sig.generics);
    let mut receiver = None;
    let mut params = Vec::new();
    for input in &sig.inputs {
        match input {
            FnArg::Receiver(r) => receiver = Some(receiver_of(cx, r)),
            FnArg::Typed(t) => params.push(Param {
                name: pattern_string(&t.pat),
                ty: types::ty(cx, &t.ty),
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
            ty: Type::Verbatim("...".to_owned()),
        });
    }
    let output = types::return_type(cx, &sig.output);
    cx.leave(mark);
    let mut shape = FnShape {
        vis: visibility(vis),
        constness: sig.constness.is_some(),
        asyncness: sig.asyncness.is_some(),
        unsafety: matches!(sig.safety, syn::Safety::Unsafe(_)),
        hidden: false,
        target_features: Default::default(),
        export: None,
        abi: sig.abi.as_ref().and_then(types::abi),
        generics,
        impl_generics: impl_generics.clone(),
        receiver,
        params,
        output,
    };
    elision::canonical_fn(&mut shape);
    shape
}

/// `self`, `&'a mut self`, and their long forms `self: Self`, `self: &'a mut Self`,
/// which mean the same.
fn receiver_of(cx: &mut Cx<'_>, r: &syn::Receiver) -> Receiver {
    // A receiver's `Self` is what makes it one: read it as written.
    let self_ty = cx.set_self_ty(None);
    let receiver = receiver_as_written(cx, r);
    cx.set_self_ty(self_ty);
    receiver
}

fn receiver_as_written(cx: &mut Cx<'_>, r: &syn::Receiver) -> Receiver {
    let written = match &r.kind {
        syn::ReceiverKind::Reference(_, lifetime, mutability) => {
            return Receiver::Ref {
                lifetime: lifetime.as_ref().map(tokens::to_string),
                mutable: mutability.is_some(),
            }
        }
        // `mut self` binds mutably inside the body only: not part of the API.
        syn::ReceiverKind::Value => return Receiver::Value,
        syn::ReceiverKind::Typed(_, ty) => ty,
        // A receiver syntax newer than this reading (`&pin mut self`): as written.
        _ => return Receiver::Typed(Type::Verbatim(tokens::to_string(r))),
    };
    let ty = types::ty(cx, written);
    let is_self = |t: &Type| t.as_path().and_then(|p| p.as_ident()) == Some("Self");
    match &ty {
        t if is_self(t) => Receiver::Value,
        Type::Ref {
            lifetime,
            mutable,
            elem,
        } if is_self(elem) => Receiver::Ref {
            lifetime: lifetime.clone(),
            mutable: *mutable,
        },
        _ => Receiver::Typed(ty),
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

fn trait_shape(cx: &mut Cx<'_>, t: &syn::ItemTrait, spans: &mut Spans) -> TraitShape {
    cx.enter(&t.generics);
    let mut generics = types::generics(cx, &t.generics);
    let mut supertraits = types::bounds(cx, &t.supertraits);
    // `where Self: X` is a supertrait written elsewhere.
    generics.where_clause.retain(|w| match w {
        crate::shape::WherePredicate::Type {
            hrtb,
            bounded,
            bounds,
        } if hrtb.is_empty() && bounded.as_path().and_then(|p| p.as_ident()) == Some("Self") => {
            supertraits.extend(bounds.iter().cloned());
            false
        }
        _ => true,
    });
    crate::ty::sort_bounds(&mut supertraits);
    let sealed = supertraits.iter().any(is_sealing);
    let mut methods = BTreeMap::new();
    let mut assoc_types = BTreeMap::new();
    let mut consts = BTreeMap::new();
    for item in &t.items {
        match item {
            syn::TraitItem::Fn(f) => {
                let name = f.sig.ident.to_string();
                spans.set(Member::method(&name), f.sig.ident.span());
                let mut sig = fn_shape(cx, &SynVis::Inherited, &f.sig, &Generics::default());
                sig.hidden = attrs::doc_hidden(&f.attrs);
                sig.target_features = attrs::target_features(&f.attrs);
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
                spans.set(Member::AssocType { name: name.clone() }, ty.ident.span());
                let mark = cx.enter(&ty.generics);
                let shape = AssocType {
                    hidden: attrs::doc_hidden(&ty.attrs),
                    generics: types::generics(cx, &ty.generics),
                    bounds: types::bounds(cx, &ty.bounds),
                    default: ty.default.as_ref().map(|(_, t)| types::ty(cx, t)),
                };
                cx.leave(mark);
                assoc_types.insert(name, shape);
            }
            syn::TraitItem::Const(c) => {
                let name = c.ident.to_string();
                spans.set(Member::AssocConst { name: name.clone() }, c.ident.span());
                consts.insert(
                    name,
                    AssocConst {
                        hidden: attrs::doc_hidden(&c.attrs),
                        ty: types::ty(cx, &c.ty),
                        default: c.default.as_ref().map(|(_, e)| tokens::to_string(e)),
                    },
                );
            }
            _ => {}
        }
    }
    // A required item no one outside the crate may name (`#[doc(hidden)]`, not public
    // API) is the other sealing pattern: implementing the trait means naming it.
    let hidden_required = methods.values().any(|m| !m.provided && m.sig.hidden)
        || assoc_types
            .values()
            .any(|a: &AssocType| a.default.is_none() && a.hidden)
        || consts
            .values()
            .any(|c: &AssocConst| c.default.is_none() && c.hidden);
    TraitShape {
        vis: visibility(&t.vis),
        hidden: attrs::doc_hidden(&t.attrs),
        generics,
        unsafety: t.unsafety.is_some(),
        dyn_compatible: dyn_compatible(t),
        supertraits,
        sealed: sealed || hidden_required,
        methods,
        types: assoc_types,
        consts,
    }
}

/// The sealed-trait pattern: a supertrait living in a module named `sealed` or
/// `private`, or named `Sealed`.
fn is_sealing(bound: &Bound) -> bool {
    bound.trait_path().is_some_and(|path| {
        path.segments.iter().any(|s| {
            matches!(
                s.name.as_str(),
                "sealed" | "private" | "__private" | "Sealed"
            )
        })
    })
}

/// Dyn compatibility from the syntax alone (the reference's rules): no `Sized`
/// supertrait, no associated consts or generic associated types, and every method
/// not opted out with `where Self: Sized` has a receiver, no type parameters, is not
/// `async`, does not return `impl Trait` and does not mention `Self` outside the
/// receiver except as `Self::Assoc`.
pub fn dyn_compatible(t: &syn::ItemTrait) -> bool {
    let is_sized = |b: &syn::TypeParamBound| match b {
        syn::TypeParamBound::Trait(tb) => {
            tb.maybe.is_none() && tb.path.segments.last().is_some_and(|s| s.ident == "Sized")
        }
        _ => false,
    };
    let self_sized_where = t.generics.where_clause.iter().any(|w| {
        w.predicates.iter().any(|p| match p {
            syn::WherePredicate::Type(pt) => {
                is_self(&pt.bounded_ty) && pt.bounds.iter().any(is_sized)
            }
            _ => false,
        })
    });
    if t.supertraits.iter().any(is_sized) || self_sized_where {
        return false;
    }
    t.items.iter().all(|item| match item {
        syn::TraitItem::Const(_) => false,
        syn::TraitItem::Type(ty) => ty.generics.params.is_empty(),
        syn::TraitItem::Fn(f) => method_is_dispatchable(&f.sig),
        _ => true,
    })
}

fn is_self(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("Self"))
}

fn method_is_dispatchable(sig: &syn::Signature) -> bool {
    let opted_out = sig.generics.where_clause.iter().any(|w| {
        w.predicates.iter().any(|p| match p {
            syn::WherePredicate::Type(pt) => {
                is_self(&pt.bounded_ty)
                    && pt.bounds.iter().any(|b| {
                        matches!(b, syn::TypeParamBound::Trait(tb)
                            if tb.path.segments.last().is_some_and(|s| s.ident == "Sized"))
                    })
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
    cx: &mut Cx<'_>,
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
                    spans.set(Member::Row { index: i }, e.span());
                    tokens::to_string(e)
                })
                .collect(),
        ),
        None => Value::Expr(tokens::to_string(expr)),
    };
    ValueItemShape {
        vis: Visibility::Public,
        hidden: false,
        mutable,
        unsafety: false,
        export: None,
        ty: types::ty(cx, ty),
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

/// The head of the trait `impl` `i` ([`TraitImpl`]), its paths read in `scope`; `None`
/// for an inherent or a negative impl.
pub fn trait_impl(i: &syn::ItemImpl, scope: &Scope) -> Option<TraitImpl> {
    let (Some((path, _)), None) = (&i.trait_, &i.modifiers.polarity) else {
        return None;
    };
    let mut cx = Cx::new(scope);
    cx.enter(&i.generics);
    let trait_bound = Bound::Trait {
        hrtb: Vec::new(),
        maybe: false,
        path: types::path(&mut cx, path),
    };
    let self_ty = types::ty(&mut cx, &i.self_ty);
    let generics = types::generics(&mut cx, &i.generics);
    let assoc = i
        .items
        .iter()
        .filter_map(|item| match item {
            syn::ImplItem::Type(t) => Some((t.ident.to_string(), types::ty(&mut cx, &t.ty))),
            _ => None,
        })
        .collect();
    Some(TraitImpl {
        generics,
        trait_bound,
        self_ty,
        assoc,
    })
}

fn impl_fragment(
    cx: &mut Cx<'_>,
    i: &syn::ItemImpl,
    spans: &mut Spans,
) -> syn::Result<(String, Fragment)> {
    let self_name = match &*i.self_ty {
        syn::Type::Path(p) if p.qself.is_none() => {
            p.path.segments.last().map(|s| s.ident.to_string())
        }
        _ => None,
    };
    spans.item = Some(i.self_ty.span());
    spans.fields = Some(i.brace_token.span.join());
    cx.enter(&i.generics);
    match (&i.trait_, &i.modifiers.polarity) {
        (Some(_), Some(bang)) => Err(syn::Error::new(
            bang.span,
            "negative impls cannot be pinned: pin the type or the trait instead",
        )),
        (Some((path, _)), None) => {
            let trait_name = path
                .segments
                .last()
                .map(|s| s.ident.to_string())
                .ok_or_else(|| syn::Error::new(path.span(), "expected a trait path"))?;
            spans.item = Some(path.span());
            let mut ty = types::ty(cx, &i.self_ty);
            let mut generics = types::generics(cx, &i.generics);
            let trait_args = match types::path(cx, path).segments.pop().map(|s| s.args) {
                Some(crate::ty::Args::Angle(args)) => args,
                _ => Vec::new(),
            };
            elision::canonical_implementor(&mut ty, &trait_args, &mut generics);
            let implementor = Implementor {
                ty,
                generics,
                trait_args,
            };
            Ok((trait_name, Fragment::Implementor { implementor }))
        }
        (None, _) => {
            let name = self_name.ok_or_else(|| {
                syn::Error::new(
                    i.self_ty.span(),
                    "`#[contract]` on an inherent `impl` needs a named self type (`impl Foo`)",
                )
            })?;
            let mut impl_generics = types::generics(cx, &i.generics);
            let self_ty = types::ty(cx, &i.self_ty);
            // `impl<S> Stream<'_, S>` is `impl<'a, S> Stream<'a, S>`: each `'_` of the
            // self type is a lifetime parameter of the block, named as one, and `Self`
            // names it too (glyph_brush 0.7.12's `impl<X> Section<'_, X> { fn new() ->
            // Self }` returns what 0.7.11's `impl<'a, X> Section<'a, X>` did).
            let self_ty = elision::impl_lifetimes_named(self_ty, &mut impl_generics);
            cx.set_self_ty(Some(self_ty.clone()));
            let mut methods = BTreeMap::new();
            let mut consts = BTreeMap::new();
            let mut assoc_types = BTreeMap::new();
            for item in &i.items {
                match item {
                    syn::ImplItem::Fn(f) if matches!(f.vis, SynVis::Public(_)) => {
                        let method = f.sig.ident.to_string();
                        spans.set(Member::method(&method), f.sig.ident.span());
                        let mut shape = fn_shape(cx, &f.vis, &f.sig, &impl_generics);
                        elision::drop_vacuous_impl_lifetimes(&mut shape, &self_ty);
                        fn_attrs(&mut shape, &f.attrs, &method);
                        methods.insert(method, shape);
                    }
                    syn::ImplItem::Const(c) if matches!(c.vis, SynVis::Public(_)) => {
                        let name = c.ident.to_string();
                        spans.set(Member::AssocConst { name: name.clone() }, c.ident.span());
                        let mut shape = value_shape(cx, false, &c.ty, &c.expr, spans);
                        shape.hidden = attrs::doc_hidden(&c.attrs);
                        consts.insert(name, shape);
                    }
                    syn::ImplItem::Type(t) if matches!(t.vis, SynVis::Public(_)) => {
                        let name = t.ident.to_string();
                        spans.set(Member::AssocType { name: name.clone() }, t.ident.span());
                        let mark = cx.enter(&t.generics);
                        let shape = AliasShape {
                            vis: Visibility::Public,
                            hidden: attrs::doc_hidden(&t.attrs),
                            generics: types::generics(cx, &t.generics),
                            target: types::ty(cx, &t.ty),
                        };
                        cx.leave(mark);
                        assoc_types.insert(name, shape);
                    }
                    _ => {}
                }
            }
            Ok((
                name,
                Fragment::Methods {
                    methods,
                    consts,
                    types: assoc_types,
                    unresolved: Default::default(),
                },
            ))
        }
    }
}
