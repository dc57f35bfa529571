//! The canonical layout of a golden, read in one pass.
//!
//! contract-pin writes every golden in one layout ([`super::Golden::render`]). Read
//! in that layout, a golden's symbols can be checked against the current shapes as
//! the text goes by: a stored shape whose text is the current shape's canonical text
//! needs no parsing, and only the others are parsed. This is [`super::compare`]'s
//! fast path. It gives an answer only when the whole file is in the layout and every
//! part of it reads; on anything else it gives none, and the general path (which
//! reports errors exactly) runs instead. When it answers, the answer is the general
//! path's: the same header, deltas and hand-edited symbols.
//!
//! A newline can only stand between JSON tokens, never inside a string, so the
//! layout's newline-led separators cannot be mistaken for text inside a value.
//!
//! Large goldens are cut in two at an entry boundary and each part is checked on
//! its own thread, end to end: delimit its entries, check each stored shape against
//! the current one, parse and diff the shapes that differ. Only the symbols added,
//! removed or renamed are left for one thread.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Bound;

use super::{Comparison, Header, FORMAT_VERSION};
use crate::canonical;
use crate::current::{Current, CurrentSymbol};
use crate::delta::Delta;
use crate::diff;
use crate::policy::Policy;
use crate::shape::Symbol;

/// Between the header and the first symbol name.
const SYMBOLS: &str = ",\n  \"symbols\": {";

/// From this many bytes of symbols on (about 750 symbols of the benchmarks' mix), the
/// two halves are checked on two threads: no entry's check depends on another's,
/// and the answer is the same.
pub(super) const TWO_THREADS_FROM: usize = 1 << 20;

/// The end of one stored entry and the start of the next.
const BETWEEN_ENTRIES: &str = "\n    },\n    \"";

/// What one part of the stored symbols says against the current symbols.
#[derive(Default)]
struct Part<'a> {
    /// The last stored name, to check the order across parts.
    last: Option<Cow<'a, str>>,
    /// The deltas of stored shapes that differ from the current shape of their name.
    changed: Vec<Delta>,
    /// Stored shapes with no current symbol of their name, parsed.
    removed: Vec<(String, Symbol)>,
    /// Current symbols the golden lacks.
    added: Vec<CurrentSymbol<'a>>,
    /// Stored names whose fingerprint does not match their stored shape.
    tampered: Vec<String>,
}

/// The header, the deltas under `policy` and the hand-edited symbols; `None` when the
/// text is not a valid golden in the canonical layout.
pub(super) fn compare(text: &str, current: &Current, policy: &Policy) -> Option<Comparison> {
    let (header, body) = header(text)?;
    let parts = match split(text, body) {
        Some(split) => {
            // The second part starts with its first name; the current symbols are
            // cut at that name too, so each part walks its own.
            let second_name = Reader {
                text,
                pos: split + "\n    ".len(),
            }
            .string()?;
            let name: &str = &second_name;
            let head = current.range((Bound::Unbounded, Bound::Excluded(name)));
            let tail = current.range((Bound::Included(name), Bound::Unbounded));
            let (first, second) = std::thread::scope(|scope| {
                let second = scope.spawn(|| check_part(text, split, None, tail, policy));
                let first = check_part(text, body, Some(split), head, policy);
                (
                    first,
                    second.join().expect("checking shapes does not panic"),
                )
            });
            let (first, second) = (first?, second?);
            // Sorted across the cut as well (each part checks its own order).
            if first.last.as_deref()? >= name {
                return None;
            }
            vec![first, second]
        }
        None => vec![check_part(text, body, None, current.range(..), policy)?],
    };
    let mut removed = BTreeMap::new();
    let mut added = BTreeMap::new();
    let mut changed = Vec::new();
    let mut tampered = Vec::new();
    for part in parts {
        removed.extend(part.removed);
        for symbol in part.added {
            // One that does not read: the general path reports it.
            added.insert(symbol.name().to_owned(), symbol.symbol().ok()?.clone());
        }
        changed.extend(part.changed);
        tampered.extend(part.tampered);
    }
    let deltas = diff::diff_sets_in_parts(&removed, &added, changed, policy);
    Some(Comparison {
        header,
        deltas,
        tampered,
    })
}

/// The header of a golden of this version in the layout, and where its symbols
/// start.
fn header(text: &str) -> Option<(Header, usize)> {
    let at = text.find(SYMBOLS)?;
    // The header alone, as its own object: a key that is not where the layout puts
    // it makes this fail (an unknown or a missing field), and the general path runs.
    let header: Header = serde_json::from_str(&format!("{}\n}}", &text[..at])).ok()?;
    if header.format_version != FORMAT_VERSION {
        return None;
    }
    Some((header, at + SYMBOLS.len()))
}

