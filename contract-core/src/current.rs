//! The current shapes of a set, as a comparison with its golden holds them: each
//! symbol's compact canonical text, and its typed shape only when the comparison
//! needs it.
//!
//! A golden that matches is checked text against text (see `golden/layout.rs`),
//! so the test harness need not parse what the macro registered: the text of a
//! symbol made of one item is spliced from the item's registered text and its
//! module. Symbols merged from several registrations (methods of `impl` blocks,
//! implementors, conflicting items) are parsed, merged by [`assemble`] and written
//! out, as before.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::OnceLock;

use crate::assemble::{self, Conflict, Registered};
use crate::canonical;
use crate::probe::ProbedTrait;
use crate::shape::{Fragment, Symbol};

/// The current shapes of a set, by symbol name.
#[derive(Debug, Default)]
pub struct Current {
    symbols: BTreeMap<String, CurrentSymbol>,
}

/// One current symbol: its canonical text, and its shape once read.
#[derive(Debug)]
pub struct CurrentSymbol {
    text: String,
    typed: OnceLock<Result<Symbol, String>>,
    /// Where it was registered, for the message when its text does not read.
    origin: String,
    /// Probed traits the sources implement by hand, set on the shape once read
    /// ([`Symbol::impls_in_source`]; never part of the text).
    impls_in_source: BTreeSet<ProbedTrait>,
}

/// A registration as text, as the harness finds it.
#[derive(Clone, Copy, Debug)]
pub struct RegisteredText<'a> {
    /// Symbol name.
    pub name: &'a str,
    /// `module_path!()` of the attribute's expansion site.
    pub module: &'a str,
    /// The fragment's compact canonical text ([`Fragment::compact_text`]).
    pub fragment: &'a str,
    /// For an item: what the type probe answered (bits of [`ProbedTrait`]); `None`
    /// when it was not asked.
    pub implements: Option<u32>,
}

/// Why registrations do not make a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CurrentError {
    /// A registration's text is not a fragment.
    Unreadable(Unreadable),
    /// Registrations that cannot share a symbol.
    Conflicts(Vec<Conflict>),
}

/// A registered text that does not read as what it should be: a registration
/// compiled by another version of contract-pin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// `module::name` of the registration.
    pub origin: String,
    /// What the JSON reader said.
    pub error: String,
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the registration of `{}` cannot be read ({}); it was compiled by another \
             version of contract-pin: run `cargo clean` and test again",
            self.origin, self.error
        )
    }
}

impl fmt::Display for CurrentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CurrentError::Unreadable(u) => u.fmt(f),
            CurrentError::Conflicts(conflicts) => {
                let lines: Vec<String> = conflicts.iter().map(ToString::to_string).collect();
                f.write_str(&lines.join("\n"))
            }
        }
    }
}

impl CurrentSymbol {
    fn typed(symbol: Symbol, origin: String) -> CurrentSymbol {
        CurrentSymbol {
            text: canonical::to_compact_string(&symbol),
            typed: OnceLock::from(Ok(symbol)),
            origin,
            impls_in_source: BTreeSet::new(),
        }
    }

    /// The symbol's compact canonical text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The symbol's shape, read from its text the first time it is asked for.
    pub fn symbol(&self) -> Result<&Symbol, Unreadable> {
        self.typed
            .get_or_init(|| {
                let mut symbol: Symbol =
                    serde_json::from_str(&self.text).map_err(|e| e.to_string())?;
                symbol.impls_in_source.clone_from(&self.impls_in_source);
                Ok(symbol)
            })
            .as_ref()
            .map_err(|error| Unreadable {
                origin: self.origin.clone(),
                error: error.clone(),
            })
    }

    /// The module the symbol's item is in, when the symbol has one.
    pub fn module(&self) -> Result<Option<&str>, Unreadable> {
        Ok(self.symbol()?.module.as_deref())
    }
}

impl Current {
    /// Symbols already read (the CLI's, a test's).
    pub fn from_symbols(symbols: BTreeMap<String, Symbol>) -> Current {
        Current {
            symbols: symbols
                .into_iter()
                .map(|(name, symbol)| {
                    let origin = name.clone();
                    (name, CurrentSymbol::typed(symbol, origin))
                })
                .collect(),
        }
    }

