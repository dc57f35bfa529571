//! Whether a reader of one [`Schema`] reads every payload a writer of another
//! writes, as the same value — decided in serde's data model, per format.
//!
//! Self-describing formats are judged as serde_json reads them: a wider integer
//! reads a narrower one, `Option<T>` reads a `T`, a string reads every unit variant
//! an externally tagged enum writes, an enum with an untagged string fallback reads
//! every string, a newtype struct is its content. Positional formats (bincode,
//! postcard) carry no names and no types: only schemas that encode alike read each
//! other. Where the answer is not known here the verdict is "does not read", with
//! the reason, never a guess that it does. Every rule is played with real serde
//! round trips in `contract-core/tests/wire_oracle.rs`.

use super::schema::{Content, Enum, Record, Schema, Variant};
use crate::delta::{PayloadBreak, PayloadFailure, PayloadStep, Tagging};

use super::records::Emit;

/// `Ok` when a reader of `reader` reads every payload a writer of `writer` writes,
/// as the value written; else a payload it fails on and why, placed under `at` (the
/// field the two schemas are the values of).
pub fn reads(
    writer: &Schema,
    reader: &Schema,
    positional: bool,
    at: Vec<PayloadStep>,
) -> Result<(), PayloadBreak> {
    let mut walk = Walk {
        positional,
        at,
        failed_at: None,
    };
    walk.reads(writer, reader).map_err(|(failure, example)| {
        let at = walk.failed_at.take().unwrap_or_default();
        PayloadBreak {
            // A JSON example shows nothing of a positional payload.
            example: example.filter(|_| !positional).and_then(|e| wrap(&at, e)),
            at,
            failure,
        }
    })
}

type Fail = (PayloadFailure, Option<String>);

struct Walk {
    positional: bool,
    at: Vec<PayloadStep>,
    failed_at: Option<Vec<PayloadStep>>,
}

impl Walk {
    fn fail<T>(&mut self, failure: PayloadFailure, example: Option<String>) -> Result<T, Fail> {
        if self.failed_at.is_none() {
            self.failed_at = Some(self.at.clone());
        }
        Err((failure, example))
    }

    fn under<T>(
        &mut self,
        step: PayloadStep,
        f: impl FnOnce(&mut Self) -> Result<T, Fail>,
    ) -> Result<T, Fail> {
        self.at.push(step);
        let out = f(self);
        self.at.pop();
        out
    }

    fn reads(&mut self, w: &Schema, r: &Schema) -> Result<(), Fail> {
        if let (
            Schema::Named {
                def: a, args: aa, ..
            },
            Schema::Named {
                def: b, args: ba, ..
            },
        ) = (w, r)
        {
            if a == b && aa == ba {
                return Ok(()); // one type of the crate: its own entry reports its changes
            }
        }
        let (w, r) = (unnamed(w), unnamed(r));
        if w == r {
            return Ok(());
        }
        if let (Schema::Opaque(_) | Schema::Named { .. }, _)
        | (_, Schema::Opaque(_) | Schema::Named { .. }) = (w, r)
        {
            let failure = PayloadFailure::Opaque {
                writer: label(w),
                reader: label(r),
            };
            return self.fail(failure, None);
        }
        if self.positional {
            return self.encodes_alike(w, r);
        }
        match (w, r) {
            (_, Schema::Any) => Ok(()),
            (Schema::Option(wi), Schema::Option(ri)) => self.reads(wi, ri),
            (Schema::Option(_), _) => self.fail(PayloadFailure::Null, Some("null".into())),
            (Schema::Unit, Schema::Option(_)) => Ok(()),
            (_, Schema::Option(ri)) => self.reads(w, ri),
            (Schema::Int { .. }, Schema::Int { .. }) => self.int(w, r),
            (Schema::Float { bits: a }, Schema::Float { bits: b }) if a <= b => Ok(()),
            (Schema::Float { .. }, Schema::Float { .. }) => self.fail(
                PayloadFailure::OutOfRange {
                    reader: "f32".into(),
                },
                Some("1e300".into()),
            ),
            (Schema::Char, Schema::Str) => Ok(()),
            (Schema::Enum(e), Schema::Str) => self.enum_as_string(e),
            (Schema::Str | Schema::Char, Schema::Enum(e)) => self.string_as_enum(e),
            (Schema::Seq { elem: we, set: ws }, Schema::Seq { elem: re, set: rs }) => {
                self.under(PayloadStep::Element, |s| s.reads(we, re))?;
                if *rs && !ws {
                    let e = sample(we).map(|x| format!("[{x},{x}]"));
                    return self.fail(PayloadFailure::Deduplicated, e);
                }
                Ok(())
            }
            (Schema::Tuple(ws), Schema::Seq { elem: re, set }) => {
                for (i, we) in ws.iter().enumerate() {
                    self.under(PayloadStep::Position(i), |s| s.reads(we, re))?;
                }
                if *set && ws.len() > 1 {
                    return self.fail(PayloadFailure::Deduplicated, sample(w));
                }
                Ok(())
            }
            (Schema::Tuple(ws), Schema::Tuple(rs)) => self.tuple(ws, rs),
            (Schema::Map(wk, wv), Schema::Map(rk, rv)) => {
                self.reads(wk, rk)?;
                self.under(PayloadStep::MapValue, |s| s.reads(wv, rv))
            }
            (Schema::Record(a), Schema::Map(rk, rv)) if **rk == Schema::Str => {
                for f in a.fields.iter().filter(|f| f.emit != Emit::Never) {
                    self.under(PayloadStep::Key(f.ser.clone()), |s| s.reads(&f.schema, rv))?;
                }
                Ok(())
            }
            (Schema::Record(a), Schema::Record(b)) => self.records(a, b),
            (Schema::Enum(a), Schema::Enum(b)) => self.enums(a, b),
            _ => self.form(w, r),
        }
    }

