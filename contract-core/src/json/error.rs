//! The error of reading, `to_value` and `from_value`: serde_json's messages, positions
//! and Display, so that a message a user reads does not change with the port.

use std::fmt::{self, Display};

use serde::{de, ser};

/// A JSON error: a syntax error of the text (with its line and column), or an error of
/// the data (a visitor's, a derive's, a serializer's), positioned where serde_json
/// positions it.
pub struct Error {
    inner: Box<ErrorImpl>,
}

struct ErrorImpl {
    code: ErrorCode,
    line: usize,
    column: usize,
}

/// What went wrong; the syntax variants print serde_json's fixed messages.
pub(crate) enum ErrorCode {
    Message(Box<str>),
    EofWhileParsingList,
    EofWhileParsingObject,
    EofWhileParsingString,
    EofWhileParsingValue,
    ExpectedColon,
    ExpectedListCommaOrEnd,
    ExpectedObjectCommaOrEnd,
    ExpectedSomeIdent,
    ExpectedSomeValue,
    ExpectedDoubleQuote,
    InvalidEscape,
    InvalidNumber,
    NumberOutOfRange,
    InvalidUnicodeCodePoint,
    ControlCharacterWhileParsingString,
    KeyMustBeAString,
    ExpectedNumericKey,
    FloatKeyMustBeFinite,
    LoneLeadingSurrogateInHexEscape,
    TrailingComma,
    TrailingCharacters,
    UnexpectedEndOfHexEscape,
    RecursionLimitExceeded,
}

pub(crate) type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// The 1-based line of the error, or 0 when it has no position (errors of
    /// `to_value` and `from_value`, and the few serde_json leaves unpositioned).
    pub fn line(&self) -> usize {
        self.inner.line
    }

    /// The 1-based column (in bytes) of the error, or 0 when it has no position.
    pub fn column(&self) -> usize {
        self.inner.column
    }

    /// Whether the text ended before the value did (serde_json's `Category::Eof`).
    pub fn is_eof(&self) -> bool {
        matches!(
            self.inner.code,
            ErrorCode::EofWhileParsingList
                | ErrorCode::EofWhileParsingObject
                | ErrorCode::EofWhileParsingString
                | ErrorCode::EofWhileParsingValue
        )
    }

    #[cold]
    pub(crate) fn syntax(code: ErrorCode, line: usize, column: usize) -> Self {
        Error {
            inner: Box::new(ErrorImpl { code, line, column }),
        }
    }

    /// Gives an unpositioned error the position `f` computes (the reader's current
    /// one); a positioned error is kept as is.
    #[cold]
    pub(crate) fn fix_position(self, f: impl FnOnce(ErrorCode) -> Error) -> Self {
        if self.inner.line == 0 {
            f(self.inner.code)
        } else {
            self
        }
    }
}

impl Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErrorCode::Message(msg) => msg,
            ErrorCode::EofWhileParsingList => "EOF while parsing a list",
            ErrorCode::EofWhileParsingObject => "EOF while parsing an object",
            ErrorCode::EofWhileParsingString => "EOF while parsing a string",
            ErrorCode::EofWhileParsingValue => "EOF while parsing a value",
            ErrorCode::ExpectedColon => "expected `:`",
            ErrorCode::ExpectedListCommaOrEnd => "expected `,` or `]`",
            ErrorCode::ExpectedObjectCommaOrEnd => "expected `,` or `}`",
            ErrorCode::ExpectedSomeIdent => "expected ident",
            ErrorCode::ExpectedSomeValue => "expected value",
            ErrorCode::ExpectedDoubleQuote => "expected `\"`",
            ErrorCode::InvalidEscape => "invalid escape",
            ErrorCode::InvalidNumber => "invalid number",
            ErrorCode::NumberOutOfRange => "number out of range",
            ErrorCode::InvalidUnicodeCodePoint => "invalid unicode code point",
            ErrorCode::ControlCharacterWhileParsingString => {
                "control character (\\u0000-\\u001F) found while parsing a string"
            }
            ErrorCode::KeyMustBeAString => "key must be a string",
            ErrorCode::ExpectedNumericKey => "invalid value: expected key to be a number in quotes",
            ErrorCode::FloatKeyMustBeFinite => "float key must be finite (got NaN or +/-inf)",
            ErrorCode::LoneLeadingSurrogateInHexEscape => "lone leading surrogate in hex escape",
            ErrorCode::TrailingComma => "trailing comma",
            ErrorCode::TrailingCharacters => "trailing characters",
            ErrorCode::UnexpectedEndOfHexEscape => "unexpected end of hex escape",
            ErrorCode::RecursionLimitExceeded => "recursion limit exceeded",
        })
    }
}

impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let inner = &*self.inner;
        if inner.line == 0 {
            Display::fmt(&inner.code, f)
        } else {
            write!(
                f,
                "{} at line {} column {}",
                inner.code, inner.line, inner.column
            )
        }
    }
}

// As serde_json's: what `unwrap()` shows.
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Error({:?}, line: {}, column: {})",
            self.inner.code.to_string(),
            self.inner.line,
            self.inner.column
        )
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    #[cold]
    fn custom<T: Display>(msg: T) -> Error {
        make_error(msg.to_string())
    }

    #[cold]
    fn invalid_type(unexp: de::Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        de::Error::custom(format_args!(
            "invalid type: {}, expected {}",
            JsonUnexpected(unexp),
            exp,
        ))
    }

    #[cold]
    fn invalid_value(unexp: de::Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        de::Error::custom(format_args!(
            "invalid value: {}, expected {}",
            JsonUnexpected(unexp),
            exp,
        ))
    }
}

