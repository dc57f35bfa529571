//! Properties of the diff engine and of extraction.
//!
//! - `diff(a, a)` is empty, for any generated shape and policy;
//! - the diff is deterministic;
//! - every real difference produces at least one delta, and never the safety net
//!   (`unclassified_change`): `b` is `a` with one random edit anywhere in its JSON
//!   form, so every field of the shape model is reached, including ones added later;
//! - extraction does not depend on token spacing, line breaks, doc comments,
//!   `#[allow]`s or attribute order (checked on every source of the kind cases).

mod common;

use std::collections::{BTreeMap, BTreeSet};

use contract_core::diff::{diff_sets, diff_symbol, equiv};
use contract_core::policy::{Policy, WireDirection, WireFormat};
use contract_core::probe::ProbedTrait;
use contract_core::probed::AutoCond;
use contract_core::serde_attrs::{Entries, Entry};
use contract_core::shape::{
    AliasShape, AssocConst, AssocType, ContainerAttrs, EnumShape, FieldShape, FieldStyle, FnShape,
    GenericParam, Generics, Implementor, ItemShape, MacroShape, Param, ProcMacroKind,
    ProcMacroShape, Receiver, Repr, StructShape, TraitMethod, TraitShape, UnionShape, Value,
    ValueItemShape, VariantShape, Visibility, WherePredicate,
};
use contract_core::ty::{sort_bounds, Bound, Type};
use contract_core::{Axis, DeltaKind, Symbol};
use proptest::prelude::*;
use proptest::sample::{select, subsequence, Index};
use quote::ToTokens;
use serde_json::Value as Json;

// ---- generators -----------------------------------------------------------------

const NAMES: &[&str] = &["a", "b", "retry_count", "Id", "NotFound", "run", "0", "1"];
/// Public paths an attribute can give (`path = "…"`).
const PATHS: &[&str] = &[
    "crate::api::Order",
    "crate::Order",
    "other_crate::v2::Order",
];
const TYPES: &[&str] = &[
    "u8",
    "u16",
    "u64",
    "String",
    "Option<u8>",
    "Option<String>",
    "Vec<u8>",
    "Box<u8>",
    "T",
    "[u8; 2]",
    "&'a str",
];
const VIS: &[&str] = &["", "pub", "pub(crate)"];
const SERDE_KEYS: &[&str] = &[
    "rename",
    "rename.serialize",
    "alias",
    "default",
    "skip",
    "skip_serializing",
    "skip_deserializing",
    "skip_serializing_if",
    "flatten",
    "with",
    "bound",
    "other",
    "rename_all",
    "rename_all_fields",
    "deny_unknown_fields",
    "tag",
    "content",
    "untagged",
    "transparent",
    "from",
    "crate",
];
const SERDE_VALUES: &[&str] = &[
    "",
    "id",
    "camelCase",
    "snake_case",
    "Option::is_none",
    "a, b",
];
const DERIVES: &[&str] = &[
    "Serialize",
    "Deserialize",
    "Clone",
    "Debug",
    "PartialOrd",
    "Copy",
];
const REPRS: &[&str] = &["C", "u8", "transparent", "packed", "align(8)", "u16"];
/// Target features, exported symbols, public paths, helper attributes, probed traits.
const EXTRAS: &[&str] = &[
    "avx2",
    "sse4.1",
    "init",
    "crate::api::S",
    "crate::S",
    "helper",
    "Sync",
    "Copy",
    "UnwindSafe",
];
const BOUNDS: &[&str] = &["Send", "Clone", "'a", "sealed::Sealed", "Fn(u8) -> u8"];
const EXPRS: &[&str] = &["1", "2", "Route { to: 1 }", "-3", "MAX + 1"];

fn pick(pool: &'static [&'static str]) -> impl Strategy<Value = String> {
    select(pool).prop_map(str::to_owned)
}

fn ty() -> impl Strategy<Value = Type> {
    pick(TYPES).prop_map(|t| Type::parse(&t).expect("generator types parse"))
}

fn vis() -> impl Strategy<Value = Visibility> {
    pick(VIS).prop_map(|v| Visibility::parse(&v).expect("generator visibilities parse"))
}

fn bounds(range: std::ops::Range<usize>) -> impl Strategy<Value = Vec<Bound>> {
    subsequence(BOUNDS, range).prop_map(|list| {
        let mut out: Vec<Bound> = list
            .iter()
            .map(|b| Bound::parse(b).expect("generator bounds parse"))
            .collect();
        sort_bounds(&mut out);
        out
    })
}

/// Serde attribute entries (flags for `""`), read into the attribute type `T`.
fn serde_attrs<T: Entries + std::fmt::Debug>() -> impl Strategy<Value = T> {
    prop::collection::btree_map(pick(SERDE_KEYS), pick(SERDE_VALUES), 0..3).prop_map(|map| {
        let entries: Vec<Entry> = map
            .into_iter()
            .map(|(k, v)| (k, (!v.is_empty()).then_some(v)))
            .collect();
        T::from_entries(entries)
    })
}

fn field() -> impl Strategy<Value = FieldShape> {
    (pick(NAMES), vis(), ty(), serde_attrs(), any::<bool>()).prop_map(
        |(name, vis, ty, serde, hidden)| FieldShape {
            name,
            hidden,
            vis,
            ty,
            serde,
        },
    )
}

fn probed() -> impl Strategy<Value = BTreeSet<ProbedTrait>> {
    subsequence(ProbedTrait::ALL, 0..6).prop_map(|t| t.into_iter().collect())
}

fn style() -> impl Strategy<Value = FieldStyle> {
    prop_oneof![
        Just(FieldStyle::Named),
        Just(FieldStyle::Tuple),
        Just(FieldStyle::Unit)
    ]
}