    fn form(&mut self, w: &Schema, r: &Schema) -> Result<(), Fail> {
        let failure = PayloadFailure::Form {
            writes: form(w),
            reads: form(r),
        };
        self.fail(failure, sample(w))
    }

    fn int(&mut self, w: &Schema, r: &Schema) -> Result<(), Fail> {
        let (
            Schema::Int {
                signed: ws,
                bits: wb,
            },
            Schema::Int {
                signed: rs,
                bits: rb,
            },
        ) = (w, r)
        else {
            return self.form(w, r);
        };
        let (w_min, w_max) = range(*ws, *wb);
        let (r_min, r_max) = range(*rs, *rb);
        if w_min >= r_min && w_max <= r_max {
            return Ok(());
        }
        let example = if w_min < r_min {
            w_min.to_string()
        } else {
            (r_max + 1).to_string()
        };
        let reader = format!("{}{}", if *rs { 'i' } else { 'u' }, rb);
        self.fail(PayloadFailure::OutOfRange { reader }, Some(example))
    }

    fn tuple(&mut self, ws: &[Schema], rs: &[Schema]) -> Result<(), Fail> {
        if ws.len() != rs.len() {
            let failure = PayloadFailure::Length {
                writes: ws.len(),
                reads: rs.len(),
            };
            return self.fail(failure, sample(&Schema::Tuple(ws.to_vec())));
        }
        for (i, (we, re)) in ws.iter().zip(rs).enumerate() {
            self.under(PayloadStep::Position(i), |s| s.reads(we, re))?;
        }
        Ok(())
    }

    /// A string reader reads an enum that writes only strings: unit variants of an
    /// externally tagged enum (their names), untagged variants whose content is a
    /// string.
    fn enum_as_string(&mut self, e: &Enum) -> Result<(), Fail> {
        for v in e.variants.iter().filter(|v| v.emit) {
            let writes_a_string = match (&v.content, v.untagged) {
                (Content::Unit, false) => e.tagging == Tagging::External,
                (Content::Newtype(s), true) => reads(s, &Schema::Str, false, Vec::new()).is_ok(),
                _ => false,
            };
            if !writes_a_string {
                let example = variant_sample(e, v);
                let failure = PayloadFailure::Form {
                    writes: variant_form(e, v),
                    reads: "a string",
                };
                return self.fail(failure, example);
            }
        }
        Ok(())
    }

