//! Consts and statics: type, value, table rows, `static mut`.

use super::align::align;
use super::tokens::{legacy_constants, lex, Tok};
use super::Cx;
use crate::delta::{Class, DeltaKind, Member, Note, Shown};
use crate::shape::{ItemShape, Symbol, Value, ValueItemShape};
use crate::ty::Type;

/// The const/static family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(old_item), Some(new_item)) = (&before.item, &after.item) else {
        return;
    };
    let (old, new) = match (old_item, new_item) {
        (ItemShape::Const(o), ItemShape::Const(n))
        | (ItemShape::Static(o), ItemShape::Static(n)) => (o, n),
        _ => return,
    };
    let whole = || {
        (
            Shown::Item(Box::new(old_item.clone())),
            Shown::Item(Box::new(new_item.clone())),
        )
    };
    if old.mutable != new.mutable {
        // Reading a `static mut` needs `unsafe`; a `static` cannot be assigned.
        let (was, now) = whole();
        let delta = cx
            .delta(DeltaKind::StaticMutabilityChanged, Member::Item)
            .change(was, now);
        cx.push(delta);
    }
    if old.unsafety != new.unsafety {
        // Reading an `unsafe static` of an `extern` block needs `unsafe`.
        let kind = if new.unsafety {
            DeltaKind::StaticUnsafeAdded
        } else {
            DeltaKind::StaticUnsafeRemoved
        };
        let (was, now) = whole();
        cx.push(cx.delta(kind, Member::Item).change(was, now));
    }
    let export = match (&old.export, &new.export) {
        (None, Some(_)) => Some(DeltaKind::ExportSymbolAdded),
        (Some(_), None) => Some(DeltaKind::ExportSymbolRemoved),
        (Some(a), Some(b)) if a != b => Some(DeltaKind::ExportSymbolRenamed),
        _ => None,
    };
    if let Some(kind) = export {
        // The linker symbol is a contract with foreign code.
        let (was, now) = whole();
        cx.push(cx.delta(kind, Member::Item).change(was, now));
    }
    if old.ty != new.ty {
        let (was, now) = whole();
        let delta = cx
            .delta(DeltaKind::ConstTypeChanged, Member::Item)
            .class(type_class(old, new))
            .change(was, now);
        cx.push(delta);
    }
    match (&old.value, &new.value) {
        (Value::Rows(o), Value::Rows(n)) => rows(cx, o, n, whole),
        (o, n) => {
            // A value that names the const's type, which changed (pkcs1 0.8's
            // `ALGORITHM_ID: pkcs8::AlgorithmIdentifierRef<'static> =
            // pkcs8::AlgorithmIdentifierRef { … }` → `spki::…`): that spelling is the
            // type change, reported once above.
            let retyped = only_retyped(old, new);
            // Consumers compiled against, and may match on, the old value.
            let change = || evaluated_change(cx, old, new).or_else(|| value_change(o, n));
            if let Some(kind) = (!retyped).then(change).flatten() {
                let (was, now) = whole();
                cx.push(cx.delta(kind, Member::Item).change(was, now));
            }
        }
    }
}

/// Whether the value differs only where it names the const's type, which changed from
/// one path to another (the arguments aside): the old value with the old path written
/// as the new one is the new value, token for token.
fn only_retyped(old: &ValueItemShape, new: &ValueItemShape) -> bool {
    let (Type::Path(o), Type::Path(n), Value::Expr(was), Value::Expr(now)) =
        (&old.ty, &new.ty, &old.value, &new.value)
    else {
        return false;
    };
    let names = |p: &crate::ty::Path| {
        p.segments
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>()
            .join("::")
    };
    let (from, to) = (names(o), names(n));
    if from == to {
        return false;
    }
    let (from, to) = (lex(&from), lex(&to));
    let mut was = lex(was);
    // Token by token: `a::Ty` is not in `a::TyLong`.
    let mut i = 0;
    while i + from.len() <= was.len() {
        if was[i..].starts_with(&from) {
            was.splice(i..i + from.len(), to.iter().cloned());
            i += to.len();
        } else {
            i += 1;
        }
    }
    was == lex(now)
}

