//! The streaming reader: a `serde::Deserializer` over JSON text, with no value in
//! between. It follows serde_json's deserializer step by step (which byte is peeked or
//! consumed before each error, which errors get the current position on the way out)
//! so that every message and position is serde_json's. Floats are the exception:
//! their lexeme is parsed by `str::parse::<f64>`, correctly rounded.

use serde::de::{self, Expected, Unexpected, Visitor};

use super::error::{Error, ErrorCode, Result};
use super::read::{Reader, Reference};

/// Nesting of arrays and objects allowed: serde_json's limit.
const RECURSION_LIMIT: u8 = 128;

pub(crate) struct Deserializer<'de> {
    read: Reader<'de>,
    scratch: Vec<u8>,
    remaining_depth: u8,
    /// Index of the first digit of the number being read (after its `-`).
    number_start: usize,
}

enum ParserNumber {
    F64(f64),
    U64(u64),
    I64(i64),
}

impl ParserNumber {
    fn visit<'any, V: Visitor<'any>>(self, visitor: V) -> Result<V::Value> {
        match self {
            ParserNumber::F64(x) => visitor.visit_f64(x),
            ParserNumber::U64(x) => visitor.visit_u64(x),
            ParserNumber::I64(x) => visitor.visit_i64(x),
        }
    }

    fn invalid_type(self, exp: &dyn Expected) -> Error {
        match self {
            ParserNumber::F64(x) => de::Error::invalid_type(Unexpected::Float(x), exp),
            ParserNumber::U64(x) => de::Error::invalid_type(Unexpected::Unsigned(x), exp),
            ParserNumber::I64(x) => de::Error::invalid_type(Unexpected::Signed(x), exp),
        }
    }
}

/// Would `$a * 10 + $b` exceed `$c`?
macro_rules! overflow {
    ($a:ident * 10 + $b:ident, $c:expr) => {
        $a >= $c / 10 && ($a > $c / 10 || $b > $c % 10)
    };
}

impl<'de> Deserializer<'de> {
    pub(crate) fn new(read: Reader<'de>) -> Self {
        Deserializer {
            read,
            scratch: Vec::new(),
            remaining_depth: RECURSION_LIMIT,
            number_start: 0,
        }
    }

    /// After the value: only whitespace may follow.
    pub(crate) fn end(&mut self) -> Result<()> {
        match self.parse_whitespace() {
            Some(_) => Err(self.peek_error(ErrorCode::TrailingCharacters)),
            None => Ok(()),
        }
    }

    pub(crate) fn peek(&self) -> Option<u8> {
        self.read.peek()
    }

    fn peek_or_null(&self) -> u8 {
        self.peek().unwrap_or(b'\x00')
    }

    fn eat_char(&mut self) {
        self.read.discard();
    }

    fn next_char(&mut self) -> Option<u8> {
        self.read.next()
    }

    fn next_char_or_null(&mut self) -> u8 {
        self.next_char().unwrap_or(b'\x00')
    }

    /// An error at the byte last consumed.
    #[cold]
    fn error(&self, code: ErrorCode) -> Error {
        self.read.error(code)
    }

    /// An error at the byte last peeked.
    #[cold]
    fn peek_error(&self, code: ErrorCode) -> Error {
        let position = self.read.peek_position();
        Error::syntax(code, position.line, position.column)
    }

    #[cold]
    fn fix_position(&self, err: Error) -> Error {
        err.fix_position(|code| self.error(code))
    }

    /// The first byte that is not JSON whitespace, not consumed.
    #[inline]
    fn parse_whitespace(&mut self) -> Option<u8> {
        loop {
            match self.peek() {
                Some(b' ' | b'\n' | b'\t' | b'\r') => self.eat_char(),
                other => return other,
            }
        }
    }

