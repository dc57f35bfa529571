//! Constant values as rustc evaluates them: `64 * 1024` and `65536` are one value,
//! `1 << 3` is `8`, `u16::MAX as u32` is `65535`.
//!
//! What is evaluated: integer, float, bool, char, byte and string literals (suffixes,
//! `_`, bases), `+ - * / %`, `& | ^ << >>`, comparisons, `&& ||`, unary `-` and `!`,
//! parentheses, `as` casts between primitive types, and std's associated constants of
//! the primitives (`u32::MAX`, `i64::BITS`, `f64::EPSILON`, `f64::consts::PI`). The
//! rules are rustc's: an unsuffixed literal takes the type its context gives it
//! (`i32`/`f64` when none does), arithmetic overflow, division by zero and an
//! oversized shift are compile errors in a const (so no value: the crate would not
//! have compiled), and `as` wraps, truncates and saturates. Anything else (a fn or
//! macro call, a constant the crate's golden does not hold, a struct literal) is not
//! evaluated: the caller keeps comparing it as written. A constant of the crate the
//! golden holds (`KIB * 64`) is evaluated from its golden value, at its declared type.
//!
//! `usize` and `isize` have the target's width, which the sources do not give: a
//! value is compared at 32 and at 64 bits, and two values are one only where they
//! agree at both (`usize::MAX` and `18446744073709551615` are not).

use super::tokens::{legacy_constants, lex, Tok};
use crate::ty::{Args, Type};

/// Whether `old` (a const of type `old_ty`) and `new` are the same value: `Some(true)`
/// when both evaluate to one value on every target width, `Some(false)` when both
/// evaluate and differ on every width, `None` when either cannot be evaluated or the
/// answer depends on the target.
pub(super) fn same_value(
    old: &str,
    old_ty: &Type,
    new: &str,
    new_ty: &Type,
    consts: &dyn ConstLookup,
) -> Option<bool> {
    let (old_ty, new_ty) = (Prim::of(old_ty)?, Prim::of(new_ty)?);
    let (old, new) = (parse(old)?, parse(new)?);
    let mut answers = [32, 64].into_iter().map(|ptr| {
        let at = Target {
            ptr_bits: ptr,
            consts,
            depth: 0,
        };
        let o = at.eval_top(&old, old_ty)?;
        let n = at.eval_top(&new, new_ty)?;
        Some(o.same(&n))
    });
    let first = answers.next()??;
    answers.all(|a| a == Some(first)).then_some(first)
}

/// How many constants deep a value is followed.
const MAX_DEPTH: u32 = 8;

/// The crate's constants, for a value that names one (`KIB * 64`): its value's text
/// and its declared type, by the path the value writes.
pub(super) trait ConstLookup {
    fn constant(&self, path: &[String]) -> Option<(String, Type)>;
}

/// No constant of the crate known.
pub(super) struct NoConsts;

impl ConstLookup for NoConsts {
    fn constant(&self, _: &[String]) -> Option<(String, Type)> {
        None
    }
}

/// The value of an array length (`4 * 1024`, `u16::MAX as usize + 1`), a `usize`, when
/// it evaluates to one value on every target width.
pub(super) fn array_len(text: &str) -> Option<i128> {
    let e = parse(text)?;
    let ty = Prim::Int(IntTy::Unsigned(Width::Ptr));
    let mut values = [32, 64].into_iter().map(|ptr| {
        let at = Target {
            ptr_bits: ptr,
            consts: &NoConsts,
            depth: 0,
        };
        match at.eval_top(&e, ty)? {
            Val::Int(_, v) => Some(v),
            _ => None,
        }
    });
    let first = values.next()??;
    values.all(|v| v == Some(first)).then_some(first)
}

/// An integer type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum IntTy {
    Signed(Width),
    Unsigned(Width),
}

/// An integer type's width; `Ptr` is the target's pointer width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Width {
    W8,
    W16,
    W32,
    W64,
    W128,
    Ptr,
}

/// A float type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FloatTy {
    F32,
    F64,
}

/// A type the evaluator knows. `Str` is `&str`, `Bytes` a reference to a byte array or
/// slice (what `b"…"` is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prim {
    Int(IntTy),
    Float(FloatTy),
    Bool,
    Char,
    Str,
    Bytes,
}

impl Prim {
    /// The primitive a type name names (`u8`, `f64`, `char`, `bool`).
    fn named(name: &str) -> Option<Prim> {
        use IntTy::{Signed, Unsigned};
        use Width::*;
        Some(match name {
            "i8" => Prim::Int(Signed(W8)),
            "i16" => Prim::Int(Signed(W16)),
            "i32" => Prim::Int(Signed(W32)),
            "i64" => Prim::Int(Signed(W64)),
            "i128" => Prim::Int(Signed(W128)),
            "isize" => Prim::Int(Signed(Ptr)),
            "u8" => Prim::Int(Unsigned(W8)),
            "u16" => Prim::Int(Unsigned(W16)),
            "u32" => Prim::Int(Unsigned(W32)),
            "u64" => Prim::Int(Unsigned(W64)),
            "u128" => Prim::Int(Unsigned(W128)),
            "usize" => Prim::Int(Unsigned(Ptr)),
            "f32" => Prim::Float(FloatTy::F32),
            "f64" => Prim::Float(FloatTy::F64),
            "bool" => Prim::Bool,
            "char" => Prim::Char,
            _ => return None,
        })
    }

