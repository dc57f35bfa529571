//! `arbitrary::Arbitrary` for the shape model (feature `arbitrary`), for the
//! structure-aware fuzz targets in `fuzz/`.
//!
//! Most shape types derive it. The types here are written by hand because a derive
//! cannot say what a canonical value is: identifiers and lifetimes that are valid
//! Rust, bound lists sorted, expressions as the token printer writes them, serde
//! attributes as their one reader builds them, and a type tree whose depth stays
//! within the reader's limit ([`MAX_DEPTH`]), so a generated value never exhausts the
//! stack and every printed type reads back. A [`Symbol`] is generated raw, then put
//! in the form the extractor gives it ([`canonical`]).
//!
//! Generated values are what the extractor can produce: when one of them does not
//! survive printing and reading, or trips the diff engine's safety net, that is a bug
//! of the library, not of the generator.

use ::arbitrary::{Arbitrary, Result, Unstructured};

use std::collections::{BTreeMap, BTreeSet};

use crate::delta::{Axis, Class, DeltaKind};
use crate::policy::{DirectiveText, Policy, WireDirection, WireFormat};
use crate::probe::ProbedTrait;
use crate::probed::AutoCond;
use crate::serde_attrs::{ContainerSerde, Entries, Entry, FieldSerde, VariantSerde};
use crate::shape::{
    AliasShape, FieldShape, FieldStyle, FnShape, GenericParam, Generics, Implementor, ItemShape,
    ProcMacroKind, Receiver, Repr, Symbol, Value, ValueItemShape, Visibility, WherePredicate,
};
use crate::ty::{sort_bounds, Args, Bound, FnPtr, GenericArg, Path, Segment, Type, MAX_DEPTH};

/// Below this many enclosing types a type may branch (paths with arguments, tuples,
/// fn pointers, …); at it, only leaves are generated. Wide enough to reach every
/// form inside every other, small enough that a tree stays a few hundred nodes.
pub const BRANCH_DEPTH: usize = 5;

/// Single-child wrappers (`&`, `[…]`, `Box<…>`, …) a top-level type may stack before
/// its branching part: the deepest generated type is then one level under the
/// reader's limit ([`MAX_DEPTH`]), which the reader must still accept.
pub const MAX_CHAIN: usize = MAX_DEPTH - BRANCH_DEPTH - 2;

/// Identifiers the extractor meets: primitives, std names, `Self`/`self`/`crate`/
/// `super` path segments, raw and non-ASCII identifiers (combining marks included).
const IDENTS: &[&str] = &[
    "T",
    "U",
    "K",
    "u8",
    "u32",
    "usize",
    "i64",
    "f64",
    "bool",
    "char",
    "str",
    "String",
    "Vec",
    "Option",
    "Box",
    "Rc",
    "Arc",
    "HashMap",
    "Result",
    "Self",
    "self",
    "crate",
    "super",
    "std",
    "core",
    "fmt",
    "io",
    "Item",
    "Output",
    "Error",
    "Sealed",
    "sealed",
    "private",
    "Fn",
    "FnMut",
    "FnOnce",
    "Iterator",
    "Future",
    "Send",
    "Sync",
    "Clone",
    "Debug",
    "Sized",
    "Default",
    "Into",
    "From",
    "r#type",
    "r#match",
    "gr\u{f6}\u{df}e",
    "\u{dc}berblick",
    // A combining mark continues an identifier (XID_Continue).
    "T\u{745}",
    "e\u{301}t\u{e9}",
    "a",
    "b",
    "_x",
    "x1",
    "Route",
    "Node",
];

/// Words that cannot be a generated identifier (the ones in [`IDENTS`] that are
/// keywords are path segments, chosen on purpose).
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen", "_",
];

const LIFETIMES: &[&str] = &["'a", "'b", "'static", "'_", "'de", "'life0"];

/// Array lengths, as the token printer writes expressions.
const LENGTHS: &[&str] = &[
    "4",
    "N",
    "N * 2",
    "{ N + 1 }",
    "usize::MAX",
    "Self::LEN",
    "size_of::<T>()",
    "\"]\".len()",
    "'x' as usize",
    "']' as usize",
    "b']' as usize",
    "[0; 4].len()",
    "f(1, 2)",
    "N >> 1",
    "N < 2",
];

/// Const generic arguments: literals and blocks.
const CONST_ARGS: &[&str] = &[
    "3",
    "-1",
    "{ N }",
    "{ N + 1 }",
    "true",
    "false",
    "'c'",
    "'>'",
    "','",
    "\"s\"",
    "\"a, b>\"",
    "b'x'",
    "b\"x\"",
    "1.5",
    "{ N > 1 }",
    "{ f(1, 2) }",
];

/// Values of associated consts in bindings (`N = 3`).
const ASSOC_VALUES: &[&str] = &["3", "-1", "{ N }", "true", "\"s\"", "'c'", "b'x'"];

/// Type macros: the reader keeps their text.
const MACRO_BODIES: &[&str] = &["", "u8", "a, b", "{ x }", "\")\"", "[1]", "T<U>"];

/// Bounds the model keeps as written.
const VERBATIM_BOUNDS: &[&str] = &[
    "~const Clone",
    "~const Foo<T>",
    "~const Fn(u8) -> u8",
    "[const] Clone",
];

