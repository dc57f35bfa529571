//! Extraction of every accepted item kind, and refusal of the others.

use contract_core::shape::{FieldStyle, GenericParam, ItemShape, Value};
use contract_core::syntax::extract;
use contract_core::Fragment;

fn item(src: &str) -> ItemShape {
    match fragment(src) {
        Fragment::Item { item, .. } => item,
        other => panic!("expected an item fragment, got {other:?}"),
    }
}

fn fragment(src: &str) -> Fragment {
    let parsed: syn::Item = syn::parse_str(src).expect("test source parses");
    extract(&parsed).expect("extracts").fragment
}

fn texts<T: std::fmt::Display>(items: &[T]) -> Vec<String> {
    items.iter().map(ToString::to_string).collect()
}

fn refusal(src: &str) -> String {
    let parsed: syn::Item = syn::parse_str(src).expect("test source parses");
    extract(&parsed).expect_err("must be refused").to_string()
}

#[test]
fn struct_with_generics_lifetimes_where_clause_and_serde() {
    let ItemShape::Struct(s) = item(
        r#"
        /// Docs are not part of a shape.
        #[derive(Debug, serde::Deserialize)]
        #[serde(rename_all = "camelCase")]
        #[allow(dead_code)]
        pub struct View<'a, T: Clone = u8, const N: usize = 4> where T: Send {
            /// Field docs neither.
            pub name: &'a str,
            #[serde(default, alias = "vals")]
            pub(crate) values: [T; N],
            hidden: std::option::Option<Box<dyn std::error::Error + Send>>,
        }"#,
    ) else {
        panic!("not a struct")
    };
    let params: Vec<_> = s
        .generics
        .params
        .iter()
        .map(|p| (p.kind_name(), p.name()))
        .collect();
    assert_eq!(params, [("lifetime", "'a"), ("type", "T"), ("const", "N")]);
    let GenericParam::Type {
        bounds, default, ..
    } = &s.generics.params[1]
    else {
        panic!()
    };
    assert_eq!(
        texts(bounds),
        ["Clone", "Send"],
        "where-clause bound merged"
    );
    assert_eq!(
        default.as_ref().map(ToString::to_string).as_deref(),
        Some("u8")
    );
    let GenericParam::Const { ty, default, .. } = &s.generics.params[2] else {
        panic!()
    };
    assert_eq!(ty.to_string(), "usize");
    assert_eq!(default.as_deref(), Some("4"));
    assert!(s.generics.where_clause.is_empty());
    assert_eq!(s.style, FieldStyle::Named);
    let fields: Vec<_> = s
        .fields
        .iter()
        .map(|f| (f.name.as_str(), f.vis.to_string(), f.ty.to_string()))
        .collect();
    assert_eq!(
        fields,
        [
            ("name", "pub".to_owned(), "&'a str".to_owned()),
            ("values", "pub(crate)".to_owned(), "[T; N]".to_owned()),
            (
                "hidden",
                String::new(),
                "Option<Box<dyn Send + std::error::Error>>".to_owned()
            ),
        ]
    );
    assert!(s.fields[1].serde.aliases.contains("vals"));
    assert!(s.fields[1].serde.default.is_some());
    assert_eq!(
        s.attrs.serde.rename_all.ser.map(|r| r.as_str()),
        Some("camelCase")
    );
    assert!(s.attrs.derives.contains("Deserialize") && s.attrs.has_wire());
}

#[test]
fn tuple_and_unit_structs() {
    let ItemShape::Struct(t) = item("pub struct Id(pub u64, String);") else {
        panic!()
    };
    assert_eq!(t.style, FieldStyle::Tuple);
    assert_eq!(t.fields[0].name, "0");
    assert_eq!(t.fields[1].vis.to_string(), "");
    let ItemShape::Struct(u) = item("#[non_exhaustive] pub struct Marker;") else {
        panic!()
    };
    assert_eq!(u.style, FieldStyle::Unit);
    assert!(u.attrs.non_exhaustive);
}