    /// The primitive a const's recorded type is: a bare primitive name, `&str` (any
    /// lifetime), or a shared reference to `[u8]` / `[u8; N]`.
    fn of(ty: &Type) -> Option<Prim> {
        match ty {
            Type::Path(p) if !p.global && p.segments.len() == 1 => {
                let seg = &p.segments[0];
                if seg.args != Args::None {
                    return None;
                }
                Prim::named(&seg.name)
            }
            Type::Ref {
                mutable: false,
                elem,
                ..
            } => match &**elem {
                Type::Path(p) if p.segments.len() == 1 && p.segments[0].name == "str" => {
                    Some(Prim::Str)
                }
                Type::Slice(e) | Type::Array { elem: e, .. }
                    if Prim::of(e) == Some(Prim::Int(IntTy::Unsigned(Width::W8))) =>
                {
                    Some(Prim::Bytes)
                }
                _ => None,
            },
            _ => None,
        }
    }
}

/// An evaluated value. Integers are held in `i128`: a `u128` above `i128::MAX` is not
/// evaluated (the caller compares it as written).
#[derive(Clone, Debug)]
enum Val {
    Int(IntTy, i128),
    Float(FloatTy, f64),
    Bool(bool),
    Char(char),
    Str(String),
    Bytes(Vec<u8>),
}

impl Val {
    /// One value: floats by their bits (`0.0` is not `-0.0`), a NaN never (rustc does
    /// not promise which NaN).
    fn same(&self, other: &Val) -> bool {
        match (self, other) {
            (Val::Int(_, a), Val::Int(_, b)) => a == b,
            (Val::Float(_, a), Val::Float(_, b)) => {
                !a.is_nan() && !b.is_nan() && a.to_bits() == b.to_bits()
            }
            (Val::Bool(a), Val::Bool(b)) => a == b,
            (Val::Char(a), Val::Char(b)) => a == b,
            (Val::Str(a), Val::Str(b)) => a == b,
            (Val::Bytes(a), Val::Bytes(b)) => a == b,
            _ => false,
        }
    }
}

/// A parsed constant expression.
#[derive(Clone, Debug, PartialEq)]
enum Expr {
    /// An integer literal: its value and suffix.
    Int(u128, Option<Prim>),
    /// A float literal: its text (without `_`) and suffix.
    Float(String, Option<Prim>),
    Bool(bool),
    Char(char),
    /// `b'a'`: a `u8`.
    Byte(u8),
    Str(String),
    ByteStr(Vec<u8>),
    /// A path (`u32::MAX`), its segments.
    Path(Vec<String>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Cast(Box<Expr>, Prim),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum UnOp {
    Neg,
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

impl BinOp {
    /// Binding power, rustc's order: `* / %`, `+ -`, `<< >>`, `&`, `^`, `|`,
    /// comparisons, `&&`, `||`.
    fn power(self) -> u8 {
        use BinOp::*;
        match self {
            Mul | Div | Rem => 10,
            Add | Sub => 9,
            Shl | Shr => 8,
            BitAnd => 7,
            BitXor => 6,
            BitOr => 5,
            Eq | Ne | Lt | Le | Gt | Ge => 4,
            And => 3,
            Or => 2,
        }
    }

    fn is_comparison(self) -> bool {
        use BinOp::*;
        matches!(self, Eq | Ne | Lt | Le | Gt | Ge)
    }
}

/// Parses a canonical value text; `None` for anything outside the evaluated forms.
fn parse(text: &str) -> Option<Expr> {
    let tokens = legacy_constants(lex(text));
    let mut p = Parser { tokens, at: 0 };
    let e = p.expr(0)?;
    (p.at == p.tokens.len()).then_some(e)
}

struct Parser<'a> {
    tokens: Vec<Tok<'a>>,
    at: usize,
}

impl Parser<'_> {
    fn punct(&self, i: usize) -> Option<char> {
        match self.tokens.get(self.at + i) {
            Some(Tok::Punct(c)) => Some(*c),
            _ => None,
        }
    }

    /// The binary operator at the cursor and how many tokens it takes.
    fn bin_op(&self) -> Option<(BinOp, usize)> {
        use BinOp::*;
        let (a, b) = (self.punct(0)?, self.punct(1));
        Some(match (a, b) {
            ('<', Some('<')) => (Shl, 2),
            ('>', Some('>')) => (Shr, 2),
            ('<', Some('=')) => (Le, 2),
            ('>', Some('=')) => (Ge, 2),
            ('=', Some('=')) => (Eq, 2),
            ('!', Some('=')) => (Ne, 2),
            ('&', Some('&')) => (And, 2),
            ('|', Some('|')) => (Or, 2),
            ('<', _) => (Lt, 1),
            ('>', _) => (Gt, 1),
            ('+', _) => (Add, 1),
            ('-', _) => (Sub, 1),
            ('*', _) => (Mul, 1),
            ('/', _) => (Div, 1),
            ('%', _) => (Rem, 1),
            ('&', _) => (BitAnd, 1),
            ('|', _) => (BitOr, 1),
            ('^', _) => (BitXor, 1),
            _ => return None,
        })
    }

    fn expr(&mut self, min_power: u8) -> Option<Expr> {
        let mut lhs = self.cast()?;
        while let Some((op, len)) = self.bin_op() {
            let power = op.power();
            if power < min_power {
                break;
            }
            self.at += len;
            // Left-associative; comparisons do not chain (`a < b < c` is an error).
            let rhs = self.expr(power + 1)?;
            if op.is_comparison() && matches!(&lhs, Expr::Binary(o, ..) if o.is_comparison()) {
                return None;
            }
            lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs));
        }
        Some(lhs)
    }

    /// A unary expression followed by any `as` casts (`as` binds tighter than every
    /// binary operator, looser than unary ones: `-x as u8` is `(-x) as u8`).
    fn cast(&mut self) -> Option<Expr> {
        let mut e = self.unary()?;
        while self.tokens.get(self.at) == Some(&Tok::Word("as")) {
            let Some(Tok::Word(name)) = self.tokens.get(self.at + 1) else {
                return None;
            };
            let ty = Prim::named(name)?;
            self.at += 2;
            e = Expr::Cast(Box::new(e), ty);
        }
        Some(e)
    }

    fn unary(&mut self) -> Option<Expr> {
        match self.punct(0) {
            Some('-') => {
                self.at += 1;
                Some(Expr::Unary(UnOp::Neg, Box::new(self.unary()?)))
            }
            Some('!') => {
                self.at += 1;
                Some(Expr::Unary(UnOp::Not, Box::new(self.unary()?)))
            }
            Some('(') => {
                self.at += 1;
                let e = self.expr(0)?;
                (self.punct(0) == Some(')')).then_some(())?;
                self.at += 1;
                Some(e)
            }
            Some(_) => None,
            None => self.atom(),
        }
    }

    fn atom(&mut self) -> Option<Expr> {
        let tok = *self.tokens.get(self.at)?;
        self.at += 1;
        match tok {
            Tok::Lit(text) => literal(text),
            Tok::Word("true") => Some(Expr::Bool(true)),
            Tok::Word("false") => Some(Expr::Bool(false)),
            Tok::Word(first) => {
                let mut segments = vec![first.to_owned()];
                while self.punct(0) == Some(':') && self.punct(1) == Some(':') {
                    let Some(Tok::Word(next)) = self.tokens.get(self.at + 2) else {
                        return None;
                    };
                    segments.push((*next).to_owned());
                    self.at += 3;
                }
                Some(Expr::Path(segments))
            }
            Tok::Punct(_) => None,
        }
    }
}

