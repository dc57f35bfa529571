//! Types, paths and bounds as a small typed tree.
//!
//! A shape never stores a type as a string with unwritten conventions: it stores a
//! [`Type`], and rules look at its structure (`Option<T>` is a path whose last segment
//! is `Option` with one type argument, wherever it came from). The canonical text of a
//! type is its [`Display`](std::fmt::Display) form; goldens store that text, and
//! [`Type::parse`] reads it back into the same tree (`parse(print(t)) == t`, a property
//! the tests hold over every extracted type and over generated ones).
//!
//! Expressions inside types (array lengths, const arguments) are kept as normalised
//! token text: their value is compared as written.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A type.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Type {
    /// `a::b::C<T>`.
    Path(Path),
    /// `<T as Trait>::Assoc` (`trait_path` is `None` for `<T>::Assoc`).
    Qualified {
        /// The `T` in `<T as Trait>`.
        self_ty: Box<Type>,
        /// The `Trait`.
        trait_path: Option<Path>,
        /// The segments after `>::`.
        rest: Vec<Segment>,
    },
    /// `&'a mut T`.
    Ref {
        /// The lifetime, with its `'`.
        lifetime: Option<String>,
        /// `mut`.
        mutable: bool,
        /// The referent.
        elem: Box<Type>,
    },
    /// `*const T` / `*mut T`.
    Ptr {
        /// `mut`.
        mutable: bool,
        /// The pointee.
        elem: Box<Type>,
    },
    /// `[T]`.
    Slice(Box<Type>),
    /// `[T; N]`.
    Array {
        /// The element type.
        elem: Box<Type>,
        /// The length expression, as normalised tokens.
        len: String,
    },
    /// `(A, B)`; `()` is the empty tuple.
    Tuple(Vec<Type>),
    /// `for<'a> unsafe extern "C" fn(A, ...) -> R`.
    FnPtr(Box<FnPtr>),
    /// `impl A + B` (bounds sorted).
    Impl(Vec<Bound>),
    /// `dyn A + B` (bounds sorted).
    Dyn(Vec<Bound>),
    /// `!`.
    Never,
    /// `_`.
    Infer,
    /// A type macro (`m!(…)`) or a form this model does not know: compared as written.
    Verbatim(String),
}

/// One pair of corresponding parts of two types of one compound form
/// ([`zip_compound`]).
pub enum Part<'a> {
    /// Element types.
    Ty(&'a Type, &'a Type),
    /// References' lifetimes (`None`: elided).
    Lifetime(Option<&'a String>, Option<&'a String>),
}

/// `a` and `b` taken apart together when both are a reference, raw pointer, slice,
/// array or tuple of one shape (mutability, length, arity): whether `each` holds for
/// every pair of their parts, in order. `None` when they are not such a pair (paths,
/// trait objects and the rest are their callers' to compare).
pub fn zip_compound<'a>(
    a: &'a Type,
    b: &'a Type,
    each: &mut dyn FnMut(Part<'a>) -> bool,
) -> Option<bool> {
    Some(match (a, b) {
        (
            Type::Ref {
                lifetime: la,
                mutable: ma,
                elem: ea,
            },
            Type::Ref {
                lifetime: lb,
                mutable: mb,
                elem: eb,
            },
        ) => ma == mb && each(Part::Lifetime(la.as_ref(), lb.as_ref())) && each(Part::Ty(ea, eb)),
        (
            Type::Ptr {
                mutable: ma,
                elem: ea,
            },
            Type::Ptr {
                mutable: mb,
                elem: eb,
            },
        ) => ma == mb && each(Part::Ty(ea, eb)),
        (Type::Slice(x), Type::Slice(y)) => each(Part::Ty(x, y)),
        (Type::Array { elem: x, len: lx }, Type::Array { elem: y, len: ly }) => {
            lx == ly && each(Part::Ty(x, y))
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| each(Part::Ty(p, q)))
        }
        _ => return None,
    })
}

/// A path: `::a::b<T>::C`.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Path {
    /// Starts with `::`.
    pub global: bool,
    /// The segments.
    pub segments: Vec<Segment>,
}

/// One segment of a path.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Segment {
    /// The identifier (`r#type` keeps its `r#`).
    pub name: String,
    /// Its arguments.
    pub args: Args,
}

/// The arguments of a path segment.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Args {
    /// None.
    #[default]
    None,
    /// `<A, 'a, N, Item = T>`.
    Angle(Vec<GenericArg>),
    /// `(A, B) -> C`, as in `Fn(A, B) -> C`; `output` is `None` for `()`.
    Paren {
        /// The inputs.
        inputs: Vec<Type>,
        /// The output.
        output: Option<Box<Type>>,
    },
}

/// One generic argument.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GenericArg {
    /// `'a`.
    Lifetime(String),
    /// A type.
    Type(Type),
    /// A const argument that is not a path: a literal or a `{ … }` block, as tokens.
    Const(String),
    /// `Item = T` (`Item<'a> = T` with `generics`).
    AssocType {
        /// The associated type.
        name: String,
        /// Its own arguments (GATs).
        generics: Vec<GenericArg>,
        /// The type it is bound to.
        ty: Type,
    },
    /// `N = 3`.
    AssocConst {
        /// The associated const.
        name: String,
        /// Its value, as tokens.
        value: String,
    },
    /// `Item: Bound + Bound`.
    Constraint {
        /// The associated type.
        name: String,
        /// Its bounds, sorted.
        bounds: Vec<Bound>,
    },
}

/// A function pointer type.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FnPtr {
    /// `for<'a, 'b>` lifetimes.
    pub hrtb: Vec<String>,
    /// `unsafe`.
    pub unsafety: bool,
    /// The ABI (`C`, `system`, …); `None` is Rust's.
    pub abi: Option<String>,
    /// Parameter types (names are not part of the type).
    pub inputs: Vec<Type>,
    /// C-variadic `...`.
    pub variadic: bool,
    /// The return type; `None` for `()`.
    pub output: Option<Type>,
}

/// A bound: on a generic parameter, in a where clause, of a supertrait, of `impl`/`dyn`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bound {
    /// `?Sized`, `for<'a> Fn(&'a u8)`, `Clone`.
    Trait {
        /// `for<…>` lifetimes.
        hrtb: Vec<String>,
        /// `?` (a relaxed bound).
        maybe: bool,
        /// The trait.
        path: Path,
    },
    /// `'a`.
    Lifetime(String),
    /// `use<'a, T>` (precise capturing).
    Use(Vec<String>),
    /// A bound this model does not know (`~const`, …): compared as written.
    Verbatim(String),
}

impl Path {
    /// A path of plain identifiers (`Path::plain(&["std", "fmt", "Debug"])`).
    pub fn plain(names: &[&str]) -> Path {
        Path {
            global: false,
            segments: names.iter().map(|n| Segment::plain(n)).collect(),
        }
    }

    /// The last segment's name.
    pub fn last_name(&self) -> Option<&str> {
        self.segments.last().map(|s| s.name.as_str())
    }

    /// The single identifier of a one-segment path without arguments (`T`, `Self`).
    pub fn as_ident(&self) -> Option<&str> {
        match self.segments.as_slice() {
            [only] if !self.global && only.args == Args::None => Some(&only.name),
            _ => None,
        }
    }