/// One stored entry as the layout delimits it; its shape is not parsed.
pub(super) struct RawEntry<'a> {
    pub name: Cow<'a, str>,
    pub fingerprint: Cow<'a, str>,
    pub shape: &'a str,
}

/// The header and every stored entry of a golden in the layout, in order; `None`
/// off the layout (names out of order or twice included).
pub(super) fn entries(text: &str) -> Option<(Header, Vec<RawEntry<'_>>)> {
    let (header, body) = header(text)?;
    let mut r = Reader { text, pos: body };
    let mut entries: Vec<RawEntry<'_>> = Vec::new();
    if !r.eat("}") {
        loop {
            let entry = r.entry()?;
            if entries.last().is_some_and(|last| last.name >= entry.name) {
                return None;
            }
            entries.push(entry);
            if !r.eat(",") {
                break;
            }
        }
        r.expect("\n  }")?;
    }
    r.expect("\n}\n")?;
    (r.pos == text.len()).then_some((header, entries))
}

/// Where to cut the symbols starting at `body` in two: just after the `,` that ends
/// the first entry past the middle. `None` for a small golden (one part).
pub(super) fn split(text: &str, body: usize) -> Option<usize> {
    if text.len() - body < TWO_THREADS_FROM {
        return None;
    }
    let mut middle = body + (text.len() - body) / 2;
    while !text.is_char_boundary(middle) {
        middle += 1;
    }
    // A line of four spaces and `}` only ever closes an entry: shapes are indented
    // deeper. Off the layout, the parts fail to read and the general path runs.
    let found = find_line_start(&text[middle..], BETWEEN_ENTRIES)?;
    Some(middle + found + "\n    },".len())
}

/// Checks the stored entries from `pos` against `current` (the current symbols in
/// the same name range): up to `end` (just after an entry's `,`), or, with no `end`,
/// to the end of the file, whose last lines must close the golden.
fn check_part<'a>(
    text: &'a str,
    pos: usize,
    end: Option<usize>,
    current: impl Iterator<Item = CurrentSymbol<'a>>,
    policy: &Policy,
) -> Option<Part<'a>> {
    let mut r = Reader { text, pos };
    let mut part = Part::default();
    // Both sides are sorted by name: walk them together.
    let mut now_iter = current.peekable();
    let empty = end.is_none() && r.eat("}");
    if !empty {
        loop {
            let RawEntry {
                name,
                fingerprint,
                shape,
            } = r.entry()?;
            // Strictly increasing: sorted as written, and no name twice.
            if part.last.as_ref().is_some_and(|last| *last >= name) {
                return None;
            }
            while let Some(added) = now_iter.next_if(|s| s.name() < &*name) {
                part.added.push(added);
            }
            let now = now_iter.next_if(|s| s.name() == &*name);
            check_entry(&mut part, &name, &fingerprint, shape, now, policy)?;
            part.last = Some(name);
            if !r.eat(",") {
                break;
            }
            if Some(r.pos) == end {
                part.added.extend(now_iter);
                return Some(part);
            }
        }
        if end.is_some() {
            return None;
        }
        r.expect("\n  }")?;
    }
    r.expect("\n}\n")?;
    if r.pos != text.len() {
        return None;
    }
    part.added.extend(now_iter);
    Some(part)
}

/// One stored entry against the current symbol of its name (if any). A stored shape
/// whose text is, whitespace aside, the current shape's canonical text is that shape
/// (canonical JSON reads back to the value it was written from): no delta, and its
/// fingerprint is checked against the hash of that text. Any other is parsed, and
/// diffed against the current shape.
fn check_entry(
    part: &mut Part<'_>,
    name: &str,
    fingerprint: &str,
    shape: &str,
    now: Option<CurrentSymbol<'_>>,
    policy: &Policy,
) -> Option<()> {
    if let Some(now) = now {
        if canonical::same_json_text(shape, now.text()) {
            if !canonical::is_fingerprint_of_compact(fingerprint, now.text()) {
                part.tampered.push(name.to_owned());
            }
            return Some(());
        }
    }
    // Not what the layout delimited (or not a shape): `None`, and the general path
    // says what is wrong.
    let stored: Symbol = serde_json::from_str(shape).ok()?;
    if canonical::fingerprint(&stored) != fingerprint {
        part.tampered.push(name.to_owned());
    }
    match now {
        // A current shape that does not read: the general path reports it.
        Some(now) => {
            part.changed
                .extend(diff::diff_symbol(name, &stored, now.symbol().ok()?, policy))
        }
        None => part.removed.push((name.to_owned(), stored)),
    }
    Some(())
}