/// An array length that only follows the row count (`[Row; 3]` -> `[Row; 4]` with a
/// row added) is the row change itself, reported as a row; any other type change
/// breaks every consumer that names or uses the type.
fn type_class(old: &ValueItemShape, new: &ValueItemShape) -> Class {
    let follows = match (&old.ty, &new.ty, &old.value, &new.value) {
        (
            Type::Array { elem: oe, len: ol },
            Type::Array { elem: ne, len: nl },
            Value::Rows(or),
            Value::Rows(nr),
        ) => {
            oe == ne
                && *ol == or.len().to_string()
                && *nl == nr.len().to_string()
                && nr.len() > or.len()
        }
        _ => false,
    };
    if follows {
        Class::Additive
    } else {
        Class::Breaking
    }
}

/// Rows are aligned by their text (a row kept anywhere is kept), then what is left
/// by position: a row that changed in place is `table_row_changed`, one gone is
/// `table_row_removed` (a consumer's lookup finds nothing), one new is
/// `table_row_added`; the same rows in another order are a value change (first-match
/// lookups see it).
fn rows(cx: &mut Cx<'_>, old: &[String], new: &[String], whole: impl Fn() -> (Shown, Shown)) {
    // Rows are one row when they are one value however spelled (`core::u8::MAX`).
    let keyed = |rows: &[String]| -> Vec<(usize, String)> {
        rows.iter().map(|r| canonical_text(r)).enumerate().collect()
    };
    let (old_keys, new_keys) = (keyed(old), keyed(new));
    let same_position = |o: &(usize, String), n: &(usize, String)| o.0 == n.0;
    let alignment = align(&old_keys, &new_keys, |(_, row)| row, &[&same_position]);
    let old: Vec<(usize, &String)> = old.iter().enumerate().collect();
    let new: Vec<(usize, &String)> = new.iter().enumerate().collect();
    for pair in alignment.by(0) {
        let ((_, was), (j, now)) = (old[pair.old], new[pair.new]);
        let delta = cx
            .delta(DeltaKind::TableRowChanged, Member::Row { index: j })
            .note(Note::RowChanged)
            .change(Shown::Row(was.clone()), Shown::Row(now.clone()));
        cx.push(delta);
    }
    for &i in &alignment.removed {
        let (i, row) = old[i];
        let delta = cx
            .delta(DeltaKind::TableRowRemoved, Member::Row { index: i })
            .was(Shown::Row(row.clone()));
        cx.push(delta);
    }
    for &j in &alignment.added {
        let (j, row) = new[j];
        let delta = cx
            .delta(DeltaKind::TableRowAdded, Member::Row { index: j })
            .now(Shown::Row(row.clone()));
        cx.push(delta);
    }
    let kept = super::align::Alignment {
        pairs: alignment.same().copied().collect(),
        ..Default::default()
    };
    if !kept.order_kept() {
        let (was, now) = whole();
        let delta = cx
            .delta(DeltaKind::ConstValueChanged, Member::Item)
            .note(Note::RowsReordered)
            .change(was, now);
        cx.push(delta);
    }
}

/// `const_value_changed` when both values evaluate (the crate's constants they name
/// read from the golden) and differ on every target width: `64 * KIB` → `65537`.
/// `None` when that cannot be told (then [`value_change`] reads the tokens).
pub(super) fn evaluated_change(
    cx: &Cx<'_>,
    old: &ValueItemShape,
    new: &ValueItemShape,
) -> Option<DeltaKind> {
    let (Value::Expr(o), Value::Expr(n)) = (&old.value, &new.value) else {
        return None;
    };
    let consts = super::GoldenConsts {
        types: cx.types,
        module: cx.module,
    };
    let same = super::consteval::same_value(o, &old.ty, n, &new.ty, &consts)?;
    (!same).then_some(DeltaKind::ConstValueChanged)
}

