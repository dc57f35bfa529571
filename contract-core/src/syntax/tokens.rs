//! A token printer whose output depends on the tokens only, never on the source's
//! whitespace: `RoutingDecision{dst:Node::End,n:-1}` and the rustfmt'd form print
//! alike, as `RoutingDecision { dst: Node::End, n: -1 }`.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

const MULTI_CHAR_OPS: &[&str] = &[
    "::", "=>", "->", "<-", "==", "!=", "<=", ">=", "&&", "||", "..", "...", "..=", "+=", "-=",
    "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>", "<<=", ">>=",
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum OpClass {
    /// No space on either side: `::`, `.`, `..`, `'`, `#`, `?`, macro `!`.
    Tight,
    /// Space on both sides: `=`, `=>`, `->`, `==`, binary `+ - * &`, …
    Spaced,
    /// Prefix operator: `-x`, `*x`, `&x`, `!x`.
    Prefix,
    /// Tight before, space after: `,`, `;`, `:`.
    Separator,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tok {
    Start,
    Word,
    Op(OpClass),
    Open(Delimiter),
    Close(Delimiter),
}

/// Prints `tokens` canonically.
pub fn tokens_to_string(tokens: &TokenStream) -> String {
    let mut printer = Printer {
        out: String::new(),
        prev: Tok::Start,
        prev_op: String::new(),
        turbofish: 0,
    };
    printer.stream(tokens.clone());
    printer.out
}

/// Prints any `ToTokens` canonically.
pub fn to_string<T: quote::ToTokens + ?Sized>(node: &T) -> String {
    tokens_to_string(&node.to_token_stream())
}

struct Printer {
    out: String,
    prev: Tok,
    prev_op: String,
    /// Open `::<` generic argument lists, whose angle brackets print tight.
    turbofish: usize,
}

impl Printer {
    fn stream(&mut self, tokens: TokenStream) {
        let mut iter = tokens.into_iter().peekable();
        while let Some(tree) = iter.next() {
            match tree {
                TokenTree::Group(group) => {
                    let delim = group.delimiter();
                    if delim == Delimiter::None {
                        self.stream(group.stream());
                        continue;
                    }
                    self.emit(Tok::Open(delim), open(delim));
                    self.stream(without_trailing_comma(group.stream(), delim));
                    self.emit(Tok::Close(delim), close(delim));
                }
                TokenTree::Ident(ident) => self.emit(Tok::Word, &ident.to_string()),
                TokenTree::Literal(lit) => self.emit(Tok::Word, &literal(lit)),
                TokenTree::Punct(first) => {
                    // Joint puncts that spell an operator form one (`::`, `=>`, `..=`);
                    // others stay apart (`:-1` is `:` then `-`).
                    let mut op = String::from(first.as_char());
                    let mut spacing = first.spacing();
                    while spacing == Spacing::Joint {
                        match iter.peek() {
                            Some(TokenTree::Punct(next))
                                if MULTI_CHAR_OPS
                                    .contains(&format!("{op}{}", next.as_char()).as_str()) =>
                            {
                                op.push(next.as_char());
                                spacing = next.spacing();
                                iter.next();
                            }
                            _ => break,
                        }
                    }
                    let class = self.classify(&op);
                    self.emit(Tok::Op(class), &op);
                    self.prev_op = op;
                }
            }
        }
    }

    fn classify(&mut self, op: &str) -> OpClass {
        let after_value = matches!(self.prev, Tok::Word | Tok::Close(_));
        if op == "<" && self.prev == Tok::Op(OpClass::Tight) && self.prev_op == "::" {
            self.turbofish += 1;
            return OpClass::Tight;
        }
        if op == ">" && self.turbofish > 0 {
            self.turbofish -= 1;
            return OpClass::Tight;
        }
        match op {
            "," | ";" | ":" => OpClass::Separator,
            "::" | "." | ".." | "..=" | "'" | "#" | "?" | "$" => OpClass::Tight,
            "!" if after_value => OpClass::Tight,
            "-" | "*" | "&" | "&&" | "!" if !after_value => OpClass::Prefix,
            _ => OpClass::Spaced,
        }
    }

    fn emit(&mut self, tok: Tok, text: &str) {
        if self.space_between(tok) {
            self.out.push(' ');
        }
        self.out.push_str(text);
        self.prev = tok;
    }

    fn space_between(&self, next: Tok) -> bool {
        use Tok::*;
        match (self.prev, next) {
            (Start, _) => false,
            (_, Op(OpClass::Separator)) => false,
            (Open(Delimiter::Brace), Close(Delimiter::Brace)) => false,
            (Open(Delimiter::Brace), _) | (_, Close(Delimiter::Brace)) => true,
            (Open(_), _) | (_, Close(_)) => false,
            (Op(OpClass::Separator), _) | (Op(OpClass::Spaced), _) | (_, Op(OpClass::Spaced)) => {
                true
            }
            (Op(_), _) => false,
            (_, Op(_)) => false,
            (_, Open(Delimiter::Brace)) => true,
            (_, Open(_)) => false,
            (Word, Word) | (Close(_), Word) => true,
            _ => false,
        }
    }
}

/// A literal by its value, in one spelling: `0x10`, `0o20`, `1_6` are `16`; `'𖿰'`
/// is `'\u{16ff0}'`; `r"a"` is `"a"`. The suffix stays: `16u8` is not `16`.
/// Printable ASCII is written as itself, everything else escaped, so a golden stays
/// ASCII and readable.
fn literal(lit: proc_macro2::Literal) -> String {
    use syn::Lit;
    let text = lit.to_string();
    match Lit::new(lit) {
        Lit::Int(i) => format!("{}{}", i.base10_digits(), i.suffix()),
        Lit::Float(f) => format!("{}{}", f.base10_digits(), f.suffix()),
        Lit::Char(c) => format!("'{}'{}", escaped(&c.value().to_string(), '\''), c.suffix()),
        Lit::Str(s) => format!("\"{}\"{}", escaped(&s.value(), '"'), s.suffix()),
        Lit::Byte(b) => format!("b'{}'{}", escaped_bytes(&[b.value()], '\''), b.suffix()),
        Lit::ByteStr(b) => format!("b\"{}\"{}", escaped_bytes(&b.value(), '"'), b.suffix()),
        Lit::CStr(c) => format!(
            "c\"{}\"{}",
            escaped_bytes(c.value().to_bytes(), '"'),
            c.suffix()
        ),
        _ => text,
    }
}

/// `value` escaped inside `quote`s: printable ASCII as is, the usual `\n \r \t \0
/// \\`, the quote, and any other char as `\u{…}`.
fn escaped(value: &str, quote: char) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0' => out.push_str("\\0"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            ' '..='~' => out.push(c),
            c => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
        }
    }
    out
}

