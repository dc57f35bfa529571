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
use crate::variance::{Indexed, Types};

/// The current symbols, read all the first time a rule asks for an item of the crate
/// as it is now (a bound naming one of its traits changed: rare).
struct CurrentTypes<'c> {
    current: &'c Current,
    shapes: std::sync::OnceLock<Indexed>,
}

impl CurrentTypes<'_> {
    fn shapes(&self) -> &Indexed {
        // One that does not read is reported by the general path.
        self.shapes
            .get_or_init(|| Indexed::new(self.current.symbols().unwrap_or_default()))
    }
}

impl Types for CurrentTypes<'_> {
    fn get(&self, def: &str) -> Option<(&str, &crate::shape::ItemShape)> {
        Types::get(self.shapes(), def)
    }

    fn supertraits(&self, def: &str) -> Option<(&str, &[crate::ty::Bound])> {
        Types::supertraits(self.shapes(), def)
    }

    fn constant(&self, def: &str) -> Option<&crate::shape::ValueItemShape> {
        Types::constant(self.shapes(), def)
    }

    fn alias(&self, def: &str) -> Option<&crate::shape::AliasShape> {
        Types::alias(self.shapes(), def)
    }

    fn trait_symbol(&self, def: &str) -> Option<&Symbol> {
        Types::trait_symbol(self.shapes(), def)
    }

    fn type_symbol(&self, def: &str) -> Option<&Symbol> {
        Types::type_symbol(self.shapes(), def)
    }

    fn feature(&self, name: &str) -> Option<&crate::shape::FeatureShape> {
        Types::feature(self.shapes(), name)
    }

    fn trait_impls(&self, def: &str) -> Vec<&crate::shape::TraitImpl> {
        self.current.trait_impls_of(def)
    }
}

/// The golden's shapes, from its parse (shared with the caller, [`super::Read`]) the
/// first time a rule asks for a type of the crate (a signature naming one changed:
/// rare).
struct LazyTypes<'t> {
    golden: super::Read<'t>,
    shapes: std::sync::OnceLock<Indexed>,
}

impl LazyTypes<'_> {
    fn shapes(&self) -> &Indexed {
        self.shapes.get_or_init(|| {
            Indexed::new(self.golden.parsed().map(|g| g.shapes()).unwrap_or_default())
        })
    }
}

impl Types for LazyTypes<'_> {
    fn get(&self, def: &str) -> Option<(&str, &crate::shape::ItemShape)> {
        Types::get(self.shapes(), def)
    }

    fn supertraits(&self, def: &str) -> Option<(&str, &[crate::ty::Bound])> {
        Types::supertraits(self.shapes(), def)
    }

    fn constant(&self, def: &str) -> Option<&crate::shape::ValueItemShape> {
        Types::constant(self.shapes(), def)
    }

    fn alias(&self, def: &str) -> Option<&crate::shape::AliasShape> {
        Types::alias(self.shapes(), def)
    }

    fn trait_symbol(&self, def: &str) -> Option<&Symbol> {
        Types::trait_symbol(self.shapes(), def)
    }

    fn type_symbol(&self, def: &str) -> Option<&Symbol> {
        Types::type_symbol(self.shapes(), def)
    }

    fn feature(&self, name: &str) -> Option<&crate::shape::FeatureShape> {
        Types::feature(self.shapes(), name)
    }
}

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
pub(super) fn compare(
    text: &str,
    golden: super::Read<'_>,
    current: &Current,
    policy: &Policy,
) -> Option<Comparison> {
    let (header, body) = header(text)?;
    let types = LazyTypes {
        golden,
        shapes: std::sync::OnceLock::new(),
    };
    let types = &types;
    let now = CurrentTypes {
        current,
        shapes: std::sync::OnceLock::new(),
    };
    let now = &now;
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
                let second =
                    scope.spawn(|| check_part(text, split, None, tail, policy, (types, now)));
                let first = check_part(text, body, Some(split), head, policy, (types, now));
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
        None => vec![check_part(
            text,
            body,
            None,
            current.range(..),
            policy,
            (types, now),
        )?],
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
    let header: Header = crate::json::from_str(&format!("{}\n}}", &text[..at])).ok()?;
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
    /// Where the shape's `item` and `path` keys are in `shape`.
    pub keys: ShapeExtent,
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
    types: (&dyn Types, &dyn Types),
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
                ..
            } = r.entry()?;
            // Strictly increasing: sorted as written, and no name twice.
            if part.last.as_ref().is_some_and(|last| *last >= name) {
                return None;
            }
            while let Some(added) = now_iter.next_if(|s| s.name() < &*name) {
                part.added.push(added);
            }
            let now = now_iter.next_if(|s| s.name() == &*name);
            check_entry(&mut part, &name, &fingerprint, shape, now, policy, types)?;
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
    types: (&dyn Types, &dyn Types),
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
    let stored: Symbol = crate::json::from_str(shape).ok()?;
    if canonical::fingerprint(&stored) != fingerprint {
        part.tampered.push(name.to_owned());
    }
    match now {
        // A current shape that does not read: the general path reports it.
        Some(now) => part.changed.extend(diff::diff_symbol_between(
            name,
            &stored,
            now.symbol().ok()?,
            policy,
            types.0,
            types.1,
        )),
        None => part.removed.push((name.to_owned(), stored)),
    }
    Some(())
}

