//! The tokens of a value's canonical text (`syntax::tokens` prints it), read by the
//! value comparison ([`super::values`]) and the constant evaluator
//! ([`super::consteval`]) alike.

/// `tokens` with each constant of a primitive's legacy module as the primitive's own
/// (`core::i32::MAX` is `i32::MAX`, regex-automata 0.4.19): std documents each such
/// constant as "replaced by the associated constant" of the same value, so the two
/// spellings are one value. Only these constants: `core::f32::consts::PI` is a module's.
pub(super) fn legacy_constants(tokens: Vec<Tok<'_>>) -> Vec<Tok<'_>> {
    let word = |i: usize| match tokens.get(i) {
        Some(Tok::Word(w)) => Some(*w),
        _ => None,
    };
    let colons = |i: usize| {
        tokens.get(i) == Some(&Tok::Punct(':')) && tokens.get(i + 1) == Some(&Tok::Punct(':'))
    };
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        // `::core::…` leads a path; `x::core::…` is inside one.
        let leading = i >= 2
            && colons(i - 2)
            && (i == 2 || !matches!(tokens[i - 3], Tok::Word(_) | Tok::Punct('>')));
        let at_path_start = i < 2 || !colons(i - 2) || leading;
        let legacy = at_path_start
            && matches!(word(i), Some("core" | "std"))
            && colons(i + 1)
            && word(i + 3).is_some_and(|m| {
                let c = word(i + 6);
                colons(i + 4) && !colons(i + 7) && c.is_some_and(|c| is_legacy_constant(m, c))
            });
        if legacy {
            // A leading `::` (`::core::i32::MAX`) goes with the crate's name.
            if leading {
                out.truncate(out.len() - 2);
            }
            i += 3;
            continue;
        }
        out.push(tokens[i]);
        i += 1;
    }
    out
}

/// Whether `module::constant` is one of std's deprecated module constants of a
/// primitive (`std::u8::MAX`, `std::f64::EPSILON`).
fn is_legacy_constant(module: &str, constant: &str) -> bool {
    const INTEGERS: &[&str] = &[
        "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
    ];
    const FLOAT_CONSTANTS: &[&str] = &[
        "DIGITS",
        "EPSILON",
        "INFINITY",
        "MANTISSA_DIGITS",
        "MAX",
        "MAX_10_EXP",
        "MAX_EXP",
        "MIN",
        "MIN_10_EXP",
        "MIN_EXP",
        "MIN_POSITIVE",
        "NAN",
        "NEG_INFINITY",
        "RADIX",
    ];
    (INTEGERS.contains(&module) && matches!(constant, "MAX" | "MIN"))
        || (matches!(module, "f32" | "f64") && FLOAT_CONSTANTS.contains(&constant))
}

/// A token of a value's canonical text (`syntax::tokens`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tok<'a> {
    /// A string, char, byte or number literal, suffix included.
    Lit(&'a str),
    /// An identifier or keyword.
    Word(&'a str),
    Punct(char),
}

/// The tokens of a canonical text. Its literals are as `syntax::tokens` prints them:
/// quoted with backslash escapes (no raw strings), numbers in base 10.
pub(super) fn lex(text: &str) -> Vec<Tok<'_>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    // The end of a quoted literal opened at `start` (its quote), suffix included.
    let quoted = |start: usize| {
        let quote = bytes[start];
        let mut j = start + 1;
        while j < bytes.len() && bytes[j] != quote {
            j += if bytes[j] == b'\\' { 2 } else { 1 };
        }
        word_end(text, (j + 1).min(bytes.len()))
    };
    while i < bytes.len() {
        let c = text[i..].chars().next().unwrap_or(' ');
        if c.is_whitespace() {
            i += c.len_utf8();
        } else if c == '"' || (c == '\'' && is_char_literal(&text[i..])) {
            let end = quoted(i);
            out.push(Tok::Lit(&text[i..end]));
            i = end;
        } else if c.is_ascii_digit() {
            let mut end = word_end(text, i);
            // `1.5`, `1e-3`: one literal (`1..2` is not).
            while end + 1 < bytes.len()
                && (bytes[end] == b'.'
                    || (matches!(bytes[end], b'-' | b'+') && matches!(bytes[end - 1], b'e' | b'E')))
                && bytes[end + 1].is_ascii_digit()
            {
                end = word_end(text, end + 1);
            }
            out.push(Tok::Lit(&text[i..end]));
            i = end;
        } else if c == '_' || unicode_ident::is_xid_start(c) {
            let end = word_end(text, i);
            let word = &text[i..end];
            // `b"…"`, `b'…'`, `c"…"`: one literal.
            if matches!(word, "b" | "c") && matches!(bytes.get(end), Some(b'"' | b'\'')) {
                let close = quoted(end);
                out.push(Tok::Lit(&text[i..close]));
                i = close;
            } else {
                out.push(Tok::Word(word));
                i = end;
            }
        } else {
            out.push(Tok::Punct(c));
            i += c.len_utf8();
        }
    }
    out
}

/// The end of the identifier characters from `start`.
fn word_end(text: &str, start: usize) -> usize {
    text[start..]
        .char_indices()
        .find(|&(_, c)| !(c == '_' || unicode_ident::is_xid_continue(c)))
        .map_or(text.len(), |(at, _)| start + at)
}

/// Whether the `'` that starts `rest` opens a char literal (`'a'`, `'\n'`), not a
/// lifetime (`'a`).
fn is_char_literal(rest: &str) -> bool {
    let mut chars = rest.chars().skip(1);
    match chars.next() {
        Some('\\') => true,
        Some(_) => chars.next() == Some('\''),
        None => false,
    }
}