    /// The "invalid type" error for the value ahead (read to be described).
    #[cold]
    fn peek_invalid_type(&mut self, exp: &dyn Expected) -> Error {
        let err = match self.peek_or_null() {
            b'n' => {
                self.eat_char();
                if let Err(err) = self.parse_ident(b"ull") {
                    return err;
                }
                de::Error::invalid_type(Unexpected::Unit, exp)
            }
            b't' => {
                self.eat_char();
                if let Err(err) = self.parse_ident(b"rue") {
                    return err;
                }
                de::Error::invalid_type(Unexpected::Bool(true), exp)
            }
            b'f' => {
                self.eat_char();
                if let Err(err) = self.parse_ident(b"alse") {
                    return err;
                }
                de::Error::invalid_type(Unexpected::Bool(false), exp)
            }
            b'-' => {
                self.eat_char();
                match self.parse_integer(false) {
                    Ok(n) => n.invalid_type(exp),
                    Err(err) => return err,
                }
            }
            b'0'..=b'9' => match self.parse_integer(true) {
                Ok(n) => n.invalid_type(exp),
                Err(err) => return err,
            },
            b'"' => {
                self.eat_char();
                self.scratch.clear();
                match self.read.parse_str(&mut self.scratch) {
                    Ok(s) => de::Error::invalid_type(Unexpected::Str(&s), exp),
                    Err(err) => return err,
                }
            }
            b'[' => de::Error::invalid_type(Unexpected::Seq, exp),
            b'{' => de::Error::invalid_type(Unexpected::Map, exp),
            _ => self.peek_error(ErrorCode::ExpectedSomeValue),
        };
        self.fix_position(err)
    }

    /// A number for a visitor that borrows nothing (also used on map keys' text).
    pub(crate) fn deserialize_number<'any, V: Visitor<'any>>(
        &mut self,
        visitor: V,
    ) -> Result<V::Value> {
        let Some(peek) = self.parse_whitespace() else {
            return Err(self.peek_error(ErrorCode::EofWhileParsingValue));
        };
        let value = match peek {
            b'-' => {
                self.eat_char();
                self.parse_integer(false)?.visit(visitor)
            }
            b'0'..=b'9' => self.parse_integer(true)?.visit(visitor),
            _ => Err(self.peek_invalid_type(&visitor)),
        };
        value.map_err(|err| self.fix_position(err))
    }

    pub(crate) fn do_deserialize_i128<'any, V: Visitor<'any>>(
        &mut self,
        visitor: V,
    ) -> Result<V::Value> {
        let mut buf = String::new();
        match self.parse_whitespace() {
            Some(b'-') => {
                self.eat_char();
                buf.push('-');
            }
            Some(_) => {}
            None => return Err(self.peek_error(ErrorCode::EofWhileParsingValue)),
        }
        self.scan_integer128(&mut buf)?;
        let value = match buf.parse() {
            Ok(int) => visitor.visit_i128(int),
            Err(_) => return Err(self.error(ErrorCode::NumberOutOfRange)),
        };
        value.map_err(|err| self.fix_position(err))
    }

    pub(crate) fn do_deserialize_u128<'any, V: Visitor<'any>>(
        &mut self,
        visitor: V,
    ) -> Result<V::Value> {
        match self.parse_whitespace() {
            Some(b'-') => return Err(self.peek_error(ErrorCode::NumberOutOfRange)),
            Some(_) => {}
            None => return Err(self.peek_error(ErrorCode::EofWhileParsingValue)),
        }
        let mut buf = String::new();
        self.scan_integer128(&mut buf)?;
        let value = match buf.parse() {
            Ok(int) => visitor.visit_u128(int),
            Err(_) => return Err(self.error(ErrorCode::NumberOutOfRange)),
        };
        value.map_err(|err| self.fix_position(err))
    }

    fn scan_integer128(&mut self, buf: &mut String) -> Result<()> {
        match self.next_char_or_null() {
            b'0' => {
                buf.push('0');
                match self.peek_or_null() {
                    b'0'..=b'9' => Err(self.peek_error(ErrorCode::InvalidNumber)),
                    _ => Ok(()),
                }
            }
            c @ b'1'..=b'9' => {
                buf.push(char::from(c));
                while let c @ b'0'..=b'9' = self.peek_or_null() {
                    self.eat_char();
                    buf.push(char::from(c));
                }
                Ok(())
            }
            _ => Err(self.error(ErrorCode::InvalidNumber)),
        }
    }