/// The delta two different values of a const are: `const_value_changed` when the
/// sources say the value changed, `const_expression_changed` when they cannot tell.
///
/// A value built of literals, paths, operators, struct literals and tuple
/// constructors is compared as written (literals by value): any other spelling is
/// taken to be another value. One that calls a fn or a macro or branches (`match`,
/// `if`, a block) is code the sources do not evaluate (`expect!(x)`, `expect(x)` and
/// `Vec::new()` against a const may give one value): changed in place, only in its
/// literals and names (`match … { _ => Level::Info }` → `Warn`, `from_secs(5)` →
/// `from_secs(6)`), it is still another value; changed in its code (a callee
/// renamed included), it may be the same value, and a false "breaking" costs more
/// than a miss.
pub(super) fn value_change(old: &Value, new: &Value) -> Option<DeltaKind> {
    match (old, new) {
        (o, n) if o == n => None,
        (Value::Expr(o), Value::Expr(n)) => expression_change(o, n),
        _ => Some(DeltaKind::ConstValueChanged),
    }
}

fn expression_change(old: &str, new: &str) -> Option<DeltaKind> {
    let (o, n) = (legacy_constants(lex(old)), legacy_constants(lex(new)));
    if o == n {
        return None;
    }
    // A cast added or removed (bitvec 1.1: `pos: R::MASK as u8` → `pos: R::MASK`,
    // `MASK` being a `u8`): where both compile at the one type of the const, the cast
    // converted nothing, or the other side would not compile. It may be the same value.
    if without_casts(&o) == without_casts(&n) {
        return Some(DeltaKind::ConstExpressionChanged);
    }
    let evaluated = |tokens: &[Tok<'_>]| !(0..tokens.len()).any(|i| opaque_at(tokens, i));
    if evaluated(&o) && evaluated(&n) {
        return Some(DeltaKind::ConstValueChanged);
    }
    // In place: only data differs; a callee renamed (`from_secs(5)` →
    // `from_millis(5)`, `LazyLock::new(…)` → `Lazy::new(…)`) is other code, not
    // another datum.
    let in_place = o.len() == n.len()
        && (0..o.len()).all(|i| {
            o[i] == n[i]
                || (o[i].is_data()
                    && n[i].is_data()
                    && !callee_at(&o, i)
                    && !callee_at(&n, i)
                    // A constant for a literal may be its value (`KIB` for `1024`).
                    && names_constant_at(&o, i) == names_constant_at(&n, i))
        });
    Some(if in_place {
        DeltaKind::ConstValueChanged
    } else {
        DeltaKind::ConstExpressionChanged
    })
}

/// `text` with `Self` at the start of a path (`Self::new(…)`, `Self { bits }`) written
/// `name`, the type an inherent const's block is for; `None` when it has none. A
/// literal is left alone (`"Self"`).
fn self_as(text: &str, name: &str) -> Option<String> {
    let tokens = lex(text);
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (i, tok) in tokens.iter().enumerate() {
        let Tok::Word(word) = tok else { continue };
        let in_path =
            i >= 2 && tokens[i - 1] == Tok::Punct(':') && tokens[i - 2] == Tok::Punct(':');
        if *word != "Self" || in_path {
            continue;
        }
        // The token is a slice of `text`: its offset is where it starts.
        let at = word.as_ptr() as usize - text.as_ptr() as usize;
        out.push_str(&text[copied..at]);
        out.push_str(name);
        copied = at + word.len();
    }
    if copied == 0 {
        return None;
    }
    out.push_str(&text[copied..]);
    Some(out)
}

/// `before` and `after` with `Self` in the values of their inherent consts written as
/// the type's name, the last segment of `symbol` (idna 1.1 wrote `pub const EMPTY: Self
/// = Self::new(false, "")` for `AsciiDenyList::new(…)`): in `impl AsciiDenyList`, one
/// value. `None` when no value names `Self`. A type reached under another name (a
/// renaming re-export, an attribute's `name = "…"`) is compared as written.
pub(super) fn self_spelled(
    symbol: &str,
    before: &Symbol,
    after: &Symbol,
) -> Option<(Symbol, Symbol)> {
    let name = symbol.rsplit("::").next().unwrap_or(symbol);
    let respell = |s: &Symbol| {
        let mut s = s.clone();
        let mut changed = false;
        for text in s.consts.values_mut().flat_map(|c| c.value.texts_mut()) {
            if let Some(respelled) = self_as(text, name) {
                *text = respelled;
                changed = true;
            }
        }
        changed.then_some(s)
    };
    match (respell(before), respell(after)) {
        (None, None) => None,
        (b, a) => Some((
            b.unwrap_or_else(|| before.clone()),
            a.unwrap_or_else(|| after.clone()),
        )),
    }
}

/// `before` and `after` with each constant value that evaluates to the same value on
/// both sides written as `after` writes it ([`super::consteval`]: `64 * 1024` is
/// `65536`, `u16::MAX as u32` is `65535`): the item const or static, array rows at
/// the same index, a type's inherent consts and a trait's const defaults. A const's
/// or static's type that differs only in an elided reference lifetime, which is
/// `'static` there (`&str` is `&'static str`), is written as `after` writes it too.
/// `None` when nothing is rewritten. A value that does not evaluate stays as written.
pub(super) fn evaluated_alike(
    before: &Symbol,
    after: &Symbol,
    consts: &dyn super::consteval::ConstLookup,
) -> Option<(Symbol, Symbol)> {
    use super::consteval::same_value;
    use crate::shape::ItemShape;
    let alike = |o: &str, ot: &Type, n: &str, nt: &Type| {
        o != n && same_value(o, ot, n, nt, consts) == Some(true)
    };
    let mut out = before.clone();
    let mut changed = false;
    let mut value = |old: &mut ValueItemShape, new: &ValueItemShape| {
        if old.ty != new.ty && static_elided(&old.ty) == static_elided(&new.ty) {
            old.ty.clone_from(&new.ty);
            changed = true;
        }
        match (&mut old.value, &new.value) {
            (Value::Expr(o), Value::Expr(n)) if alike(o, &old.ty, n, &new.ty) => {
                o.clone_from(n);
                changed = true;
            }
            (Value::Rows(o), Value::Rows(n)) => {
                let (Some(ot), Some(nt)) = (row_type(&old.ty), row_type(&new.ty)) else {
                    return;
                };
                for (o, n) in o.iter_mut().zip(n) {
                    if alike(o, ot, n, nt) {
                        o.clone_from(n);
                        changed = true;
                    }
                }
            }
            _ => {}
        }
    };
    match (&mut out.item, &after.item) {
        (Some(ItemShape::Const(o)), Some(ItemShape::Const(n)))
        | (Some(ItemShape::Static(o)), Some(ItemShape::Static(n))) => value(o, n),
        _ => {}
    }
    for (name, o) in &mut out.consts {
        if let Some(n) = after.consts.get(name) {
            value(o, n);
        }
    }
    if let (Some(ItemShape::Trait(o)), Some(ItemShape::Trait(n))) = (&mut out.item, &after.item) {
        for (name, o) in &mut o.consts {
            let Some(n) = n.consts.get(name) else {
                continue;
            };
            if o.ty != n.ty && static_elided(&o.ty) == static_elided(&n.ty) {
                o.ty.clone_from(&n.ty);
                changed = true;
            }
            if let (Some(od), Some(nd)) = (&mut o.default, &n.default) {
                if alike(od, &o.ty, nd, &n.ty) {
                    od.clone_from(nd);
                    changed = true;
                }
            }
        }
    }
    changed.then(|| (out, after.clone()))
}

/// A const's or static's type with each elided reference lifetime written `'static`,
/// the lifetime it has there (RFC 1623): `&[&str]` is `&'static [&'static str]`.
fn static_elided(ty: &Type) -> Type {
    let mut ty = ty.clone();
    fn visit(ty: &mut Type) {
        match ty {
            Type::Ref { lifetime, elem, .. } => {
                if lifetime.as_deref().is_none_or(|l| l == "'_") {
                    *lifetime = Some("'static".to_owned());
                }
                visit(elem);
            }
            Type::Slice(elem) | Type::Array { elem, .. } | Type::Ptr { elem, .. } => visit(elem),
            Type::Tuple(elems) => elems.iter_mut().for_each(visit),
            _ => {}
        }
    }
    visit(&mut ty);
    ty
}

/// The type of a table's rows: `[T; N]`, `&[T]`, `&[T; N]`.
fn row_type(ty: &Type) -> Option<&Type> {
    match ty {
        Type::Array { elem, .. } | Type::Slice(elem) => Some(elem),
        Type::Ref { elem, .. } => row_type(elem),
        _ => None,
    }
}

/// A value's text as the comparison reads it: its tokens, with
/// [`legacy_constants`] respelled, one space apart. Two texts of one value read the same.
pub(crate) fn canonical_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, tok) in legacy_constants(lex(text)).iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match tok {
            Tok::Lit(t) | Tok::Word(t) => out.push_str(t),
            Tok::Punct(c) => out.push(*c),
        }
    }
    out
}