fn container() -> impl Strategy<Value = ContainerAttrs> {
    (
        any::<bool>(),
        subsequence(REPRS, 0..2),
        subsequence(DERIVES, 0..4),
        serde_attrs(),
        any::<bool>(),
    )
        .prop_map(|(non_exhaustive, repr, derives, serde, wire)| {
            let mut derives: BTreeSet<String> = derives.iter().map(|s| s.to_string()).collect();
            if wire {
                derives.insert("Serialize".into());
                derives.insert("Deserialize".into());
            }
            ContainerAttrs {
                non_exhaustive,
                repr: repr.iter().filter_map(|s| Repr::parse(s)).collect(),
                derives,
                serde,
            }
        })
}

fn generics() -> impl Strategy<Value = Generics> {
    let lifetimes = subsequence(&["'a", "'b"][..], 0..2).prop_flat_map(|names| {
        names
            .into_iter()
            .map(|name| {
                subsequence(&["'a", "'static"][..], 0..1).prop_map(move |bounds| {
                    GenericParam::Lifetime {
                        name: name.to_owned(),
                        bounds: bounds.iter().map(|s| s.to_string()).collect(),
                    }
                })
            })
            .collect::<Vec<_>>()
    });
    let types = subsequence(&["T", "K"][..], 0..2).prop_flat_map(|names| {
        names
            .into_iter()
            .map(|name| {
                (bounds(0..2), prop::option::of(pick(&["u8", "RandomState"]))).prop_map(
                    move |(bounds, default)| GenericParam::Type {
                        name: name.to_owned(),
                        bounds,
                        default: default.map(|d| Type::named(&d)),
                    },
                )
            })
            .collect::<Vec<_>>()
    });
    let consts = prop::option::of((pick(&["usize", "u8"]), prop::option::of(pick(&["3"]))))
        .prop_map(|c| {
            c.map(|(ty, default)| GenericParam::Const {
                name: "N".to_owned(),
                ty: Type::named(&ty),
                default,
            })
        });
    (
        lifetimes,
        types,
        consts,
        subsequence(&["Vec<T>: Clone", "T: Send + Sync"][..], 0..2),
    )
        .prop_map(|(mut params, types, konst, where_clause)| {
            params.extend(types);
            params.extend(konst);
            Generics {
                params,
                where_clause: where_clause
                    .iter()
                    .map(|s| WherePredicate::parse(s).expect("generator predicates parse"))
                    .collect(),
            }
        })
}

fn fn_shape() -> impl Strategy<Value = FnShape> {
    (
        vis(),
        any::<(bool, bool, bool)>(),
        prop::option::of(pick(&["C", "system"])),
        generics(),
        prop::option::of(pick(&["&self", "&mut self", "self", "self: Box<Self>"])),
        prop::collection::vec(
            (pick(NAMES), ty()).prop_map(|(name, ty)| Param { name, ty }),
            0..3,
        ),
        prop::option::of(ty()),
        (
            any::<bool>(),
            subsequence(&["avx2", "sse4.1"][..], 0..2),
            prop::option::of(pick(&["init", "run"])),
        ),
    )
        .prop_map(
            |(
                vis,
                (constness, asyncness, unsafety),
                abi,
                generics,
                receiver,
                params,
                output,
                (hidden, features, export),
            )| {
                FnShape {
                    vis,
                    constness,
                    asyncness,
                    unsafety,
                    hidden,
                    target_features: features.iter().map(|f| f.to_string()).collect(),
                    export,
                    abi,
                    generics,
                    impl_generics: Generics::default(),
                    receiver: receiver.map(|r| Receiver::parse(&r).expect("receivers parse")),
                    params,
                    output: output.filter(|t| *t != Type::unit()),
                }
            },
        )
}

fn variant() -> impl Strategy<Value = VariantShape> {
    (
        pick(NAMES),
        style(),
        prop::collection::vec(field(), 0..3),
        prop::option::of(pick(EXPRS)),
        serde_attrs(),
        any::<(bool, bool)>(),
    )
        .prop_map(
            |(name, style, fields, discriminant, serde, (non_exhaustive, hidden))| VariantShape {
                name,
                hidden,
                fields: if style == FieldStyle::Unit {
                    Vec::new()
                } else {
                    fields
                },
                style,
                discriminant,
                non_exhaustive,
                serde,
            },
        )
}