    fn parse_ident(&mut self, ident: &[u8]) -> Result<()> {
        for expected in ident {
            match self.next_char() {
                None => return Err(self.error(ErrorCode::EofWhileParsingValue)),
                Some(next) if next != *expected => {
                    return Err(self.error(ErrorCode::ExpectedSomeIdent))
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// A number, its `-` (if any) consumed.
    fn parse_integer(&mut self, positive: bool) -> Result<ParserNumber> {
        self.number_start = self.read.index();
        let Some(next) = self.next_char() else {
            return Err(self.error(ErrorCode::EofWhileParsingValue));
        };
        match next {
            b'0' => match self.peek_or_null() {
                // Only one leading zero.
                b'0'..=b'9' => Err(self.peek_error(ErrorCode::InvalidNumber)),
                _ => self.parse_number(positive, 0),
            },
            c @ b'1'..=b'9' => {
                let mut significand = u64::from(c - b'0');
                loop {
                    match self.peek_or_null() {
                        c @ b'0'..=b'9' => {
                            let digit = u64::from(c - b'0');
                            if overflow!(significand * 10 + digit, u64::MAX) {
                                return Ok(ParserNumber::F64(
                                    self.parse_long_integer(positive, significand)?,
                                ));
                            }
                            self.eat_char();
                            significand = significand * 10 + digit;
                        }
                        _ => return self.parse_number(positive, significand),
                    }
                }
            }
            _ => Err(self.error(ErrorCode::InvalidNumber)),
        }
    }

    fn parse_number(&mut self, positive: bool, significand: u64) -> Result<ParserNumber> {
        Ok(match self.peek_or_null() {
            b'.' => ParserNumber::F64(self.parse_decimal(positive, significand)?),
            b'e' | b'E' => ParserNumber::F64(self.parse_exponent(positive, significand)?),
            _ if positive => ParserNumber::U64(significand),
            _ => {
                let neg = (significand as i64).wrapping_neg();
                // A float below i64::MIN, and for `-0`.
                if neg >= 0 {
                    ParserNumber::F64(-(significand as f64))
                } else {
                    ParserNumber::I64(neg)
                }
            }
        })
    }

    fn parse_decimal(&mut self, positive: bool, mut significand: u64) -> Result<f64> {
        self.eat_char();
        let mut digits = 0usize;
        while let c @ b'0'..=b'9' = self.peek_or_null() {
            let digit = u64::from(c - b'0');
            if overflow!(significand * 10 + digit, u64::MAX) {
                return self.parse_decimal_overflow(positive, significand);
            }
            self.eat_char();
            significand = significand * 10 + digit;
            digits += 1;
        }
        if digits == 0 {
            return Err(match self.peek() {
                Some(_) => self.peek_error(ErrorCode::InvalidNumber),
                None => self.peek_error(ErrorCode::EofWhileParsingValue),
            });
        }
        match self.peek_or_null() {
            b'e' | b'E' => self.parse_exponent(positive, significand),
            _ => self.f64_from_lexeme(positive),
        }
    }

    fn parse_exponent(&mut self, positive: bool, significand: u64) -> Result<f64> {
        self.eat_char();
        let positive_exp = match self.peek_or_null() {
            b'+' => {
                self.eat_char();
                true
            }
            b'-' => {
                self.eat_char();
                false
            }
            _ => true,
        };
        let Some(next) = self.next_char() else {
            return Err(self.error(ErrorCode::EofWhileParsingValue));
        };
        let mut exp = match next {
            c @ b'0'..=b'9' => i32::from(c - b'0'),
            _ => return Err(self.error(ErrorCode::InvalidNumber)),
        };
        while let c @ b'0'..=b'9' = self.peek_or_null() {
            self.eat_char();
            let digit = i32::from(c - b'0');
            if overflow!(exp * 10 + digit, i32::MAX) {
                return self.parse_exponent_overflow(positive, significand == 0, positive_exp);
            }
            exp = exp * 10 + digit;
        }
        self.f64_from_lexeme(positive)
    }

    /// The number just scanned (from `number_start`), correctly rounded.
    fn f64_from_lexeme(&mut self, positive: bool) -> Result<f64> {
        let lexeme = self.read.bytes_from(self.number_start);
        let f: f64 = std::str::from_utf8(lexeme)
            .ok()
            .and_then(|text| text.parse().ok())
            .unwrap_or(f64::INFINITY);
        if f.is_infinite() {
            Err(self.error(ErrorCode::NumberOutOfRange))
        } else {
            Ok(if positive { f } else { -f })
        }
    }

    /// An integer too long for u64: a float.
    #[cold]
    #[inline(never)]
    fn parse_long_integer(&mut self, positive: bool, significand: u64) -> Result<f64> {
        loop {
            match self.peek_or_null() {
                b'0'..=b'9' => self.eat_char(),
                b'.' => return self.parse_decimal(positive, significand),
                b'e' | b'E' => return self.parse_exponent(positive, significand),
                _ => return self.f64_from_lexeme(positive),
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn parse_decimal_overflow(&mut self, positive: bool, significand: u64) -> Result<f64> {
        while let b'0'..=b'9' = self.peek_or_null() {
            self.eat_char();
        }
        match self.peek_or_null() {
            b'e' | b'E' => self.parse_exponent(positive, significand),
            _ => self.f64_from_lexeme(positive),
        }
    }

    /// An exponent beyond i32: out of range, or zero.
    #[cold]
    #[inline(never)]
    fn parse_exponent_overflow(
        &mut self,
        positive: bool,
        zero_significand: bool,
        positive_exp: bool,
    ) -> Result<f64> {
        if !zero_significand && positive_exp {
            return Err(self.error(ErrorCode::NumberOutOfRange));
        }
        while let b'0'..=b'9' = self.peek_or_null() {
            self.eat_char();
        }
        Ok(if positive { 0.0 } else { -0.0 })
    }

    fn parse_object_colon(&mut self) -> Result<()> {
        match self.parse_whitespace() {
            Some(b':') => {
                self.eat_char();
                Ok(())
            }
            Some(_) => Err(self.peek_error(ErrorCode::ExpectedColon)),
            None => Err(self.peek_error(ErrorCode::EofWhileParsingObject)),
        }
    }

    fn end_seq(&mut self) -> Result<()> {
        match self.parse_whitespace() {
            Some(b']') => {
                self.eat_char();
                Ok(())
            }
            Some(b',') => {
                self.eat_char();
                match self.parse_whitespace() {
                    Some(b']') => Err(self.peek_error(ErrorCode::TrailingComma)),
                    _ => Err(self.peek_error(ErrorCode::TrailingCharacters)),
                }
            }
            Some(_) => Err(self.peek_error(ErrorCode::TrailingCharacters)),
            None => Err(self.peek_error(ErrorCode::EofWhileParsingList)),
        }
    }

    fn end_map(&mut self) -> Result<()> {
        match self.parse_whitespace() {
            Some(b'}') => {
                self.eat_char();
                Ok(())
            }
            Some(b',') => Err(self.peek_error(ErrorCode::TrailingComma)),
            Some(_) => Err(self.peek_error(ErrorCode::TrailingCharacters)),
            None => Err(self.peek_error(ErrorCode::EofWhileParsingObject)),
        }
    }

    /// `[` ahead: the visitor reads the elements, then the `]`.
    fn visit_array<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        self.visit_nested(
            |de| visitor.visit_seq(SeqAccess { de, first: true }),
            Self::end_seq,
        )
    }

    /// `{` ahead: the visitor reads the entries, then the `}`.
    fn visit_object<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        self.visit_nested(
            |de| visitor.visit_map(MapAccess { de, first: true }),
            Self::end_map,
        )
    }

    /// An array or object one level deeper: `visit` reads its inside, `end` its closing
    /// bracket. The bracket is read even after the visitor's error (which then wins), as
    /// serde_json does: an error at the end of an array or object is positioned after it.
    fn visit_nested<T>(
        &mut self,
        visit: impl FnOnce(&mut Self) -> Result<T>,
        end: fn(&mut Self) -> Result<()>,
    ) -> Result<T> {
        self.remaining_depth -= 1;
        if self.remaining_depth == 0 {
            return Err(self.peek_error(ErrorCode::RecursionLimitExceeded));
        }
        self.eat_char();
        let ret = visit(self);
        self.remaining_depth += 1;
        match (ret, end(self)) {
            (Ok(ret), Ok(())) => Ok(ret),
            (Err(err), _) | (_, Err(err)) => Err(err),
        }
    }

    /// Skips a value without allocating (a stack of open brackets in the scratch
    /// buffer) and without recursion, hence without a depth limit.
    fn ignore_value(&mut self) -> Result<()> {
        self.scratch.clear();
        let mut enclosing = None;
        loop {
            let Some(peek) = self.parse_whitespace() else {
                return Err(self.peek_error(ErrorCode::EofWhileParsingValue));
            };
            let frame = match peek {
                b'n' => {
                    self.eat_char();
                    self.parse_ident(b"ull")?;
                    None
                }
                b't' => {
                    self.eat_char();
                    self.parse_ident(b"rue")?;
                    None
                }
                b'f' => {
                    self.eat_char();
                    self.parse_ident(b"alse")?;
                    None
                }
                b'-' => {
                    self.eat_char();
                    self.ignore_integer()?;
                    None
                }
                b'0'..=b'9' => {
                    self.ignore_integer()?;
                    None
                }
                b'"' => {
                    self.eat_char();
                    self.read.ignore_str()?;
                    None
                }
                frame @ (b'[' | b'{') => {
                    self.scratch.extend(enclosing.take());
                    self.eat_char();
                    Some(frame)
                }
                _ => return Err(self.peek_error(ErrorCode::ExpectedSomeValue)),
            };
            let (mut accept_comma, mut frame) = match frame {
                Some(frame) => (false, frame),
                None => match enclosing.take() {
                    Some(frame) => (true, frame),
                    None => match self.scratch.pop() {
                        Some(frame) => (true, frame),
                        None => return Ok(()),
                    },
                },
            };
            loop {
                match self.parse_whitespace() {
                    Some(b',') if accept_comma => {
                        self.eat_char();
                        break;
                    }
                    Some(b']') if frame == b'[' => {}
                    Some(b'}') if frame == b'{' => {}
                    Some(_) => {
                        if accept_comma {
                            return Err(self.peek_error(if frame == b'[' {
                                ErrorCode::ExpectedListCommaOrEnd
                            } else {
                                ErrorCode::ExpectedObjectCommaOrEnd
                            }));
                        }
                        break;
                    }
                    None => {
                        return Err(self.peek_error(if frame == b'[' {
                            ErrorCode::EofWhileParsingList
                        } else {
                            ErrorCode::EofWhileParsingObject
                        }));
                    }
                }
                self.eat_char();
                frame = match self.scratch.pop() {
                    Some(frame) => frame,
                    None => return Ok(()),
                };
                accept_comma = true;
            }
            if frame == b'{' {
                match self.parse_whitespace() {
                    Some(b'"') => self.eat_char(),
                    Some(_) => return Err(self.peek_error(ErrorCode::KeyMustBeAString)),
                    None => return Err(self.peek_error(ErrorCode::EofWhileParsingObject)),
                }
                self.read.ignore_str()?;
                match self.parse_whitespace() {
                    Some(b':') => self.eat_char(),
                    Some(_) => return Err(self.peek_error(ErrorCode::ExpectedColon)),
                    None => return Err(self.peek_error(ErrorCode::EofWhileParsingObject)),
                }
            }
            enclosing = Some(frame);
        }
    }

    fn ignore_integer(&mut self) -> Result<()> {
        match self.next_char_or_null() {
            b'0' => {
                if let b'0'..=b'9' = self.peek_or_null() {
                    return Err(self.peek_error(ErrorCode::InvalidNumber));
                }
            }
            b'1'..=b'9' => {
                while let b'0'..=b'9' = self.peek_or_null() {
                    self.eat_char();
                }
            }
            _ => return Err(self.error(ErrorCode::InvalidNumber)),
        }
        match self.peek_or_null() {
            b'.' => self.ignore_decimal(),
            b'e' | b'E' => self.ignore_exponent(),
            _ => Ok(()),
        }
    }

    fn ignore_decimal(&mut self) -> Result<()> {
        self.eat_char();
        let mut at_least_one_digit = false;
        while let b'0'..=b'9' = self.peek_or_null() {
            self.eat_char();
            at_least_one_digit = true;
        }
        if !at_least_one_digit {
            return Err(self.peek_error(ErrorCode::InvalidNumber));
        }
        match self.peek_or_null() {
            b'e' | b'E' => self.ignore_exponent(),
            _ => Ok(()),
        }
    }

    fn ignore_exponent(&mut self) -> Result<()> {
        self.eat_char();
        if let b'+' | b'-' = self.peek_or_null() {
            self.eat_char();
        }
        match self.next_char_or_null() {
            b'0'..=b'9' => {}
            _ => return Err(self.error(ErrorCode::InvalidNumber)),
        }
        while let b'0'..=b'9' = self.peek_or_null() {
            self.eat_char();
        }
        Ok(())
    }

    /// After a `"` was peeked: the string, borrowed when it has no escape.
    fn visit_string<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        self.eat_char();
        self.scratch.clear();
        match self.read.parse_str(&mut self.scratch)? {
            Reference::Borrowed(s) => visitor.visit_borrowed_str(s),
            Reference::Copied(s) => visitor.visit_str(s),
        }
    }
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let Some(peek) = self.parse_whitespace() else {
            return Err(self.peek_error(ErrorCode::EofWhileParsingValue));
        };
        let value = match peek {
            b'n' => {
                self.eat_char();
                self.parse_ident(b"ull")?;
                visitor.visit_unit()
            }
            b't' => {
                self.eat_char();
                self.parse_ident(b"rue")?;
                visitor.visit_bool(true)
            }
            b'f' => {
                self.eat_char();
                self.parse_ident(b"alse")?;
                visitor.visit_bool(false)
            }
            b'-' => {
                self.eat_char();
                self.parse_integer(false)?.visit(visitor)
            }
            b'0'..=b'9' => self.parse_integer(true)?.visit(visitor),
            b'"' => self.visit_string(visitor),
            b'[' => self.visit_array(visitor),
            b'{' => self.visit_object(visitor),
            _ => Err(self.peek_error(ErrorCode::ExpectedSomeValue)),
        };
        // A visitor's error has no position: it gets the current one.
        value.map_err(|err| self.fix_position(err))
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let Some(peek) = self.parse_whitespace() else {
            return Err(self.peek_error(ErrorCode::EofWhileParsingValue));
        };
        let value = match peek {
            b't' => {
                self.eat_char();
                self.parse_ident(b"rue")?;
                visitor.visit_bool(true)
            }
            b'f' => {
                self.eat_char();
                self.parse_ident(b"alse")?;
                visitor.visit_bool(false)
            }
            _ => Err(self.peek_invalid_type(&visitor)),
        };
        value.map_err(|err| self.fix_position(err))
    }

    fn deserialize_i8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_number(visitor)
    }

    fn deserialize_i16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_number(visitor)
    }

    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_number(visitor)
    }

    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_number(visitor)
    }

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.do_deserialize_i128(visitor)
    }

    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_number(visitor)
    }

    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_number(visitor)
    }

    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_number(visitor)
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_number(visitor)
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.do_deserialize_u128(visitor)
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_number(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_number(visitor)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let Some(peek) = self.parse_whitespace() else {
            return Err(self.peek_error(ErrorCode::EofWhileParsingValue));
        };
        let value = match peek {
            b'"' => self.visit_string(visitor),
            _ => Err(self.peek_invalid_type(&visitor)),
        };
        value.map_err(|err| self.fix_position(err))
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    /// A string's bytes (no UTF-8 check, as serde_json's), or an array of numbers.
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let Some(peek) = self.parse_whitespace() else {
            return Err(self.peek_error(ErrorCode::EofWhileParsingValue));
        };
        let value = match peek {
            b'"' => {
                self.eat_char();
                self.scratch.clear();
                match self.read.parse_str_raw(&mut self.scratch)? {
                    Reference::Borrowed(b) => visitor.visit_borrowed_bytes(b),
                    Reference::Copied(b) => visitor.visit_bytes(b),
                }
            }
            b'[' => self.deserialize_seq(visitor),
            _ => Err(self.peek_invalid_type(&visitor)),
        };
        value.map_err(|err| self.fix_position(err))
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    /// `null` is `None`; anything else `Some`.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.parse_whitespace() {
            Some(b'n') => {
                self.eat_char();
                self.parse_ident(b"ull")?;
                visitor.visit_none()
            }
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let Some(peek) = self.parse_whitespace() else {
            return Err(self.peek_error(ErrorCode::EofWhileParsingValue));
        };
        let value = match peek {
            b'n' => {
                self.eat_char();
                self.parse_ident(b"ull")?;
                visitor.visit_unit()
            }
            _ => Err(self.peek_invalid_type(&visitor)),
        };
        value.map_err(|err| self.fix_position(err))
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    /// A newtype struct is its field.
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let Some(peek) = self.parse_whitespace() else {
            return Err(self.peek_error(ErrorCode::EofWhileParsingValue));
        };
        let value = match peek {
            b'[' => self.visit_array(visitor),
            _ => Err(self.peek_invalid_type(&visitor)),
        };
        value.map_err(|err| self.fix_position(err))
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let Some(peek) = self.parse_whitespace() else {
            return Err(self.peek_error(ErrorCode::EofWhileParsingValue));
        };
        let value = match peek {
            b'{' => self.visit_object(visitor),
            _ => Err(self.peek_invalid_type(&visitor)),
        };
        value.map_err(|err| self.fix_position(err))
    }

    /// An object, or (as serde_json allows) an array of the fields in order.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let Some(peek) = self.parse_whitespace() else {
            return Err(self.peek_error(ErrorCode::EofWhileParsingValue));
        };
        let value = match peek {
            b'[' => self.visit_array(visitor),
            b'{' => self.visit_object(visitor),
            _ => Err(self.peek_invalid_type(&visitor)),
        };
        value.map_err(|err| self.fix_position(err))
    }

    /// `"Variant"` (a unit variant) or `{"Variant": content}`.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.parse_whitespace() {
            Some(b'{') => {
                self.remaining_depth -= 1;
                if self.remaining_depth == 0 {
                    return Err(self.peek_error(ErrorCode::RecursionLimitExceeded));
                }
                self.eat_char();
                let ret = visitor.visit_enum(VariantAccess { de: self });
                self.remaining_depth += 1;
                let value = ret?;
                match self.parse_whitespace() {
                    Some(b'}') => {
                        self.eat_char();
                        Ok(value)
                    }
                    Some(_) => Err(self.error(ErrorCode::ExpectedSomeValue)),
                    None => Err(self.error(ErrorCode::EofWhileParsingObject)),
                }
            }
            Some(b'"') => visitor.visit_enum(UnitVariantAccess { de: self }),
            Some(_) => Err(self.peek_error(ErrorCode::ExpectedSomeValue)),
            None => Err(self.peek_error(ErrorCode::EofWhileParsingValue)),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.ignore_value()?;
        visitor.visit_unit()
    }
}