    /// The segment names joined by `::`, arguments left out.
    pub fn names(&self) -> String {
        let mut out = String::new();
        if self.global {
            out.push_str("::");
        }
        for (i, s) in self.segments.iter().enumerate() {
            if i > 0 {
                out.push_str("::");
            }
            out.push_str(&s.name);
        }
        out
    }
}

impl Segment {
    /// Its type arguments, lifetimes, consts and bindings left out (`Vec<u8>` →
    /// [`u8`], none for `Vec`); `None` for `Fn(A) -> B` arguments.
    pub fn type_args(&self) -> Option<Vec<&Type>> {
        match &self.args {
            Args::None => Some(Vec::new()),
            Args::Angle(args) => Some(
                args.iter()
                    .filter_map(|a| match a {
                        GenericArg::Type(t) => Some(t),
                        _ => None,
                    })
                    .collect(),
            ),
            Args::Paren { .. } => None,
        }
    }

    /// A segment without arguments.
    pub fn plain(name: &str) -> Segment {
        Segment {
            name: name.to_owned(),
            args: Args::None,
        }
    }
}

impl Type {
    /// `()`.
    pub fn unit() -> Type {
        Type::Tuple(Vec::new())
    }

    /// A one-segment path type without arguments (`u8`, `T`).
    pub fn named(name: &str) -> Type {
        Type::Path(Path::plain(&[name]))
    }

    /// The path, when this is a plain path type.
    pub fn as_path(&self) -> Option<&Path> {
        match self {
            Type::Path(p) => Some(p),
            _ => None,
        }
    }

    /// The type arguments of a path type whose last segment is `name` (`Vec` in
    /// `Vec<u8>`), lifetimes left out.
    pub fn args_of(&self, name: &str) -> Option<Vec<&Type>> {
        let last = self.as_path()?.segments.last()?;
        if last.name != name {
            return None;
        }
        last.type_args()
    }

    /// `T` when this is `Option<T>` (however the path to `Option` was spelled: the
    /// extractor collapses `std::option::Option` to `Option`). The one place that
    /// decides what an `Option` is.
    pub fn option_inner(&self) -> Option<&Type> {
        let path = self.as_path()?;
        if path.segments.len() != 1 {
            return None;
        }
        match self.args_of("Option")?.as_slice() {
            [inner] => Some(inner),
            _ => None,
        }
    }

    /// Unsized as written: a slice, `str` or a `dyn` trait object. (A type parameter
    /// that may be `?Sized`, or another crate's unsized type, is not seen.)
    pub fn is_unsized(&self) -> bool {
        match self {
            Type::Slice(_) | Type::Dyn(_) => true,
            Type::Path(p) => {
                !p.global
                    && matches!(p.segments.as_slice(), [s] if s.name == "str" && s.args == Args::None)
            }
            _ => false,
        }
    }

    /// Parses the canonical text of a type (what `Display` prints).
    pub fn parse(text: &str) -> Result<Type, ParseError> {
        let mut p = Parser::new(text);
        let ty = p.ty()?;
        p.end()?;
        Ok(ty)
    }

    /// Calls `f` on every type in this tree, this one first (pre-order), mutably.
    pub fn walk_mut(&mut self, f: &mut impl FnMut(&mut Type)) {
        f(self);
        match self {
            Type::Path(p) => p.walk_types_mut(f),
            Type::Qualified {
                self_ty,
                trait_path,
                rest,
            } => {
                self_ty.walk_mut(f);
                if let Some(p) = trait_path {
                    p.walk_types_mut(f);
                }
                for s in rest {
                    s.args.walk_types_mut(f);
                }
            }
            Type::Ref { elem, .. } | Type::Ptr { elem, .. } | Type::Slice(elem) => elem.walk_mut(f),
            Type::Array { elem, .. } => elem.walk_mut(f),
            Type::Tuple(elems) => elems.iter_mut().for_each(|t| t.walk_mut(f)),
            Type::FnPtr(fp) => {
                fp.inputs.iter_mut().for_each(|t| t.walk_mut(f));
                if let Some(o) = &mut fp.output {
                    o.walk_mut(f);
                }
            }
            Type::Impl(bounds) | Type::Dyn(bounds) => {
                bounds.iter_mut().for_each(|b| b.walk_types_mut(f))
            }
            Type::Never | Type::Infer | Type::Verbatim(_) => {}
        }
    }

    /// Calls `f` on every lifetime name in this tree (`'a` in `&'a T`, `Foo<'a>`,
    /// `dyn X + 'a`, `for<'a>`), mutably.
    pub fn lifetimes_mut(&mut self, f: &mut impl FnMut(&mut String)) {
        self.walk_mut(&mut |t| t.own_lifetimes_mut(f));
    }

    /// Adds every lifetime name in this tree to `out`.
    pub fn named_lifetimes(&self, out: &mut std::collections::BTreeSet<String>) {
        self.clone().lifetimes_mut(&mut |l| {
            out.insert(l.clone());
        });
    }

    /// The lifetimes this node names itself (not those of nested types).
    fn own_lifetimes_mut(&mut self, f: &mut impl FnMut(&mut String)) {
        match self {
            Type::Ref {
                lifetime: Some(l), ..
            } => f(l),
            Type::Path(p) => p.own_lifetimes_mut(f),
            Type::Qualified {
                trait_path, rest, ..
            } => {
                if let Some(p) = trait_path {
                    p.own_lifetimes_mut(f);
                }
                for s in rest {
                    s.args.own_lifetimes_mut(f);
                }
            }
            Type::FnPtr(fp) => fp.hrtb.iter_mut().for_each(&mut *f),
            Type::Impl(bounds) | Type::Dyn(bounds) => {
                bounds.iter_mut().for_each(|b| b.own_lifetimes_mut(f))
            }
            _ => {}
        }
    }
}

impl Path {
    fn walk_types_mut(&mut self, f: &mut impl FnMut(&mut Type)) {
        for s in &mut self.segments {
            s.args.walk_types_mut(f);
        }
    }

    /// Lifetimes in this path's own arguments (not inside nested types).
    fn own_lifetimes_mut(&mut self, f: &mut impl FnMut(&mut String)) {
        for s in &mut self.segments {
            s.args.own_lifetimes_mut(f);
        }
    }
}

impl Args {
    fn walk_types_mut(&mut self, f: &mut impl FnMut(&mut Type)) {
        match self {
            Args::None => {}
            Args::Angle(args) => args.iter_mut().for_each(|a| a.walk_types_mut(f)),
            Args::Paren { inputs, output } => {
                inputs.iter_mut().for_each(|t| t.walk_mut(f));
                if let Some(o) = output {
                    o.walk_mut(f);
                }
            }
        }
    }

    fn own_lifetimes_mut(&mut self, f: &mut impl FnMut(&mut String)) {
        if let Args::Angle(args) = self {
            for a in args {
                match a {
                    GenericArg::Lifetime(l) => f(l),
                    GenericArg::AssocType { generics, .. } => {
                        for g in generics {
                            if let GenericArg::Lifetime(l) = g {
                                f(l);
                            }
                        }
                    }
                    GenericArg::Constraint { bounds, .. } => {
                        bounds.iter_mut().for_each(|b| b.own_lifetimes_mut(f))
                    }
                    _ => {}
                }
            }
        }
    }
}