    /// An enum reads every string, as the same string, when its tagged unit variants
    /// write back the names they read and an untagged variant with string content
    /// reads the rest (serde tries tagged variants first, then untagged ones in
    /// order).
    fn string_as_enum(&mut self, e: &Enum) -> Result<(), Fail> {
        for v in &e.variants {
            if !v.untagged && matches!(v.content, Content::Unit) && e.tagging == Tagging::External {
                if let Some(other) = v.reads.iter().find(|n| **n != v.ser) {
                    let failure = PayloadFailure::CaughtByOther {
                        variant: v.name.clone(),
                    };
                    return self.fail(failure, Some(json_string(other)));
                }
            }
        }
        for v in e
            .variants
            .iter()
            .filter(|v| v.untagged && !v.reads.is_empty())
        {
            match &v.content {
                Content::Newtype(s) if reads_every_string(s) => return Ok(()),
                // Reads no string at all: tried and passed over.
                Content::Unit | Content::Tuple(_) | Content::Record(_) => {}
                Content::Newtype(s) if reads_no_string(s) => {}
                // Reads some strings, as another value: not known here.
                Content::Newtype(_) => break,
            }
        }
        let unread = unread_string(e);
        match e.variants.iter().find(|v| v.other) {
            Some(v) if e.tagging != Tagging::Untagged => {
                let failure = PayloadFailure::CaughtByOther {
                    variant: v.name.clone(),
                };
                self.fail(failure, Some(unread))
            }
            _ => {
                let failure = PayloadFailure::NoVariant {
                    reader: e.name.clone(),
                };
                self.fail(failure, Some(unread))
            }
        }
    }

    fn records(&mut self, a: &Record, b: &Record) -> Result<(), Fail> {
        if a.flattened || b.flattened {
            let failure = PayloadFailure::Opaque {
                writer: "a flattened struct".into(),
                reader: "another".into(),
            };
            return self.fail(failure, None);
        }
        for rf in b.fields.iter().filter(|f| f.required) {
            let written = a
                .fields
                .iter()
                .any(|wf| wf.emit == Emit::Always && rf.reads.contains(&wf.ser));
            if !written {
                let failure = PayloadFailure::MissingField(rf.ser.clone());
                return self.fail(failure, sample(&Schema::Record(a.clone())));
            }
        }
        for wf in a.fields.iter().filter(|f| f.emit != Emit::Never) {
            match b.fields.iter().find(|rf| rf.reads.contains(&wf.ser)) {
                Some(rf) => self.under(PayloadStep::Key(wf.ser.clone()), |s| {
                    s.reads(&wf.schema, &rf.schema)
                })?,
                None if b.deny_unknown => {
                    let failure = PayloadFailure::UnknownField(wf.ser.clone());
                    return self.fail(failure, sample(&Schema::Record(a.clone())));
                }
                // A key the reader ignores: the reader has no such value to lose.
                None => {}
            }
        }
        Ok(())
    }

    fn enums(&mut self, a: &Enum, b: &Enum) -> Result<(), Fail> {
        let untagged = a.variants.iter().chain(&b.variants).any(|v| v.untagged);
        if a.tagging != b.tagging || untagged {
            let failure = PayloadFailure::Opaque {
                writer: a.name.clone(),
                reader: b.name.clone(),
            };
            return self.fail(failure, None);
        }
        for wv in a.variants.iter().filter(|v| v.emit) {
            match b.variants.iter().find(|rv| rv.reads.contains(&wv.ser)) {
                Some(rv) => {
                    let step = PayloadStep::Variant(wv.ser.clone());
                    let external = a.tagging == Tagging::External;
                    if external {
                        self.at.push(step);
                    }
                    let out = self.contents(a, wv, rv);
                    if external {
                        self.at.pop();
                    }
                    out?;
                }
                None => {
                    let caught = b.variants.iter().find(|v| v.other);
                    let failure = match caught {
                        Some(o) if matches!(wv.content, Content::Unit) => {
                            PayloadFailure::CaughtByOther {
                                variant: o.name.clone(),
                            }
                        }
                        _ => PayloadFailure::NoVariant {
                            reader: b.name.clone(),
                        },
                    };
                    return self.fail(failure, variant_sample(a, wv));
                }
            }
        }
        Ok(())
    }

    fn contents(&mut self, e: &Enum, wv: &Variant, rv: &Variant) -> Result<(), Fail> {
        match (&wv.content, &rv.content) {
            (Content::Unit, Content::Unit) => Ok(()),
            (Content::Newtype(x), Content::Newtype(y)) => self.reads(x, y),
            (Content::Tuple(x), Content::Tuple(y)) => self.tuple(x, y),
            (Content::Record(x), Content::Record(y)) => self.records(x, y),
            _ => {
                let failure = PayloadFailure::Form {
                    writes: variant_form(e, wv),
                    reads: content_form(&rv.content),
                };
                self.fail(failure, variant_sample(e, wv))
            }
        }
    }