struct SeqAccess<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    first: bool,
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>> {
        let Some(peek) = self.de.parse_whitespace() else {
            return Err(self.de.peek_error(ErrorCode::EofWhileParsingList));
        };
        let has_next = if peek == b']' {
            false
        } else if self.first {
            self.first = false;
            true
        } else if peek == b',' {
            self.de.eat_char();
            match self.de.parse_whitespace() {
                Some(b']') => return Err(self.de.peek_error(ErrorCode::TrailingComma)),
                Some(_) => true,
                None => return Err(self.de.peek_error(ErrorCode::EofWhileParsingValue)),
            }
        } else {
            return Err(self.de.peek_error(ErrorCode::ExpectedListCommaOrEnd));
        };
        if has_next {
            Ok(Some(seed.deserialize(&mut *self.de)?))
        } else {
            Ok(None)
        }
    }
}

struct MapAccess<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    first: bool,
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some(peek) = self.de.parse_whitespace() else {
            return Err(self.de.peek_error(ErrorCode::EofWhileParsingObject));
        };
        let has_next = if peek == b'}' {
            false
        } else if self.first {
            self.first = false;
            if peek == b'"' {
                true
            } else {
                return Err(self.de.peek_error(ErrorCode::KeyMustBeAString));
            }
        } else if peek == b',' {
            self.de.eat_char();
            match self.de.parse_whitespace() {
                Some(b'"') => true,
                Some(b'}') => return Err(self.de.peek_error(ErrorCode::TrailingComma)),
                Some(_) => return Err(self.de.peek_error(ErrorCode::KeyMustBeAString)),
                None => return Err(self.de.peek_error(ErrorCode::EofWhileParsingValue)),
            }
        } else {
            return Err(self.de.peek_error(ErrorCode::ExpectedObjectCommaOrEnd));
        };
        if has_next {
            Ok(Some(seed.deserialize(MapKey { de: &mut *self.de })?))
        } else {
            Ok(None)
        }
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        self.de.parse_object_colon()?;
        seed.deserialize(&mut *self.de)
    }
}