impl GenericArg {
    fn walk_types_mut(&mut self, f: &mut impl FnMut(&mut Type)) {
        match self {
            GenericArg::Type(t) => t.walk_mut(f),
            GenericArg::AssocType { generics, ty, .. } => {
                generics.iter_mut().for_each(|g| g.walk_types_mut(f));
                ty.walk_mut(f);
            }
            GenericArg::Constraint { bounds, .. } => {
                bounds.iter_mut().for_each(|b| b.walk_types_mut(f))
            }
            GenericArg::Lifetime(_) | GenericArg::Const(_) | GenericArg::AssocConst { .. } => {}
        }
    }
}

impl Bound {
    /// A plain trait bound (`Bound::trait_named(&["Send"])`).
    pub fn trait_named(path: &[&str]) -> Bound {
        Bound::Trait {
            hrtb: Vec::new(),
            maybe: false,
            path: Path::plain(path),
        }
    }

    /// The trait path of a trait bound.
    pub fn trait_path(&self) -> Option<&Path> {
        match self {
            Bound::Trait { path, .. } => Some(path),
            _ => None,
        }
    }

    /// Parses the canonical text of a bound.
    pub fn parse(text: &str) -> Result<Bound, ParseError> {
        let mut p = Parser::new(text);
        let b = p.bound()?;
        p.end()?;
        Ok(b)
    }

    /// The last name of a plain trait bound with no arguments (`Ord`, `core::cmp::Ord`);
    /// `None` for `?Sized`, a `for<…>` bound, a lifetime.
    pub fn plain_trait_name(&self) -> Option<&str> {
        match self {
            Bound::Trait {
                hrtb,
                maybe: false,
                path,
            } if hrtb.is_empty() => path
                .segments
                .last()
                .filter(|s| s.args == Args::None)
                .map(|s| s.name.as_str()),
            _ => None,
        }
    }

    /// Calls `f` on every type inside the bound, mutably.
    pub fn walk_types_mut(&mut self, f: &mut impl FnMut(&mut Type)) {
        if let Bound::Trait { path, .. } = self {
            path.walk_types_mut(f);
        }
    }

    /// Calls `f` on every lifetime of the bound (nested types included), mutably.
    pub fn lifetimes_mut(&mut self, f: &mut impl FnMut(&mut String)) {
        self.own_lifetimes_mut(f);
        self.walk_types_mut(&mut |t| t.own_lifetimes_mut(f));
    }

    /// Adds every lifetime of the bound to `out`.
    pub fn named_lifetimes(&self, out: &mut std::collections::BTreeSet<String>) {
        self.clone().lifetimes_mut(&mut |l| {
            out.insert(l.clone());
        });
    }

    fn own_lifetimes_mut(&mut self, f: &mut impl FnMut(&mut String)) {
        match self {
            Bound::Lifetime(l) => f(l),
            Bound::Use(params) => params
                .iter_mut()
                .filter(|p| p.starts_with('\''))
                .for_each(f),
            Bound::Trait { hrtb, path, .. } => {
                hrtb.iter_mut().for_each(&mut *f);
                path.own_lifetimes_mut(f);
            }
            Bound::Verbatim(_) => {}
        }
    }
}

/// Sorts bounds by their canonical text and drops duplicates: `A + B` and `B + A`
/// are one bound list.
pub fn sort_bounds(bounds: &mut Vec<Bound>) {
    let mut keyed: BTreeMap<String, Bound> = BTreeMap::new();
    for b in bounds.drain(..) {
        keyed.entry(b.to_string()).or_insert(b);
    }
    bounds.extend(keyed.into_values());
}

// ---- printing -------------------------------------------------------------------

fn join<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T], sep: &str) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Path(p) => write!(f, "{p}"),
            Type::Qualified {
                self_ty,
                trait_path,
                rest,
            } => {
                write!(f, "<{self_ty}")?;
                if let Some(t) = trait_path {
                    write!(f, " as {t}")?;
                }
                f.write_char('>')?;
                for s in rest {
                    write!(f, "::{s}")?;
                }
                Ok(())
            }
            Type::Ref {
                lifetime,
                mutable,
                elem,
            } => {
                f.write_char('&')?;
                if let Some(l) = lifetime {
                    write!(f, "{l} ")?;
                }
                if *mutable {
                    f.write_str("mut ")?;
                }
                write!(f, "{elem}")
            }
            Type::Ptr { mutable, elem } => {
                write!(f, "*{} {elem}", if *mutable { "mut" } else { "const" })
            }
            Type::Slice(elem) => write!(f, "[{elem}]"),
            Type::Array { elem, len } => write!(f, "[{elem}; {len}]"),
            Type::Tuple(elems) => {
                f.write_char('(')?;
                join(f, elems, ", ")?;
                if elems.len() == 1 {
                    f.write_char(',')?;
                }
                f.write_char(')')
            }
            Type::FnPtr(fp) => write!(f, "{fp}"),
            Type::Impl(bounds) => {
                f.write_str("impl ")?;
                write_bounds(f, bounds)
            }
            Type::Dyn(bounds) => {
                f.write_str("dyn ")?;
                write_bounds(f, bounds)
            }
            Type::Never => f.write_char('!'),
            Type::Infer => f.write_char('_'),
            Type::Verbatim(s) => f.write_str(s),
        }
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.global {
            f.write_str("::")?;
        }
        join(f, &self.segments, "::")
    }
}

impl fmt::Display for Segment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        write!(f, "{}", self.args)
    }
}

impl fmt::Display for Args {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Args::None => Ok(()),
            Args::Angle(args) => {
                f.write_char('<')?;
                join(f, args, ", ")?;
                f.write_char('>')
            }
            Args::Paren { inputs, output } => {
                f.write_char('(')?;
                join(f, inputs, ", ")?;
                f.write_char(')')?;
                if let Some(o) = output {
                    write!(f, " -> {o}")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for GenericArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenericArg::Lifetime(l) => f.write_str(l),
            GenericArg::Type(t) => write!(f, "{t}"),
            GenericArg::Const(c) => f.write_str(c),
            GenericArg::AssocType { name, generics, ty } => {
                f.write_str(name)?;
                if !generics.is_empty() {
                    f.write_char('<')?;
                    join(f, generics, ", ")?;
                    f.write_char('>')?;
                }
                write!(f, " = {ty}")
            }
            GenericArg::AssocConst { name, value } => write!(f, "{name} = {value}"),
            GenericArg::Constraint { name, bounds } => {
                write!(f, "{name}:")?;
                if bounds.is_empty() {
                    return Ok(());
                }
                f.write_char(' ')?;
                write_bounds(f, bounds)
            }
        }
    }
}

impl fmt::Display for FnPtr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hrtb(f, &self.hrtb)?;
        if self.unsafety {
            f.write_str("unsafe ")?;
        }
        if let Some(abi) = &self.abi {
            write!(f, "extern {abi:?} ")?;
        }
        f.write_str("fn(")?;
        join(f, &self.inputs, ", ")?;
        if self.variadic {
            if !self.inputs.is_empty() {
                f.write_str(", ")?;
            }
            f.write_str("...")?;
        }
        f.write_char(')')?;
        if let Some(o) = &self.output {
            write!(f, " -> {o}")?;
        }
        Ok(())
    }
}

