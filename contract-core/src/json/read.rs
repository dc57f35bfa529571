//! The byte source of the reader: positions and strings. Positions follow serde_json's
//! convention (line 1-based, column = bytes of that line read so far, so the column
//! of the last byte read); they are computed only when an error is made.

use super::error::{Error, ErrorCode, Result};

/// A string as read: borrowed from the input (no escapes) or from the scratch buffer.
pub(crate) enum Reference<'b, 'c, T: ?Sized> {
    Borrowed(&'b T),
    Copied(&'c T),
}

impl<T: ?Sized> std::ops::Deref for Reference<'_, '_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        match *self {
            Reference::Borrowed(b) => b,
            Reference::Copied(c) => c,
        }
    }
}

/// The input, and the index of the next byte `next` or `peek` returns.
pub(crate) struct Reader<'a> {
    slice: &'a [u8],
    /// The same bytes as text when the input was a `&str`: borrowed strings are then
    /// sliced from it without a UTF-8 check.
    text: Option<&'a str>,
    index: usize,
}

/// A line and column, as serde_json counts them.
pub(crate) struct Position {
    pub(crate) line: usize,
    pub(crate) column: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn from_str(text: &'a str) -> Self {
        Reader {
            slice: text.as_bytes(),
            text: Some(text),
            index: 0,
        }
    }

    pub(crate) fn from_slice(slice: &'a [u8]) -> Self {
        Reader {
            slice,
            text: None,
            index: 0,
        }
    }

    #[inline]
    pub(crate) fn next(&mut self) -> Option<u8> {
        let ch = self.slice.get(self.index).copied();
        if ch.is_some() {
            self.index += 1;
        }
        ch
    }

    #[inline]
    pub(crate) fn peek(&self) -> Option<u8> {
        self.slice.get(self.index).copied()
    }

    /// Only after a `peek` that returned a byte.
    #[inline]
    pub(crate) fn discard(&mut self) {
        self.index += 1;
    }

    pub(crate) fn index(&self) -> usize {
        self.index
    }