struct VariantAccess<'a, 'de> {
    de: &'a mut Deserializer<'de>,
}

impl<'de> de::EnumAccess<'de> for VariantAccess<'_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: de::DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        match self.de.parse_whitespace() {
            Some(b'"') => {}
            Some(b'}') => return Err(self.de.peek_error(ErrorCode::ExpectedSomeValue)),
            Some(_) => return Err(self.de.peek_error(ErrorCode::KeyMustBeAString)),
            None => return Err(self.de.peek_error(ErrorCode::EofWhileParsingObject)),
        }
        let variant = match seed.deserialize(MapKey { de: &mut *self.de }) {
            Ok(variant) => variant,
            Err(err) => return Err(self.de.fix_position(err)),
        };
        self.de.parse_object_colon()?;
        Ok((variant, self))
    }
}

impl<'de> de::VariantAccess<'de> for VariantAccess<'_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        de::Deserialize::deserialize(self.de)
    }

    fn newtype_variant_seed<T: de::DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self.de)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_seq(self.de, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        de::Deserializer::deserialize_struct(self.de, "", fields, visitor)
    }
}

struct UnitVariantAccess<'a, 'de> {
    de: &'a mut Deserializer<'de>,
}

impl<'de> de::EnumAccess<'de> for UnitVariantAccess<'_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: de::DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let variant = seed.deserialize(&mut *self.de)?;
        Ok((variant, self))
    }
}

