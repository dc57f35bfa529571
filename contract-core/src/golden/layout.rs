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
//! The text is read in three steps: delimit every stored symbol (name, fingerprint,
//! shape text); check each stored shape against the current one, on two threads
//! for large goldens; parse the shapes that differ and diff them.

use std::borrow::Cow;
use std::collections::BTreeMap;

use super::{Comparison, Header, FORMAT_VERSION};
use crate::canonical;
use crate::diff;
use crate::shape::Symbol;

/// Between the header and the first symbol name.
const SYMBOLS: &str = ",\n  \"symbols\": {";

/// From this many stored symbols on, the shapes are checked on two threads: the
/// check of one symbol does not depend on any other, and the answer is the same.
pub(super) const TWO_THREADS_FROM: usize = 2000;

/// One stored symbol, with the current symbol of that name if there is one.
struct Entry<'a> {
    name: Cow<'a, str>,
    fingerprint: Cow<'a, str>,
    /// The stored shape's text, as delimited by the layout.
    shape: &'a str,
    now: Option<&'a Symbol>,
}

/// What the stored shape is, against the current one.
#[derive(Clone, Copy)]
enum Verdict {
    /// Its text is the current shape's canonical text, so it is the current shape;
    /// whether its fingerprint is the current shape's too.
    Same { fingerprint_matches: bool },
    /// Anything else (including no current shape): it must be parsed.
    Other,
}

/// The header, the deltas and the hand-edited symbols; `None` when the text is not a
/// valid golden in the canonical layout.
pub(super) fn compare(text: &str, current: &BTreeMap<String, Symbol>) -> Option<Comparison> {
    let at = text.find(SYMBOLS)?;
    // The header alone, as its own object: a key that is not where the layout puts
    // it makes this fail (an unknown or a missing field), and the general path runs.
    let header: Header = serde_json::from_str(&format!("{}\n}}", &text[..at])).ok()?;
    if header.format_version != FORMAT_VERSION || !header.policy.unknown_override_kinds().is_empty()
    {
        return None;
    }
    let (entries, added) = entries(text, at + SYMBOLS.len(), current)?;
    let verdicts = if entries.len() >= TWO_THREADS_FROM {
        let (first, second) = entries.split_at(entries.len() / 2);
        std::thread::scope(|scope| {
            let second = scope.spawn(|| verdicts(second));
            let mut all = verdicts(first);
            all.extend(second.join().expect("checking shapes does not panic"));
            all
        })
    } else {
        verdicts(&entries)
    };
    let mut before = BTreeMap::new();
    let mut after = BTreeMap::new();
    let mut tampered = Vec::new();
    for (entry, verdict) in entries.iter().zip(verdicts) {
        match verdict {
            Verdict::Same {
                fingerprint_matches,
            } => {
                if !fingerprint_matches {
                    tampered.push(entry.name.to_string());
                }
            }
            Verdict::Other => {
                // Not what the layout delimited (or not a shape): the general path
                // says what is wrong.
                let shape: Symbol = serde_json::from_str(entry.shape).ok()?;
                if canonical::fingerprint(&shape) != entry.fingerprint {
                    tampered.push(entry.name.to_string());
                }
                if let Some(now) = entry.now {
                    after.insert(entry.name.to_string(), now.clone());
                }
                before.insert(entry.name.to_string(), shape);
            }
        }
    }
    for (name, now) in added {
        after.insert(name.clone(), now.clone());
    }
    let deltas = diff::diff_sets(&before, &after, &header.policy);
    Some(Comparison {
        header,
        deltas,
        tampered,
    })
}

/// The stored symbols from `pos` (just inside `"symbols": {`) to the end of the
/// file, each with its current symbol, and the current symbols the golden lacks.
#[allow(clippy::type_complexity)]
fn entries<'a>(
    text: &'a str,
    pos: usize,
    current: &'a BTreeMap<String, Symbol>,
) -> Option<(Vec<Entry<'a>>, Vec<(&'a String, &'a Symbol)>)> {
    let mut r = Reader { text, pos };
    let mut entries: Vec<Entry<'a>> = Vec::new();
    let mut added = Vec::new();
    // Both sides are sorted by name: walk them together.
    let mut now_iter = current.iter().peekable();
    if !r.eat("}") {
        loop {
            r.expect("\n    ")?;
            let name = r.string()?;
            // Strictly increasing: sorted as written, and no name twice.
            if entries.last().is_some_and(|last| last.name >= name) {
                return None;
            }
            while let Some(entry) = now_iter.next_if(|(n, _)| n.as_str() < &*name) {
                added.push(entry);
            }
            let now = now_iter
                .next_if(|(n, _)| n.as_str() == &*name)
                .map(|(_, s)| s);
            r.expect(": {\n      \"fingerprint\": ")?;
            let fingerprint = r.string()?;
            r.expect(",\n      \"shape\": ")?;
            // The shape's lines are indented deeper than the entry's closing brace,
            // so the first such brace ends the shape. A shape written otherwise is
            // cut short here and then fails to read as one.
            let len = find_line_start(r.rest(), ENTRY_END)?;
            let shape = &r.rest()[..len];
            r.pos += len + ENTRY_END.len();
            entries.push(Entry {
                name,
                fingerprint,
                shape,
                now,
            });
            if !r.eat(",") {
                break;
            }
        }
        r.expect("\n  }")?;
    }
    r.expect("\n}\n")?;
    if r.pos != text.len() {
        return None;
    }
    added.extend(now_iter);
    Some((entries, added))
}

/// The end of a stored symbol's entry.
const ENTRY_END: &str = "\n    }";

/// Where `needle` (which starts with a newline) first occurs in `text`: the
/// newlines are found eight bytes at a time, and only they are compared.
pub(super) fn find_line_start(text: &str, needle: &str) -> Option<usize> {
    const NEWLINES: u64 = 0x0a0a_0a0a_0a0a_0a0a;
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let (bytes, needle) = (text.as_bytes(), needle.as_bytes());
    let mut at = 0;
    while let Some(word) = bytes.get(at..at + 8) {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes")) ^ NEWLINES;
        // 0x80 in exactly the bytes that were newlines.
        let mut found = !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7);
        while found != 0 {
            let i = at + (found.trailing_zeros() / 8) as usize;
            if bytes[i..].starts_with(needle) {
                return Some(i);
            }
            found &= found - 1;
        }
        at += 8;
    }
    (at..bytes.len()).find(|&i| bytes[i..].starts_with(needle))
}

fn verdicts(entries: &[Entry<'_>]) -> Vec<Verdict> {
    let mut compact = String::new();
    entries
        .iter()
        .map(|entry| {
            let Some(now) = entry.now else {
                return Verdict::Other;
            };
            canonical::write_compact(&mut compact, now);
            if !canonical::same_json_text(entry.shape, &compact) {
                return Verdict::Other;
            }
            Verdict::Same {
                fingerprint_matches: canonical::fingerprint_of_compact(&compact)
                    == entry.fingerprint,
            }
        })
        .collect()
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