const ABIS: &[&str] = &["C", "system", "C-unwind", "efiapi", "Rust"];

const SERDE_KEYS: &[&str] = &[
    "rename",
    "rename.serialize",
    "rename.deserialize",
    "rename_all",
    "rename_all.serialize",
    "rename_all.deserialize",
    "rename_all_fields",
    "alias",
    "default",
    "skip",
    "skip_serializing",
    "skip_deserializing",
    "skip_serializing_if",
    "flatten",
    "with",
    "serialize_with",
    "deserialize_with",
    "borrow",
    "bound",
    "bound.serialize",
    "getter",
    "other",
    "untagged",
    "deny_unknown_fields",
    "tag",
    "content",
    "transparent",
    "from",
    "try_from",
    "into",
    "remote",
    "crate",
    "expecting",
    "variant_identifier",
    "field_identifier",
    "future_key",
    "rename.other_side",
];

const SERDE_VALUES: &[&str] = &[
    "",
    "id",
    "camelCase",
    "snake_case",
    "SCREAMING-KEBAB-CASE",
    "Weird",
    "Option::is_none",
    "a, b",
    "T: Clone",
    "'a + 'b",
    "type",
];

fn pick(u: &mut Unstructured<'_>, pool: &[&str]) -> Result<String> {
    Ok((*u.choose(pool)?).to_owned())
}