impl<'de> de::VariantAccess<'de> for UnitVariantAccess<'_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        Ok(())
    }

    fn newtype_variant_seed<T: de::DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value> {
        Err(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"newtype variant",
        ))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value> {
        Err(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"tuple variant",
        ))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value> {
        Err(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"struct variant",
        ))
    }
}

/// An object's key, its opening `"` peeked (not consumed). Numbers and booleans are
/// read from inside the quotes, for maps keyed by them.
struct MapKey<'a, 'de> {
    de: &'a mut Deserializer<'de>,
}

impl MapKey<'_, '_> {
    /// The key as a number: `"` then the number then `"`.
    fn quoted<T>(self, read: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        let mut key = self;
        key.de.eat_char();
        match key.de.peek() {
            Some(b'0'..=b'9' | b'-') => {}
            _ => return Err(key.de.error(ErrorCode::ExpectedNumericKey)),
        }
        let value = read(&mut key)?;
        match key.de.peek() {
            Some(b'"') => key.de.eat_char(),
            _ => return Err(key.de.peek_error(ErrorCode::ExpectedDoubleQuote)),
        }
        Ok(value)
    }
}

macro_rules! numeric_key {
    ($($method:ident => $read:ident,)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
                self.quoted(|key| key.de.$read(visitor))
            }
        )*
    };
}