/// `A + B + C`. A bound followed by another whose text ends in an unparenthesised
/// `impl`/`dyn` list (`Fn() -> &dyn A`) has its output parenthesised
/// (`Fn() -> (&dyn A) + B`): printed bare, the next bound would read as part of it.
pub(crate) fn write_bounds(f: &mut fmt::Formatter<'_>, bounds: &[Bound]) -> fmt::Result {
    for (i, b) in bounds.iter().enumerate() {
        if i > 0 {
            f.write_str(" + ")?;
        }
        let open_output = match b {
            Bound::Trait { hrtb, maybe, path } if i + 1 < bounds.len() => {
                match path.segments.last().map(|s| &s.args) {
                    Some(Args::Paren {
                        inputs,
                        output: Some(output),
                    }) if output.ends_open() => Some((hrtb, maybe, path, inputs, output)),
                    _ => None,
                }
            }
            _ => None,
        };
        let Some((hrtb, maybe, path, inputs, output)) = open_output else {
            write!(f, "{b}")?;
            continue;
        };
        write_hrtb(f, hrtb)?;
        if *maybe {
            f.write_char('?')?;
        }
        if path.global {
            f.write_str("::")?;
        }
        let (last, init) = path.segments.split_last().expect("a path with arguments");
        for s in init {
            write!(f, "{s}::")?;
        }
        f.write_str(&last.name)?;
        f.write_char('(')?;
        join(f, inputs, ", ")?;
        write!(f, ") -> ({output})")?;
    }
    Ok(())
}

impl Type {
    /// The printed type ends in an `impl`/`dyn` bound list that a following ` + …`
    /// would extend.
    fn ends_open(&self) -> bool {
        match self {
            Type::Impl(_) | Type::Dyn(_) => true,
            Type::Ref { elem, .. } | Type::Ptr { elem, .. } => elem.ends_open(),
            Type::FnPtr(fp) => fp.output.as_ref().is_some_and(Type::ends_open),
            Type::Path(p) => p.segments.last().is_some_and(Segment::ends_open),
            Type::Qualified { rest, .. } => rest.last().is_some_and(Segment::ends_open),
            _ => false,
        }
    }
}

impl Segment {
    fn ends_open(&self) -> bool {
        matches!(&self.args, Args::Paren { output: Some(o), .. } if o.ends_open())
    }
}

fn write_hrtb(f: &mut fmt::Formatter<'_>, hrtb: &[String]) -> fmt::Result {
    if !hrtb.is_empty() {
        f.write_str("for<")?;
        join(f, hrtb, ", ")?;
        f.write_str("> ")?;
    }
    Ok(())
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::Trait { hrtb, maybe, path } => {
                write_hrtb(f, hrtb)?;
                if *maybe {
                    f.write_char('?')?;
                }
                write!(f, "{path}")
            }
            Bound::Lifetime(l) => f.write_str(l),
            Bound::Use(params) => {
                f.write_str("use<")?;
                join(f, params, ", ")?;
                f.write_char('>')
            }
            Bound::Verbatim(s) => f.write_str(s),
        }
    }
}

// ---- serde: a type is its canonical text ------------------------------------------

macro_rules! text_serde {
    ($ty:ty, $what:literal) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                <$ty>::parse(&text).map_err(|e| {
                    serde::de::Error::custom(format!(
                        concat!("not a ", $what, " `{}`: {}"),
                        text, e
                    ))
                })
            }
        }
    };
}

text_serde!(Type, "type");
text_serde!(Bound, "bound");

// ---- parsing ----------------------------------------------------------------------

/// Why a text is not a canonical type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset.
    pub at: usize,
    /// What was expected.
    pub expected: &'static str,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {} at byte {}", self.expected, self.at)
    }
}

impl std::error::Error for ParseError {}

/// A recursive-descent reader of the canonical grammar the printers above write.
/// It accepts any spacing between tokens; what it reads back is the same tree the
/// printer was given.
pub(crate) struct Parser<'a> {
    s: &'a str,
    i: usize,
    depth: usize,
}

/// Deeper nesting than this is refused, so a hostile golden cannot exhaust the stack.
/// It is well above what `syn` itself parses on the stack rustc gives a proc macro
/// (the extractor cannot record deeper types), and well below what this reader
/// needs on a test thread's 2 MiB (`tests/scale.rs` holds both).
pub const MAX_DEPTH: usize = 256;

type Res<T> = Result<T, ParseError>;

impl<'a> Parser<'a> {
    pub(crate) fn new(s: &'a str) -> Parser<'a> {
        Parser { s, i: 0, depth: 0 }
    }

    fn err<T>(&self, expected: &'static str) -> Res<T> {
        Err(ParseError {
            at: self.i,
            expected,
        })
    }

    fn ws(&mut self) {
        while self.s[self.i..].starts_with([' ', '\n', '\t', '\r']) {
            self.i += 1;
        }
    }

    fn rest(&mut self) -> &'a str {
        self.ws();
        &self.s[self.i..]
    }

    fn peek(&mut self, tok: &str) -> bool {
        self.rest().starts_with(tok)
    }

    fn eat(&mut self, tok: &str) -> bool {
        if self.peek(tok) {
            self.i += tok.len();
            true
        } else {
            false
        }
    }