/// A literal's expression: numbers with their suffix, quoted literals unescaped.
fn literal(text: &str) -> Option<Expr> {
    if let Some(rest) = text.strip_prefix("b'") {
        let c = unescape(rest.strip_suffix('\'')?, '\'')?;
        let [c] = c.chars().collect::<Vec<_>>()[..] else {
            return None;
        };
        return u8::try_from(u32::from(c)).ok().map(Expr::Byte);
    }
    if let Some(rest) = text.strip_prefix("b\"") {
        let s = unescape(rest.strip_suffix('"')?, '"')?;
        // Byte-string escapes (`\xFF`) are bytes, not chars: only ASCII is read here.
        return s.is_ascii().then(|| Expr::ByteStr(s.into_bytes()));
    }
    if let Some(rest) = text.strip_prefix('"') {
        return unescape(rest.strip_suffix('"')?, '"').map(Expr::Str);
    }
    if let Some(rest) = text.strip_prefix('\'') {
        let s = unescape(rest.strip_suffix('\'')?, '\'')?;
        let mut chars = s.chars();
        let c = chars.next()?;
        return chars.next().is_none().then_some(Expr::Char(c));
    }
    number(text)
}

/// A number literal: `65_536`, `0x10u8`, `1.5e-3f32`, `2f64`.
fn number(text: &str) -> Option<Expr> {
    let clean: String = text.chars().filter(|&c| c != '_').collect();
    let (radix, digits) = match clean.get(..2) {
        Some("0x") => (16, &clean[2..]),
        Some("0o") => (8, &clean[2..]),
        Some("0b") => (2, &clean[2..]),
        _ => (10, &clean[..]),
    };
    const SUFFIXES: &[&str] = &[
        "i128", "isize", "i16", "i32", "i64", "i8", "u128", "usize", "u16", "u32", "u64", "u8",
        "f32", "f64",
    ];
    // In base 16 `f32` would be digits: only integer suffixes there.
    let suffix = SUFFIXES
        .iter()
        .find(|s| digits.ends_with(*s) && !(radix == 16 && s.starts_with('f')))
        .copied();
    let body = suffix.map_or(digits, |s| &digits[..digits.len() - s.len()]);
    let ty = suffix.and_then(Prim::named);
    if body.is_empty() {
        return None;
    }
    let is_float =
        radix == 10 && (body.contains(['.', 'e', 'E']) || matches!(ty, Some(Prim::Float(_))));
    if is_float {
        if matches!(ty, Some(Prim::Int(_))) {
            return None;
        }
        return Some(Expr::Float(body.to_owned(), ty));
    }
    u128::from_str_radix(body, radix)
        .ok()
        .map(|v| Expr::Int(v, ty))
}