impl ser::Error for Error {
    #[cold]
    fn custom<T: Display>(msg: T) -> Error {
        make_error(msg.to_string())
    }
}

/// serde's `Unexpected` as serde_json words it: `null` for unit, and floats in
/// serde_json's float notation.
struct JsonUnexpected<'a>(de::Unexpected<'a>);

impl Display for JsonUnexpected<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            de::Unexpected::Unit => f.write_str("null"),
            de::Unexpected::Float(value) => {
                write!(f, "floating point `{}`", float_text(value, FloatWidth::F64))
            }
            unexp => Display::fmt(&unexp, f),
        }
    }
}

/// A custom message ending in " at line N column M" (an error that went through
/// another format and back, as with erased-serde) keeps its position, as serde_json's.
fn make_error(mut msg: String) -> Error {
    let (line, column) = parse_line_col(&mut msg).unwrap_or((0, 0));
    Error::syntax(ErrorCode::Message(msg.into_boxed_str()), line, column)
}

fn parse_line_col(msg: &mut String) -> Option<(usize, usize)> {
    let start_of_suffix = msg.rfind(" at line ")?;
    let start_of_line = start_of_suffix + " at line ".len();
    let end_of_line = start_of_line + count_digits(&msg[start_of_line..]);
    if !msg[end_of_line..].starts_with(" column ") {
        return None;
    }
    let start_of_column = end_of_line + " column ".len();
    let end_of_column = start_of_column + count_digits(&msg[start_of_column..]);
    if end_of_column < msg.len() {
        return None;
    }
    let line = msg[start_of_line..end_of_line].parse().ok()?;
    let column = msg[start_of_column..end_of_column].parse().ok()?;
    msg.truncate(start_of_suffix);
    Some((line, column))
}

fn count_digits(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_digit).count()
}

/// Which float a text is the shortest round trip of.
#[derive(Clone, Copy)]
pub(crate) enum FloatWidth {
    F32,
    F64,
}

/// A finite float as serde_json writes it in messages and map keys (its `zmij`
/// notation): the shortest round-trip digits, in positional notation for decimal
/// exponents in -5..=15 (f64) or -6..=12 (f32), else `d.ddde+X` / `d.ddde-X`.
pub(crate) fn float_text(value: f64, width: FloatWidth) -> String {
    let (sign, digits, exp) = shortest_digits(value, width);
    let (low, high) = match width {
        FloatWidth::F64 => (-5, 15),
        FloatWidth::F32 => (-6, 12),
    };
    let mut out = String::from(sign);
    if exp < low || exp > high {
        out.push_str(&digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        out.push_str(&exp.unsigned_abs().to_string());
    } else if exp < 0 {
        out.push_str("0.");
        for _ in 0..(-exp - 1) {
            out.push('0');
        }
        out.push_str(&digits);
    } else {
        let int_len = exp.unsigned_abs() as usize + 1;
        if digits.len() > int_len {
            out.push_str(&digits[..int_len]);
            out.push('.');
            out.push_str(&digits[int_len..]);
        } else {
            out.push_str(&digits);
            for _ in digits.len()..int_len {
                out.push('0');
            }
            out.push_str(".0");
        }
    }
    out
}

/// The sign, the shortest round-trip digits and the decimal exponent of the first
/// digit. Rust's `{:e}` gives the digits, but where two candidates of that length are
/// equally close to the float it takes the upper one and serde_json's formatter the
/// even one: that tie is found from the float's exact expansion and turned round.
fn shortest_digits(value: f64, width: FloatWidth) -> (&'static str, String, i32) {
    let (sci, exact) = match width {
        FloatWidth::F64 => (format!("{value:e}"), format!("{value:.800e}")),
        FloatWidth::F32 => {
            let narrow = value as f32;
            (format!("{narrow:e}"), format!("{narrow:.200e}"))
        }
    };
    let parses_back = |text: &str| match width {
        FloatWidth::F64 => text.parse::<f64>() == Ok(value),
        FloatWidth::F32 => text.parse::<f32>() == Ok(value as f32),
    };
    let split = |text: &str| -> (bool, String, i32) {
        let (mantissa, exp) = text.split_once('e').unwrap_or((text, "0"));
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        (mantissa.starts_with('-'), digits, exp.parse().unwrap_or(0))
    };
    let (negative, mut digits, exp) = split(&sci);
    let (_, exact, exact_exp) = split(&exact);
    let exact = exact.trim_end_matches('0');
    let last = digits.as_bytes()[digits.len() - 1];
    if exact_exp == exp && last % 2 == 1 {
        let with = |d: u8| format!("{}{}", &digits[..digits.len() - 1], char::from(d));
        let down = with(last - 1);
        let up = (last < b'9').then(|| with(last + 1));
        let candidate = if exact == format!("{down}5") {
            Some(down)
        } else if up.is_some() && exact == format!("{digits}5") {
            up
        } else {
            None
        };
        if let Some(candidate) = candidate {
            let sign = if negative { "-" } else { "" };
            let shift = exp + 1 - digits.len() as i32;
            if !candidate.starts_with('0') && parses_back(&format!("{sign}{candidate}e{shift}")) {
                digits = candidate;
            }
        }
    }
    (if negative { "-" } else { "" }, digits, exp)
}