    /// Eats a keyword: `tok` not followed by an identifier character.
    fn eat_word(&mut self, word: &str) -> bool {
        let rest = self.rest();
        if rest.starts_with(word) && !rest[word.len()..].starts_with(is_ident_char) {
            self.i += word.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, tok: &str, expected: &'static str) -> Res<()> {
        if self.eat(tok) {
            Ok(())
        } else {
            self.err(expected)
        }
    }

    pub(crate) fn end(&mut self) -> Res<()> {
        if self.rest().is_empty() {
            Ok(())
        } else {
            self.err("the end of the text")
        }
    }

    pub(crate) fn at_end(&mut self) -> bool {
        self.rest().is_empty()
    }

    pub(crate) fn clone_pos(&self) -> usize {
        self.i
    }

    pub(crate) fn restore(&mut self, pos: usize) {
        self.i = pos;
    }

    /// Eats `:` (not `::`).
    pub(crate) fn eat_colon(&mut self) -> bool {
        if self.peek(":") && !self.peek("::") {
            self.i += 1;
            true
        } else {
            false
        }
    }

    pub(crate) fn eat_plus(&mut self) -> bool {
        self.eat("+")
    }

    pub(crate) fn error(&self, expected: &'static str) -> ParseError {
        ParseError {
            at: self.i,
            expected,
        }
    }

    pub(crate) fn hrtb_list(&mut self) -> Res<Vec<String>> {
        self.hrtb()
    }

    fn enter(&mut self) -> Res<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err("less nesting");
        }
        Ok(())
    }

    fn ident(&mut self) -> Res<String> {
        let rest = self.rest();
        let raw = rest.starts_with("r#");
        let start = if raw { 2 } else { 0 };
        let len = rest[start..]
            .char_indices()
            .find(|(i, c)| {
                let start = *c == '_' || unicode_ident::is_xid_start(*c);
                !(if *i == 0 { start } else { is_ident_char(*c) })
            })
            .map_or(rest.len() - start, |(i, _)| i);
        if len == 0 {
            return self.err("an identifier");
        }
        let word = &rest[..start + len];
        self.i += word.len();
        Ok(word.to_owned())
    }

    pub(crate) fn lifetime(&mut self) -> Res<String> {
        if !self.peek("'") {
            return self.err("a lifetime");
        }
        self.i += 1;
        let name = self.ident()?;
        Ok(format!("'{name}"))
    }

    fn is_lifetime(&mut self) -> bool {
        // `'a` but not the char literal `'a'`.
        let rest = self.rest();
        let Some(after) = rest.strip_prefix('\'') else {
            return false;
        };
        let len = after
            .find(|c: char| !is_ident_char(c))
            .unwrap_or(after.len());
        len > 0 && !after[len..].starts_with('\'')
    }

    pub(crate) fn ty(&mut self) -> Res<Type> {
        self.enter()?;
        let ty = self.ty_inner();
        self.depth -= 1;
        ty
    }

    // The recursive path (`ty` → a form → `ty`) is split into one small function per
    // form, so each nesting level costs only the frames it uses: the depth limit then
    // fits a test thread's stack even in an unoptimised build.
    fn ty_inner(&mut self) -> Res<Type> {
        if self.eat("&") {
            return self.reference();
        }
        if self.eat("*") {
            return self.pointer();
        }
        if self.eat("[") {
            return self.slice_or_array();
        }
        if self.eat("(") {
            return self.tuple();
        }
        if self.peek("<") {
            return self.qualified();
        }
        if self.eat("!") {
            return Ok(Type::Never);
        }
        // A C-variadic parameter's `...`, as the extraction writes it (binrw 0.15's
        // `_: ...`, which its `#[parser]` attribute rewrites): read back as written.
        if self.eat("...") {
            return Ok(Type::Verbatim("...".to_owned()));
        }
        if self.eat_word("_") {
            return Ok(Type::Infer);
        }
        if self.eat_word("impl") {
            return Ok(Type::Impl(self.bounds()?));
        }
        if self.eat_word("dyn") {
            return Ok(Type::Dyn(self.bounds()?));
        }
        // `for` is a keyword however it is spaced (`for <'a> fn()`): never a path.
        if self.peek_word("for")
            || self.peek_word("unsafe")
            || self.peek_word("extern")
            || self.peek_word("fn")
        {
            return self.fn_ptr();
        }
        self.path_or_macro()
    }

    #[inline(never)]
    fn reference(&mut self) -> Res<Type> {
        let lifetime = if self.is_lifetime() {
            Some(self.lifetime()?)
        } else {
            None
        };
        let mutable = self.eat_word("mut");
        let elem = Box::new(self.ty()?);
        Ok(Type::Ref {
            lifetime,
            mutable,
            elem,
        })
    }

    #[inline(never)]
    fn pointer(&mut self) -> Res<Type> {
        let mutable = if self.eat_word("mut") {
            true
        } else if self.eat_word("const") {
            false
        } else {
            return self.err("`const` or `mut`");
        };
        let elem = Box::new(self.ty()?);
        Ok(Type::Ptr { mutable, elem })
    }

    #[inline(never)]
    fn slice_or_array(&mut self) -> Res<Type> {
        let elem = Box::new(self.ty()?);
        if self.eat("]") {
            return Ok(Type::Slice(elem));
        }
        self.expect(";", "`;` or `]`")?;
        let len = self.raw_until(']')?;
        self.expect("]", "`]`")?;
        Ok(Type::Array { elem, len })
    }

    #[inline(never)]
    fn tuple(&mut self) -> Res<Type> {
        let mut elems = Vec::new();
        let mut trailing_comma = false;
        while !self.eat(")") {
            elems.push(self.ty()?);
            trailing_comma = self.eat(",");
            if !trailing_comma && !self.peek(")") {
                return self.err("`,` or `)`");
            }
        }
        if elems.len() == 1 && !trailing_comma {
            // A parenthesised type is the type itself.
            return Ok(elems.pop().expect("one element"));
        }
        Ok(Type::Tuple(elems))
    }

    #[inline(never)]
    fn path_or_macro(&mut self) -> Res<Type> {
        let start = self.i;
        let path = self.path()?;
        if !self.peek("!") {
            return Ok(Type::Path(path));
        }
        // A type macro: keep its text.
        self.i += 1;
        self.ws();
        let close = match self.s[self.i..].chars().next() {
            Some('(') => ')',
            Some('[') => ']',
            Some('{') => '}',
            _ => return self.err("a macro delimiter"),
        };
        self.i += 1;
        // `m!()`: an empty body is no expression, but a whole macro call.
        if !self.peek(&close.to_string()) {
            self.raw_until(close)?;
        }
        self.expect(&close.to_string(), "the macro's closing delimiter")?;
        Ok(Type::Verbatim(self.s[start..self.i].trim().to_owned()))
    }

    fn peek_word(&mut self, word: &str) -> bool {
        let rest = self.rest();
        rest.starts_with(word) && !rest[word.len()..].starts_with(is_ident_char)
    }

    fn qualified(&mut self) -> Res<Type> {
        self.expect("<", "`<`")?;
        let self_ty = Box::new(self.ty()?);
        let trait_path = if self.eat_word("as") {
            Some(self.path()?)
        } else {
            None
        };
        self.expect(">", "`>`")?;
        let mut rest = Vec::new();
        while self.eat("::") {
            rest.push(self.segment()?);
        }
        Ok(Type::Qualified {
            self_ty,
            trait_path,
            rest,
        })
    }

    fn fn_ptr(&mut self) -> Res<Type> {
        let hrtb = self.hrtb()?;
        let unsafety = self.eat_word("unsafe");
        let abi = if self.eat_word("extern") {
            Some(self.string()?)
        } else {
            None
        };
        if !self.eat_word("fn") {
            return self.err("`fn`");
        }
        self.expect("(", "`(`")?;
        let mut inputs = Vec::new();
        let mut variadic = false;
        while !self.eat(")") {
            if self.eat("...") {
                variadic = true;
            } else {
                inputs.push(self.ty()?);
            }
            if !self.eat(",") && !self.peek(")") {
                return self.err("`,` or `)`");
            }
        }
        let output = self.output()?;
        Ok(Type::FnPtr(Box::new(FnPtr {
            hrtb,
            unsafety,
            abi,
            inputs,
            variadic,
            output,
        })))
    }

    fn output(&mut self) -> Res<Option<Type>> {
        if self.eat("->") {
            Ok(Some(self.ty()?))
        } else {
            Ok(None)
        }
    }

    fn string(&mut self) -> Res<String> {
        if !self.peek("\"") {
            return self.err("a string");
        }
        self.i += 1;
        let mut out = String::new();
        let mut chars = self.s[self.i..].char_indices();
        while let Some((k, c)) = chars.next() {
            match c {
                '"' => {
                    self.i += k + 1;
                    return Ok(out);
                }
                // The escapes `{:?}` writes (the printer writes the ABI so).
                '\\' => match chars.next() {
                    Some((_, 'u')) => {
                        let hex: String = chars
                            .by_ref()
                            .map(|(_, c)| c)
                            .take_while(|c| *c != '}')
                            .collect();
                        let code = hex
                            .strip_prefix('{')
                            .and_then(|h| u32::from_str_radix(h, 16).ok())
                            .and_then(char::from_u32);
                        match code {
                            Some(c) => out.push(c),
                            None => return self.err("a `\\u{…}` escape"),
                        }
                    }
                    Some((_, e)) => out.push(match e {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        '0' => '\0',
                        other => other,
                    }),
                    None => break,
                },
                c => out.push(c),
            }
        }
        self.err("the end of the string")
    }

    fn hrtb(&mut self) -> Res<Vec<String>> {
        let mut out = Vec::new();
        if self.eat_word("for") {
            self.expect("<", "`<`")?;
            while !self.eat(">") {
                out.push(self.lifetime()?);
                if !self.eat(",") && !self.peek(">") {
                    return self.err("`,` or `>`");
                }
            }
        }
        Ok(out)
    }

    pub(crate) fn path(&mut self) -> Res<Path> {
        let global = self.eat("::");
        let mut segments = vec![self.segment()?];
        while self.peek("::") && !self.peek("::<") {
            self.i += 2;
            segments.push(self.segment()?);
        }
        Ok(Path { global, segments })
    }

    fn segment(&mut self) -> Res<Segment> {
        let name = self.ident()?;
        let args = if self.peek("<") && !self.peek("<=") {
            self.i += 1;
            self.angle_args()?
        } else if self.peek("(") {
            self.i += 1;
            self.paren_args()?
        } else {
            Args::None
        };
        Ok(Segment { name, args })
    }

    #[inline(never)]
    fn angle_args(&mut self) -> Res<Args> {
        let mut args = Vec::new();
        while !self.eat(">") {
            args.push(self.generic_arg()?);
            if !self.eat(",") && !self.peek(">") {
                return self.err("`,` or `>`");
            }
        }
        Ok(Args::Angle(args))
    }

    #[inline(never)]
    fn paren_args(&mut self) -> Res<Args> {
        let mut inputs = Vec::new();
        while !self.eat(")") {
            inputs.push(self.ty()?);
            if !self.eat(",") && !self.peek(")") {
                return self.err("`,` or `)`");
            }
        }
        let output = self.output()?.map(Box::new);
        Ok(Args::Paren { inputs, output })
    }

    fn generic_arg(&mut self) -> Res<GenericArg> {
        self.generic_arg_inner()
    }

    fn generic_arg_inner(&mut self) -> Res<GenericArg> {
        if self.is_lifetime() {
            return Ok(GenericArg::Lifetime(self.lifetime()?));
        }
        if starts_literal(self.rest()) {
            return Ok(GenericArg::Const(self.raw_until_any(&[',', '>'])?));
        }
        // `Name = T`, `Name<'a> = T`, `Name = 3`, `Name: Bound`: read as a type first
        // (one pass, whatever the nesting), then re-read as a binding when `=` or a
        // lone `:` follows a one-segment path.
        let ty = self.ty()?;
        self.binding(ty)
    }

    /// `ty` as a generic argument: itself, or the name of `Name = …` / `Name: …`.
    #[inline(never)]
    fn binding(&mut self, ty: Type) -> Res<GenericArg> {
        let binding = match &ty {
            Type::Path(p) if !p.global && p.segments.len() == 1 => Some(&p.segments[0]),
            _ => None,
        };
        if let Some(segment) = binding {
            if self.peek("=") && !self.peek("==") {
                self.i += 1;
                let generics = match &segment.args {
                    Args::None => Vec::new(),
                    Args::Angle(args) => args.clone(),
                    Args::Paren { .. } => return self.err("`<` arguments"),
                };
                if starts_literal(self.rest()) && generics.is_empty() {
                    let value = self.raw_until_any(&[',', '>'])?;
                    return Ok(GenericArg::AssocConst {
                        name: segment.name.clone(),
                        value,
                    });
                }
                let bound_ty = self.ty()?;
                return Ok(GenericArg::AssocType {
                    name: segment.name.clone(),
                    generics,
                    ty: bound_ty,
                });
            }
            if segment.args == Args::None && self.eat_colon() {
                // `Assoc:` bounds nothing, as `where T:` may (syn reads both).
                let bounds = if self.peek(",") || self.peek(">") {
                    Vec::new()
                } else {
                    self.bounds()?
                };
                return Ok(GenericArg::Constraint {
                    name: segment.name.clone(),
                    bounds,
                });
            }
        }
        Ok(GenericArg::Type(ty))
    }

    pub(crate) fn bounds(&mut self) -> Res<Vec<Bound>> {
        let mut out = vec![self.bound()?];
        while self.eat("+") {
            out.push(self.bound()?);
        }
        Ok(out)
    }

    pub(crate) fn bound(&mut self) -> Res<Bound> {
        if self.is_lifetime() {
            return Ok(Bound::Lifetime(self.lifetime()?));
        }
        if self.eat_word("use") {
            self.expect("<", "`<`")?;
            let mut params = Vec::new();
            while !self.eat(">") {
                params.push(if self.is_lifetime() {
                    self.lifetime()?
                } else {
                    self.ident()?
                });
                if !self.eat(",") && !self.peek(">") {
                    return self.err("`,` or `>`");
                }
            }
            return Ok(Bound::Use(params));
        }
        if self.peek("~") || self.peek("[") || self.peek("(") {
            // `~const Trait`, `[const] Trait`, `(Trait)`: keep the text.
            return Ok(Bound::Verbatim(self.verbatim_bound()?));
        }
        let hrtb = self.hrtb()?;
        let maybe = self.eat("?");
        let path = self.path()?;
        Ok(Bound::Trait { hrtb, maybe, path })
    }

    /// The text of a bound this model does not know, up to where a bound list ends
    /// (`+`, `,`, `;`, `:`, `=`, ` as `, or a bracket it did not open). Its own
    /// brackets nest, angle brackets included (`~const Foo<T, U>`), and `->` is
    /// part of it (`~const Fn(u8) -> u8`).
    fn verbatim_bound(&mut self) -> Res<String> {
        self.ws();
        let start = self.i;
        let text = &self.s[start..];
        let mut depth = 0usize;
        let mut end = text.len();
        let mut prev = ' ';
        let mut chars = text.char_indices().peekable();
        while let Some((k, c)) = chars.next() {
            let after = &text[k + c.len_utf8()..];
            let stop = match c {
                '(' | '[' | '{' | '<' => {
                    depth += 1;
                    false
                }
                '>' if prev == '-' => false,
                ')' | ']' | '}' | '>' if depth > 0 => {
                    depth -= 1;
                    false
                }
                ')' | ']' | '}' | '>' => true,
                ':' if after.starts_with(':') => {
                    chars.next();
                    false
                }
                '+' | ',' | ';' | ':' | '=' => depth == 0,
                'a' if depth == 0
                    && prev.is_whitespace()
                    && after.starts_with('s')
                    && !after[1..].starts_with(is_ident_char) =>
                {
                    true
                }
                _ => false,
            };
            if stop {
                end = k;
                break;
            }
            prev = c;
        }
        let found = text[..end].trim_end();
        if found.is_empty() {
            return self.err("a bound");
        }
        self.i = start + found.len();
        Ok(found.to_owned())
    }

    /// Raw text up to `stop` at nesting depth 0 (brackets, parentheses, braces and
    /// string literals tracked), trimmed.
    fn raw_until(&mut self, stop: char) -> Res<String> {
        self.raw_until_any(&[stop])
    }

    fn raw_until_any(&mut self, stops: &[char]) -> Res<String> {
        self.ws();
        let start = self.i;
        let mut depth = 0usize;
        let mut chars = self.s[start..].char_indices().peekable();
        let mut end = None;
        while let Some((k, c)) = chars.next() {
            match c {
                '"' => {
                    // Skip a string literal.
                    let mut closed = false;
                    while let Some((_, d)) = chars.next() {
                        if d == '\\' {
                            chars.next();
                        } else if d == '"' {
                            closed = true;
                            break;
                        }
                    }
                    if !closed {
                        return self.err("the end of a string literal");
                    }
                }
                '\'' => {
                    // A char literal (`']'`, `b','`) is skipped; a lifetime is not one.
                    if let Some(len) = char_literal_len(&self.s[start + k + 1..]) {
                        let end = start + k + 1 + len;
                        while chars.peek().is_some_and(|(j, _)| start + j < end) {
                            chars.next();
                        }
                    }
                }
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' if depth > 0 => depth -= 1,
                c if depth == 0 && stops.contains(&c) => {
                    end = Some(start + k);
                    break;
                }
                ')' | ']' | '}' => {
                    end = Some(start + k);
                    break;
                }
                _ => {}
            }
        }
        let end = end.unwrap_or(self.s.len());
        let text = self.s[start..end].trim();
        if text.is_empty() {
            return self.err("an expression");
        }
        self.i = end;
        Ok(text.to_owned())
    }
}