/// Bytes escaped as [`escaped`] does, with `\xNN` for the rest.
fn escaped_bytes(value: &[u8], quote: char) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(value.len());
    for &b in value {
        match b {
            b' '..=b'~' if b != b'\\' && char::from(b) != quote => out.push(char::from(b)),
            b'\\' | b'\n' | b'\r' | b'\t' | b'\0' => {
                out.push_str(&escaped(&char::from(b).to_string(), quote))
            }
            b if char::from(b) == quote => {
                out.push('\\');
                out.push(char::from(b));
            }
            b => {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
    }
    out
}

/// A trailing comma is formatting (rustfmt adds or drops it with the line width), so
/// it is dropped — except in `(x,)`, where it makes a one-element tuple.
fn without_trailing_comma(tokens: TokenStream, delim: Delimiter) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let is_comma = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == ',');
    let Some(last) = trees.last() else {
        return TokenStream::new();
    };
    let commas = trees.iter().filter(|t| is_comma(t)).count();
    if !is_comma(last) || (delim == Delimiter::Parenthesis && commas == 1) {
        return trees.into_iter().collect();
    }
    let keep = trees.len() - 1;
    trees.into_iter().take(keep).collect()
}

fn open(delim: Delimiter) -> &'static str {
    match delim {
        Delimiter::Parenthesis => "(",
        Delimiter::Brace => "{",
        Delimiter::Bracket => "[",
        Delimiter::None => "",
    }
}

fn close(delim: Delimiter) -> &'static str {
    match delim {
        Delimiter::Parenthesis => ")",
        Delimiter::Brace => "}",
        Delimiter::Bracket => "]",
        Delimiter::None => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print(src: &str) -> String {
        tokens_to_string(&src.parse::<TokenStream>().unwrap())
    }

    #[test]
    fn literals_are_printed_by_value() {
        for (a, b) in [
            ("0x10", "16"),
            ("0o20", "16"),
            ("0b1_0000", "16"),
            ("1_000", "1000"),
            ("0x10u8", "16u8"),
            ("1_000.5_f32", "1000.5f32"),
            (r"'\u{16ff0}'", r"'\u{16ff0}'"),
            ("'𖿰'", r"'\u{16ff0}'"),
            (r"'\x41'", "'A'"),
            (r"'\''", r"'\''"),
            (r#"r"a\b""#, r#""a\\b""#),
            (r#""é\n""#, r#""\u{e9}\n""#),
            (r"b'\x41'", "b'A'"),
            (r#"b"\x01""#, r#"b"\x01""#),
            (r#"[0x10, 'a', "b"]"#, r#"[16, 'a', "b"]"#),
        ] {
            assert_eq!(print(a), b, "{a}");
        }
        // By value, never by equality of different values or types.
        assert_ne!(print("16u8"), print("16"));
        assert_ne!(print("0x10"), print("0x11"));
        assert_ne!(print("'a'"), print("\"a\""));
    }

    #[test]
    fn whitespace_never_matters() {
        let a = print("RoutingDecision{dst:Node::End,n:-1,m:a-b}");
        let b = print("RoutingDecision {\n    dst : Node :: End ,\n n: - 1, m: a - b\n}");
        assert_eq!(a, b);
        assert_eq!(a, "RoutingDecision { dst: Node::End, n: -1, m: a - b }");
    }

    #[test]
    fn trailing_commas_are_formatting_except_in_one_tuples() {
        assert_eq!(print("Some((A, B,))"), print("Some((A, B))"));
        assert_eq!(print("[1, 2,]"), "[1, 2]");
        assert_eq!(print("S { a: 1, }"), "S { a: 1 }");
        assert_eq!(print("(A,)"), "(A,)");
        assert_ne!(print("(A,)"), print("(A)"));
        assert_eq!(
            print("f(a,)"),
            "f(a,)",
            "a call's single trailing comma is kept alike"
        );
    }

    #[test]
    fn common_expressions_read_naturally() {
        assert_eq!(print("&[1,2,3]"), "&[1, 2, 3]");
        assert_eq!(print("vec![a,b]"), "vec![a, b]");
        assert_eq!(print("x as u8 * 2"), "x as u8 * 2");
        assert_eq!(print("&'static str"), "&'static str");
        assert_eq!(print("Foo::<u8>::new()"), "Foo::<u8>::new()");
        assert_eq!(print("a..=b"), "a..=b");
        assert_eq!(print("!flag && *p"), "!flag && *p");
        assert_eq!(print("Some(x)?"), "Some(x)?");
        assert_eq!(print("Unit {}"), "Unit {}");
    }
}