    /// The set the harness's registrations make. A name registered by one item
    /// alone is spliced from its text; the others are read and merged. Texts that
    /// were not read here are read when a comparison needs them, and an unreadable
    /// one is reported then ([`CurrentSymbol::symbol`]).
    pub fn from_registrations(
        registrations: &[RegisteredText<'_>],
    ) -> Result<Current, CurrentError> {
        let mut by_name: BTreeMap<&str, Vec<&RegisteredText<'_>>> = BTreeMap::new();
        // What the probe answered for the item of each merged symbol.
        let mut probed: BTreeMap<&str, u32> = BTreeMap::new();
        for reg in registrations {
            by_name.entry(reg.name).or_default().push(reg);
        }
        let mut symbols = BTreeMap::new();
        let mut merged = Vec::new();
        for (name, regs) in by_name {
            let spliced = match regs.as_slice() {
                [one] => item_symbol_text(one.fragment, one.module, None, one.implements),
                // An item and the one `impl` block that pins its methods.
                [a, b] => {
                    let (item, methods) = if is_item_text(a.fragment) {
                        (a, b)
                    } else {
                        (b, a)
                    };
                    item_symbol_text(
                        item.fragment,
                        item.module,
                        Some(methods.fragment),
                        item.implements,
                    )
                }
                _ => None,
            };
            match spliced {
                Some(text) => {
                    let reg = regs[0];
                    let symbol = CurrentSymbol {
                        text,
                        typed: OnceLock::new(),
                        origin: format!("{}::{}", reg.module, reg.name),
                        impls_in_source: BTreeSet::new(),
                    };
                    symbols.insert(name.to_owned(), symbol);
                }
                None => {
                    for reg in regs {
                        let fragment: Fragment =
                            serde_json::from_str(reg.fragment).map_err(|e| {
                                CurrentError::Unreadable(Unreadable {
                                    origin: format!("{}::{}", reg.module, reg.name),
                                    error: e.to_string(),
                                })
                            })?;
                        if let (Fragment::Item { .. }, Some(bits)) = (&fragment, reg.implements) {
                            probed.insert(reg.name, bits);
                        }
                        merged.push(Registered {
                            name: reg.name.to_owned(),
                            module: reg.module.to_owned(),
                            fragment,
                        });
                    }
                }
            }
        }
        let assembled = assemble::assemble(&merged).map_err(CurrentError::Conflicts)?;
        for (name, mut symbol) in assembled {
            if let Some(bits) = probed.get(name.as_str()) {
                symbol.implements = Some(ProbedTrait::from_bits(*bits));
            }
            let origin = symbol
                .module
                .clone()
                .map_or_else(|| name.clone(), |m| format!("{m}::{name}"));
            symbols.insert(name, CurrentSymbol::typed(symbol, origin));
        }
        Ok(Current { symbols })
    }

    /// How many symbols there are.
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// The symbol of `name`.
    pub fn get(&self, name: &str) -> Option<&CurrentSymbol> {
        self.symbols.get(name)
    }

    /// Every symbol, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &CurrentSymbol)> {
        self.symbols.iter()
    }

    /// The symbols whose names are in `range`.
    pub(crate) fn range<'a, R>(
        &'a self,
        range: R,
    ) -> std::collections::btree_map::Range<'a, String, CurrentSymbol>
    where
        R: std::ops::RangeBounds<str>,
    {
        self.symbols.range::<str, R>(range)
    }

    /// Records that the sources implement `impls` by hand for the item of symbol
    /// `name` (the CLI reads them from `impl` blocks; see
    /// [`Symbol::impls_in_source`]). Nothing happens when there is no such symbol.
    pub fn set_impls_in_source(&mut self, name: &str, impls: &BTreeSet<ProbedTrait>) {
        let Some(symbol) = self.symbols.get_mut(name) else {
            return;
        };
        symbol.impls_in_source.clone_from(impls);
        if let Some(Ok(typed)) = symbol.typed.get_mut() {
            typed.impls_in_source.clone_from(impls);
        }
    }

    /// Every symbol's shape, read.
    pub fn symbols(&self) -> Result<BTreeMap<String, Symbol>, Unreadable> {
        self.symbols
            .iter()
            .map(|(name, s)| Ok((name.clone(), s.symbol()?.clone())))
            .collect()
    }
}

const ITEM_HEAD: &str = r#"{"fragment":"item","item":"#;

/// True when a registered fragment text ([`Fragment::compact_text`]) is an item's,
/// not an `impl` block's or an implementor's.
pub fn is_item_text(fragment: &str) -> bool {
    fragment.starts_with(ITEM_HEAD)
}
const METHODS_HEAD: &str = r#"{"fragment":"methods","methods":"#;
const UNRESOLVED: &str = r#","unresolved":["#;
const PATH: &str = r#","path":""#;