/// A const argument starts here: a literal (numbers, `-1`, strings, chars, bytes,
/// byte and raw strings, `true`/`false`) or a `{ … }` block. A lifetime is not one
/// (callers read lifetimes first).
fn starts_literal(rest: &str) -> bool {
    let word = |w: &str| rest.starts_with(w) && !rest[w.len()..].starts_with(is_ident_char);
    rest.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '-' | '"' | '\'' | '{'))
        || word("true")
        || word("false")
        || [
            "b'", "b\"", "br\"", "br#", "r\"", "r#\"", "r##", "c\"", "cr\"", "cr#",
        ]
        .iter()
        .any(|p| rest.starts_with(p))
}

/// The length of the char or byte literal that `rest` (after its opening `'`)
/// continues, with its closing `'`; `None` for a lifetime or label (`'a`).
fn char_literal_len(rest: &str) -> Option<usize> {
    let mut chars = rest.char_indices();
    match chars.next()? {
        (_, '\\') => {
            // `'\''`, `'\\'`, `'\u{…}'`: up to the next unescaped `'`.
            chars.next()?;
            chars.find(|(_, c)| *c == '\'').map(|(k, _)| k + 1)
        }
        (_, _) => match chars.next()? {
            (k, '\'') => Some(k + 1),
            _ => None,
        },
    }
}