impl<'de> de::Deserializer<'de> for MapKey<'_, 'de> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.de.visit_string(visitor)
    }

    numeric_key! {
        deserialize_i8 => deserialize_number,
        deserialize_i16 => deserialize_number,
        deserialize_i32 => deserialize_number,
        deserialize_i64 => deserialize_number,
        deserialize_i128 => do_deserialize_i128,
        deserialize_u8 => deserialize_number,
        deserialize_u16 => deserialize_number,
        deserialize_u32 => deserialize_number,
        deserialize_u64 => deserialize_number,
        deserialize_u128 => do_deserialize_u128,
        deserialize_f32 => deserialize_number,
        deserialize_f64 => deserialize_number,
    }

    /// `"true"` or `"false"` (serde_json's reading, including its error on other
    /// keys, which describes the key without its first character).
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.de.eat_char();
        let Some(peek) = self.de.next_char() else {
            return Err(self.de.peek_error(ErrorCode::EofWhileParsingValue));
        };
        let value = match peek {
            b't' => {
                self.de.parse_ident(b"rue\"")?;
                visitor.visit_bool(true)
            }
            b'f' => {
                self.de.parse_ident(b"alse\"")?;
                visitor.visit_bool(false)
            }
            _ => {
                self.de.scratch.clear();
                let s = self.de.read.parse_str(&mut self.de.scratch)?;
                Err(de::Error::invalid_type(Unexpected::Str(&s), &visitor))
            }
        };
        value.map_err(|err| self.de.fix_position(err))
    }

    /// Keys cannot be null.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        de::Deserializer::deserialize_enum(&mut *self.de, name, variants, visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_bytes(&mut *self.de, visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_bytes(&mut *self.de, visitor)
    }

    serde::forward_to_deserialize_any! {
        char str string unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}