/// The text between a literal's quotes with its escapes read; `None` for a form not
/// known here.
fn unescape(body: &str, quote: char) -> Option<String> {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == quote {
            return None;
        }
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            '0' => '\0',
            '\\' => '\\',
            '\'' => '\'',
            '"' => '"',
            'x' => {
                let hex: String = chars.by_ref().take(2).collect();
                char::from(u8::from_str_radix(&hex, 16).ok().filter(|b| b.is_ascii())?)
            }
            'u' => {
                let rest = chars.as_str().strip_prefix('{')?;
                let end = rest.find('}')?;
                let code = u32::from_str_radix(&rest[..end].replace('_', ""), 16).ok()?;
                chars = rest[end + 1..].chars();
                char::from_u32(code)?
            }
            _ => return None,
        });
    }
    Some(out)
}

/// The type an expression has on its own, before its context says more: a suffix, a
/// cast, a constant's type; `None` for an unsuffixed literal (rustc's `{integer}` or
/// `{float}`), which takes its context's type.
fn own_type(e: &Expr, consts: &dyn ConstLookup) -> Option<Prim> {
    match e {
        Expr::Int(_, ty) | Expr::Float(_, ty) => *ty,
        Expr::Bool(_) => Some(Prim::Bool),
        Expr::Char(_) => Some(Prim::Char),
        Expr::Byte(_) => Some(Prim::Int(IntTy::Unsigned(Width::W8))),
        Expr::Str(_) => Some(Prim::Str),
        Expr::ByteStr(_) => Some(Prim::Bytes),
        Expr::Path(p) => {
            assoc_const_type(p).or_else(|| consts.constant(p).and_then(|(_, ty)| Prim::of(&ty)))
        }
        Expr::Cast(_, ty) => Some(*ty),
        Expr::Unary(_, inner) => own_type(inner, consts),
        Expr::Binary(op, l, r) => {
            if op.is_comparison() || matches!(op, BinOp::And | BinOp::Or) {
                Some(Prim::Bool)
            } else if matches!(op, BinOp::Shl | BinOp::Shr) {
                own_type(l, consts)
            } else {
                own_type(l, consts).or_else(|| own_type(r, consts))
            }
        }
    }
}

/// The type an unconstrained literal defaults to: `i32`, or `f64` for a float.
fn default_type(e: &Expr) -> Prim {
    fn has_float(e: &Expr) -> bool {
        match e {
            Expr::Float(..) => true,
            Expr::Unary(_, i) => has_float(i),
            Expr::Binary(BinOp::Shl | BinOp::Shr, l, _) => has_float(l),
            Expr::Binary(_, l, r) => has_float(l) || has_float(r),
            _ => false,
        }
    }
    if has_float(e) {
        Prim::Float(FloatTy::F64)
    } else {
        Prim::Int(IntTy::Signed(Width::W32))
    }
}

/// The type of a std associated constant of a primitive (`u8::MAX`, `u32::BITS`,
/// `f64::EPSILON`, `f64::consts::PI`).
fn assoc_const_type(path: &[String]) -> Option<Prim> {
    let names: Vec<&str> = path.iter().map(String::as_str).collect();
    match names[..] {
        [ty, "BITS"] if matches!(Prim::named(ty), Some(Prim::Int(_))) => {
            Some(Prim::Int(IntTy::Unsigned(Width::W32)))
        }
        [ty, "MAX" | "MIN"] if matches!(Prim::named(ty), Some(Prim::Int(_))) => Prim::named(ty),
        ["char", "MAX" | "REPLACEMENT_CHARACTER"] => Some(Prim::Char),
        [ty, c] if matches!(Prim::named(ty), Some(Prim::Float(_))) => match c {
            "RADIX" | "MANTISSA_DIGITS" | "DIGITS" => Some(Prim::Int(IntTy::Unsigned(Width::W32))),
            "MIN_EXP" | "MAX_EXP" | "MIN_10_EXP" | "MAX_10_EXP" => {
                Some(Prim::Int(IntTy::Signed(Width::W32)))
            }
            "EPSILON" | "MIN" | "MAX" | "MIN_POSITIVE" | "INFINITY" | "NEG_INFINITY" | "NAN" => {
                Prim::named(ty)
            }
            _ => None,
        },
        ["core" | "std", ty, "consts", c] | [ty, "consts", c] => {
            float_consts(c)?;
            Prim::named(ty).filter(|p| matches!(p, Prim::Float(_)))
        }
        _ => None,
    }
}