fn item() -> impl Strategy<Value = ItemShape> {
    let strukt = (
        generics(),
        container(),
        style(),
        prop::collection::vec(field(), 0..4),
        (vis(), any::<bool>()),
    )
        .prop_map(|(generics, attrs, style, fields, (vis, hidden))| {
            ItemShape::Struct(StructShape {
                vis,
                hidden,
                generics,
                attrs,
                fields: if style == FieldStyle::Unit {
                    Vec::new()
                } else {
                    fields
                },
                style,
            })
        });
    let union = (
        generics(),
        container(),
        prop::collection::vec(field(), 1..4),
        (vis(), any::<bool>()),
    )
        .prop_map(|(generics, mut attrs, mut fields, (vis, hidden))| {
            // Nothing serde derives: no union has a wire form.
            attrs.non_exhaustive = false;
            attrs.serde = Default::default();
            attrs.derives.remove("Serialize");
            attrs.derives.remove("Deserialize");
            for f in &mut fields {
                f.serde = Default::default();
            }
            ItemShape::Union(UnionShape {
                vis,
                hidden,
                generics,
                attrs,
                fields,
            })
        });
    let macros = prop_oneof![
        (vis(), any::<bool>()).prop_map(|(vis, hidden)| ItemShape::MacroRules(MacroShape {
            vis: if vis.is_public() {
                Visibility::Public
            } else {
                Visibility::Private
            },
            hidden
        })),
        (
            0..3usize,
            subsequence(&["helper", "builder"][..], 0..2),
            any::<bool>()
        )
            .prop_map(|(kind, helpers, hidden)| {
                let kind = [
                    ProcMacroKind::Bang,
                    ProcMacroKind::Attribute,
                    ProcMacroKind::Derive,
                ][kind];
                ItemShape::ProcMacro(ProcMacroShape {
                    form: kind,
                    helpers: if kind == ProcMacroKind::Derive {
                        helpers.iter().map(|h| h.to_string()).collect()
                    } else {
                        BTreeSet::new()
                    },
                    hidden,
                })
            }),
        (
            subsequence(&["std", "alloc", "serde"][..], 0..3),
            any::<bool>(),
            any::<bool>()
        )
            .prop_map(|(enables, default, hidden)| {
                ItemShape::Feature(contract_core::shape::FeatureShape {
                    enables: enables.iter().map(|e| e.to_string()).collect(),
                    default,
                    hidden,
                })
            }),
        any::<bool>()
            .prop_map(|hidden| ItemShape::Module(contract_core::shape::ModuleShape { hidden })),
    ];
    let enumm = (
        generics(),
        container(),
        prop::collection::vec(variant(), 0..4),
        (vis(), any::<bool>()),
    )
        .prop_map(|(generics, attrs, variants, (vis, hidden))| {
            ItemShape::Enum(EnumShape {
                vis,
                hidden,
                generics,
                attrs,
                variants,
            })
        });
    let assoc_type = (
        generics(),
        bounds(0..2),
        prop::option::of(ty()),
        any::<bool>(),
    )
        .prop_map(|(generics, bounds, default, hidden)| AssocType {
            hidden,
            generics,
            bounds,
            default,
        });
    let assoc_const =
        (ty(), prop::option::of(pick(EXPRS)), any::<bool>()).prop_map(|(ty, default, hidden)| {
            AssocConst {
                hidden,
                ty,
                default,
            }
        });
    let traitt = (
        generics(),
        any::<(bool, bool, bool)>(),
        bounds(0..3),
        prop::collection::btree_map(
            pick(NAMES),
            (fn_shape(), any::<bool>()).prop_map(|(sig, provided)| TraitMethod { sig, provided }),
            0..3,
        ),
        prop::collection::btree_map(pick(NAMES), assoc_type, 0..2),
        prop::collection::btree_map(pick(NAMES), assoc_const, 0..2),
        (vis(), any::<bool>()),
    )
        .prop_map(
            |(
                generics,
                (unsafety, sealed, dyn_compatible),
                supertraits,
                methods,
                types,
                consts,
                (vis, hidden),
            )| {
                ItemShape::Trait(TraitShape {
                    vis,
                    hidden,
                    generics,
                    unsafety,
                    supertraits,
                    sealed,
                    dyn_compatible,
                    methods,
                    types,
                    consts,
                })
            },
        );
    let value = prop_oneof![
        pick(EXPRS).prop_map(Value::Expr),
        prop::collection::vec(pick(EXPRS), 0..4).prop_map(Value::Rows),
    ];
    let value_item = || {
        (
            any::<bool>(),
            ty(),
            value.clone(),
            (
                vis(),
                any::<(bool, bool)>(),
                prop::option::of(pick(&["X", "x_v2"])),
            ),
        )
            .prop_map(|(mutable, ty, value, (vis, (hidden, unsafety), export))| {
                ValueItemShape {
                    vis,
                    hidden,
                    mutable,
                    unsafety,
                    export,
                    ty,
                    value,
                }
            })
    };
    prop_oneof![
        strukt,
        enumm,
        union,
        traitt,
        macros,
        fn_shape().prop_map(ItemShape::Fn),
        (generics(), ty(), vis(), any::<bool>()).prop_map(|(generics, target, vis, hidden)| {
            ItemShape::TypeAlias(AliasShape {
                vis,
                hidden,
                generics,
                target,
            })
        }),
        value_item().prop_map(|mut v| {
            v.mutable = false;
            v.unsafety = false;
            v.export = None;
            ItemShape::Const(v)
        }),
        value_item().prop_map(ItemShape::Static),
    ]
}

fn symbol() -> impl Strategy<Value = Symbol> {
    raw_symbol().prop_map(canonical)
}

fn raw_symbol() -> impl Strategy<Value = Symbol> {
    (
        prop::option::of(pick(&["crate::a", "crate::b"])),
        prop::option::of(item()),
        prop::collection::btree_map(pick(NAMES), fn_shape(), 0..3),
        prop::collection::btree_set(
            (pick(&["Bump", "Pin", "Vec<T>"]), generics(), any::<bool>()).prop_map(
                |(t, g, with_args)| Implementor {
                    ty: Type::parse(&t).expect("parses"),
                    // A generic trait's argument: the impl's own parameter, or a type.
                    trait_args: match (with_args, t.contains('<')) {
                        (true, true) => vec![contract_core::ty::GenericArg::Type(Type::named("T"))],
                        (true, false) => {
                            vec![contract_core::ty::GenericArg::Type(Type::named("u8"))]
                        }
                        (false, _) => Vec::new(),
                    },
                    generics: if t.contains('<') {
                        g
                    } else {
                        Generics::default()
                    },
                },
            ),
            0..3,
        ),
        (
            prop::option::of(pick(&["crate::api::S", "crate::S"])),
            prop::collection::btree_map(
                pick(NAMES),
                (ty(), pick(EXPRS), any::<bool>()).prop_map(|(ty, e, hidden)| ValueItemShape {
                    vis: Visibility::Public,
                    hidden,
                    mutable: false,
                    unsafety: false,
                    export: None,
                    ty,
                    value: Value::Expr(e),
                }),
                0..2,
            ),
            prop::collection::btree_map(
                pick(NAMES),
                ty().prop_map(|target| AliasShape {
                    vis: Visibility::Public,
                    hidden: false,
                    generics: Generics::default(),
                    target,
                }),
                0..2,
            ),
            prop::option::of(probed()),
            inferred_auto_traits(),
        ),
    )
        .prop_map(
            |(
                module,
                item,
                methods,
                implementors,
                (path, consts, types, implements, auto_traits),
            )| Symbol {
                // A re-export's defining module, as the command records it.
                defined_in: module
                    .as_ref()
                    .filter(|_| path.is_none() && item.is_some())
                    .map(|m| format!("{m}::imp")),
                defined_as: None,
                module,
                path,
                item,
                methods,
                consts,
                types,
                implementors,
                implements,
                auto_traits,
                impls_in_source: Default::default(),
                inert_features: Default::default(),
                redundant_features: Default::default(),
                package_features: Default::default(),
                auto_traits_inferred: false,
                unresolved: Default::default(),
                needs: Vec::new(),
            },
        )
}