#[test]
fn enum_variants_discriminants_and_serde_tagging() {
    let ItemShape::Enum(e) = item(
        r#"
        #[derive(Serialize)]
        #[serde(tag = "kind", rename_all = "snake_case")]
        #[repr(u8)]
        pub enum Outcome<E> where E: std::fmt::Debug {
            Pass = 1,
            #[serde(rename = "fail")]
            Fail { reason: E } = 2,
            Skipped(u32, #[serde(skip)] String) = 3,
        }"#,
    ) else {
        panic!()
    };
    let GenericParam::Type { bounds, .. } = &e.generics.params[0] else {
        panic!()
    };
    assert_eq!(texts(bounds), ["std::fmt::Debug"]);
    assert_eq!(texts(&e.attrs.repr), ["u8"]);
    assert_eq!(e.attrs.serde.tag.as_deref(), Some("kind"));
    let variants: Vec<_> = e
        .variants
        .iter()
        .map(|v| {
            (
                v.name.as_str(),
                v.style,
                v.fields.len(),
                v.discriminant.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        variants,
        [
            ("Pass", FieldStyle::Unit, 0, Some("1")),
            ("Fail", FieldStyle::Named, 1, Some("2")),
            ("Skipped", FieldStyle::Tuple, 2, Some("3")),
        ]
    );
    assert_eq!(e.variants[1].serde.rename.ser.as_deref(), Some("fail"));
    let skipped = &e.variants[2].fields[1].serde;
    assert!(skipped.skip_serializing && skipped.skip_deserializing);
}

#[test]
fn trait_methods_assoc_items_supertraits_sealed_and_dyn_compatibility() {
    let ItemShape::Trait(t) = item(
        r#"
        pub unsafe trait Transform<'a>: sealed::Sealed + Send {
            type Output: Clone;
            const LIMIT: usize = 3;
            fn apply(&self, ctx: &'a ApplyContext) -> Result<Self::Output, String>;
            fn name(&self) -> &str { "t" }
            fn boxed(self: Box<Self>) -> u8;
        }"#,
    ) else {
        panic!()
    };
    assert!(t.unsafety && t.sealed);
    assert_eq!(texts(&t.supertraits), ["Send", "sealed::Sealed"]);
    assert!(
        !t.dyn_compatible,
        "an associated const makes a trait dyn-incompatible"
    );
    assert!(!t.methods["apply"].provided && t.methods["name"].provided);
    let apply = &t.methods["apply"].sig;
    assert_eq!(
        apply.receiver.as_ref().map(ToString::to_string).as_deref(),
        Some("&self")
    );
    assert_eq!(apply.params[0].ty.to_string(), "&'a ApplyContext");
    assert_eq!(
        apply.output.as_ref().map(ToString::to_string).as_deref(),
        Some("Result<Self::Output, String>")
    );
    assert_eq!(
        t.methods["boxed"]
            .sig
            .receiver
            .as_ref()
            .map(ToString::to_string)
            .as_deref(),
        Some("self: Box<Self>")
    );
    assert_eq!(texts(&t.types["Output"].bounds), ["Clone"]);
    assert_eq!(t.consts["LIMIT"].default.as_deref(), Some("3"));
}

#[test]
fn dyn_compatibility_follows_the_reference_rules() {
    let dyn_ok = |src: &str| match item(src) {
        ItemShape::Trait(t) => t.dyn_compatible,
        _ => panic!(),
    };
    assert!(dyn_ok(
        "pub trait E { fn run(&self, x: u8) -> u8; fn by_value(self) where Self: Sized; }"
    ));
    assert!(dyn_ok("pub trait E { fn make() -> Self where Self: Sized; fn get(&self) -> Option<Self::Out>; type Out; }"));
    assert!(!dyn_ok("pub trait E: Sized { fn run(&self); }"));
    assert!(!dyn_ok("pub trait E { fn make() -> u8; }"), "no receiver");
    assert!(
        !dyn_ok("pub trait E { fn get<T>(&self, t: T); }"),
        "type parameter"
    );
    assert!(
        !dyn_ok("pub trait E { fn dup(&self) -> Self; }"),
        "returns Self"
    );
    assert!(
        !dyn_ok("pub trait E { fn eq(&self, other: &Self) -> bool; }"),
        "Self in a parameter"
    );
    assert!(!dyn_ok("pub trait E { async fn run(&self); }"));
    assert!(!dyn_ok(
        "pub trait E { fn iter(&self) -> impl Iterator<Item = u8>; }"
    ));
    assert!(
        !dyn_ok("pub trait E { type Out<'a>; }"),
        "generic associated type"
    );
}

#[test]
fn fn_signatures_record_qualifiers_receiverless_params_and_output() {
    let ItemShape::Fn(f) = item(
        r#"pub const unsafe extern "C" fn raw<T: Copy>(mut ptr: *const T, (a, b): (u8, u8)) -> () {}"#,
    ) else {
        panic!()
    };
    assert!(f.constness && f.unsafety && !f.asyncness);
    assert_eq!(f.abi.as_deref(), Some("C"));
    assert_eq!(f.receiver, None);
    let params: Vec<_> = f
        .params
        .iter()
        .map(|p| (p.name.as_str(), p.ty.to_string()))
        .collect();
    assert_eq!(
        params,
        [
            ("ptr", "*const T".to_owned()),
            ("(a, b)", "(u8, u8)".to_owned())
        ]
    );
    assert_eq!(f.output, None, "`-> ()` is no output");
    let ItemShape::Fn(g) =
        item("pub async fn run<'a>(x: &'a mut Vec<u8>) -> std::io::Result<usize> { todo() }")
    else {
        panic!()
    };
    assert!(g.asyncness);
    assert_eq!(
        g.output.as_ref().map(ToString::to_string).as_deref(),
        Some("std::io::Result<usize>")
    );
}

#[test]
fn type_alias_const_and_static_tables() {
    let ItemShape::TypeAlias(a) =
        item("pub type StageOutcome<T = ()> = crate::outcomes::TrustOutcome<T>;")
    else {
        panic!()
    };
    assert_eq!(a.target.to_string(), "crate::outcomes::TrustOutcome<T>");
    let GenericParam::Type { default, .. } = &a.generics.params[0] else {
        panic!()
    };
    assert_eq!(
        default.as_ref().map(ToString::to_string).as_deref(),
        Some("()")
    );

    let ItemShape::Const(c) = item("pub const MAX_RETRIES: u32 = 3;") else {
        panic!()
    };
    assert_eq!(
        (c.ty.to_string().as_str(), &c.value),
        ("u32", &Value::Expr("3".to_owned()))
    );

    let ItemShape::Const(table) = item(
        "pub const ROUTES: &[Route] = &[Route { from: Node::A, to: Node::B }, Route{from:Node::B,to:Node::End}];",
    ) else {
        panic!()
    };
    assert_eq!(
        table.value,
        Value::Rows(vec![
            "Route { from: Node::A, to: Node::B }".to_owned(),
            "Route { from: Node::B, to: Node::End }".to_owned(),
        ])
    );

    let ItemShape::Static(s) = item("pub static mut COUNTS: [u8; 2] = [1, 2];") else {
        panic!()
    };
    assert!(s.mutable);
    assert_eq!(s.value, Value::Rows(vec!["1".to_owned(), "2".to_owned()]));
}

#[test]
fn inherent_impls_pin_pub_methods_and_trait_impls_pin_the_implementor() {
    let Fragment::Methods { methods, .. } = fragment(
        "impl<T> Orchestrator<T> { pub fn new() -> Self { todo!() } pub fn run(&mut self) {} fn private(&self) {} pub(crate) fn krate(&self) {} }",
    ) else {
        panic!()
    };
    assert_eq!(methods.keys().collect::<Vec<_>>(), ["new", "run"]);
    assert_eq!(
        methods["run"]
            .receiver
            .as_ref()
            .map(ToString::to_string)
            .as_deref(),
        Some("&mut self")
    );
    assert_eq!(
        methods["new"].impl_generics.params[0].name(),
        "T",
        "a method records its impl block's generics"
    );

    let parsed: syn::Item =
        syn::parse_str("impl<'a> crate::transforms::Transform for Bump<'a> {}").unwrap();
    let extracted = extract(&parsed).unwrap();
    assert_eq!(
        extracted.name, "Transform",
        "a trait impl registers under the trait"
    );
    assert_eq!(
        extracted.fragment,
        Fragment::Implementor {
            implementor: contract_core::shape::Implementor::of(
                contract_core::Type::parse("Bump").unwrap()
            )
        },
        "the impl's own lifetime, written once, is `Bump<'_>`: elided, and not a parameter"
    );

    // A generic impl is its type for its generics.
    let parsed: syn::Item =
        syn::parse_str("impl<T, const N: usize> Transform for [T; N] where T: Clone {}").unwrap();
    let Fragment::Implementor { implementor } = extract(&parsed).unwrap().fragment else {
        panic!("an implementor");
    };
    assert_eq!(implementor.ty.to_string(), "[T; N]");
    assert_eq!(
        contract_core::render::implementor("Transform", &implementor),
        "impl<T: Clone, const N: usize> Transform for [T; N]"
    );
}

#[test]
fn unsupported_items_are_refused_with_what_is_accepted() {
    for (src, what) in [
        ("mod m {}", "a module"),
        ("use std::fmt;", "a `use` declaration"),
        ("m! { () }", "a macro invocation"),
        ("extern crate core;", "an `extern crate`"),
    ] {
        let message = refusal(src);
        assert_eq!(
            message,
            format!(
                "`#[contract]` cannot pin {what}: it accepts a struct, enum, union, trait, \
                 inherent `impl`, trait `impl`, fn (a proc macro's included), type alias, \
                 const, static or `extern` block (a `macro_rules!` is pinned with \
                 `pin_macro!`)"
            )
        );
    }
    // An attribute would re-emit a `macro_rules!`, macro-expanded: `pin_macro!` pins it.
    let message = refusal("#[macro_export] macro_rules! m { () => {} }");
    assert!(message.contains("pin_macro!"), "{message}");
    assert!(refusal("impl !Send for X {}").starts_with("negative impls cannot be pinned"));
    assert!(refusal("impl (u8, u8) { }").contains("needs a named self type"));
    assert!(refusal("pub auto trait A {}").contains("auto traits"));
}

/// Type forms syn reads that are no stable Rust (`dyn*`, `builtin #`, a bare fn's
/// `mut self`) are refused: kept as written, their text would not read back, and a
/// golden holding them could never be read again. Type macros, also kept as written,
/// read back and are pinned. (Found by the `extract_item`
/// fuzz target: `pub type R<T> = Result<T, Box<dyn *Error + Send>>;`.)
#[test]
fn type_forms_that_would_not_read_back_are_refused() {
    for (src, form) in [
        (
            "pub type R<T> = Result<T, Box<dyn *Error + Send>>;",
            "dyn * Error + Send",
        ),
        (
            "pub struct S { pub f: builtin # type_ascribe(u8, u8) }",
            "builtin",
        ),
        ("pub type F = fn(mut self);", "mut self"),
        ("pub fn f(x: Vec<dyn* Send>) {}", "dyn * Send"),
        (
            "extern \"C\" { pub static X: Box<dyn* Send>; }",
            "dyn * Send",
        ),
    ] {
        let parsed: syn::Item = syn::parse_str(src).expect("syn reads it");
        let message = contract_core::syntax::extract_all(&parsed, &Default::default())
            .expect_err(src)
            .to_string();
        assert!(
            message.contains(form) && message.contains("cannot be pinned"),
            "{src}: {message}"
        );
    }
    for src in [
        "pub type M = vec![u8];",
        "pub struct S { pub m: m!(a, b), pub n: Vec<m![{ x }]> }",
    ] {
        let fragment = fragment(src);
        let text = contract_core::canonical::to_compact_string(&fragment);
        let back: Fragment = serde_json::from_str(&text).expect("reads back");
        assert_eq!(back, fragment);
    }
}

/// Lifetimes before the other generic arguments and parameters, as Rust requires
/// and syn prints them: the same item written out of order (which syn reads and
/// rustc refuses) is the same shape, so reformatting it through syn changes
/// nothing. (Found by the `extract_item` fuzz target: `Box<dyn Error + Send,
/// 'static>` printed by syn is `Box<'static, dyn Error + Send>`.)
#[test]
fn lifetimes_come_first_however_they_are_written() {
    assert_eq!(
        fragment("pub struct S<T, 'a, const N: usize, 'b>(Box<T, 'a, N, 'b>, I<X<T, 'a> = u8>);"),
        fragment("pub struct S<'a, 'b, T, const N: usize>(Box<'a, 'b, T, N>, I<X<'a, T> = u8>);")
    );
    let parsed: syn::Item =
        syn::parse_str("pub type R = Box<dyn Send, 'static>;").expect("syn reads it");
    let printed: syn::Item =
        syn::parse_str(&quote::ToTokens::to_token_stream(&parsed).to_string()).unwrap();
    assert_eq!(
        extract(&printed).unwrap().fragment,
        extract(&parsed).unwrap().fragment
    );
}

#[test]
fn unions_macros_proc_macros_and_extern_blocks_are_items() {
    use contract_core::shape::{ProcMacroKind, Visibility};
    let ItemShape::Union(u) = item("#[repr(C)] pub union Bits { pub a: u32, b: f32 }") else {
        panic!("not a union")
    };
    assert_eq!(u.fields.len(), 2);
    assert_eq!(u.attrs.repr[0].to_string(), "C");
    // `pin_macro!(m)` finds the definition in the file, inline modules included.
    let file: syn::File = syn::parse_str(
        "#[macro_export] macro_rules! m { () => {} } mod inner { macro_rules! n { () => {} } }",
    )
    .unwrap();
    let macro_shape = |name: &str| match contract_core::syntax::pinned_macro(&file.items, name) {
        Ok((_, e)) => match e.fragment {
            Fragment::Item {
                item: ItemShape::MacroRules(m),
                ..
            } => Ok(m),
            other => panic!("{other:?}"),
        },
        Err(e) => Err(e),
    };
    assert!(macro_shape("m").unwrap().vis.is_public());
    assert_eq!(macro_shape("n").unwrap().vis, Visibility::Private);
    let missing = macro_shape("o").unwrap_err();
    assert!(
        missing.starts_with("no `macro_rules! o` in this file"),
        "{missing}"
    );
    let twins: syn::File = syn::parse_str(
        "#[cfg(a)] #[macro_export] macro_rules! m { () => {} } #[cfg(not(a))] macro_rules! m { () => {} }",
    )
    .unwrap();
    let why = contract_core::syntax::pinned_macro(&twins.items, "m")
        .err()
        .expect("two macros of one name are refused");
    assert!(why.contains("2 times, not all alike"), "{why}");
    let parsed: syn::Item = syn::parse_str(
        "#[proc_macro_derive(Builder, attributes(builder, setter))] \
         pub fn derive_builder(input: TokenStream) -> TokenStream { input }",
    )
    .unwrap();
    let extracted = extract(&parsed).unwrap();
    assert_eq!(
        extracted.name, "Builder",
        "a derive is named by its derive name"
    );
    let Fragment::Item {
        item: ItemShape::ProcMacro(p),
        ..
    } = extracted.fragment
    else {
        panic!("not a proc macro")
    };
    assert_eq!(p.form, ProcMacroKind::Derive);
    assert_eq!(p.helpers.iter().collect::<Vec<_>>(), ["builder", "setter"]);
    // An extern block: one symbol per `pub` fn and static, `safe`/`unsafe` read.
    let block: syn::Item = syn::parse_str(
        "unsafe extern \"C\" { pub safe fn abs(x: i32) -> i32; pub fn strlen(p: *const u8) -> usize; \
         pub unsafe static ERRNO: i32; pub safe static LIMIT: u8; fn private(); }",
    )
    .unwrap();
    let all = contract_core::syntax::extract_all(&block, &Default::default()).unwrap();
    let names: Vec<&str> = all.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["abs", "strlen", "ERRNO", "LIMIT"]);
    let shapes: Vec<ItemShape> = all
        .into_iter()
        .map(|e| match e.fragment {
            Fragment::Item { item, .. } => item,
            other => panic!("{other:?}"),
        })
        .collect();
    match (&shapes[0], &shapes[1], &shapes[2], &shapes[3]) {
        (ItemShape::Fn(abs), ItemShape::Fn(strlen), ItemShape::Static(e), ItemShape::Static(l)) => {
            assert!(!abs.unsafety && strlen.unsafety);
            assert_eq!(abs.abi.as_deref(), Some("C"));
            assert!(e.unsafety && !l.unsafety);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn visibility_hidden_target_features_exports_and_inherent_items_are_recorded() {
    let ItemShape::Struct(s) =
        item("#[doc(hidden)] pub(crate) struct S { #[doc(hidden)] pub a: u8, pub b: u8 }")
    else {
        panic!()
    };
    assert!(s.hidden && s.vis.to_string() == "pub(crate)");
    assert!(s.fields[0].hidden && !s.fields[1].hidden);
    let ItemShape::Fn(f) = item(
        "#[target_feature(enable = \"avx2,fma\")] #[unsafe(export_name = \"init_v2\")] \
         #[doc(alias = \"x\", hidden)] pub fn init() {}",
    ) else {
        panic!()
    };
    assert_eq!(
        f.target_features.iter().collect::<Vec<_>>(),
        ["avx2", "fma"]
    );
    assert_eq!(f.export.as_deref(), Some("init_v2"));
    assert!(f.hidden);
    let ItemShape::Fn(f) = item("#[no_mangle] extern \"C\" fn start() {}") else {
        panic!()
    };
    assert_eq!(f.export.as_deref(), Some("start"));
    let Fragment::Methods { consts, types, .. } =
        fragment("impl S { pub const LIMIT: u32 = 3; const PRIVATE: u8 = 1; pub fn f(&self) {} }")
    else {
        panic!()
    };
    assert_eq!(consts.keys().collect::<Vec<_>>(), ["LIMIT"]);
    assert!(types.is_empty());
    // A trait whose only route to implementation is a hidden required item is sealed.
    let ItemShape::Trait(t) = item("pub trait T { #[doc(hidden)] fn __seal(&self); fn f(&self); }")
    else {
        panic!()
    };
    assert!(t.sealed);
    let ItemShape::Trait(t) = item("pub trait T { #[doc(hidden)] fn help(&self) {} fn f(&self); }")
    else {
        panic!()
    };
    assert!(!t.sealed, "a provided hidden method seals nothing");
}

#[test]
fn formatting_and_docs_never_change_a_shape() {
    let compact = "pub struct S<T:Clone>{pub a:Vec<T>,#[serde(default)]b:Option<u8>}";
    let spaced = r#"
        /// Docs.
        #[doc = "more docs"]
        pub struct S < T : Clone > {
            /// A.
            pub a : std::vec::Vec< T > ,
            #[serde( default )]
            b : core::option::Option< u8 >,
        }"#;
    assert_eq!(fragment(compact), fragment(spaced));
}