    /// Positional formats: only what encodes alike (names are not written, types are
    /// not told).
    fn encodes_alike(&mut self, w: &Schema, r: &Schema) -> Result<(), Fail> {
        let untagged = |e: &Enum| e.variants.iter().any(|v| v.untagged);
        match (w, r) {
            (Schema::Option(a), Schema::Option(b)) => self.reads(a, b),
            (Schema::Seq { elem: a, set: sa }, Schema::Seq { elem: b, set: sb }) => {
                self.under(PayloadStep::Element, |s| s.reads(a, b))?;
                if *sb && !sa {
                    return self.fail(PayloadFailure::Deduplicated, None);
                }
                Ok(())
            }
            (Schema::Map(ak, av), Schema::Map(bk, bv)) => {
                self.reads(ak, bk)?;
                self.under(PayloadStep::MapValue, |s| s.reads(av, bv))
            }
            (Schema::Tuple(a), Schema::Tuple(b)) => self.tuple(a, b),
            (Schema::Record(a), Schema::Record(b)) if !a.flattened && !b.flattened => {
                let written: Vec<_> = a.fields.iter().filter(|f| f.emit != Emit::Never).collect();
                let read: Vec<_> = b.fields.iter().filter(|f| !f.reads.is_empty()).collect();
                if written.len() != read.len() {
                    return self.fail(PayloadFailure::Encoding, None);
                }
                for (i, (x, y)) in written.iter().zip(&read).enumerate() {
                    self.under(PayloadStep::Position(i), |s| s.reads(&x.schema, &y.schema))?;
                }
                Ok(())
            }
            (Schema::Enum(a), Schema::Enum(b)) if !untagged(a) && !untagged(b) => {
                for (i, wv) in a.variants.iter().enumerate().filter(|(_, v)| v.emit) {
                    let Some(rv) = b.variants.get(i).filter(|v| !v.reads.is_empty()) else {
                        return self.fail(PayloadFailure::Encoding, None);
                    };
                    self.under(PayloadStep::Variant(wv.ser.clone()), |s| {
                        s.contents(a, wv, rv)
                    })?;
                }
                Ok(())
            }
            _ => self.fail(PayloadFailure::Encoding, None),
        }
    }
}

/// A crate type followed to its schema; one not followed stays named.
fn unnamed(s: &Schema) -> &Schema {
    match s {
        Schema::Named { body: Some(b), .. } => unnamed(b),
        other => other,
    }
}

/// A schema's name in a message: the crate type, the opaque type, or its form.
fn label(s: &Schema) -> String {
    match s {
        Schema::Named { def, .. } => def.rsplit("::").next().unwrap_or(def).to_owned(),
        Schema::Opaque(t) => t.clone(),
        other => form(other).to_owned(),
    }
}

fn reads_every_string(s: &Schema) -> bool {
    matches!(unnamed(s), Schema::Str | Schema::Any)
}

fn reads_no_string(s: &Schema) -> bool {
    matches!(
        unnamed(s),
        Schema::Unit
            | Schema::Bool
            | Schema::Int { .. }
            | Schema::Float { .. }
            | Schema::Seq { .. }
            | Schema::Tuple(_)
            | Schema::Map(..)
            | Schema::Record(_)
    )
}

/// A string no variant of `e` reads by name.
fn unread_string(e: &Enum) -> String {
    let mut s = String::from("unknown");
    while e.variants.iter().any(|v| v.reads.contains(&s)) {
        s.push('_');
    }
    json_string(&s)
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The (min, max) of an integer type, as i128 where it fits (u128 is capped).
fn range(signed: bool, bits: u8) -> (i128, i128) {
    match (signed, bits) {
        (_, 128) if signed => (i128::MIN, i128::MAX),
        (_, 128) => (0, i128::MAX),
        (true, b) => (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1),
        (false, b) => (0, (1i128 << b) - 1),
    }
}

/// What a schema writes, in words a message uses.
fn form(s: &Schema) -> &'static str {
    match unnamed(s) {
        Schema::Unit => "null",
        Schema::Bool => "a boolean",
        Schema::Int { .. } => "an integer",
        Schema::Float { .. } => "a number",
        Schema::Char | Schema::Str => "a string",
        Schema::Option(_) => "a value or null",
        Schema::Seq { .. } | Schema::Tuple(_) => "an array",
        Schema::Map(..) | Schema::Record(_) => "an object",
        Schema::Enum(_) => "an enum",
        Schema::Any => "any value",
        Schema::Named { .. } | Schema::Opaque(_) => "a form not known here",
    }
}