/// Auto traits as the sources imply them: each never, always, or on a parameter.
fn inferred_auto_traits() -> impl Strategy<Value = BTreeMap<ProbedTrait, AutoCond>> {
    let auto = prop::sample::select(contract_core::auto::AUTO_TRAITS.to_vec());
    let cond = prop_oneof![
        Just(AutoCond::Never),
        Just(AutoCond::always()),
        (prop::sample::select(vec!["T", "U"]), auto.clone())
            .prop_map(|(p, t)| AutoCond::When([(p.to_owned(), t)].into())),
    ];
    prop::collection::btree_map(auto, cond, 0..3)
}

fn policy() -> impl Strategy<Value = Policy> {
    (0..3usize, any::<bool>(), any::<bool>()).prop_map(|(direction, positional, api_only)| {
        let mut p = Policy {
            wire_direction: WireDirection::ALL[direction],
            ..Policy::default()
        };
        if positional {
            p.wire_format = WireFormat::Positional;
        }
        if api_only {
            p.axes = vec![Axis::Api];
        }
        p
    })
}

// ---- one random edit, anywhere in the JSON form -----------------------------------

/// Every string the generators use: edits replace a string with one of these.
fn pool() -> Vec<&'static str> {
    [
        NAMES,
        TYPES,
        VIS,
        SERDE_KEYS,
        SERDE_VALUES,
        DERIVES,
        REPRS,
        BOUNDS,
        EXPRS,
        EXTRAS,
    ]
    .concat()
}

/// Paths to every node of a JSON value (object keys and array indices).
fn paths(value: &Json, here: Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(here.clone());
    match value {
        Json::Object(map) => {
            for (k, v) in map {
                let mut p = here.clone();
                p.push(Step::Key(k.clone()));
                paths(v, p, out);
            }
        }
        Json::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                let mut p = here.clone();
                p.push(Step::At(i));
                paths(v, p, out);
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum Step {
    Key(String),
    At(usize),
}

fn node<'a>(value: &'a mut Json, path: &[Step]) -> &'a mut Json {
    path.iter().fold(value, |v, step| match step {
        Step::Key(k) => &mut v[k.as_str()],
        Step::At(i) => &mut v[*i],
    })
}

/// Applies edit `op` (with `pick` choosing what) at the node `at` of `value`.
fn edit(value: &mut Json, at: Index, op: u8, choice: Index) {
    let mut all = Vec::new();
    paths(value, Vec::new(), &mut all);
    let path = at.get(&all).clone();
    let pool = pool();
    let target = node(value, &path);
    match target {
        Json::String(s) => *s = choice.get(&pool).to_string(),
        Json::Bool(b) => *b = !*b,
        Json::Array(items) if !items.is_empty() => {
            let i = choice.index(items.len());
            match op % 4 {
                0 => {
                    items.remove(i);
                }
                1 => {
                    let copy = items[i].clone();
                    items.push(copy);
                }
                2 => items.swap(0, i),
                _ => items.reverse(),
            }
        }
        Json::Array(items) => items.push(Json::String(choice.get(&pool).to_string())),
        Json::Object(map) if !map.is_empty() => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = choice.get(&keys).clone();
            match op % 3 {
                0 => {
                    map.remove(&key);
                }
                1 => {
                    // Rename a key (a field of a shape struct, which then fails to
                    // parse, or an entry of a map such as methods or serde attributes).
                    let v = map.remove(&key).unwrap_or(Json::Null);
                    map.insert(pool[op as usize % pool.len()].to_owned(), v);
                }
                _ => {
                    let v = map[&key].clone();
                    map.insert(format!("{key}_2"), v);
                }
            }
        }
        _ => {}
    }
}

fn mutate(a: &Symbol, at: Index, op: u8, choice: Index) -> Option<Symbol> {
    let mut json = serde_json::to_value(a).ok()?;
    edit(&mut json, at, op, choice);
    serde_json::from_value(json).ok().map(canonical)
}

