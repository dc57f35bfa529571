//! Which type changes serde payloads survive: a reader of type `R` reading what a
//! writer of type `W` wrote.
//!
//! Only what serde really does is accepted, and only for self-describing formats:
//! `Box<T>`/`Rc<T>`/`Arc<T>` write `T`; `VecDeque`/`Vec`, `HashMap`/`BTreeMap` and
//! `HashSet`/`BTreeSet` write the same sequences and maps; `Option<T>` reads a `T`
//! (as `Some`); a wider integer or float reads a narrower one. Anything else is
//! assumed to break. Positional formats accept only the equivalent spellings.

use super::split_top;

/// True when a reader of type `reader` reads every value a writer of type `writer`
/// writes. `strict` (positional formats) accepts only equivalent spellings.
pub fn reads(writer: &str, reader: &str, strict: bool) -> bool {
    let w = normalize(writer);
    let r = normalize(reader);
    w == r || (!strict && widens(&w, &r))
}

/// `w` → `r` through an `Option`, a wider number, or a container of those.
fn widens(w: &str, r: &str) -> bool {
    if w == r {
        return true;
    }
    if let Some(inner) = strip(r, "Option") {
        if w == inner || (strip(w, "Option").is_none() && widens(w, &inner)) {
            return true;
        }
    }
    if let (Some(wb), Some(rb)) = (number_bits(w), number_bits(r)) {
        return number_fits(wb, rb);
    }
    let (wh, wa) = head_args(w);
    let (rh, ra) = head_args(r);
    let covariant = matches!(wh, "Option" | "Vec" | "Map" | "Set");
    covariant && wh == rh && wa.len() == ra.len() && wa.iter().zip(&ra).all(|(a, b)| widens(a, b))
}

/// One spelling per wire form.
pub fn normalize(ty: &str) -> String {
    let ty = ty.trim();
    if let Some(rest) = ty.strip_prefix('&') {
        // `&'a str` / `&str` write a string; `&T` writes `T`.
        let rest = rest.trim_start();
        let rest = match rest.strip_prefix('\'') {
            Some(after) => after.split_once(' ').map_or("", |(_, t)| t),
            None => rest,
        };
        let rest = rest.strip_prefix("mut ").unwrap_or(rest);
        return normalize(rest);
    }
    if ty == "str" || ty == "Box<str>" {
        return "String".to_owned();
    }
    let (head, args) = head_args(ty);
    if args.is_empty() {
        return ty.to_owned();
    }
    let args: Vec<String> = args.iter().map(|a| normalize(a)).collect();
    let last = head.rsplit("::").next().unwrap_or(head);
    match (last, args.as_slice()) {
        ("Box" | "Rc" | "Arc", [inner]) => inner.clone(),
        ("Cow", [_, inner]) | ("Cow", [inner]) => inner.clone(),
        ("VecDeque" | "LinkedList", [inner]) => format!("Vec<{inner}>"),
        ("HashMap" | "BTreeMap", [k, v, ..]) => format!("Map<{k}, {v}>"),
        ("HashSet" | "BTreeSet", [inner, ..]) => format!("Set<{inner}>"),
        _ => format!("{last}<{}>", args.join(", ")),
    }
}

/// `Name<A, B>` → (`Name`, [`A`, `B`]); anything else → (itself, []).
fn head_args(ty: &str) -> (&str, Vec<String>) {
    match (ty.find('<'), ty.strip_suffix('>')) {
        (Some(open), Some(body)) if !ty.starts_with('(') && !ty.starts_with('[') => {
            let args = split_top(&body[open + 1..], ", ")
                .into_iter()
                .filter(|a| !a.starts_with('\''))
                .collect();
            (&ty[..open], args)
        }
        _ => (ty, Vec::new()),
    }
}

fn strip(ty: &str, head: &str) -> Option<String> {
    match head_args(ty) {
        (h, args) if h == head && args.len() == 1 => Some(args[0].clone()),
        _ => None,
    }
}

/// (signed, bits) of an integer or float type; `usize`/`isize` as 64 bits.
fn number_bits(ty: &str) -> Option<(char, u32)> {
    let (kind, bits) = (ty.get(..1)?, ty.get(1..)?);
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

    #[test]
    fn equivalent_spellings_read_both_ways() {
        for (a, b) in [
            ("Box<u32>", "u32"),
            ("VecDeque<u8>", "Vec<u8>"),
            ("HashMap<String, u8>", "BTreeMap<String, u8>"),
            ("Arc<str>", "String"),
            ("Vec<Box<u8>>", "Vec<u8>"),
        ] {
            assert!(reads(a, b, true) && reads(b, a, true), "{a} <-> {b}");
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
            assert!(reads(narrow, wide, false), "{narrow} -> {wide}");
            assert!(!reads(wide, narrow, false), "{wide} -> {narrow}");
            assert!(!reads(narrow, wide, true), "strict {narrow} -> {wide}");
        }
        assert!(!reads("i8", "u64", false));
        assert!(!reads("u32", "String", false));
        assert!(!reads("Foo<u8>", "Foo<u16>", false));
    }
}