/// std's constants of a float type: `consts::PI` and the rest (`$consts`), the
/// float-valued associated constants (`$assoc`: `EPSILON`, `MAX`, …) and the
/// integer-valued ones (`$int`: `RADIX`, `MANTISSA_DIGITS`, …), each std's own value.
macro_rules! float_constants {
    ($t:ident, $consts:ident, $assoc:ident, $int:ident) => {
        fn $consts(name: &str) -> Option<$t> {
            use std::$t::consts::*;
            Some(match name {
                "PI" => PI,
                "TAU" => TAU,
                "E" => E,
                "SQRT_2" => SQRT_2,
                "FRAC_1_SQRT_2" => FRAC_1_SQRT_2,
                "LN_2" => LN_2,
                "LN_10" => LN_10,
                "LOG2_E" => LOG2_E,
                "LOG10_E" => LOG10_E,
                "LOG2_10" => LOG2_10,
                "LOG10_2" => LOG10_2,
                "FRAC_PI_2" => FRAC_PI_2,
                "FRAC_PI_3" => FRAC_PI_3,
                "FRAC_PI_4" => FRAC_PI_4,
                "FRAC_PI_6" => FRAC_PI_6,
                "FRAC_PI_8" => FRAC_PI_8,
                "FRAC_1_PI" => FRAC_1_PI,
                "FRAC_2_PI" => FRAC_2_PI,
                "FRAC_2_SQRT_PI" => FRAC_2_SQRT_PI,
                _ => return None,
            })
        }

        fn $assoc(name: &str) -> Option<$t> {
            Some(match name {
                "EPSILON" => $t::EPSILON,
                "MIN" => $t::MIN,
                "MAX" => $t::MAX,
                "MIN_POSITIVE" => $t::MIN_POSITIVE,
                "INFINITY" => $t::INFINITY,
                "NEG_INFINITY" => $t::NEG_INFINITY,
                "NAN" => $t::NAN,
                _ => return None,
            })
        }

        fn $int(name: &str) -> Option<i64> {
            Some(match name {
                "RADIX" => $t::RADIX.into(),
                "MANTISSA_DIGITS" => $t::MANTISSA_DIGITS.into(),
                "DIGITS" => $t::DIGITS.into(),
                "MIN_EXP" => $t::MIN_EXP.into(),
                "MAX_EXP" => $t::MAX_EXP.into(),
                "MIN_10_EXP" => $t::MIN_10_EXP.into(),
                "MAX_10_EXP" => $t::MAX_10_EXP.into(),
                _ => return None,
            })
        }
    };
}

float_constants!(f64, float_consts, f64_const, f64_int_const);
float_constants!(f32, float_consts_f32, f32_const, f32_int_const);

/// The target a value is evaluated for: what `usize` is.
#[derive(Clone, Copy)]
struct Target<'a> {
    ptr_bits: u32,
    /// The crate's constants a value may name.
    consts: &'a dyn ConstLookup,
    /// How many constants deep the evaluation is (a cycle does not compile).
    depth: u32,
}