fn content_form(c: &Content) -> &'static str {
    match c {
        Content::Unit => "a unit variant",
        Content::Newtype(_) => "a newtype variant",
        Content::Tuple(_) => "a tuple variant",
        Content::Record(_) => "a struct variant",
    }
}

fn variant_form(e: &Enum, v: &Variant) -> &'static str {
    match (&e.tagging, v.untagged, &v.content) {
        (_, true, Content::Unit) => "null",
        (_, true, Content::Newtype(s)) => form(s),
        (_, true, Content::Tuple(_)) => "an array",
        (_, true, Content::Record(_)) => "an object",
        (Tagging::External, false, Content::Unit) => "a string",
        _ => "an object",
    }
}

/// A JSON payload a writer of `s` writes, where one can be told.
fn sample(s: &Schema) -> Option<String> {
    Some(match unnamed(s) {
        Schema::Unit => "null".into(),
        Schema::Bool => "true".into(),
        Schema::Int { .. } => "1".into(),
        Schema::Float { .. } => "1.5".into(),
        Schema::Char => "\"c\"".into(),
        Schema::Str => "\"text\"".into(),
        Schema::Option(inner) => return sample(inner),
        Schema::Seq { elem, .. } => format!("[{}]", sample(elem)?),
        Schema::Tuple(elems) => {
            let parts: Option<Vec<String>> = elems.iter().map(sample).collect();
            format!("[{}]", parts?.join(","))
        }
        Schema::Map(k, v) => {
            let key = match unnamed(k) {
                Schema::Str | Schema::Char => sample(k)?,
                Schema::Int { .. } => "\"1\"".into(),
                _ => return None,
            };
            format!("{{{key}:{}}}", sample(v)?)
        }
        Schema::Record(r) => {
            let parts: Option<Vec<String>> = r
                .fields
                .iter()
                .filter(|f| f.emit == Emit::Always)
                .map(|f| Some(format!("{}:{}", json_string(&f.ser), sample(&f.schema)?)))
                .collect();
            format!("{{{}}}", parts?.join(","))
        }
        Schema::Enum(e) => {
            let v = e.variants.iter().find(|v| v.emit)?;
            return variant_sample(e, v);
        }
        Schema::Any => "{}".into(),
        Schema::Named { .. } | Schema::Opaque(_) => return None,
    })
}

fn variant_sample(e: &Enum, v: &Variant) -> Option<String> {
    let content = match &v.content {
        Content::Unit => None,
        Content::Newtype(s) => Some(sample(s)?),
        Content::Tuple(t) => Some(sample(&Schema::Tuple(t.clone()))?),
        Content::Record(r) => Some(sample(&Schema::Record(r.clone()))?),
    };
    let tag = json_string(&v.ser);
    if v.untagged {
        return Some(content.unwrap_or_else(|| "null".into()));
    }
    Some(match (&e.tagging, content) {
        (Tagging::External, None) => tag,
        (Tagging::External, Some(c)) => format!("{{{tag}:{c}}}"),
        (Tagging::Internal(t), None) => format!("{{{}:{tag}}}", json_string(t)),
        (Tagging::Internal(t), Some(c)) => match c.strip_prefix('{') {
            Some(rest) if rest.starts_with('}') => format!("{{{}:{tag}}}", json_string(t)),
            Some(rest) => format!("{{{}:{tag},{rest}", json_string(t)),
            None => return None,
        },
        (Tagging::Adjacent(t, _), None) => format!("{{{}:{tag}}}", json_string(t)),
        (Tagging::Adjacent(t, c_key), Some(c)) => {
            format!("{{{}:{tag},{}:{c}}}", json_string(t), json_string(c_key))
        }
        (Tagging::Untagged, c) => c.unwrap_or_else(|| "null".into()),
    })
}