/// Where a stored shape ends, and where its own `item` and `path` keys are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct ShapeExtent {
    /// The length of the shape.
    pub len: usize,
    /// Where the line of the shape's first `"item"` key starts (its newline).
    pub item: Option<usize>,
    /// Where the line of the shape's first `"path"` key starts (its newline).
    pub path: Option<usize>,
    /// Where the line of the shape's first `"module"` key starts (its newline).
    pub module: Option<usize>,
}

/// The key of a stored symbol's item: its line, at the shape's indent.
pub(super) const ITEM_KEY: &str = "\n        \"item\": ";

/// The key of a stored symbol's public path: its line, at the shape's indent.
pub(super) const PATH_KEY: &str = "\n        \"path\": ";

/// The key of a stored symbol's module: its line, at the shape's indent.
pub(super) const MODULE_KEY: &str = "\n        \"module\": ";

/// The extent of the stored shape `rest` starts with: `{}`, or up to its closing
/// brace, the first line that is a brace at its indent. A shape's inner lines are
/// indented deeper, so no other line is; a line at the entries' indent before it
/// (the entry's brace, the next entry's name) means the shape was closed elsewhere
/// (its last line joined to another, `}},`: still JSON, but not the layout), and
/// then there is none. (Cutting at the entry's closing brace alone once took two
/// entries for one, and the index the macro reads lost the second entry. Found by
/// the `golden_mutations` fuzz target; so was a shape joined to the next entry's
/// name, whose keys then stood at their indent inside the shape.) A line indented
/// less than the entries (other whitespace inside a shape is read) must not be a
/// merge-conflict marker: no marker survives the layout, wherever it is.
///
/// Each line's end is found by the standard library's byte search, and only the
/// start of each line is looked at: this runs in the proc macro, unoptimised in a
/// dev build, where a loop over every byte costs several times more.
pub(super) fn shape_extent(rest: &str) -> Option<ShapeExtent> {
    use std::io::BufRead;
    if rest.starts_with("{}") {
        return Some(ShapeExtent {
            len: 2,
            ..ShapeExtent::default()
        });
    }
    let bytes = rest.as_bytes();
    let mut extent = ShapeExtent::default();
    let mut unread = bytes;
    // Just after the newline of the line looked at.
    let mut at = 0;
    loop {
        let skipped = unread.skip_until(b'\n').ok()?;
        if skipped == 0 || bytes[at + skipped - 1] != b'\n' {
            return None; // no closing line
        }
        at += skipped;
        match &bytes[at..] {
            // The shape's closing brace.
            [b' ', b' ', b' ', b' ', b' ', b' ', b'}', ..] => {
                extent.len = at - 1 + SHAPE_END.len();
                return Some(extent);
            }
            // At the entry's keys' indent (`"fingerprint"`, `"shape"`): the shape was
            // closed elsewhere, and another entry started inside it.
            [b' ', b' ', b' ', b' ', b' ', b' ', b, ..] if *b != b' ' => return None,
            // A key of the shape itself.
            [b' ', b' ', b' ', b' ', b' ', b' ', b' ', b' ', b'"', ..] => {
                let line = &rest[at - 1..];
                if extent.item.is_none() && line.starts_with(ITEM_KEY) {
                    extent.item = Some(at - 1);
                } else if extent.path.is_none() && line.starts_with(PATH_KEY) {
                    extent.path = Some(at - 1);
                } else if extent.module.is_none() && line.starts_with(MODULE_KEY) {
                    extent.module = Some(at - 1);
                }
            }
            // An inner line.
            [b' ', b' ', b' ', b' ', b' ', ..] => {}
            // At the entries' indent (`}`, another entry's name): no shape ended.
            [b' ', b' ', b' ', b' ', ..] => return None,
            line if conflict_marker(line) => return None,
            _ => {}
        }
    }
}