/// A shape as the extractor builds it: the lists that are sets (bounds, where
/// clauses, supertraits, reprs) sorted and without duplicates.
fn canonical(mut s: Symbol) -> Symbol {
    fn generics(g: &mut Generics) {
        g.where_clause.sort_by_key(ToString::to_string);
        g.where_clause.dedup();
        for p in &mut g.params {
            match p {
                GenericParam::Lifetime { bounds, .. } => {
                    bounds.sort();
                    bounds.dedup();
                }
                GenericParam::Type { bounds, .. } => sort_bounds(bounds),
                GenericParam::Const { .. } => {}
            }
        }
        // Rust declares lifetimes first.
        g.params.sort_by_key(|p| !p.is_lifetime());
    }
    fn sig(f: &mut FnShape) {
        generics(&mut f.generics);
    }
    /// Tuple fields are named by position; unit forms have none.
    fn fields(style: FieldStyle, fields: &mut Vec<FieldShape>) {
        match style {
            FieldStyle::Unit => fields.clear(),
            FieldStyle::Tuple => {
                for (i, f) in fields.iter_mut().enumerate() {
                    f.name = i.to_string();
                }
            }
            FieldStyle::Named => {}
        }
    }
    fn reprs(r: &mut Vec<Repr>) {
        r.sort();
        r.dedup();
    }
    for m in s.methods.values_mut() {
        sig(m);
    }
    match &mut s.item {
        Some(ItemShape::Struct(x)) => {
            generics(&mut x.generics);
            reprs(&mut x.attrs.repr);
            fields(x.style, &mut x.fields);
        }
        Some(ItemShape::Enum(x)) => {
            generics(&mut x.generics);
            reprs(&mut x.attrs.repr);
            for v in &mut x.variants {
                fields(v.style, &mut v.fields);
                // Variant fields share the enum's visibility.
                for f in &mut v.fields {
                    f.vis = Visibility::Private;
                }
            }
        }
        Some(ItemShape::Trait(t)) => {
            generics(&mut t.generics);
            sort_bounds(&mut t.supertraits);
            // Sealed is computed from the supertraits, as the extractor does.
            t.sealed = t.supertraits.iter().any(|b| {
                b.trait_path().is_some_and(|p| {
                    p.segments.iter().any(|seg| {
                        matches!(
                            seg.name.as_str(),
                            "sealed" | "private" | "__private" | "Sealed"
                        )
                    })
                })
            });
            for m in t.methods.values_mut() {
                sig(&mut m.sig);
            }
            for a in t.types.values_mut() {
                generics(&mut a.generics);
                sort_bounds(&mut a.bounds);
            }
        }
        Some(ItemShape::Fn(f)) => sig(f),
        Some(ItemShape::TypeAlias(a)) => generics(&mut a.generics),
        Some(ItemShape::Union(u)) => {
            generics(&mut u.generics);
            reprs(&mut u.attrs.repr);
        }
        _ => {}
    }
    s
}

/// The lines of `x`'s JSON form that differ from `y`'s: what an edit changed.
fn json_diff(x: &Symbol, y: &Symbol) -> String {
    let text = |s: &Symbol| serde_json::to_string_pretty(s).unwrap_or_default();
    let (a, b) = (text(x), text(y));
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let mut out = Vec::new();
    for line in &a {
        if !b.contains(line) {
            out.push(format!("- {line}"));
        }
    }
    for line in &b {
        if !a.contains(line) {
            out.push(format!("+ {line}"));
        }
    }
    format!("{}\n{}", text(x), out.join("\n"))
}

/// Equal as far as consumers can tell (a consistent renaming of generic parameters,
/// another spelling of one signature).
fn equivalent(x: &Symbol, y: &Symbol) -> bool {
    equiv::equivalent(x, y)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 1024,
        max_global_rejects: 1 << 16,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn every_shape_reads_back_from_its_golden_form(a in symbol()) {
        let json = serde_json::to_string(&a).expect("serialises");
        let back: Symbol = serde_json::from_str(&json)
            .unwrap_or_else(|e| panic!("{e}: {json}"));
        prop_assert_eq!(back, a);
    }

    #[test]
    fn a_shape_against_itself_has_no_delta(a in symbol(), policy in policy()) {
        prop_assert!(diff_symbol("X", &a, &a, &policy).is_empty());
        let set: BTreeMap<String, Symbol> = [("X".to_owned(), a)].into_iter().collect();
        prop_assert!(diff_sets(&set, &set, &policy).is_empty());
    }

    #[test]
    fn every_difference_is_classified_and_the_diff_is_deterministic(
        a in symbol(),
        at in any::<Index>(),
        op in any::<u8>(),
        choice in any::<Index>(),
        policy in policy(),
    ) {
        let b = mutate(&a, at, op, choice);
        prop_assume!(b.is_some());
        let b = b.unwrap_or_default();
        for (x, y) in [(&a, &b), (&b, &a)] {
            let deltas = diff_symbol("X", x, y, &policy);
            prop_assert_eq!(&deltas, &diff_symbol("X", x, y, &policy), "not deterministic");
            prop_assert_eq!(equivalent(x, y), deltas.is_empty(), "{:#?}\n{:#?}\n{:#?}", x, y, deltas);
            let net: Vec<_> = deltas.iter().filter(|d| d.kind == DeltaKind::UnclassifiedChange).collect();
            prop_assert!(net.is_empty(), "the safety net fired:\n{}\n{:#?}", json_diff(x, y), net);
        }
    }

    #[test]
    fn set_diffs_are_deterministic_and_cover_every_symbol(
        a in prop::collection::btree_map(pick(&["A", "B", "C"]), symbol(), 0..3),
        b in prop::collection::btree_map(pick(&["A", "B", "C"]), symbol(), 0..3),
        policy in policy(),
    ) {
        let deltas = diff_sets(&a, &b, &policy);
        prop_assert_eq!(&deltas, &diff_sets(&a, &b, &policy));
        let same = a.len() == b.len()
            && a.iter().zip(&b).all(|((n, x), (m, y))| n == m && equivalent(x, y));
        prop_assert_eq!(same, deltas.is_empty());
        prop_assert!(deltas.iter().all(|d| d.kind != DeltaKind::UnclassifiedChange));
        for (name, shape) in &b {
            if !a.get(name).is_some_and(|x| equivalent(x, shape)) {
                let named = deltas.iter().any(|d| d.symbols().contains(&name.as_str()));
                prop_assert!(named, "no delta names `{}`", name);
            }
        }
    }
}