/// The length of the stored shape `rest` starts with: `{}`, or up to its closing
/// brace, the first line that is a brace at its indent. A shape's inner lines are
/// indented deeper, so no other line is; a line at the entries' indent before it
/// (the entry's brace, the next entry's name) means the shape was closed elsewhere
/// (its last line joined to another, `}},`: still JSON, but not the layout), and
/// then there is none. (Cutting at the entry's closing brace alone once took two
/// entries for one, and the index the macro reads lost the second entry. Found by
/// the `golden_mutations` fuzz target.)
fn shape_len(rest: &str) -> Option<usize> {
    if rest.starts_with("{}") {
        return Some(2);
    }
    let bytes = rest.as_bytes();
    let mut from = 0;
    loop {
        let at = next_newline(bytes, from)?;
        // Only lines indented four spaces or more are looked at: the entry's brace,
        // the shape's, or an inner line.
        if let Some([b' ', b' ', b' ', b' ', line @ ..]) = bytes.get(at + 1..) {
            match line {
                [b' ', b' ', b'}', ..] => return Some(at + SHAPE_END.len()),
                [b' ', ..] => {}
                // At the entries' indent (`}`, another entry's name): no shape ended.
                _ => return None,
            }
        }
        from = at + 1;
    }
}

/// The end of a stored symbol's shape.
const SHAPE_END: &str = "\n      }";

/// The end of a stored symbol's entry.
const ENTRY_END: &str = "\n    }";

/// Where the first newline at or after `from` is in `bytes`, found eight bytes at a
/// time.
fn next_newline(bytes: &[u8], from: usize) -> Option<usize> {
    const NEWLINES: u64 = 0x0a0a_0a0a_0a0a_0a0a;
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut at = from;
    while let Some(word) = bytes.get(at..at + 8) {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes")) ^ NEWLINES;
        // 0x80 in exactly the bytes that were newlines.
        let found = !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7);
        if found != 0 {
            return Some(at + (found.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    let tail = bytes.get(at..)?;
    tail.iter().position(|&b| b == b'\n').map(|i| at + i)
}

/// Where `needle` (which starts with a newline) first occurs in `text`: the
/// newlines are found eight bytes at a time, and only they are compared.
pub(super) fn find_line_start(text: &str, needle: &str) -> Option<usize> {
    const NEWLINES: u64 = 0x0a0a_0a0a_0a0a_0a0a;
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let (bytes, needle) = (text.as_bytes(), needle.as_bytes());
    let Some(&last) = needle.last() else {
        return Some(0);
    };
    // Most lines differ from the needle at its last byte (a deeper indent has a
    // space there): look at that byte before comparing the rest.
    let at_line =
        |i: usize| bytes.get(i + needle.len() - 1) == Some(&last) && bytes[i..].starts_with(needle);
    let mut at = 0;
    while let Some(word) = bytes.get(at..at + 8) {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes")) ^ NEWLINES;
        // 0x80 in exactly the bytes that were newlines.
        let mut found = !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7);
        while found != 0 {
            let i = at + (found.trailing_zeros() / 8) as usize;
            if at_line(i) {
                return Some(i);
            }
            found &= found - 1;
        }
        at += 8;
    }
    (at..bytes.len()).find(|&i| at_line(i))
}

struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Reader<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn eat(&mut self, literal: &str) -> bool {
        let found = self.rest().starts_with(literal);
        if found {
            self.pos += literal.len();
        }
        found
    }

    fn expect(&mut self, literal: &str) -> Option<()> {
        self.eat(literal).then_some(())
    }

    /// The entry at the cursor: `\n    "name": {` to its `\n    }`.
    fn entry(&mut self) -> Option<RawEntry<'a>> {
        self.expect("\n    ")?;
        let name = self.string()?;
        self.expect(": {\n      \"fingerprint\": ")?;
        let fingerprint = self.string()?;
        self.expect(",\n      \"shape\": ")?;
        let len = shape_len(self.rest())?;
        let shape = &self.rest()[..len];
        self.pos += len;
        self.expect(ENTRY_END)?;
        Some(RawEntry {
            name,
            fingerprint,
            shape,
        })
    }

    /// A JSON string; `None` unless it is one.
    fn string(&mut self) -> Option<Cow<'a, str>> {
        let rest = self.rest();
        let bytes = rest.as_bytes();
        if bytes.first() != Some(&b'"') {
            return None;
        }
        let mut escaped = false;
        let mut plain = true;
        for (i, &b) in bytes.iter().enumerate().skip(1) {
            match b {
                _ if escaped => escaped = false,
                b'\\' => {
                    escaped = true;
                    plain = false;
                }
                b'"' => {
                    self.pos += i + 1;
                    return if plain {
                        Some(Cow::Borrowed(&rest[1..i]))
                    } else {
                        serde_json::from_str::<String>(&rest[..=i])
                            .ok()
                            .map(Cow::Owned)
                    };
                }
                // Raw control characters are not JSON.
                0..=0x1f => return None,
                _ => {}
            }
        }
        None
    }
}