/// `inner` placed where `at` says, as far as a JSON payload can show it.
fn wrap(at: &[PayloadStep], inner: String) -> Option<String> {
    let mut out = inner;
    for step in at.iter().rev() {
        out = match step {
            PayloadStep::Key(k) => format!("{{{}:{out}}}", json_string(k)),
            PayloadStep::Element => format!("[{out}]"),
            PayloadStep::MapValue => format!("{{\"key\":{out}}}"),
            PayloadStep::Variant(v) => format!("{{{}:{out}}}", json_string(v)),
            PayloadStep::Position(0) => format!("[{out}]"),
            // A later position needs the elements before it: shown from here in.
            PayloadStep::Position(_) => return Some(out),
        };
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::super::schema::{schema_of, Side};
    use super::*;
    use crate::ty::Type;
    use crate::variance::NoTypes;

    fn check(writer: &str, reader: &str, positional: bool) -> Result<(), PayloadBreak> {
        let side = Side {
            types: &NoTypes,
            module: "",
            positional,
        };
        let schema = |s: &str| schema_of(&Type::parse(s).unwrap(), side);
        reads(&schema(writer), &schema(reader), positional, Vec::new())
    }

    #[test]
    fn equivalent_spellings_read_both_ways_in_every_format() {
        for (a, b) in [
            ("Box<u32>", "u32"),
            ("VecDeque<u8>", "Vec<u8>"),
            ("HashMap<String, u8>", "BTreeMap<String, u8>"),
            ("Arc<str>", "String"),
            ("Vec<Box<u8>>", "Vec<u8>"),
            ("&'a str", "String"),
            ("Cow<'a, str>", "String"),
            ("[u8; 2]", "(u8, u8)"),
            ("std::path::PathBuf", "String"),
        ] {
            for positional in [false, true] {
                assert!(check(a, b, positional).is_ok(), "{a} -> {b} ({positional})");
                assert!(check(b, a, positional).is_ok(), "{b} -> {a} ({positional})");
            }
        }
    }

    #[test]
    fn widening_reads_one_way_and_only_where_types_are_told() {
        for (narrow, wide) in [
            ("u32", "u64"),
            ("u8", "i16"),
            ("f32", "f64"),
            ("u8", "Option<u8>"),
            ("Vec<u8>", "Vec<Option<u16>>"),
            ("char", "String"),
        ] {
            assert!(check(narrow, wide, false).is_ok(), "{narrow} -> {wide}");
            assert!(check(wide, narrow, false).is_err(), "{wide} -> {narrow}");
            assert!(
                check(narrow, wide, true).is_err(),
                "positional {narrow} -> {wide}"
            );
        }
        // A set is a sequence in every format; only a reader that is a set drops
        // duplicates.
        assert!(check("BTreeSet<u8>", "Vec<u8>", false).is_ok());
        assert!(check("BTreeSet<u8>", "Vec<u8>", true).is_ok());
        assert!(check("Vec<u8>", "BTreeSet<u8>", true).is_err());
        assert!(check("i8", "u64", false).is_err());
        assert!(check("u32", "String", false).is_err());
        assert!(check("Foo<u8>", "Foo<u16>", false).is_err());
        assert!(check("u8", "serde_json::Value", false).is_ok());
        assert!(check("u8", "serde_json::Value", true).is_err());
    }

    #[test]
    fn a_break_names_its_place_and_a_payload() {
        let b = check("Vec<u64>", "Vec<u32>", false).unwrap_err();
        assert_eq!(b.at, vec![PayloadStep::Element]);
        assert_eq!(b.example.as_deref(), Some("[4294967296]"));
        assert_eq!(
            b.failure,
            PayloadFailure::OutOfRange {
                reader: "u32".into()
            }
        );
        let b = check("i16", "u8", false).unwrap_err();
        assert_eq!(b.example.as_deref(), Some("-32768"));
        let b = check("Option<String>", "String", false).unwrap_err();
        assert_eq!(b.failure, PayloadFailure::Null);
        let b = check("Vec<u8>", "HashSet<u8>", false).unwrap_err();
        assert_eq!(b.failure, PayloadFailure::Deduplicated);
        assert_eq!(b.example.as_deref(), Some("[1,1]"));
        // A type not derived here is compared by identity, and says so.
        let b = check("dep::Opaque", "u8", false).unwrap_err();
        assert!(matches!(b.failure, PayloadFailure::Opaque { .. }));
        assert!(check("dep::Opaque", "dep::Opaque", false).is_ok());
    }
}