pub(crate) fn is_ident_char(c: char) -> bool {
    // XID_Continue, as Rust reads identifiers: letters and digits, and also marks
    // (`T\u{745}`, which syn reads as one identifier) and connectors. (Found by the
    // `extract_item` fuzz target: `s<T\u{745}>` did not read back.)
    unicode_ident::is_xid_continue(c)
}

/// Paths (below `std`) that name a prelude item, and the name it goes by.
const PRELUDE: &[&str] = &[
    "vec::Vec",
    "string::String",
    "boxed::Box",
    "option::Option",
    "option::Option::Some",
    "option::Option::None",
    "result::Result",
    "result::Result::Ok",
    "result::Result::Err",
    "marker::Send",
    "marker::Sync",
    "marker::Sized",
    "marker::Unpin",
    "marker::Copy",
    "clone::Clone",
    "default::Default",
    "cmp::PartialEq",
    "cmp::Eq",
    "cmp::PartialOrd",
    "cmp::Ord",
    "ops::Fn",
    "ops::FnMut",
    "ops::FnOnce",
    "ops::Drop",
    "iter::Iterator",
    "iter::IntoIterator",
    "iter::Extend",
    "iter::FromIterator",
    "iter::DoubleEndedIterator",
    "iter::ExactSizeIterator",
    "convert::AsRef",
    "convert::AsMut",
    "convert::From",
    "convert::Into",
    "convert::TryFrom",
    "convert::TryInto",
    "string::ToString",
    "borrow::ToOwned",
];

/// Whether `text` names `lifetime` (`'a` in `&'a T`, not in `&'ab T`).
pub fn names_lifetime(text: &str, lifetime: &str) -> bool {
    text.match_indices(lifetime).any(|(at, _)| {
        !text[at + lifetime.len()..]
            .chars()
            .next()
            .is_some_and(is_ident_char)
    })
}

/// The full path of a prelude item's name (`Result` is `std::result::Result`), as
/// [`normalize_std`] collapses it.
pub fn prelude_path(name: &str) -> Option<String> {
    PRELUDE
        .iter()
        .find(|p| p.rsplit("::").next() == Some(name) && p.matches("::").count() == 1)
        .map(|p| format!("std::{p}"))
}

pub(crate) const PRIMITIVES: &[&str] = &[
    "bool", "char", "str", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64",
    "i128", "isize", "f32", "f64",
];

