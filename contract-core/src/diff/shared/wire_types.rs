//! Which type changes serde payloads survive: a reader of type `R` reading what a
//! writer of type `W` wrote.
//!
//! Only what serde really does is accepted, and only for self-describing formats:
//! `Box<T>`/`Rc<T>`/`Arc<T>` write `T`; `VecDeque`/`Vec`, `HashMap`/`BTreeMap` and
//! `HashSet`/`BTreeSet` write the same sequences and maps; `Option<T>` reads a `T`
//! (as `Some`); a wider integer or float reads a narrower one. Anything else is
//! assumed to break. Positional formats accept only the equivalent spellings.

use crate::ty::{Args, GenericArg, Path, Segment, Type};

/// True when a reader of type `reader` reads every value a writer of type `writer`
/// writes. `strict` (positional formats) accepts only equivalent spellings.
pub fn reads(writer: &Type, reader: &Type, strict: bool) -> bool {
    let w = wire_form(writer);
    let r = wire_form(reader);
    w == r || (!strict && widens(&w, &r))
}

/// `w` → `r` through an `Option`, a wider number, or a container of those.
fn widens(w: &Type, r: &Type) -> bool {
    if w == r {
        return true;
    }
    if let Some(inner) = r.option_inner() {
        if w == inner || (w.option_inner().is_none() && widens(w, inner)) {
            return true;
        }
    }
    if let (Some(wb), Some(rb)) = (number_bits(w), number_bits(r)) {
        return number_fits(wb, rb);
    }
    match (head_args(w), head_args(r)) {
        (Some((wh, wa)), Some((rh, ra))) => {
            matches!(wh, "Option" | "Vec" | "Map" | "Set")
                && wh == rh
                && wa.len() == ra.len()
                && wa.iter().zip(&ra).all(|(a, b)| widens(a, b))
        }
        _ => false,
    }
}

/// A single-name path type's name and type arguments (`Vec<u8>` → (`Vec`, [`u8`])).
fn head_args(ty: &Type) -> Option<(&str, Vec<&Type>)> {
    let path = ty.as_path()?;
    let last = path.segments.last()?;
    Some((&last.name, last.type_args()?))
}

fn named(name: &str, args: Vec<Type>) -> Type {
    Type::Path(Path {
        global: false,
        segments: vec![Segment {
            name: name.to_owned(),
            args: if args.is_empty() {
                Args::None
            } else {
                Args::Angle(args.into_iter().map(GenericArg::Type).collect())
            },
        }],
    })
}

/// One form per wire encoding: references, boxes and shared pointers are their
/// content, `str` is `String`, every sequence a `Vec`, every map a `Map`, every set a
/// `Set`.
pub fn wire_form(ty: &Type) -> Type {
    match ty {
        // `&'a str` / `&str` write a string; `&T` writes `T`.
        Type::Ref { elem, .. } => wire_form(elem),
        Type::Path(_) => {
            let Some((head, args)) = head_args(ty) else {
                return ty.clone();
            };
            if head == "str" && args.is_empty() {
                return named("String", Vec::new());
            }
            if args.is_empty() {
                return ty.clone();
            }
            let args: Vec<Type> = args.into_iter().map(wire_form).collect();
            match (head, args.as_slice()) {
                ("Box" | "Rc" | "Arc", [inner]) => inner.clone(),
                ("Cow", [inner]) => inner.clone(),
                ("VecDeque" | "LinkedList", [inner]) => named("Vec", vec![inner.clone()]),
                ("HashMap" | "BTreeMap", [k, v, ..]) => named("Map", vec![k.clone(), v.clone()]),
                ("HashSet" | "BTreeSet", [inner, ..]) => named("Set", vec![inner.clone()]),
                _ => named(head, args),
            }
        }
        other => other.clone(),
    }
}

/// (signed, bits) of an integer or float type; `usize`/`isize` as 64 bits.
fn number_bits(ty: &Type) -> Option<(char, u32)> {
    let name = ty.as_path()?.as_ident()?;
    let (kind, bits) = (name.get(..1)?, name.get(1..)?);
    let bits = match bits {
        "size" => 64,
        b => b.parse().ok()?,
    };
    matches!(kind, "u" | "i" | "f").then(|| (kind.chars().next().unwrap_or('u'), bits))
}

/// Every value of `w` is a value of `r`.
fn number_fits((wk, wb): (char, u32), (rk, rb): (char, u32)) -> bool {
    match (wk, rk) {
        ('u', 'u') | ('i', 'i') | ('f', 'f') => wb <= rb,
        ('u', 'i') => wb < rb,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(s: &str) -> Type {
        Type::parse(s).unwrap()
    }

    #[test]
    fn equivalent_spellings_read_both_ways() {
        for (a, b) in [
            ("Box<u32>", "u32"),
            ("VecDeque<u8>", "Vec<u8>"),
            ("HashMap<String, u8>", "BTreeMap<String, u8>"),
            ("Arc<str>", "String"),
            ("Vec<Box<u8>>", "Vec<u8>"),
            ("&'a str", "String"),
            ("Cow<'a, str>", "String"),
        ] {
            assert!(
                reads(&ty(a), &ty(b), true) && reads(&ty(b), &ty(a), true),
                "{a} <-> {b}"
            );
        }
    }

    #[test]
    fn widening_reads_one_way_only() {
        for (narrow, wide) in [
            ("u32", "u64"),
            ("u8", "i16"),
            ("f32", "f64"),
            ("u8", "Option<u8>"),
            ("Vec<u8>", "Vec<Option<u16>>"),
        ] {
            let (n, w) = (ty(narrow), ty(wide));
            assert!(reads(&n, &w, false), "{narrow} -> {wide}");
            assert!(!reads(&w, &n, false), "{wide} -> {narrow}");
            assert!(!reads(&n, &w, true), "strict {narrow} -> {wide}");
        }
        assert!(!reads(&ty("i8"), &ty("u64"), false));
        assert!(!reads(&ty("u32"), &ty("String"), false));
        assert!(!reads(&ty("Foo<u8>"), &ty("Foo<u16>"), false));
    }
}