/// The compact canonical text of the symbol that one item makes, alone or with the
/// methods of one `impl` block: from the item fragment's compact canonical text
/// (`{"fragment":"item","item":…}`), the module the item is in, the methods
/// fragment's text (`{"fragment":"methods","methods":…}`) and the probe's answer.
/// `None` when a text is not of that form, or both name unresolved names (they are
/// then read and merged instead). Keys are sorted: `implements`, `item`, `methods`,
/// `module`, `path`, `unresolved`.
pub fn item_symbol_text(
    fragment: &str,
    module: &str,
    methods: Option<&str>,
    implements: Option<u32>,
) -> Option<String> {
    let (item, mut unresolved) = split_tail(fragment, ITEM_HEAD)?;
    // `,"path":"…"` ends the item's object: a path holds no quote or escape.
    let (item, path) = match item.strip_suffix('"') {
        Some(before) => {
            let at = before.rfind(PATH)?;
            let path = &item[at..];
            if before[at + PATH.len()..].contains(['"', '\\']) {
                return None;
            }
            (&item[..at], path)
        }
        None => (item, ""),
    };
    if !(item.starts_with('{') && item.ends_with('}')) {
        return None;
    }
    let methods = match methods {
        Some(text) => {
            let (methods, more) = split_tail(text, METHODS_HEAD)?;
            // The methods alone: a block's `types` follow them in the fragment, but
            // follow `module` and `path` in the symbol, so that symbol is merged
            // instead. (Found by the `golden_mutations` fuzz target: the spliced text
            // read as the right symbol, but was not its canonical text.)
            if object_len(methods)? != methods.len() {
                return None;
            }
            if !more.is_empty() {
                if !unresolved.is_empty() {
                    return None;
                }
                unresolved = more;
            }
            Some(methods)
        }
        None => None,
    };
    let mut text =
        String::with_capacity(fragment.len() + module.len() + methods.map_or(0, str::len) + 32);
    text.push('{');
    if let Some(bits) = implements {
        text.push_str(r#""implements":"#);
        text.push_str(&canonical::to_compact_string(&ProbedTrait::from_bits(bits)));
        text.push(',');
    }
    text.push_str(r#""item":"#);
    text.push_str(item);
    if let Some(methods) = methods {
        text.push_str(r#","methods":"#);
        text.push_str(methods);
    }
    text.push_str(r#","module":"#);
    canonical::write_string(&mut text, module);
    text.push_str(path);
    text.push_str(unresolved);
    text.push('}');
    Some(text)
}

/// The length of the JSON object `text` starts with (compact JSON, as written by
/// [`canonical`]); `None` when it starts with none.
fn object_len(text: &str) -> Option<usize> {
    if !text.starts_with('{') {
        return None;
    }
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, b) in text.bytes().enumerate() {
        match b {
            _ if escaped => escaped = false,
            b'\\' if in_string => escaped = true,
            b'"' => in_string = !in_string,
            _ if in_string => {}
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// A fragment's text cut after `head`: the value that follows it (with a `path`
/// member after it, for an item), and what follows that (`,"unresolved":[…]`, or
/// nothing). `None` for any other text.
fn split_tail<'a>(fragment: &'a str, head: &str) -> Option<(&'a str, &'a str)> {
    let body = fragment.strip_prefix(head)?.strip_suffix('}')?;
    // Read from the end: `,"unresolved":[…]` holds names only (no bracket, brace or
    // escape).
    let tail_at = match body.strip_suffix(']') {
        Some(before) => {
            let at = before.rfind(UNRESOLVED)?;
            let names = &before[at + UNRESOLVED.len()..];
            if names.contains(['[', ']', '{', '}', '\\']) {
                return None;
            }
            at
        }
        None => body.len(),
    };
    let (value, tail) = body.split_at(tail_at);
    value.starts_with('{').then_some((value, tail))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{AliasShape, FnShape, ItemShape, Value, ValueItemShape, Visibility};
    use crate::ty::Type;

    /// An item and the `impl` block that pins its methods and a `pub type`: the
    /// symbol's text is its canonical text, `types` after `module`.
    #[test]
    fn an_impl_blocks_types_keep_the_symbol_text_canonical() {
        let item = Fragment::from(ItemShape::Const(ValueItemShape::new(
            Type::named("u8"),
            Value::Expr("1".to_owned()),
        )));
        let method = FnShape {
            vis: Visibility::Public,
            constness: false,
            asyncness: false,
            unsafety: false,
            hidden: false,
            target_features: Default::default(),
            export: None,
            abi: None,
            generics: Default::default(),
            impl_generics: Default::default(),
            receiver: None,
            params: Vec::new(),
            output: None,
        };
        let alias = AliasShape {
            vis: Visibility::Public,
            hidden: false,
            generics: Default::default(),
            target: Type::named("u16"),
        };
        for types in [BTreeMap::new(), BTreeMap::from([("Out".to_owned(), alias)])] {
            let methods = Fragment::Methods {
                methods: BTreeMap::from([("types".to_owned(), method.clone())]),
                consts: BTreeMap::new(),
                types,
                unresolved: Default::default(),
            };
            let texts = [item.compact_text().0, methods.compact_text().0];
            let registered: Vec<RegisteredText<'_>> = texts
                .iter()
                .map(|text| RegisteredText {
                    name: "S",
                    module: "crate::a",
                    fragment: text,
                    implements: None,
                })
                .collect();
            let current = Current::from_registrations(&registered).unwrap();
            let symbol = current.get("S").unwrap();
            let read = symbol.symbol().unwrap().clone();
            assert_eq!(symbol.text(), canonical::to_compact_string(&read));
            assert_eq!(read.methods.len(), 1);
        }
    }
}