/// `core::`/`alloc::` read as `std::` (std re-exports both), and a std path of a
/// prelude item or a primitive collapsed to its name (`std::vec::Vec<T>` is `Vec<T>`).
pub fn normalize_std(p: &mut Path) {
    let Some(first) = p.segments.first_mut() else {
        return;
    };
    if matches!(first.name.as_str(), "std" | "core" | "alloc") && first.args == Args::None {
        first.name = "std".to_owned();
        p.global = false;
    } else {
        return;
    }
    let names: Vec<&str> = p.segments[1..].iter().map(|s| s.name.as_str()).collect();
    let joined = names.join("::");
    let prelude = PRELUDE.contains(&joined.as_str());
    let primitive = names.len() == 2 && names[0] == "primitive" && PRIMITIVES.contains(&names[1]);
    let plain_prefix = p.segments[..p.segments.len() - 1]
        .iter()
        .all(|s| s.args == Args::None);
    if (prelude || primitive) && plain_prefix {
        let last = p.segments.pop().expect("a prelude path has segments");
        p.segments = vec![last];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn round_trip(text: &str) -> Type {
        let ty = Type::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(ty.to_string(), text, "printing the parse of {text}");
        ty
    }

    #[test]
    fn every_form_reads_back_as_printed() {
        for text in [
            "u8",
            "Vec<String>",
            "::std::collections::HashMap<K, V>",
            "&'a mut [u8; 4]",
            "&str",
            "(u8,)",
            "()",
            "(A, B)",
            "Box<dyn 'static + Send + Sync>",
            "impl Iterator<Item = u8> + Send",
            "for<'a> unsafe extern \"C\" fn(&'a u8) -> u8",
            "extern \"C\" fn(i32, ...)",
            "<T as Trait>::Out",
            "<T>::Out::More",
            "*const T",
            "*mut [u8]",
            "Box<dyn Fn(u8) -> bool>",
            "Box<dyn FnOnce()>",
            "!",
            "_",
            "[u8; N * 2]",
            "[u8; { N + 1 }]",
            "Foo<3, -1, { N }, true, 'c'>",
            "Foo<'a, T, N = 3>",
            "impl Iterator<Item: Clone + Send>",
            "impl Future<Output = u8> + use<'a, T>",
            "impl LendingIterator<Item<'a> = &'a u8>",
            "m!(a, b)",
            "std::fmt::Result",
            "r#type::X",
            // A C-variadic parameter's type, as a fn's parameter list records it.
            "...",
        ] {
            round_trip(text);
        }
    }

    /// Forms the structure-aware fuzz target (`fuzz/`, `typed_model`) found printed in
    /// a way the reader did not read back, or not at all.
    #[test]
    fn forms_the_fuzzer_found_read_back_as_printed() {
        for text in [
            // An empty type macro.
            "m!()",
            "a::m![]",
            // Char and byte literals holding a delimiter, in lengths and arguments.
            "[u8; ']' as usize]",
            "[u8; b']' as usize]",
            "Foo<'>', ','>",
            "Foo<'\\'', '\\\\'>",
            "Foo<b'x', b\"x\", r\"y\">",
            "Foo<N = 'c'>",
            "Foo<N = b'x'>",
            // Bounds kept as written, with arguments, an arrow, before `;` and `as`.
            "impl ~const Foo<T, U> + Send",
            "dyn ~const Fn(u8) -> u8 + Send",
            "[impl [const] Clone; 4]",
            "<dyn ~const A as Tr>::X",
            // ABIs with characters `{:?}` escapes.
            "extern \"\\u{1}\\r\\0\\\"\" fn()",
        ] {
            round_trip(text);
        }
        // A bound whose output ends in a bound list is parenthesised when another
        // bound follows: printed bare, `+ Send` would read as part of `dyn A`.
        let ty = Type::Impl(vec![
            Bound::Trait {
                hrtb: vec![],
                maybe: false,
                path: Path {
                    global: false,
                    segments: vec![Segment {
                        name: "Fn".into(),
                        args: Args::Paren {
                            inputs: vec![],
                            output: Some(Box::new(Type::Ref {
                                lifetime: None,
                                mutable: false,
                                elem: Box::new(Type::Dyn(vec![Bound::trait_named(&["A"])])),
                            })),
                        },
                    }],
                },
            },
            Bound::trait_named(&["Send"]),
        ]);
        assert_eq!(ty.to_string(), "impl Fn() -> (&dyn A) + Send");
        assert_eq!(Type::parse(&ty.to_string()), Ok(ty));
        // The last bound needs no parentheses: what follows it is its own.
        let last = round_trip("impl Send + Fn() -> &dyn A + Sync");
        assert!(matches!(&last, Type::Impl(b) if b.len() == 2), "{last:?}");
        assert!(Type::parse("extern \"\\u{zz}\" fn()").is_err());
        // `for` spaced from its `<` read as a path segment named `for`, which printed as
        // `for<'_>::P` and did not read back (the `typed_model` target found it).
        assert!(Type::parse("for <'_> ::P").is_err());
        // Identifiers continue with marks as Rust's do (`extract_item` found it, on the
        // merged code): `T\u{745}` read as `T` and a stray mark, and `for\u{745}x` as
        // the keyword `for`.
        for text in [
            "s<T\u{745}>",
            "dyn e + for\u{745}tatic",
            "\u{f6}\u{745}::a\u{30a}",
        ] {
            round_trip(text);
        }
        assert!(
            Type::parse("\u{745}a").is_err(),
            "a mark starts no identifier"
        );
        // An associated type constraint that bounds nothing (`extract_item` found it,
        // on the merged code): printed `TS: ,`, it did not read back.
        for text in ["s::Result<TS:, Box<u8>>", "Iterator<Item:>"] {
            let ty = round_trip(text);
            assert!(
                matches!(&ty, Type::Path(p) if matches!(&p.segments[p.segments.len() - 1].args,
                    Args::Angle(a) if matches!(&a[0], GenericArg::Constraint { bounds, .. } if bounds.is_empty()))),
                "{ty:?}"
            );
        }
        assert_eq!(
            Type::parse("for <'a> fn(&'a u8)").map(|t| t.to_string()),
            Ok("for<'a> fn(&'a u8)".to_owned())
        );
        assert_eq!(
            Bound::parse("for <'a> Fn(&'a u8)").map(|b| b.to_string()),
            Ok("for<'a> Fn(&'a u8)".to_owned())
        );
    }

    #[test]
    fn option_is_one_function_of_the_tree() {
        assert_eq!(
            Type::parse("Option<u8>").unwrap().option_inner(),
            Some(&Type::named("u8"))
        );
        assert!(Type::parse("Vec<u8>").unwrap().option_inner().is_none());
        assert!(Type::parse("a::Option<u8>")
            .unwrap()
            .option_inner()
            .is_none());
        assert!(Type::parse("Option").unwrap().option_inner().is_none());
    }

    #[test]
    fn parenthesised_types_are_the_type() {
        assert_eq!(Type::parse("(u8)").unwrap(), Type::named("u8"));
    }

    #[test]
    fn garbage_is_an_error_never_a_panic() {
        for text in [
            "",
            "<",
            "Vec<",
            "&",
            "[u8;",
            "fn(",
            "Foo<'a",
            "\"",
            "dyn",
            "impl +",
            "a::",
            "!x",
            "(u8",
            "[u8; \"]",
            "*u8",
            "m!",
            "m!(",
            "<T as>::X",
            "for<'a",
        ] {
            assert!(Type::parse(text).is_err(), "{text:?} parsed");
        }
        let deep = format!("{}u8{}", "Vec<".repeat(10_000), ">".repeat(10_000));
        assert!(Type::parse(&deep).is_err());
    }

    #[test]
    fn the_depth_limit_fits_a_test_threads_stack() {
        std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(|| {
                for (open, close) in [("Vec<", ">"), ("&", ""), ("[", "]"), ("(", ",)")] {
                    let at = |n: usize| format!("{}u8{}", open.repeat(n), close.repeat(n));
                    let ty = Type::parse(&at(MAX_DEPTH - 1)).expect("at the limit");
                    assert_eq!(ty.to_string(), at(MAX_DEPTH - 1));
                    assert!(Type::parse(&at(MAX_DEPTH + 1)).is_err(), "{open}");
                }
            })
            .expect("spawn")
            .join()
            .expect("no overflow");
    }

    #[test]
    fn lifetimes_are_visited_everywhere() {
        let mut ty = Type::parse("&'a Foo<'b, dyn Tr<'c> + 'd, fn(&'e u8)>").unwrap();
        let mut seen = Vec::new();
        ty.lifetimes_mut(&mut |l| seen.push(l.clone()));
        seen.sort();
        assert_eq!(seen, ["'a", "'b", "'c", "'d", "'e"]);
    }
}