// ---- extraction is stable under formatting -------------------------------------------

/// Every source of the kind cases.
fn corpus() -> Vec<&'static str> {
    common::cases::CASES
        .iter()
        .filter(|c| !c.only_public_api())
        .flat_map(|c| [c.before, c.after])
        .collect()
}

/// The source's tokens, one per line, with `extra` spaces between them: the same
/// tokens, another layout.
fn respaced(src: &str, extra: &[u8]) -> String {
    let file: syn::File = syn::parse_str(src).expect("parses");
    let mut out = String::new();
    respace(file.into_token_stream(), extra, &mut 0, &mut out);
    out
}

fn respace(tokens: proc_macro2::TokenStream, extra: &[u8], at: &mut usize, out: &mut String) {
    use proc_macro2::{Delimiter, TokenTree};
    for tree in tokens {
        let gap = extra.get(*at % extra.len().max(1)).copied().unwrap_or(1) % 4;
        *at += 1;
        match tree {
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::None => ("", ""),
                };
                out.push_str(open);
                out.push_str(&"\n  ".repeat(gap as usize));
                respace(g.stream(), extra, at, out);
                out.push_str(close);
            }
            TokenTree::Punct(p) => {
                out.push(p.as_char());
                // Joint punctuation (`::`, `->`) must stay together.
                if p.spacing() == proc_macro2::Spacing::Alone {
                    out.push_str(&" ".repeat(gap as usize + 1));
                }
            }
            other => {
                out.push_str(&other.to_string());
                out.push_str(if gap % 2 == 0 { " " } else { "\n " });
                out.push_str(&" ".repeat(gap as usize));
            }
        }
    }
}