impl Target<'_> {
    fn bits(self, w: Width) -> u32 {
        match w {
            Width::W8 => 8,
            Width::W16 => 16,
            Width::W32 => 32,
            Width::W64 => 64,
            Width::W128 => 128,
            Width::Ptr => self.ptr_bits,
        }
    }

    /// `v` if a value of `ty` can hold it (an overflow is a compile error in a const).
    fn fit(self, ty: IntTy, v: i128) -> Option<i128> {
        let ok = match ty {
            IntTy::Signed(w) => {
                let bits = self.bits(w);
                bits == 128 || (-(1i128 << (bits - 1))..(1i128 << (bits - 1))).contains(&v)
            }
            IntTy::Unsigned(w) => {
                let bits = self.bits(w);
                v >= 0 && (bits >= 127 || v < (1i128 << bits))
            }
        };
        ok.then_some(v)
    }

    /// `v` wrapped into `ty` as `as` does (two's complement truncation).
    fn wrap(self, ty: IntTy, v: i128) -> Option<i128> {
        let (signed, bits) = match ty {
            IntTy::Signed(w) => (true, self.bits(w)),
            IntTy::Unsigned(w) => (false, self.bits(w)),
        };
        if bits == 128 {
            // A u128 above i128::MAX is not held.
            return (signed || v >= 0).then_some(v);
        }
        let m = 1i128 << bits;
        let r = v.rem_euclid(m);
        Some(if signed && r >= m / 2 { r - m } else { r })
    }

    /// The value of a whole const expression of declared type `ty`.
    fn eval_top(self, e: &Expr, ty: Prim) -> Option<Val> {
        let v = self.eval(e, ty)?;
        // A value of another type than the const's would not have compiled.
        let matches = matches!(
            (&v, ty),
            (Val::Int(t, _), Prim::Int(u)) if *t == u
        ) || matches!(
            (&v, ty),
            (Val::Float(t, _), Prim::Float(u)) if *t == u
        ) || matches!(
            (&v, ty),
            (Val::Bool(_), Prim::Bool)
                | (Val::Char(_), Prim::Char)
                | (Val::Str(_), Prim::Str)
                | (Val::Bytes(_), Prim::Bytes)
        );
        matches.then_some(v)
    }

    /// `e` evaluated at type `ty` (the type its context gives it).
    fn eval(self, e: &Expr, ty: Prim) -> Option<Val> {
        if let Some(own) = own_type(e, self.consts) {
            if own != ty {
                return None;
            }
        }
        match e {
            Expr::Int(v, _) => match ty {
                Prim::Int(t) => self
                    .fit(t, i128::try_from(*v).ok()?)
                    .map(|v| Val::Int(t, v)),
                _ => None,
            },
            Expr::Float(text, _) => match ty {
                Prim::Float(FloatTy::F32) => {
                    let v: f32 = text.parse().ok()?;
                    Some(Val::Float(FloatTy::F32, f64::from(v)))
                }
                Prim::Float(FloatTy::F64) => Some(Val::Float(FloatTy::F64, text.parse().ok()?)),
                _ => None,
            },
            Expr::Bool(b) => Some(Val::Bool(*b)),
            Expr::Char(c) => Some(Val::Char(*c)),
            Expr::Byte(b) => Some(Val::Int(IntTy::Unsigned(Width::W8), i128::from(*b))),
            Expr::Str(s) => Some(Val::Str(s.clone())),
            Expr::ByteStr(b) => Some(Val::Bytes(b.clone())),
            Expr::Path(p) => self.assoc_const(p).or_else(|| self.crate_const(p, ty)),
            Expr::Cast(inner, to) => {
                let from = own_type(inner, self.consts).unwrap_or_else(|| default_type(inner));
                let v = self.eval(inner, from)?;
                self.cast(v, *to)
            }
            Expr::Unary(op, inner) => {
                // `-128i8`: a negated literal is read as one (rustc's
                // `overflowing_literals` lint does the same), not 128 then negated.
                if let (UnOp::Neg, Expr::Int(v, _), Prim::Int(t)) = (op, &**inner, ty) {
                    if matches!(t, IntTy::Unsigned(_)) {
                        return None;
                    }
                    let v = i128::try_from(*v)
                        .ok()
                        .map(|v| -v)
                        .or_else(|| (*v == i128::MIN.unsigned_abs()).then_some(i128::MIN))?;
                    return self.fit(t, v).map(|v| Val::Int(t, v));
                }
                let v = self.eval(inner, ty)?;
                self.unary(*op, v)
            }
            Expr::Binary(op, l, r) => self.binary(*op, l, r, ty),
        }
    }

    /// A constant of the crate the value names, evaluated at its own type.
    fn crate_const(self, path: &[String], ty: Prim) -> Option<Val> {
        if self.depth >= MAX_DEPTH {
            return None;
        }
        let (text, declared) = self.consts.constant(path)?;
        let declared = Prim::of(&declared)?;
        if declared != ty {
            return None;
        }
        let inner = Target {
            depth: self.depth + 1,
            ..self
        };
        inner.eval_top(&parse(&text)?, declared)
    }

    fn assoc_const(self, path: &[String]) -> Option<Val> {
        let names: Vec<&str> = path.iter().map(String::as_str).collect();
        let ty = assoc_const_type(path)?;
        Some(match (&names[..], ty) {
            ([_, "BITS"], _) => {
                let Prim::Int(t) = Prim::named(names[0])? else {
                    return None;
                };
                let w = match t {
                    IntTy::Signed(w) | IntTy::Unsigned(w) => w,
                };
                Val::Int(IntTy::Unsigned(Width::W32), i128::from(self.bits(w)))
            }
            ([_, c @ ("MAX" | "MIN")], Prim::Int(t)) => {
                let bits = self.bits(match t {
                    IntTy::Signed(w) | IntTy::Unsigned(w) => w,
                });
                let v = match (t, *c) {
                    (IntTy::Signed(_), "MAX") => (1i128 << (bits - 1)).wrapping_sub(1),
                    (IntTy::Signed(_), _) => (-1i128).wrapping_shl(bits - 1),
                    (IntTy::Unsigned(_), "MAX") if bits < 127 => (1i128 << bits) - 1,
                    (IntTy::Unsigned(_), "MAX") => return None,
                    (IntTy::Unsigned(_), _) => 0,
                };
                Val::Int(t, v)
            }
            (["char", "MAX"], _) => Val::Char(char::MAX),
            (["char", _], _) => Val::Char(char::REPLACEMENT_CHARACTER),
            ([_, c], Prim::Float(FloatTy::F64)) => Val::Float(FloatTy::F64, f64_const(c)?),
            ([_, c], Prim::Float(FloatTy::F32)) => {
                Val::Float(FloatTy::F32, f64::from(f32_const(c)?))
            }
            ([.., c], Prim::Float(FloatTy::F64)) => Val::Float(FloatTy::F64, float_consts(c)?),
            ([.., c], Prim::Float(FloatTy::F32)) => {
                Val::Float(FloatTy::F32, f64::from(float_consts_f32(c)?))
            }
            ([_, c], Prim::Int(t)) => {
                let v = if names[0] == "f32" {
                    f32_int_const(c)?
                } else {
                    f64_int_const(c)?
                };
                Val::Int(t, i128::from(v))
            }
            _ => return None,
        })
    }

    fn cast(self, v: Val, to: Prim) -> Option<Val> {
        Some(match (v, to) {
            (Val::Int(_, v), Prim::Int(t)) => Val::Int(t, self.wrap(t, v)?),
            (Val::Bool(b), Prim::Int(t)) => Val::Int(t, i128::from(b)),
            (Val::Char(c), Prim::Int(t)) => Val::Int(t, self.wrap(t, i128::from(u32::from(c)))?),
            (Val::Int(IntTy::Unsigned(Width::W8), v), Prim::Char) => {
                Val::Char(char::from(u8::try_from(v).ok()?))
            }
            (Val::Int(_, v), Prim::Float(FloatTy::F64)) => Val::Float(FloatTy::F64, v as f64),
            (Val::Int(_, v), Prim::Float(FloatTy::F32)) => {
                Val::Float(FloatTy::F32, f64::from(v as f32))
            }
            (Val::Float(_, f), Prim::Float(FloatTy::F64)) => Val::Float(FloatTy::F64, f),
            (Val::Float(_, f), Prim::Float(FloatTy::F32)) => {
                Val::Float(FloatTy::F32, f64::from(f as f32))
            }
            (Val::Float(_, f), Prim::Int(t)) => {
                // Saturating, NaN to 0: `as` from a float.
                let bits = self.bits(match t {
                    IntTy::Signed(w) | IntTy::Unsigned(w) => w,
                });
                let (lo, hi) = match t {
                    IntTy::Signed(_) => (-(2f64.powi(bits as i32 - 1)), 2f64.powi(bits as i32 - 1)),
                    IntTy::Unsigned(_) => (0.0, 2f64.powi(bits as i32)),
                };
                let v = if f.is_nan() {
                    0
                } else if f <= lo {
                    self.fit(t, lo as i128)?
                } else if f >= hi {
                    // hi - 1, exactly: 2^bits - 1 is not an f64.
                    if bits >= 127 {
                        return None;
                    }
                    (hi as i128) - 1
                } else {
                    f.trunc() as i128
                };
                Val::Int(t, v)
            }
            _ => return None,
        })
    }

    fn unary(self, op: UnOp, v: Val) -> Option<Val> {
        Some(match (op, v) {
            (UnOp::Neg, Val::Int(t @ IntTy::Signed(_), v)) => {
                Val::Int(t, self.fit(t, v.checked_neg()?)?)
            }
            (UnOp::Neg, Val::Float(t, f)) => Val::Float(t, -f),
            (UnOp::Not, Val::Bool(b)) => Val::Bool(!b),
            (UnOp::Not, Val::Int(t @ IntTy::Signed(_), v)) => Val::Int(t, !v),
            (UnOp::Not, Val::Int(t @ IntTy::Unsigned(w), v)) => {
                let bits = self.bits(w);
                if bits >= 127 {
                    return None;
                }
                Val::Int(t, ((1i128 << bits) - 1) ^ v)
            }
            _ => return None,
        })
    }

    fn binary(self, op: BinOp, l: &Expr, r: &Expr, ty: Prim) -> Option<Val> {
        use BinOp::*;
        match op {
            And | Or => {
                let (Val::Bool(a), Val::Bool(b)) =
                    (self.eval(l, Prim::Bool)?, self.eval(r, Prim::Bool)?)
                else {
                    return None;
                };
                return (ty == Prim::Bool).then_some(Val::Bool(if op == And {
                    a && b
                } else {
                    a || b
                }));
            }
            Eq | Ne | Lt | Le | Gt | Ge => {
                if ty != Prim::Bool {
                    return None;
                }
                let operand = own_type(l, self.consts)
                    .or_else(|| own_type(r, self.consts))
                    .unwrap_or_else(|| default_type(l));
                let (a, b) = (self.eval(l, operand)?, self.eval(r, operand)?);
                let ord = match (a, b) {
                    (Val::Int(_, a), Val::Int(_, b)) => a.partial_cmp(&b),
                    (Val::Float(_, a), Val::Float(_, b)) => a.partial_cmp(&b),
                    (Val::Bool(a), Val::Bool(b)) => a.partial_cmp(&b),
                    (Val::Char(a), Val::Char(b)) => a.partial_cmp(&b),
                    _ => return None,
                };
                use std::cmp::Ordering::*;
                return Some(Val::Bool(match op {
                    Eq => ord == Some(Equal),
                    Ne => ord != Some(Equal),
                    Lt => ord == Some(Less),
                    Le => matches!(ord, Some(Less | Equal)),
                    Gt => ord == Some(Greater),
                    _ => matches!(ord, Some(Greater | Equal)),
                }));
            }
            Shl | Shr => {
                let amount_ty =
                    own_type(r, self.consts).unwrap_or(Prim::Int(IntTy::Signed(Width::W32)));
                let (Val::Int(t, v), Val::Int(_, by)) =
                    (self.eval(l, ty)?, self.eval(r, amount_ty)?)
                else {
                    return None;
                };
                let bits = self.bits(match t {
                    IntTy::Signed(w) | IntTy::Unsigned(w) => w,
                });
                // A shift by the width or more is a compile error.
                let by = u32::try_from(by).ok().filter(|&b| b < bits)?;
                let out = if op == Shl {
                    self.wrap(t, (v as u128).wrapping_shl(by) as i128)?
                } else {
                    v >> by
                };
                return Some(Val::Int(t, out));
            }
            _ => {}
        }
        match (self.eval(l, ty)?, self.eval(r, ty)?) {
            (Val::Int(t, a), Val::Int(_, b)) => {
                let v = match op {
                    Add => a.checked_add(b)?,
                    Sub => a.checked_sub(b)?,
                    Mul => a.checked_mul(b)?,
                    Div => a.checked_div(b)?,
                    Rem => a.checked_rem(b)?,
                    BitAnd => a & b,
                    BitOr => a | b,
                    BitXor => a ^ b,
                    _ => return None,
                };
                Some(Val::Int(t, self.fit(t, v)?))
            }
            (Val::Float(t, a), Val::Float(_, b)) => {
                let v = match t {
                    FloatTy::F64 => float_op(op, a, b)?,
                    FloatTy::F32 => f64::from(float_op(op, a as f32, b as f32)?),
                };
                Some(Val::Float(t, v))
            }
            (Val::Bool(a), Val::Bool(b)) => Some(Val::Bool(match op {
                BitAnd => a & b,
                BitOr => a | b,
                BitXor => a ^ b,
                _ => return None,
            })),
            _ => None,
        }
    }
}