/// `tokens` with every `as Type` left out (a path type: `as u8`, `as crate::Id`).
fn without_casts<'a>(tokens: &[Tok<'a>]) -> Vec<Tok<'a>> {
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] == Tok::Word("as") && matches!(tokens.get(i + 1), Some(Tok::Word(_))) {
            i += 2;
            while tokens.get(i) == Some(&Tok::Punct(':'))
                && tokens.get(i + 1) == Some(&Tok::Punct(':'))
                && matches!(tokens.get(i + 2), Some(Tok::Word(_)))
            {
                i += 3;
            }
            continue;
        }
        out.push(tokens[i]);
        i += 1;
    }
    out
}

impl Tok<'_> {
    /// What a value is made of rather than its code: a literal or a name.
    fn is_data(&self) -> bool {
        match self {
            Tok::Lit(_) => true,
            Tok::Word(w) => !KEYWORDS.contains(w),
            Tok::Punct(_) => false,
        }
    }
}

/// The keywords of code the sources do not evaluate.
const KEYWORDS: &[&str] = &[
    "match", "if", "else", "loop", "while", "for", "let", "unsafe", "async", "move", "return",
    "break", "continue",
];

/// Whether the token at `i` starts code whose value the sources do not give: a
/// keyword above, a macro call (`name!(`), a fn call (`name(` in snake case:
/// num-bigint 0.4.8's `BigUint { data: Vec::new() }` → `{ data: BigDigits::ZERO }` is
/// one value), or a block (`{` not after a name: not a struct literal). A tuple
/// struct or variant (`Some(5)`, `Wrapper(5)`) is data.
fn opaque_at(tokens: &[Tok<'_>], i: usize) -> bool {
    match tokens[i] {
        Tok::Word(w) => {
            KEYWORDS.contains(&w) || calls_at(tokens, i) || names_constant_at(tokens, i)
        }
        Tok::Punct('{') => !matches!(
            i.checked_sub(1).map(|j| tokens[j]),
            Some(Tok::Word(_) | Tok::Punct('>'))
        ),
        _ => false,
    }
}

/// Whether the word at `i` names another constant whose value the sources give
/// elsewhere: an upper-case name (`LIMIT`, `EcoBytes::INLINE_LIMIT`) that is not a
/// primitive's own (`u32::MAX`, which [`super::consteval`] reads). ecow 0.3.1 wrote
/// `INLINE_LIMIT: usize = EcoBytes::INLINE_LIMIT` for `crate::dynamic::LIMIT`, one
/// constant under two names. Renamed in place (`Flags::A` → `Flags::B`) it is still
/// another datum.
fn names_constant_at(tokens: &[Tok<'_>], i: usize) -> bool {
    let Tok::Word(w) = tokens[i] else {
        return false;
    };
    let constant = w.len() >= 2
        && w.chars().any(|c| c.is_ascii_uppercase())
        && w.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    let after = |i: usize, word: &dyn Fn(&str) -> bool| {
        i >= 3
            && tokens[i - 1] == Tok::Punct(':')
            && tokens[i - 2] == Tok::Punct(':')
            && matches!(tokens[i - 3], Tok::Word(p) if word(p))
    };
    // `u32::MAX`, `f64::consts::PI`: std's, read by the evaluator.
    let on_primitive = after(i, &|p| crate::ty::PRIMITIVES.contains(&p))
        || (after(i, &|p| p == "consts") && after(i - 3, &|p| matches!(p, "f32" | "f64")));
    constant && !on_primitive && !matches!(tokens.get(i + 1), Some(Tok::Punct('(' | '{')))
}

/// Whether the word at `i` calls a fn: a snake-case name before `(`.
fn fn_call_at(tokens: &[Tok<'_>], i: usize) -> bool {
    matches!(tokens[i], Tok::Word(w) if w.starts_with(|c: char| c.is_lowercase() || c == '_'))
        && tokens.get(i + 1) == Some(&Tok::Punct('('))
}

/// Whether the word at `i` names code that is called: a fn (`new(`) or a macro
/// (`expect!(`, `vec![`).
fn calls_at(tokens: &[Tok<'_>], i: usize) -> bool {
    let open = |t: Option<&Tok<'_>>| matches!(t, Some(Tok::Punct('(' | '[' | '{')));
    fn_call_at(tokens, i)
        || (matches!(tokens[i], Tok::Word(_))
            && tokens.get(i + 1) == Some(&Tok::Punct('!'))
            && open(tokens.get(i + 2)))
}

/// Whether the word at `i` is part of a callee's path: the call itself, or a segment
/// before it (`LazyLock` in `LazyLock::new(…)`; pep440_rs 0.7.3 wrote
/// `once_cell::sync::Lazy::new(…)` for `std::sync::LazyLock::new(…)`, one value).
fn callee_at(tokens: &[Tok<'_>], i: usize) -> bool {
    let mut j = i;
    loop {
        if calls_at(tokens, j) {
            return true;
        }
        match (tokens.get(j + 1), tokens.get(j + 2), tokens.get(j + 3)) {
            (Some(Tok::Punct(':')), Some(Tok::Punct(':')), Some(Tok::Word(_))) => j += 3,
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(old: &str, new: &str) -> Option<DeltaKind> {
        value_change(&Value::Expr(old.to_owned()), &Value::Expr(new.to_owned()))
    }

    #[test]
    fn the_lexer_reads_canonical_literals_whole() {
        assert_eq!(
            lex(r#"f("a \" b", '\'', 'x', b"z", 1.5e-3, 1..2) as &'a str"#),
            vec![
                Tok::Word("f"),
                Tok::Punct('('),
                Tok::Lit(r#""a \" b""#),
                Tok::Punct(','),
                Tok::Lit(r"'\''"),
                Tok::Punct(','),
                Tok::Lit("'x'"),
                Tok::Punct(','),
                Tok::Lit(r#"b"z""#),
                Tok::Punct(','),
                Tok::Lit("1.5e-3"),
                Tok::Punct(','),
                Tok::Lit("1"),
                Tok::Punct('.'),
                Tok::Punct('.'),
                Tok::Lit("2"),
                Tok::Punct(')'),
                Tok::Word("as"),
                Tok::Punct('&'),
                Tok::Punct('\''),
                Tok::Word("a"),
                Tok::Word("str"),
            ]
        );
    }

    #[test]
    fn code_the_sources_do_not_evaluate_is_told_apart() {
        use DeltaKind::{ConstExpressionChanged as Unknown, ConstValueChanged as Changed};
        // Literals and paths: another spelling is another value.
        assert_eq!(kind("3", "2"), Some(Changed));
        assert_eq!(kind("Some(3)", "None"), Some(Changed));
        // A fn call is code: another callee may give the value (these two do)…
        assert_eq!(
            kind("Duration::from_secs(1)", "Duration::from_millis(1000)"),
            Some(Unknown)
        );
        // … and so may another type's constructor (pep440_rs 0.7.3) …
        assert_eq!(
            kind(
                "LazyLock::new(| | Version::from_str(\"0a0\").unwrap())",
                "Lazy::new(| | Version::from_str(\"0a0\").unwrap())"
            ),
            Some(Unknown)
        );
        // … another argument in place does not.
        assert_eq!(
            kind("Duration::from_secs(1)", "Duration::from_secs(2)"),
            Some(Changed)
        );
        assert_eq!(kind("Self { a: 1 }", "Self { a: 2 }"), Some(Changed));
        // A macro or a branch written otherwise: cannot tell.
        assert_eq!(
            kind("expect!(f(1, 1), \"x\")", "expect(f(1, 1), \"x\")"),
            Some(Unknown)
        );
        assert_eq!(
            kind(
                "INNER",
                "match cfg!(a) { true => L::Off, false => L::Trace }"
            ),
            Some(Unknown)
        );
        assert_eq!(kind("{ 1 + 2 }", "3"), Some(Unknown));
        // Changed in place, only in its literals or names: another value.
        assert_eq!(
            kind("expect!(f(1, 1), \"x\")", "expect!(f(1, 2), \"x\")"),
            Some(Changed)
        );
        assert_eq!(
            kind(
                "if A { L::Info } else { L::Off }",
                "if A { L::Warn } else { L::Off }"
            ),
            Some(Changed)
        );
        // In place, but the code changed (a keyword or an operator): cannot tell.
        assert_eq!(
            kind("if A { 1 } else { 2 }", "match A { 1 } else { 2 }"),
            Some(Unknown)
        );
        assert_eq!(kind("3", "3"), None);
    }

    #[test]
    fn self_is_written_as_the_type_at_the_start_of_a_path_only() {
        assert_eq!(
            self_as("Self::new(false, \"Self\")", "Deny").as_deref(),
            Some("Deny::new(false, \"Self\")")
        );
        assert_eq!(
            self_as("Self { bits: Self::MASK }", "Deny").as_deref(),
            Some("Deny { bits: Deny::MASK }")
        );
        assert_eq!(self_as("x::Self::new()", "Deny"), None);
        assert_eq!(self_as("SelfLike::new()", "Deny"), None);
        assert_eq!(self_as("\"Self\"", "Deny"), None);
    }

    #[test]
    fn a_legacy_module_constant_is_the_primitive_s_own() {
        use DeltaKind::ConstValueChanged as Changed;
        // regex-automata 0.4.19.
        assert_eq!(
            kind(
                "SmallIndex::new_unchecked(core::isize::MAX - 1)",
                "SmallIndex::new_unchecked(isize::MAX - 1)"
            ),
            None
        );
        assert_eq!(kind("::std::u8::MAX as u32", "u8::MAX as u32"), None);
        assert_eq!(kind("std::f64::EPSILON", "f64::EPSILON"), None);
        // Near misses: another constant, another primitive, a module's constant, a
        // path that only ends in such a module.
        assert_eq!(kind("core::i32::MAX", "i32::MIN"), Some(Changed));
        assert_eq!(kind("core::i32::MAX", "i64::MAX"), Some(Changed));
        assert_eq!(kind("core::f32::consts::PI", "f32::PI"), Some(Changed));
        assert_eq!(kind("x::core::i32::MAX", "x::i32::MAX"), Some(Changed));
        assert_eq!(kind("core::u8::MAX", "u8::MAX::x"), Some(Changed));
    }
}