/// Doc comments and `#[allow]`s on every item, field, variant and method; outer
/// attributes reversed.
fn decorated(src: &str) -> String {
    fn decorate(attrs: &mut Vec<syn::Attribute>) {
        attrs.reverse();
        let mut with: Vec<syn::Attribute> = vec![
            syn::parse_quote!(#[doc = " Documentation that must not matter."]),
            syn::parse_quote!(#[allow(dead_code, clippy::all)]),
        ];
        with.append(attrs);
        *attrs = with;
    }
    fn fields(fields: &mut syn::Fields) {
        for f in fields.iter_mut() {
            decorate(&mut f.attrs);
        }
    }
    fn items(list: &mut [syn::Item]) {
        for item in list {
            match item {
                syn::Item::Struct(i) => {
                    decorate(&mut i.attrs);
                    fields(&mut i.fields);
                }
                syn::Item::Enum(i) => {
                    decorate(&mut i.attrs);
                    for v in &mut i.variants {
                        decorate(&mut v.attrs);
                        fields(&mut v.fields);
                    }
                }
                syn::Item::Trait(i) => {
                    decorate(&mut i.attrs);
                    for t in &mut i.items {
                        if let syn::TraitItem::Fn(f) = t {
                            decorate(&mut f.attrs);
                        }
                    }
                }
                syn::Item::Impl(i) => {
                    decorate(&mut i.attrs);
                    for t in &mut i.items {
                        if let syn::ImplItem::Fn(f) = t {
                            decorate(&mut f.attrs);
                        }
                    }
                }
                syn::Item::Fn(i) => decorate(&mut i.attrs),
                syn::Item::Type(i) => decorate(&mut i.attrs),
                syn::Item::Const(i) => decorate(&mut i.attrs),
                syn::Item::Static(i) => decorate(&mut i.attrs),
                syn::Item::Mod(m) => {
                    if let Some((_, inner)) = &mut m.content {
                        items(inner);
                    }
                }
                _ => {}
            }
        }
    }
    let mut file: syn::File = syn::parse_str(src).expect("parses");
    items(&mut file.items);
    file.into_token_stream().to_string()
}

#[test]
fn extraction_ignores_docs_allows_and_attribute_order() {
    for src in corpus() {
        let noisy = decorated(src);
        assert_eq!(common::set(src), common::set(&noisy), "\n{src}\n{noisy}");
    }
}

#[test]
fn extraction_ignores_the_printer() {
    for src in corpus() {
        let printed = syn::parse_str::<syn::File>(src)
            .expect("parses")
            .into_token_stream()
            .to_string();
        assert_eq!(
            common::set(src),
            common::set(&printed),
            "\n{src}\n{printed}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn extraction_ignores_spacing_and_line_breaks(
        extra in prop::collection::vec(any::<u8>(), 1..16),
    ) {
        for src in corpus() {
            let spaced = respaced(src, &extra);
            prop_assert_eq!(common::set(src), common::set(&spaced), "\n{}\n{}", src, spaced);
        }
    }
}

/// Found by the property above: an argument given to `#[serde(other)]` changed and no
/// rule saw it, so the safety net fired.
#[test]
fn a_changed_argument_of_serde_other_is_classified() {
    let shape = |src: &str| {
        let item: syn::Item = syn::parse_str(src).unwrap();
        match contract_core::syntax::extract(&item).unwrap().fragment {
            contract_core::Fragment::Item { item, .. } => contract_core::Symbol {
                item: Some(item),
                ..Default::default()
            },
            other => panic!("{other:?}"),
        }
    };
    let before = shape("#[derive(Deserialize)] enum E { A, #[serde(other)] B }");
    let after = shape("#[derive(Deserialize)] enum E { A, #[serde(other = \"x\")] B }");
    let policy = contract_core::Policy::default();
    let deltas = contract_core::diff::diff_symbol("E", &before, &after, &policy);
    let kinds: Vec<_> = deltas.iter().map(|d| d.kind.as_str()).collect();
    assert_eq!(kinds, ["serde_attribute_changed"]);
    assert!(
        deltas[0].is_breaking(),
        "an argument serde does not define is not understood"
    );
}

// ---- reading one entry of a golden ------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// The fragment text the macro registers and holds to the golden is the
    /// fragment's canonical text, and the range it gives is the item's own.
    #[test]
    fn a_fragments_text_is_canonical_and_locates_its_item(
        item in item(),
        unresolved in prop::collection::btree_set(pick(NAMES), 0..3),
        path in prop::option::of(pick(PATHS)),
    ) {
        let fragment = contract_core::Fragment::Item { item: item.clone(), unresolved, path };
        let (text, range) = fragment.compact_text();
        prop_assert_eq!(&text, &contract_core::canonical::to_compact_string(&fragment));
        let range = range.expect("an item's range");
        prop_assert_eq!(&text[range], contract_core::canonical::to_compact_string(&item));
    }

}

/// An item matches its stored entry exactly when it is the stored item: the
/// compile-time check's fast path says what a parse and a comparison would.
#[test]
fn a_stored_entry_matches_an_item_exactly_when_it_is_that_item() {
    // Generating a deep symbol and a deep item at once takes more stack than a test
    // thread's 2 MiB in a debug build (proptest's value trees recurse).
    let run = || {
        let config = ProptestConfig {
            cases: 256,
            ..ProptestConfig::default()
        };
        let mut runner = proptest::test_runner::TestRunner::new(config);
        runner
            .run(&(symbol(), item()), |(stored, other)| {
                let Some(item) = stored.item.clone() else {
                    return Ok(());
                };
                let symbols = BTreeMap::from([("S".to_owned(), stored)]);
                let text = contract_core::Golden::new("s", "p", &symbols).render();
                let index =
                    contract_core::golden::Index::read(text.as_bytes()).expect("the layout reads");
                let entry = index.entry("S").expect("the entry");
                let compact = |i: &ItemShape| contract_core::canonical::to_compact_string(i);
                prop_assert!(entry.item_is(&compact(&item)));
                prop_assert_eq!(entry.item_is(&compact(&other)), other == item);
                let path = symbols["S"].path.as_deref();
                prop_assert!(entry.path_is(path));
                for other in [None, Some("crate::api::Order"), Some("crate::other::Order")] {
                    prop_assert_eq!(entry.path_is(other), other == path);
                }
                prop_assert!(index.entry("T").is_none());
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{e}"));
    };
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(run)
        .expect("a thread")
        .join()
        .expect("no failure");
}

// ---- the harness's current shapes, from registered texts ---------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// A symbol of one item is spliced from its registered text: the text of the
    /// symbol that reading and merging it would make.
    #[test]
    fn a_spliced_symbol_is_the_merged_symbols_text(
        item in item(),
        unresolved in prop::collection::btree_set(pick(NAMES), 0..3),
        module in pick(&["crate", "crate::a::b", "x_y::z"]),
        path in prop::option::of(pick(PATHS)),
        implements in prop::option::of(0u32..1 << 16),
    ) {
        let fragment = contract_core::Fragment::Item {
            item: item.clone(),
            unresolved: unresolved.clone(),
            path: path.clone(),
        };
        let (text, _) = fragment.compact_text();
        let symbol = Symbol {
            module: Some(module.clone()),
            item: Some(item),
            unresolved,
            path,
            implements: implements.map(contract_core::probe::ProbedTrait::from_bits),
            ..Symbol::default()
        };
        prop_assert_eq!(
            contract_core::current::item_symbol_text(&text, &module, None, implements),
            Some(contract_core::canonical::to_compact_string(&symbol))
        );
    }

    /// Registered texts make the set that reading and merging them makes, whichever
    /// symbols are spliced and whichever are merged.
    #[test]
    fn registered_texts_make_the_merged_set(
        items in prop::collection::vec(
            (
                pick(&["A", "B", "C"]),
                item(),
                prop::collection::btree_set(pick(NAMES), 0..2),
                prop::option::of(pick(PATHS)),
                prop::option::of(0u32..1 << 16),
            ),
            0..4,
        ),
        methods in prop::collection::btree_map(pick(NAMES), fn_shape(), 0..3),
        types in prop::collection::btree_map(
            pick(NAMES),
            ty().prop_map(|target| AliasShape {
                vis: Visibility::Public,
                hidden: false,
                generics: Generics::default(),
                target,
            }),
            0..2,
        ),
        methods_unresolved in prop::collection::btree_set(pick(NAMES), 0..2),
        implementor in prop::option::of(pick(&["Bump", "Vec<T>"])),
    ) {
        use contract_core::assemble::{assemble, Registered};
        use contract_core::current::{Current, RegisteredText};
        let probes: Vec<Option<u32>> = items.iter().map(|i| i.4).collect();
        let mut registered: Vec<Registered> = items
            .into_iter()
            .enumerate()
            .map(|(i, (name, item, unresolved, path, _))| Registered {
                name,
                module: format!("crate::m{i}"),
                fragment: contract_core::Fragment::Item { item, unresolved, path },
            })
            .collect();
        if !methods.is_empty() || !types.is_empty() {
            registered.push(Registered {
                name: "A".to_owned(),
                module: "crate::imp".to_owned(),
                fragment: contract_core::Fragment::Methods {
                    methods,
                    consts: BTreeMap::new(),
                    types,
                    unresolved: methods_unresolved,
                },
            });
        }
        if let Some(t) = implementor {
            registered.push(Registered {
                name: "C".to_owned(),
                module: "crate::imp".to_owned(),
                fragment: contract_core::Fragment::Implementor { implementor: Implementor::of(Type::parse(&t).unwrap()) },
            });
        }
        let texts: Vec<String> = registered.iter().map(|r| r.fragment.compact_text().0).collect();
        let regs: Vec<RegisteredText> = registered
            .iter()
            .zip(&texts)
            .enumerate()
            .map(|(i, (r, t))| RegisteredText {
                name: &r.name,
                module: &r.module,
                fragment: t,
                implements: probes.get(i).copied().flatten(),
            })
            .collect();
        match (assemble(&registered), Current::from_registrations(&regs)) {
            (Ok(mut merged), Ok(current)) => {
                // What the probe answered, on the symbol of its item (the harness's rule).
                for (r, bits) in registered.iter().zip(&probes) {
                    if let (Some(bits), Some(symbol)) = (bits, merged.get_mut(&r.name)) {
                        symbol.implements = Some(contract_core::probe::ProbedTrait::from_bits(*bits));
                    }
                }
                // The same names, each with the merged symbol's text, which reads.
                prop_assert_eq!(current.len(), merged.len());
                for (name, symbol) in &merged {
                    let now = current.get(name).unwrap();
                    prop_assert_eq!(now.text(), contract_core::canonical::to_compact_string(symbol));
                    prop_assert!(now.symbol().is_ok());
                }
            }
            (Err(conflicts), Err(contract_core::current::CurrentError::Conflicts(found))) => {
                prop_assert_eq!(conflicts, found);
            }
            (a, b) => prop_assert!(false, "{a:?} / {b:?}"),
        }
    }
}

/// A registered text that does not read is reported, naming the registration, when
/// a comparison needs it.
#[test]
fn an_unreadable_registration_is_named() {
    use contract_core::current::{Current, CurrentError, RegisteredText};
    let broken = RegisteredText {
        name: "A",
        module: "crate::m",
        implements: None,
        fragment: r#"{"fragment":"item","item":{"kind":"nope"}}"#,
    };
    let current = Current::from_registrations(&[broken]).expect("spliced, not read yet");
    let err = current.get("A").unwrap().symbol().unwrap_err().to_string();
    assert!(
        err.contains("`crate::m::A`") && err.contains("cargo clean"),
        "{err}"
    );
    let garbage = RegisteredText {
        fragment: "{",
        ..broken
    };
    let err = Current::from_registrations(&[broken, garbage]).unwrap_err();
    assert!(matches!(err, CurrentError::Unreadable(_)), "{err}");
}

/// The index by last segment answers every question a set's types are asked as the
/// scan of all its symbols does: items of one name in several modules, aliases,
/// traits, constants (inherent ones by their type's name) and features.
#[test]
fn indexed_symbols_answer_as_the_whole_set_does() {
    use contract_core::variance::{Indexed, Types};
    let root = "pub type Alias<T = u8> = Vec<T>;
         pub struct Frame; impl Frame { pub const MAX: u32 = 4; }
         pub const MAX: u32 = 8;
         pub trait Codec: Clone {}
         pub enum Kind { A }";
    let wire = "pub struct Frame(pub u8); impl Frame { pub const MAX: u8 = 2; }
         pub type Alias = u16; pub trait Codec {} pub const MAX: u8 = 1;
         pub union Kind { pub a: u8 }";
    // The second source's items, pinned as a module `wire` of the first's crate.
    let mut symbols = common::set(root);
    for (name, mut symbol) in common::set(wire) {
        symbol.module = Some(format!(
            "{}::wire",
            symbol.module.as_deref().unwrap_or("crate")
        ));
        symbols.insert(format!("wire::{name}"), symbol);
    }
    symbols.extend(common::features("std = []\ndefault = [\"std\"]"));
    let indexed = Indexed::new(symbols.clone());
    let mut defs: BTreeSet<String> = ["Codec", "Frame", "MAX", "Nothing", "wire::Nothing"]
        .into_iter()
        .map(str::to_owned)
        .collect();
    for (name, symbol) in &symbols {
        let last = name.rsplit("::").next().unwrap_or(name);
        let module = symbol.written_in().unwrap_or_default();
        defs.insert(format!("{module}::{last}"));
        defs.insert(last.to_owned());
        for c in symbol.consts.keys() {
            defs.insert(format!("{module}::{last}::{c}"));
        }
    }
    assert!(defs.len() > 15, "{defs:?}");
    let mut answered = 0;
    for def in &defs {
        assert_eq!(indexed.get(def), Types::get(&symbols, def), "get {def}");
        assert_eq!(indexed.alias(def), symbols.alias(def), "alias {def}");
        assert_eq!(
            indexed.supertraits(def),
            symbols.supertraits(def),
            "supertraits {def}"
        );
        assert_eq!(
            indexed.constant(def),
            symbols.constant(def),
            "constant {def}"
        );
        assert_eq!(
            indexed.trait_symbol(def),
            symbols.trait_symbol(def),
            "trait {def}"
        );
        answered += [
            Types::get(&symbols, def).is_some(),
            symbols.alias(def).is_some(),
            symbols.supertraits(def).is_some(),
            symbols.constant(def).is_some(),
            symbols.trait_symbol(def).is_some(),
        ]
        .iter()
        .filter(|found| **found)
        .count();
    }
    for feature in ["std", "default", "none"] {
        assert_eq!(
            indexed.feature(feature),
            symbols.feature(feature),
            "feature {feature}"
        );
    }
    assert!(symbols.feature("std").is_some());
    // Every kind of question has answers to agree on, not only `None`s.
    assert!(answered >= 10, "{answered}");
}