/// Whether `text` starts with the compact canonical JSON `compact` as the layout
/// writes the value of a key indented `indent` spaces: each element and key on its
/// own line, indented two spaces a level, `": "` after a key, `{}` and `[]` when
/// empty. `compact` must be one complete value.
///
/// Only `compact` is read a byte at a time; `text` is compared with it a run at a
/// time (the bytes between two line breaks, the indents) by the standard library's
/// comparison: this runs in the proc macro, unoptimised in a dev build.
pub(super) fn starts_with_layout_of(text: &str, compact: &str, indent: usize) -> bool {
    // A line break and up to 64 spaces of indent.
    const BREAK: &[u8; 65] = b"\n                                                                ";
    let (t, c) = (text.as_bytes(), compact.as_bytes());
    let n = c.len();
    // Whether `t[*at..]` starts with `part`; if so, `*at` moves past it.
    fn eat(t: &[u8], at: &mut usize, part: &[u8]) -> bool {
        let found = t.len() >= *at && t[*at..].starts_with(part);
        if found {
            *at += part.len();
        }
        found
    }
    // A line break and the indent of `depth`.
    fn eat_newline(t: &[u8], at: &mut usize, depth: usize) -> bool {
        if depth < BREAK.len() {
            return eat(t, at, &BREAK[..depth + 1]);
        }
        if !eat(t, at, &BREAK[..1]) {
            return false;
        }
        let mut left = depth;
        while left > 0 {
            let n = left.min(BREAK.len() - 1);
            if !eat(t, at, &BREAK[1..n + 1]) {
                return false;
            }
            left -= n;
        }
        true
    }
    let mut at = 0;
    let mut depth = indent;
    // The first byte of `compact` not yet compared.
    let mut run = 0;
    let mut i = 0;
    while i < n {
        let same = match c[i] {
            b'"' => {
                // To the closing quote: the string is compared with its run.
                i += 1;
                while i < n {
                    match c[i] {
                        b'"' => break,
                        b'\\' => i += 2,
                        _ => i += 1,
                    }
                }
                i < n
            }
            b'{' | b'[' if i + 1 < n && matches!(c[i + 1], b'}' | b']') => {
                i += 1;
                true
            }
            b'{' | b'[' => {
                depth += 2;
                let same = eat(t, &mut at, &c[run..i + 1]) && eat_newline(t, &mut at, depth);
                run = i + 1;
                same
            }
            b'}' | b']' => {
                let Some(outer) = depth.checked_sub(2) else {
                    return false;
                };
                depth = outer;
                let same = eat(t, &mut at, &c[run..i]) && eat_newline(t, &mut at, depth);
                run = i;
                same
            }
            b',' => {
                let same = eat(t, &mut at, &c[run..i + 1]) && eat_newline(t, &mut at, depth);
                run = i + 1;
                same
            }
            b':' => {
                let same = eat(t, &mut at, &c[run..i + 1]) && eat(t, &mut at, b" ");
                run = i + 1;
                same
            }
            _ => true,
        };
        if !same {
            return false;
        }
        i += 1;
    }
    depth == indent && eat(t, &mut at, &c[run..])
}

/// A line that starts with a merge-conflict marker.
fn conflict_marker(line: &[u8]) -> bool {
    ["<<<<<<<", ">>>>>>>", "|||||||", "======="]
        .iter()
        .any(|marker| line.starts_with(marker.as_bytes()))
}

/// The end of a stored symbol's shape.
const SHAPE_END: &str = "\n      }";

/// The end of a stored symbol's entry.
const ENTRY_END: &str = "\n    }";

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
        let keys = shape_extent(self.rest())?;
        let shape = &self.rest()[..keys.len];
        self.pos += keys.len;
        self.expect(ENTRY_END)?;
        Some(RawEntry {
            name,
            fingerprint,
            shape,
            keys,
        })
    }

    /// A JSON string; `None` unless it is one.
    fn string(&mut self) -> Option<Cow<'a, str>> {
        let rest = self.rest();
        let bytes = rest.as_bytes();
        if bytes.first() != Some(&b'"') {
            return None;
        }
        // An index loop: iterator adapters cost several times more per byte in the
        // unoptimised proc macro.
        let (n, mut i) = (bytes.len(), 1);
        let mut plain = true;
        while i < n {
            match bytes[i] {
                b'\\' => {
                    plain = false;
                    i += 1; // the escaped byte, whatever it is
                }
                b'"' => {
                    self.pos += i + 1;
                    return if plain {
                        Some(Cow::Borrowed(&rest[1..i]))
                    } else {
                        crate::json::from_str::<String>(&rest[..=i])
                            .ok()
                            .map(Cow::Owned)
                    };
                }
                // Raw control characters are not JSON.
                0..=0x1f => return None,
                _ => {}
            }
            i += 1;
        }
        None
    }
}