/// `a op b` in a float type.
fn float_op<F>(op: BinOp, a: F, b: F) -> Option<F>
where
    F: std::ops::Add<Output = F>
        + std::ops::Sub<Output = F>
        + std::ops::Mul<Output = F>
        + std::ops::Div<Output = F>
        + std::ops::Rem<Output = F>,
{
    Some(match op {
        BinOp::Add => a + b,
        BinOp::Sub => a - b,
        BinOp::Mul => a * b,
        BinOp::Div => a / b,
        BinOp::Rem => a % b,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ty(name: &str) -> Type {
        Type::parse(name).expect("a type")
    }

    /// Whether `a` and `b`, both consts of type `t`, are one value.
    fn same(t: &str, a: &str, b: &str) -> Option<bool> {
        same_value(a, &ty(t), b, &ty(t), &NoConsts)
    }

    #[test]
    fn what_would_not_compile_has_no_value() {
        // Overflow, division by zero, a shift by the width: compile errors in a const.
        assert_eq!(same("u8", "200 + 100", "44"), None);
        assert_eq!(same("i32", "1 / 0", "0"), None);
        assert_eq!(same("u8", "1 << 8", "0"), None);
        assert_eq!(same("u32", "-1", "1"), None);
        // An int literal where a float is wanted, a value of another type.
        assert_eq!(same("f64", "1", "1.0"), None);
        assert_eq!(same("u32", "1u8", "1"), None);
    }

    #[test]
    fn casts_wrap_truncate_and_saturate() {
        assert_eq!(same("u8", "-1i32 as u8", "255"), Some(true));
        assert_eq!(same("i8", "200u8 as i8", "-56"), Some(true));
        assert_eq!(same("u8", "300.7f64 as u8", "255"), Some(true));
        assert_eq!(same("i32", "-2.9 as i32", "-2"), Some(true));
        assert_eq!(same("u8", "f64::NAN as u8", "0"), Some(true));
        assert_eq!(same("char", "97u8 as char", "'a'"), Some(true));
        assert_eq!(same("u8", "'é' as u8", "233"), Some(true));
        assert_eq!(same("u8", "true as u8 + b'a'", "98"), Some(true));
        // Bits shifted out of the type are dropped, as rustc does.
        assert_eq!(same("u8", "255 << 1", "254"), Some(true));
        assert_eq!(same("i8", "-128i8", "i8::MIN"), Some(true));
    }

    #[test]
    fn pointer_width_values_must_agree_on_every_width() {
        assert_eq!(same("usize", "usize::BITS as usize", "64"), None);
        assert_eq!(same("usize", "1 << 20", "1048576"), Some(true));
        assert_eq!(same("usize", "1 << 20", "1048577"), Some(false));
        assert_eq!(same("usize", "1 << 40", "1099511627776"), None);
    }

    #[test]
    fn precedence_is_rustc_s() {
        assert_eq!(same("i32", "1 + 2 * 3", "7"), Some(true));
        assert_eq!(same("i32", "(1 + 2) * 3", "9"), Some(true));
        assert_eq!(same("u32", "1 << 2 + 1", "8"), Some(true));
        assert_eq!(same("u32", "6 & 3 | 8", "10"), Some(true));
        assert_eq!(same("u32", "6 ^ 3 & 1", "7"), Some(true));
        assert_eq!(same("i32", "-2 as i32 * 3", "-6"), Some(true));
        assert_eq!(same("bool", "1 < 2 == true", "true"), None);
        assert_eq!(same("bool", "1 + 1 == 2 || false", "true"), Some(true));
    }

    /// Each operator against Rust's own arithmetic at several types.
    fn rust_says(op: &str, a: i128, b: i128, min: i128, max: i128) -> Option<i128> {
        let v = match op {
            "+" => a.checked_add(b),
            "-" => a.checked_sub(b),
            "*" => a.checked_mul(b),
            "/" => a.checked_div(b),
            "%" => a.checked_rem(b),
            "&" => Some(a & b),
            "|" => Some(a | b),
            "^" => Some(a ^ b),
            _ => unreachable!(),
        }?;
        (min..=max).contains(&v).then_some(v)
    }

    proptest! {
        #[test]
        fn arithmetic_agrees_with_rust(
            a in any::<i16>(), b in any::<i16>(),
            op in prop::sample::select(vec!["+", "-", "*", "/", "%", "&", "|", "^"]),
            t in prop::sample::select(vec![("i16", -32768i128, 32767i128), ("u8", 0, 255), ("i64", i128::from(i64::MIN), i128::from(i64::MAX))]),
        ) {
            let (name, min, max) = t;
            let (a, b) = (i128::from(a).clamp(min, max), i128::from(b).clamp(min, max));
            let lit = |v: i128| if v < 0 { format!("({v})") } else { v.to_string() };
            let text = format!("{} {op} {}", lit(a), lit(b));
            match rust_says(op, a, b, min, max) {
                Some(v) => {
                    prop_assert_eq!(same(name, &text, &lit(v)), Some(true), "{}", text);
                    prop_assert_eq!(same(name, &text, &lit(if v == max { v - 1 } else { v + 1 })), Some(false), "{}", text);
                }
                None => prop_assert_eq!(same(name, &text, "0"), None, "{}", text),
            }
        }
    }
}