    /// The bytes from `start` to the next byte (a number's lexeme: ASCII).
    pub(crate) fn bytes_from(&self, start: usize) -> &'a [u8] {
        &self.slice[start..self.index]
    }

    fn position_of_index(&self, i: usize) -> Position {
        let before = &self.slice[..i];
        let start_of_line = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |newline| newline + 1);
        Position {
            line: 1 + before[..start_of_line]
                .iter()
                .filter(|&&b| b == b'\n')
                .count(),
            column: i - start_of_line,
        }
    }

    /// The position of the last byte `next` returned.
    pub(crate) fn position(&self) -> Position {
        self.position_of_index(self.index)
    }

    /// The position of the byte `peek` returned (capped at the end of the input).
    pub(crate) fn peek_position(&self) -> Position {
        self.position_of_index(self.slice.len().min(self.index + 1))
    }

    pub(crate) fn error(&self, code: ErrorCode) -> Error {
        let position = self.position();
        Error::syntax(code, position.line, position.column)
    }

    /// Moves to the first `"`, `\` or (when `forbid_control`) control character at or
    /// after the index, or to the end. Eight bytes at a time: a string without escapes
    /// is the common case, and goldens are mostly strings.
    #[inline]
    fn skip_to_escape(&mut self, forbid_control: bool) {
        const ONES: u64 = u64::MAX / 255;
        const HIGH: u64 = ONES << 7;
        let rest = &self.slice[self.index..];
        let mut chunks = rest.chunks_exact(8);
        let mut offset = 0;
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            let chars = u64::from_le_bytes(word);
            let quote = chars ^ (ONES * u64::from(b'"'));
            let backslash = chars ^ (ONES * u64::from(b'\\'));
            let mut found =
                (quote.wrapping_sub(ONES) & !quote) | (backslash.wrapping_sub(ONES) & !backslash);
            if forbid_control {
                found |= chars.wrapping_sub(ONES * 0x20) & !chars;
            }
            let found = found & HIGH;
            if found != 0 {
                self.index += offset + found.trailing_zeros() as usize / 8;
                return;
            }
            offset += 8;
        }
        self.index += offset;
        while let Some(&b) = self.slice.get(self.index) {
            if is_escape(b, forbid_control) {
                return;
            }
            self.index += 1;
        }
    }

    /// After an opening quote: the string up to the closing quote, unescaped and
    /// checked to be UTF-8.
    pub(crate) fn parse_str<'s>(
        &'s mut self,
        scratch: &'s mut Vec<u8>,
    ) -> Result<Reference<'a, 's, str>> {
        let mut start = self.index;
        loop {
            self.skip_to_escape(true);
            let Some(&b) = self.slice.get(self.index) else {
                return Err(self.error(ErrorCode::EofWhileParsingString));
            };
            match b {
                b'"' => {
                    let end = self.index;
                    self.index += 1;
                    if scratch.is_empty() {
                        // No escape: a slice of the input.
                        if let Some(text) = self.text {
                            return Ok(Reference::Borrowed(&text[start..end]));
                        }
                        let bytes = &self.slice[start..end];
                        return self.as_str(bytes).map(Reference::Borrowed);
                    }
                    scratch.extend_from_slice(&self.slice[start..end]);
                    let scratch: &'s [u8] = scratch;
                    return self.as_str(scratch).map(Reference::Copied);
                }
                b'\\' => {
                    scratch.extend_from_slice(&self.slice[start..self.index]);
                    self.index += 1;
                    self.parse_escape(true, scratch)?;
                    start = self.index;
                }
                _ => {
                    self.index += 1;
                    return Err(self.error(ErrorCode::ControlCharacterWhileParsingString));
                }
            }
        }
    }

    /// As `parse_str`, for bytes: no UTF-8 check, control characters and lone
    /// surrogates (as WTF-8) allowed.
    pub(crate) fn parse_str_raw<'s>(
        &'s mut self,
        scratch: &'s mut Vec<u8>,
    ) -> Result<Reference<'a, 's, [u8]>> {
        let mut start = self.index;
        loop {
            self.skip_to_escape(false);
            let Some(&b) = self.slice.get(self.index) else {
                return Err(self.error(ErrorCode::EofWhileParsingString));
            };
            match b {
                b'"' => {
                    let end = self.index;
                    self.index += 1;
                    if scratch.is_empty() {
                        return Ok(Reference::Borrowed(&self.slice[start..end]));
                    }
                    scratch.extend_from_slice(&self.slice[start..end]);
                    return Ok(Reference::Copied(scratch));
                }
                b'\\' => {
                    scratch.extend_from_slice(&self.slice[start..self.index]);
                    self.index += 1;
                    self.parse_escape(false, scratch)?;
                    start = self.index;
                }
                _ => {
                    self.index += 1;
                    return Err(self.error(ErrorCode::ControlCharacterWhileParsingString));
                }
            }
        }
    }

    /// `bytes` as text; the error points at the first invalid byte, counted back from
    /// the closing quote (approximate when the string had escapes, as serde_json's).
    fn as_str<'b>(&self, bytes: &'b [u8]) -> Result<&'b str> {
        std::str::from_utf8(bytes).map_err(|err| {
            let position = self.position();
            Error::syntax(
                ErrorCode::InvalidUnicodeCodePoint,
                position.line,
                position
                    .column
                    .saturating_sub(bytes.len() - err.valid_up_to()),
            )
        })
    }

    /// After an opening quote: skips the string.
    pub(crate) fn ignore_str(&mut self) -> Result<()> {
        loop {
            self.skip_to_escape(true);
            let Some(&b) = self.slice.get(self.index) else {
                return Err(self.error(ErrorCode::EofWhileParsingString));
            };
            match b {
                b'"' => {
                    self.index += 1;
                    return Ok(());
                }
                b'\\' => {
                    self.index += 1;
                    self.ignore_escape()?;
                }
                // Unlike `parse_str`, serde_json does not count the control byte.
                _ => return Err(self.error(ErrorCode::ControlCharacterWhileParsingString)),
            }
        }
    }

    fn next_or_eof(&mut self) -> Result<u8> {
        match self.next() {
            Some(b) => Ok(b),
            None => Err(self.error(ErrorCode::EofWhileParsingString)),
        }
    }

    fn peek_or_eof(&self) -> Result<u8> {
        match self.peek() {
            Some(b) => Ok(b),
            None => Err(self.error(ErrorCode::EofWhileParsingString)),
        }
    }

    fn decode_hex_escape(&mut self) -> Result<u16> {
        match self.slice[self.index..] {
            [a, b, c, d, ..] => {
                self.index += 4;
                let mut n: u16 = 0;
                for digit in [a, b, c, d] {
                    let value = match digit {
                        b'0'..=b'9' => digit - b'0',
                        b'a'..=b'f' => digit - b'a' + 10,
                        b'A'..=b'F' => digit - b'A' + 10,
                        _ => return Err(self.error(ErrorCode::InvalidEscape)),
                    };
                    n = (n << 4) | u16::from(value);
                }
                Ok(n)
            }
            _ => {
                self.index = self.slice.len();
                Err(self.error(ErrorCode::EofWhileParsingString))
            }
        }
    }

    /// After a backslash: appends the escaped character.
    fn parse_escape(&mut self, validate: bool, scratch: &mut Vec<u8>) -> Result<()> {
        let ch = self.next_or_eof()?;
        scratch.push(match ch {
            b'"' => b'"',
            b'\\' => b'\\',
            b'/' => b'/',
            b'b' => b'\x08',
            b'f' => b'\x0c',
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'u' => return self.parse_unicode_escape(validate, scratch),
            _ => return Err(self.error(ErrorCode::InvalidEscape)),
        });
        Ok(())
    }

    /// After `\u`. Text needs surrogates paired; bytes take a lone one as WTF-8.
    #[cold]
    fn parse_unicode_escape(&mut self, validate: bool, scratch: &mut Vec<u8>) -> Result<()> {
        let mut n = self.decode_hex_escape()?;
        if validate && (0xDC00..=0xDFFF).contains(&n) {
            // A trailing surrogate first; serde_json words it so.
            return Err(self.error(ErrorCode::LoneLeadingSurrogateInHexEscape));
        }
        loop {
            if !(0xD800..=0xDBFF).contains(&n) {
                push_wtf8(u32::from(n), scratch);
                return Ok(());
            }
            let n1 = n;
            if self.peek_or_eof()? == b'\\' {
                self.discard();
            } else if validate {
                self.discard();
                return Err(self.error(ErrorCode::UnexpectedEndOfHexEscape));
            } else {
                push_wtf8(u32::from(n1), scratch);
                return Ok(());
            }
            if self.peek_or_eof()? == b'u' {
                self.discard();
            } else if validate {
                self.discard();
                return Err(self.error(ErrorCode::UnexpectedEndOfHexEscape));
            } else {
                push_wtf8(u32::from(n1), scratch);
                // The backslash read above starts another (non-`\u`) escape.
                return self.parse_escape(validate, scratch);
            }
            let n2 = self.decode_hex_escape()?;
            if !(0xDC00..=0xDFFF).contains(&n2) {
                if validate {
                    return Err(self.error(ErrorCode::LoneLeadingSurrogateInHexEscape));
                }
                push_wtf8(u32::from(n1), scratch);
                n = n2;
                continue;
            }
            let c = ((u32::from(n1 - 0xD800) << 10) | u32::from(n2 - 0xDC00)) + 0x1_0000;
            push_wtf8(c, scratch);
            return Ok(());
        }
    }

    /// After a backslash: skips the escape (`\u` digits unchecked as code points, as
    /// whether a lone surrogate is an error depends on the type not read).
    fn ignore_escape(&mut self) -> Result<()> {
        match self.next_or_eof()? {
            b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => Ok(()),
            b'u' => self.decode_hex_escape().map(drop),
            _ => Err(self.error(ErrorCode::InvalidEscape)),
        }
    }
}

fn is_escape(ch: u8, forbid_control: bool) -> bool {
    ch == b'"' || ch == b'\\' || (forbid_control && ch < 0x20)
}

/// Appends a code point (a surrogate too, for bytes) in UTF-8's encoding.
fn push_wtf8(n: u32, scratch: &mut Vec<u8>) {
    if n < 0x80 {
        scratch.push(n as u8);
    } else if n < 0x800 {
        scratch.extend_from_slice(&[(n >> 6 & 0x1F) as u8 | 0xC0, (n & 0x3F) as u8 | 0x80]);
    } else if n < 0x1_0000 {
        scratch.extend_from_slice(&[
            (n >> 12 & 0x0F) as u8 | 0xE0,
            (n >> 6 & 0x3F) as u8 | 0x80,
            (n & 0x3F) as u8 | 0x80,
        ]);
    } else {
        scratch.extend_from_slice(&[
            (n >> 18 & 0x07) as u8 | 0xF0,
            (n >> 12 & 0x3F) as u8 | 0x80,
            (n >> 6 & 0x3F) as u8 | 0x80,
            (n & 0x3F) as u8 | 0x80,
        ]);
    }
}