/// Up to `max` items of `item`.
fn list<T>(
    u: &mut Unstructured<'_>,
    max: usize,
    mut item: impl FnMut(&mut Unstructured<'_>) -> Result<T>,
) -> Result<Vec<T>> {
    let n = u.int_in_range(0..=max)?;
    (0..n).map(|_| item(u)).collect()
}

/// A valid identifier: a known one, or letters, digits and `_` (not a keyword).
pub fn ident(u: &mut Unstructured<'_>) -> Result<String> {
    if u.ratio(3, 4)? {
        return pick(u, IDENTS);
    }
    const FIRST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_";
    const REST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789";
    let mut name = String::from(*u.choose(FIRST)? as char);
    for _ in 0..u.int_in_range(0..=6)? {
        name.push(*u.choose(REST)? as char);
    }
    if KEYWORDS.contains(&name.as_str()) {
        name.push('_');
    }
    Ok(name)
}

/// A lifetime, with its `'`.
pub fn lifetime(u: &mut Unstructured<'_>) -> Result<String> {
    if u.ratio(3, 4)? {
        return pick(u, LIFETIMES);
    }
    let name = ident(u)?;
    Ok(format!("'{}", name.trim_start_matches("r#")))
}

fn lifetimes(u: &mut Unstructured<'_>, max: usize) -> Result<Vec<String>> {
    list(u, max, lifetime)
}

/// A path whose arguments hold types `depth` levels down. Parenthesised arguments
/// with an output (`Fn(A) -> B`) end a path: Rust cannot write another segment after
/// them, since `B::C` would be the output.
fn path(u: &mut Unstructured<'_>, depth: usize) -> Result<Path> {
    let global = u.ratio(1, 8)?;
    let n = u.int_in_range(1..=3)?;
    let mut segments = Vec::with_capacity(n);
    for i in 0..n {
        segments.push(segment(u, depth, i + 1 == n)?);
    }
    Ok(Path { global, segments })
}

fn segment(u: &mut Unstructured<'_>, depth: usize, last: bool) -> Result<Segment> {
    let name = ident(u)?;
    let args = if depth >= BRANCH_DEPTH {
        Args::None
    } else {
        match u.int_in_range(0..=5)? {
            0..=2 => Args::None,
            3 | 4 => Args::Angle(list(u, 3, |u| generic_arg(u, depth))?),
            _ => Args::Paren {
                inputs: list(u, 2, |u| ty_at(u, depth + 1))?,
                output: if last && u.arbitrary()? {
                    Some(Box::new(ty_at(u, depth + 1)?))
                } else {
                    None
                },
            },
        }
    };
    Ok(Segment { name, args })
}

fn generic_arg(u: &mut Unstructured<'_>, depth: usize) -> Result<GenericArg> {
    Ok(match u.int_in_range(0..=7)? {
        0 => GenericArg::Lifetime(lifetime(u)?),
        1 => GenericArg::Const(pick(u, CONST_ARGS)?),
        2 => GenericArg::AssocType {
            name: ident(u)?,
            generics: list(u, 2, |u| {
                Ok(if u.arbitrary()? {
                    GenericArg::Lifetime(lifetime(u)?)
                } else {
                    GenericArg::Type(ty_at(u, depth + 2)?)
                })
            })?,
            ty: ty_at(u, depth + 1)?,
        },
        3 => GenericArg::AssocConst {
            name: ident(u)?,
            value: pick(u, ASSOC_VALUES)?,
        },
        4 => GenericArg::Constraint {
            name: ident(u)?,
            // `Item:` bounds nothing, as syn reads it.
            bounds: if u.ratio(1, 8)? {
                Vec::new()
            } else {
                bounds(u, depth)?
            },
        },
        _ => GenericArg::Type(ty_at(u, depth + 1)?),
    })
}

/// A bound whose types are `depth` levels down.
fn bound(u: &mut Unstructured<'_>, depth: usize) -> Result<Bound> {
    Ok(match u.int_in_range(0..=9)? {
        0 => Bound::Lifetime(lifetime(u)?),
        1 => Bound::Use(list(u, 3, |u| {
            if u.arbitrary()? {
                lifetime(u)
            } else {
                ident(u)
            }
        })?),
        2 => Bound::Verbatim(pick(u, VERBATIM_BOUNDS)?),
        _ => Bound::Trait {
            hrtb: if u.ratio(1, 4)? {
                lifetimes(u, 2)?
            } else {
                Vec::new()
            },
            maybe: u.ratio(1, 6)?,
            path: path(u, depth)?,
        },
    })
}

/// One to three bounds, sorted as the model keeps them.
fn bounds(u: &mut Unstructured<'_>, depth: usize) -> Result<Vec<Bound>> {
    let mut out = vec![bound(u, depth)?];
    out.extend(list(u, 2, |u| bound(u, depth))?);
    sort_bounds(&mut out);
    Ok(out)
}

/// A type with `depth` types around it.
fn ty_at(u: &mut Unstructured<'_>, depth: usize) -> Result<Type> {
    if depth >= BRANCH_DEPTH {
        return leaf(u);
    }
    let next = depth + 1;
    Ok(match u.int_in_range(0..=16)? {
        0..=3 => Type::Path(path(u, depth)?),
        4 => Type::Qualified {
            self_ty: Box::new(ty_at(u, next)?),
            trait_path: if u.arbitrary()? {
                Some(path(u, depth)?)
            } else {
                None
            },
            rest: {
                let n = u.int_in_range(0..=2)?;
                (0..n)
                    .map(|i| segment(u, depth, i + 1 == n))
                    .collect::<Result<_>>()?
            },
        },
        5 => Type::Ref {
            lifetime: if u.arbitrary()? {
                Some(lifetime(u)?)
            } else {
                None
            },
            mutable: u.arbitrary()?,
            elem: Box::new(ty_at(u, next)?),
        },
        6 => Type::Ptr {
            mutable: u.arbitrary()?,
            elem: Box::new(ty_at(u, next)?),
        },
        7 => Type::Slice(Box::new(ty_at(u, next)?)),
        8 => Type::Array {
            elem: Box::new(ty_at(u, next)?),
            len: pick(u, LENGTHS)?,
        },
        9 => Type::Tuple(list(u, 3, |u| ty_at(u, next))?),
        10 => Type::FnPtr(Box::new(FnPtr {
            hrtb: if u.ratio(1, 3)? {
                lifetimes(u, 2)?
            } else {
                Vec::new()
            },
            unsafety: u.arbitrary()?,
            abi: if u.arbitrary()? {
                Some(if u.ratio(3, 4)? {
                    pick(u, ABIS)?
                } else {
                    u.arbitrary()?
                })
            } else {
                None
            },
            inputs: list(u, 3, |u| ty_at(u, next))?,
            variadic: u.ratio(1, 6)?,
            output: if u.arbitrary()? {
                Some(ty_at(u, next)?)
            } else {
                None
            },
        })),
        11 => Type::Impl(bounds(u, depth)?),
        12 => Type::Dyn(bounds(u, depth)?),
        _ => leaf(u)?,
    })
}

/// A type without nested types.
fn leaf(u: &mut Unstructured<'_>) -> Result<Type> {
    Ok(match u.int_in_range(0..=9)? {
        0 => Type::Never,
        1 => Type::Infer,
        2 => {
            let delimiters = [("(", ")"), ("[", "]"), ("{", "}")];
            let (open, close) = u.choose(&delimiters)?;
            let name = Path {
                global: false,
                segments: list(u, 1, |u| Ok(Segment::plain(&ident(u)?)))?
                    .into_iter()
                    .chain([Segment::plain(&ident(u)?)])
                    .collect(),
            };
            Type::Verbatim(format!("{name}!{open}{}{close}", pick(u, MACRO_BODIES)?))
        }
        3 => Type::unit(),
        _ => Type::Path(Path {
            global: false,
            segments: vec![Segment::plain(&ident(u)?)],
        }),
    })
}

/// Wraps `inner` in `n` single-child types.
fn chain(u: &mut Unstructured<'_>, n: usize, mut inner: Type) -> Result<Type> {
    for _ in 0..n {
        inner = match u.int_in_range(0..=5)? {
            0 => Type::Ref {
                lifetime: None,
                mutable: false,
                elem: Box::new(inner),
            },
            1 => Type::Ptr {
                mutable: true,
                elem: Box::new(inner),
            },
            2 => Type::Slice(Box::new(inner)),
            3 => Type::Tuple(vec![inner]),
            4 => Type::Path(Path {
                global: false,
                segments: vec![Segment {
                    name: "Option".to_owned(),
                    args: Args::Angle(vec![GenericArg::Type(inner)]),
                }],
            }),
            _ => Type::Path(Path {
                global: false,
                segments: vec![Segment {
                    name: "Vec".to_owned(),
                    args: Args::Angle(vec![GenericArg::Type(inner)]),
                }],
            }),
        };
    }
    Ok(inner)
}

/// A type of its own (a field's, a parameter's): now and then a deep one, a chain of
/// wrappers around a branching type.
fn top_ty(u: &mut Unstructured<'_>) -> Result<Type> {
    if u.ratio(1, 32)? {
        let n = u.int_in_range(1..=MAX_CHAIN)?;
        let inner = ty_at(u, 0)?;
        return chain(u, n, inner);
    }
    ty_at(u, 0)
}

impl<'a> Arbitrary<'a> for Type {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Type> {
        top_ty(u)
    }
}

impl<'a> Arbitrary<'a> for Bound {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Bound> {
        bound(u, 0)
    }
}

impl<'a> Arbitrary<'a> for Path {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Path> {
        path(u, 0)
    }
}

impl<'a> Arbitrary<'a> for Receiver {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Receiver> {
        Ok(match u.int_in_range(0..=3)? {
            0 => Receiver::Value,
            1 => Receiver::Typed(Type::arbitrary(u)?),
            _ => Receiver::Ref {
                lifetime: if u.arbitrary()? {
                    Some(lifetime(u)?)
                } else {
                    None
                },
                mutable: u.arbitrary()?,
            },
        })
    }
}

/// Paths of `pub(in …)` as the token printer writes them (`crate`, `super` and
/// `self` alone are `pub(crate)`, `pub(super)` and private).
const VIS_PATHS: &[&str] = &["crate::a", "crate::a::b", "super::super", "self::m", "a::b"];

impl<'a> Arbitrary<'a> for Visibility {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Visibility> {
        Ok(match u.int_in_range(0..=7)? {
            0 | 1 => Visibility::Private,
            2 => Visibility::Crate,
            3 => Visibility::Super,
            4 => Visibility::In(if u.ratio(3, 4)? {
                pick(u, VIS_PATHS)?
            } else {
                format!("crate::{}", ident(u)?)
            }),
            _ => Visibility::Public,
        })
    }
}

/// What `#[export_name = "…"]` may give, besides a fn's own name under
/// `#[no_mangle]`.
const EXPORTS: &[&str] = &["init", "run_v2", "my_lib_init", "a b"];

impl<'a> Arbitrary<'a> for FnShape {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<FnShape> {
        Ok(FnShape {
            vis: u.arbitrary()?,
            constness: u.ratio(1, 4)?,
            asyncness: u.ratio(1, 4)?,
            unsafety: u.ratio(1, 4)?,
            hidden: u.ratio(1, 6)?,
            target_features: if u.ratio(1, 6)? {
                list(u, 2, |u| pick(u, FEATURES))?.into_iter().collect()
            } else {
                BTreeSet::new()
            },
            export: if u.ratio(1, 6)? {
                Some(pick(u, EXPORTS)?)
            } else {
                None
            },
            abi: if u.ratio(1, 6)? {
                Some(if u.ratio(3, 4)? {
                    pick(u, ABIS)?
                } else {
                    u.arbitrary()?
                })
            } else {
                None
            },
            generics: u.arbitrary()?,
            impl_generics: if u.ratio(1, 4)? {
                u.arbitrary()?
            } else {
                Generics::default()
            },
            receiver: if u.arbitrary()? {
                Some(u.arbitrary()?)
            } else {
                None
            },
            params: u.arbitrary()?,
            output: if u.arbitrary()? {
                Some(u.arbitrary()?)
            } else {
                None
            },
        })
    }
}

impl<'a> Arbitrary<'a> for Repr {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Repr> {
        const INTS: &[&str] = &[
            "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        ];
        Ok(match u.int_in_range(0..=7)? {
            0 => Repr::Rust,
            1 => Repr::C,
            2 => Repr::Transparent,
            3 => Repr::Int(pick(u, INTS)?),
            4 => Repr::Align(u.arbitrary()?),
            5 => Repr::Packed(u.arbitrary()?),
            _ => {
                // Anything else is kept as written, unless it spells a known form.
                let text: String = u.arbitrary()?;
                match Repr::parse(&text) {
                    Some(Repr::Other(other)) => Repr::Other(other),
                    _ => Repr::Other("simd".to_owned()),
                }
            }
        })
    }
}

impl<'a> Arbitrary<'a> for GenericParam {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<GenericParam> {
        Ok(match u.int_in_range(0..=3)? {
            0 => GenericParam::Lifetime {
                name: lifetime(u)?,
                bounds: sorted(lifetimes(u, 2)?),
            },
            1 => GenericParam::Const {
                name: ident(u)?,
                ty: Type::arbitrary(u)?,
                default: if u.arbitrary()? {
                    Some(pick(u, CONST_ARGS)?)
                } else {
                    None
                },
            },
            _ => GenericParam::Type {
                name: ident(u)?,
                bounds: {
                    let mut b = list(u, 3, |u| bound(u, 0))?;
                    sort_bounds(&mut b);
                    b
                },
                default: if u.ratio(1, 4)? {
                    Some(Type::arbitrary(u)?)
                } else {
                    None
                },
            },
        })
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v.dedup();
    v
}

impl<'a> Arbitrary<'a> for WherePredicate {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<WherePredicate> {
        Ok(if u.ratio(1, 4)? {
            WherePredicate::Lifetime {
                lifetime: lifetime(u)?,
                bounds: sorted(lifetimes(u, 2)?),
            }
        } else {
            WherePredicate::Type {
                hrtb: if u.ratio(1, 4)? {
                    lifetimes(u, 2)?
                } else {
                    Vec::new()
                },
                bounded: Type::arbitrary(u)?,
                bounds: {
                    let mut b = list(u, 3, |u| bound(u, 0))?;
                    sort_bounds(&mut b);
                    b
                },
            }
        })
    }
}

/// Attribute entries: known keys (with and without a value, repeated, on the wrong
/// side), unknown keys, and any value.
fn serde_entries(u: &mut Unstructured<'_>) -> Result<Vec<Entry>> {
    list(u, 4, |u| {
        let key = if u.ratio(7, 8)? {
            pick(u, SERDE_KEYS)?
        } else {
            u.arbitrary()?
        };
        let value = match u.int_in_range(0..=3)? {
            0 => None,
            1 => Some(u.arbitrary()?),
            _ => Some(pick(u, SERDE_VALUES)?),
        };
        Ok((key, value))
    })
}

macro_rules! entries_arbitrary {
    ($($ty:ty),*) => {$(
        /// What the one reader of attributes makes of arbitrary entries, as it reads
        /// source and goldens alike.
        impl<'a> Arbitrary<'a> for $ty {
            fn arbitrary(u: &mut Unstructured<'a>) -> Result<$ty> {
                Ok(<$ty>::from_entries(serde_entries(u)?))
            }
        }
    )*};
}

entries_arbitrary!(ContainerSerde, FieldSerde, VariantSerde);

impl<'a> Arbitrary<'a> for Policy {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Policy> {
        // Fields are read from `u` in the order written.
        Ok(Policy {
            axes: match u.int_in_range(0..=3)? {
                0 => vec![Axis::Api],
                1 => vec![Axis::Wire],
                2 => Vec::new(),
                _ => vec![Axis::Api, Axis::Wire],
            },
            wire_direction: *u.choose(&WireDirection::ALL)?,
            wire_format: *u.choose(&WireFormat::ALL)?,
            overrides: {
                let mut overrides = BTreeMap::new();
                for _ in 0..u.int_in_range(0..=3)? {
                    let kind = *u.choose(DeltaKind::ALL)?;
                    overrides.insert(kind, *u.choose(&[Class::Additive, Class::Breaking])?);
                }
                overrides
            },
            directive: if u.ratio(1, 8)? {
                DirectiveText {
                    title: u.arbitrary()?,
                    ship_line: u.arbitrary()?,
                    record: u.arbitrary()?,
                    reference: u.arbitrary()?,
                }
            } else {
                DirectiveText::default()
            },
            doc_hidden_is_api: u.ratio(1, 4)?,
            // x86_64's defaults, sometimes: the baseline leaves features out of both sides.
            target_baseline: if u.ratio(1, 4)? {
                ["fxsr", "sse", "sse2"].map(str::to_owned).into()
            } else {
                Default::default()
            },
            // Sometimes a dependency the shapes may name goes unread.
            unread_crates: if u.ratio(1, 4)? {
                ["serde_json".to_owned()].into()
            } else {
                Default::default()
            },
            // Vouching changes no verdict: the diff never reads it.
            wire_vouched: Default::default(),
        })
    }
}

/// Public paths an attribute may give (`path = "…"`).
const PUBLIC_PATHS: &[&str] = &["crate::api::Order", "crate::Order", "crate::v2::a::Order"];

/// Target features, as `#[target_feature(enable = "…")]` lists them (comma-separated,
/// spaced or not: the extractor splits and trims them).
const FEATURES: &[&str] = &["avx2", "sse4.1", "bmi1,bmi2", " fma , avx ", "neon"];

impl<'a> Arbitrary<'a> for Symbol {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Symbol> {
        let module = if u.arbitrary()? {
            Some(pick(
                u,
                &["crate", "crate::a", "crate::a::b", "app::routes"],
            )?)
        } else {
            None
        };
        let item: Option<ItemShape> = if u.ratio(7, 8)? {
            Some(u.arbitrary()?)
        } else {
            None
        };
        let path = if item.is_some() && u.ratio(1, 4)? {
            Some(if u.ratio(3, 4)? {
                pick(u, PUBLIC_PATHS)?
            } else {
                format!("crate::{}", ident(u)?)
            })
        } else {
            None
        };
        // An inherent `impl` block's methods, consts and types.
        let (mut methods, mut consts, mut types) =
            (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
        if item.is_none() || u.ratio(1, 4)? {
            for _ in 0..u.int_in_range(0..=2)? {
                methods.insert(ident(u)?, FnShape::arbitrary(u)?);
            }
            if u.ratio(1, 3)? {
                for _ in 0..u.int_in_range(1..=2)? {
                    consts.insert(ident(u)?, ValueItemShape::arbitrary(u)?);
                }
            }
            if u.ratio(1, 3)? {
                for _ in 0..u.int_in_range(1..=2)? {
                    types.insert(ident(u)?, AliasShape::arbitrary(u)?);
                }
            }
        }
        let implementors = if item.is_none() || u.ratio(1, 8)? {
            list(u, 2, |u| {
                let ty = top_ty(u)?;
                let mut g = if u.ratio(1, 3)? {
                    Generics::arbitrary(u)?
                } else {
                    Generics::default()
                };
                generics(&mut g);
                // An implementor's own lifetimes are elided where they can be; kept
                // ones are rare, and would have to be written in the type.
                g.params.retain(|p| !p.is_lifetime());
                // The arguments of a generic trait, sometimes one of the impl's own.
                let trait_args = match u.int_in_range(0..=3)? {
                    0 => vec![GenericArg::Type(top_ty(u)?)],
                    1 => match g.params.first() {
                        Some(p) if !p.is_lifetime() => {
                            vec![GenericArg::Type(Type::named(p.name()))]
                        }
                        _ => Vec::new(),
                    },
                    _ => Vec::new(),
                };
                Ok(Implementor {
                    ty,
                    generics: g,
                    trait_args,
                })
            })?
            .into_iter()
            .collect()
        } else {
            Default::default()
        };
        // What the type probe answered (canonical keeps it only where it is asked).
        let implements = if u.arbitrary()? {
            let mut set = BTreeSet::new();
            for t in ProbedTrait::ALL {
                if u.arbitrary()? {
                    set.insert(*t);
                }
            }
            Some(set)
        } else {
            None
        };
        // What the sources imply of auto traits, as conditions on the type's parameters
        // (canonical keeps them on structs, enums and unions only).
        let params: Vec<String> = item
            .as_ref()
            .and_then(ItemShape::generics)
            .map(|g| g.type_param_names().map(str::to_owned).collect())
            .unwrap_or_default();
        let mut auto_traits = BTreeMap::new();
        for t in crate::auto::AUTO_TRAITS {
            match u.int_in_range(0u8..=3)? {
                0 => {}
                1 => {
                    auto_traits.insert(t, AutoCond::Never);
                }
                _ => {
                    let mut reqs = BTreeSet::new();
                    for p in &params {
                        for needed in crate::auto::AUTO_TRAITS {
                            if u.ratio(1u8, 4)? {
                                reqs.insert((p.clone(), needed));
                            }
                        }
                    }
                    auto_traits.insert(t, AutoCond::When(reqs));
                }
            }
        }
        // A re-export of a public-API set, defined in a module below its path.
        let defined_in = match &module {
            Some(m) if item.is_some() && u.ratio(1, 8)? => Some(format!("{m}::imp")),
            _ => None,
        };
        // A public-API set's item under a feature off by default.
        let needs = match item.is_some() && u.ratio(1, 8)? {
            true => vec![crate::shape::Need {
                member: crate::delta::Member::Item,
                cfg: [
                    "feature = \"serde\"",
                    "all(feature = \"a\", not(feature = \"b\"))",
                ][usize::from(u.arbitrary::<bool>()?)]
                .to_owned(),
            }],
            false => Vec::new(),
        };
        Ok(canonical(Symbol {
            needs,
            module,
            item,
            path,
            defined_in,
            defined_as: None,
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
        }))
    }
}

/// `s` in the form the extractor and the harness give a shape:
///
/// - the lists that are sets (bounds, where clauses, supertraits, reprs) sorted and
///   without duplicates, `repr(Rust)` (the default, written out) left out, lifetime
///   parameters first and parameter names distinct, tuple fields named by position,
///   unit forms without fields, named fields and union fields distinct, variant
///   fields private;
/// - a trait: `where Self: X` read as a supertrait, `sealed` computed from the
///   supertraits and from hidden required items, not dyn compatible with associated
///   consts, generic associated types or a `Sized` supertrait; its methods private,
///   exported by no name, in no `impl` block;
/// - a free fn in no `impl` block and without `self`; an inherent `impl`'s methods,
///   consts and types public (only `pub` ones are pinned); a `()` output written as
///   none, the `Rust` ABI as none, target features split at commas and trimmed;
/// - consts neither `mut`, `unsafe`, exported nor `extern`; an `extern` block's
///   static public, unexported; another static safe; a `macro_rules!` public
///   (`#[macro_export]`) or private; only derives have helper attributes;
/// - what the type probe answered only on a non-generic struct, enum or union, and
///   then with the probed traits it derives; impls seen in sources never (they are
///   not stored);
/// - a symbol that pins something.
pub fn canonical(mut s: Symbol) -> Symbol {
    for m in s.methods.values_mut() {
        signature(m);
        m.vis = Visibility::Public;
    }
    for c in s.consts.values_mut() {
        konst(c);
        c.vis = Visibility::Public;
    }
    for t in s.types.values_mut() {
        generics(&mut t.generics);
        t.vis = Visibility::Public;
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
                for f in &mut v.fields {
                    f.vis = Visibility::Private;
                }
            }
        }
        Some(ItemShape::Union(x)) => {
            generics(&mut x.generics);
            reprs(&mut x.attrs.repr);
            fields(FieldStyle::Named, &mut x.fields);
        }
        Some(ItemShape::Trait(t)) => {
            generics(&mut t.generics);
            // `where Self: X` is a supertrait written elsewhere.
            t.generics.where_clause.retain(|w| match w {
                WherePredicate::Type {
                    hrtb,
                    bounded,
                    bounds,
                } if hrtb.is_empty()
                    && bounded.as_path().and_then(|p| p.as_ident()) == Some("Self") =>
                {
                    t.supertraits.extend(bounds.iter().cloned());
                    false
                }
                _ => true,
            });
            sort_bounds(&mut t.supertraits);
            for m in t.methods.values_mut() {
                signature(&mut m.sig);
                m.sig.vis = Visibility::Private;
                m.sig.impl_generics = Generics::default();
                m.sig.export = None;
            }
            for a in t.types.values_mut() {
                generics(&mut a.generics);
                sort_bounds(&mut a.bounds);
            }
            let sealing = t.supertraits.iter().any(|b| {
                b.trait_path().is_some_and(|p| {
                    p.segments.iter().any(|seg| {
                        matches!(
                            seg.name.as_str(),
                            "sealed" | "private" | "__private" | "Sealed"
                        )
                    })
                })
            });
            let hidden_required = t.methods.values().any(|m| !m.provided && m.sig.hidden)
                || t.types.values().any(|a| a.default.is_none() && a.hidden)
                || t.consts.values().any(|c| c.default.is_none() && c.hidden);
            t.sealed = sealing || hidden_required;
            let sized = t.supertraits.iter().any(|b| {
                matches!(b, crate::ty::Bound::Trait { maybe: false, path, .. }
                    if path.segments.last().is_some_and(|s| s.name == "Sized"))
            });
            if sized
                || !t.consts.is_empty()
                || t.types.values().any(|a| !a.generics.params.is_empty())
            {
                t.dyn_compatible = false;
            }
        }
        Some(ItemShape::Fn(f)) => {
            // A free fn is in no `impl` block and takes no `self`.
            signature(f);
            f.impl_generics = Generics::default();
            f.receiver = None;
        }
        Some(ItemShape::TypeAlias(a)) => generics(&mut a.generics),
        Some(ItemShape::Const(v)) => konst(v),
        Some(ItemShape::Static(v)) => {
            if v.value == Value::Extern {
                // Declared in an `extern` block: public (only `pub` ones are
                // pinned), named by the block's linkage, not an attribute's.
                v.vis = Visibility::Public;
                v.export = None;
            } else {
                v.unsafety = false;
            }
        }
        Some(ItemShape::MacroRules(m)) if !m.vis.is_public() => m.vis = Visibility::Private,
        Some(ItemShape::ProcMacro(p)) if p.form != ProcMacroKind::Derive => p.helpers.clear(),
        Some(
            ItemShape::MacroRules(_)
            | ItemShape::ProcMacro(_)
            | ItemShape::Feature(_)
            | ItemShape::Module(_)
            | ItemShape::Reexport(_),
        )
        | None => {}
    }
    // The probe is asked about non-generic structs, enums and unions only; what they
    // derive, it does not ask, and answers yes.
    let probed = s.item.as_ref().is_some_and(|item| {
        matches!(
            item,
            ItemShape::Struct(_) | ItemShape::Enum(_) | ItemShape::Union(_)
        ) && item.generics().is_none_or(|g| g.params.is_empty())
    });
    if !probed {
        s.implements = None;
    }
    let container = s.item.as_ref().is_some_and(|item| {
        matches!(
            item,
            ItemShape::Struct(_) | ItemShape::Enum(_) | ItemShape::Union(_)
        )
    });
    if !container {
        s.auto_traits.clear();
    }
    if let (Some(set), Some(c)) = (
        &mut s.implements,
        s.item.as_ref().and_then(ItemShape::container),
    ) {
        set.extend(c.derives.iter().filter_map(|d| ProbedTrait::parse(d)));
    }
    s.impls_in_source.clear();
    s.inert_features.clear();
    s.redundant_features.clear();
    s.package_features.clear();
    s.auto_traits_inferred = false;
    // A public path is given with an item's attribute.
    if s.item.is_none() {
        s.path = None;
    }
    if s.item.is_none()
        && s.methods.is_empty()
        && s.consts.is_empty()
        && s.types.is_empty()
        && s.implementors.is_empty()
    {
        s.implementors
            .insert(Implementor::of(Type::named("Pinned")));
    }
    s
}

/// A const (an item or an inherent `impl`'s) as the extractor reads it.
fn konst(v: &mut ValueItemShape) {
    v.mutable = false;
    v.unsafety = false;
    v.export = None;
    if v.value == Value::Extern {
        v.value = Value::Expr("0".to_owned());
    }
}

fn signature(f: &mut FnShape) {
    generics(&mut f.generics);
    generics(&mut f.impl_generics);
    if f.output == Some(Type::unit()) {
        f.output = None;
    }
    if f.abi.as_deref() == Some("Rust") {
        f.abi = None;
    }
    f.target_features = f
        .target_features
        .iter()
        .flat_map(|list| list.split(','))
        .map(str::trim)
        .filter(|feature| !feature.is_empty())
        .map(str::to_owned)
        .collect();
}

fn generics(g: &mut Generics) {
    g.where_clause.sort_by_key(ToString::to_string);
    g.where_clause.dedup();
    let mut seen = std::collections::BTreeSet::new();
    g.params.retain(|p| seen.insert(p.name().to_owned()));
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

fn fields(style: FieldStyle, fields: &mut Vec<FieldShape>) {
    match style {
        FieldStyle::Unit => fields.clear(),
        FieldStyle::Tuple => {
            for (i, f) in fields.iter_mut().enumerate() {
                f.name = i.to_string();
            }
        }
        FieldStyle::Named => {
            let mut seen = std::collections::BTreeSet::new();
            fields.retain(|f| seen.insert(f.name.clone()));
        }
    }
}

fn reprs(r: &mut Vec<Repr>) {
    r.retain(|r| *r != Repr::Rust);
    r.sort();
    r.dedup();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Generates from `bytes` of every length up to `n`, seeded from a counter.
    fn each<T: for<'a> Arbitrary<'a>>(n: usize, mut check: impl FnMut(T)) {
        let mut bytes = Vec::new();
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for i in 0..n {
            bytes.clear();
            for _ in 0..(i % 512) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                bytes.push(state as u8);
            }
            if let Ok(value) = T::arbitrary(&mut Unstructured::new(&bytes)) {
                check(value);
            }
        }
    }

    #[test]
    fn generated_types_read_back_and_stay_within_the_depth_limit() {
        each::<Type>(2000, |t| {
            let text = t.to_string();
            assert_eq!(Type::parse(&text).as_ref(), Ok(&t), "{text}");
        });
    }

    #[test]
    fn a_chain_at_full_length_is_one_level_under_the_readers_limit() {
        let t = chain(&mut Unstructured::new(&[]), MAX_CHAIN, Type::named("u8")).unwrap();
        // Every wrapper is one level; the branching part adds at most BRANCH_DEPTH + 1.
        const { assert!(MAX_CHAIN + BRANCH_DEPTH + 1 < MAX_DEPTH) };
        assert_eq!(Type::parse(&t.to_string()), Ok(t));
    }

    #[test]
    fn generated_symbols_read_back_from_their_golden_form() {
        each::<Symbol>(500, |s| {
            let json = crate::canonical::to_compact_string(&s);
            let back: Symbol =
                serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
            assert_eq!(back, s, "{json}");
            let set = BTreeMap::from([("S".to_owned(), s)]);
            let golden = crate::Golden::new("fuzz", "p", &set);
            let parsed = crate::golden::parse(golden.render().as_bytes()).expect("parses");
            assert_eq!(parsed.shapes(), set);
            assert!(parsed.integrity_mismatches().is_empty());
        });
    }

    /// The generator reaches every part of the model: each item kind, and the facts
    /// each kind may carry.
    #[test]
    fn generated_symbols_cover_the_model() {
        let mut seen = BTreeSet::new();
        each::<Symbol>(3000, |s| {
            let mut note = |what: &str| {
                seen.insert(what.to_owned());
            };
            if let Some(item) = &s.item {
                note(item.kind_name());
                if item.hidden() {
                    note("hidden");
                }
                match item.vis() {
                    Visibility::In(_) => note("pub(in)"),
                    Visibility::Private => note("private"),
                    _ => {}
                }
                if item.container().is_some_and(|c| !c.repr.is_empty()) {
                    note("repr");
                }
                match item {
                    ItemShape::Fn(f) => {
                        if f.abi.is_some() {
                            note("abi");
                        }
                        if f.export.is_some() {
                            note("export");
                        }
                        if !f.target_features.is_empty() {
                            note("target_features");
                        }
                    }
                    ItemShape::Static(v) if v.value == Value::Extern => note("extern static"),
                    ItemShape::Static(v) if v.export.is_some() => note("exported static"),
                    ItemShape::ProcMacro(p) if !p.helpers.is_empty() => note("helpers"),
                    _ => {}
                }
            }
            if s.path.is_some() {
                note("path");
            }
            if s.implements.is_some() {
                note("implements");
            }
            if !s.auto_traits.is_empty() {
                note("auto_traits");
            }
            if !s.methods.is_empty() {
                note("methods");
            }
            if !s.consts.is_empty() {
                note("consts");
            }
            if !s.types.is_empty() {
                note("types");
            }
            if !s.implementors.is_empty() {
                note("implementors");
            }
        });
        let all = [
            "struct",
            "enum",
            "union",
            "trait",
            "fn",
            "type",
            "const",
            "static",
            "macro_rules",
            "proc_macro",
            "proc_macro_attribute",
            "proc_macro_derive",
            "hidden",
            "pub(in)",
            "private",
            "repr",
            "abi",
            "export",
            "target_features",
            "extern static",
            "exported static",
            "helpers",
            "path",
            "implements",
            "methods",
            "consts",
            "types",
            "implementors",
        ];
        let missing: Vec<&str> = all.into_iter().filter(|w| !seen.contains(*w)).collect();
        assert!(missing.is_empty(), "never generated: {missing:?}");
    }

    #[test]
    fn generated_symbols_are_canonical() {
        each::<Symbol>(500, |s| {
            assert_eq!(canonical(s.clone()), s);
            assert!(
                s.item.is_some()
                    || !s.methods.is_empty()
                    || !s.consts.is_empty()
                    || !s.types.is_empty()
                    || !s.implementors.is_empty()
            );
        });
    }
}
