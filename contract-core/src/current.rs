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
use crate::probed::AutoCond;
use crate::shape::{Fragment, Symbol, TraitImpl};

/// The current shapes of a set, by symbol name.
///
/// A test run makes a set of thousands of symbols: their strings are written one
/// after another into one string, not each into its own allocation, and the
/// symbols are one vector sorted by name, not a map's nodes.
#[derive(Debug, Default)]
pub struct Current {
    /// Every symbol's name, compact canonical text and origin, one after another.
    texts: String,
    /// Sorted by name, each name once.
    slots: Vec<Slot>,
    /// The trait impls of the crate's types that the sources hold, by the module each
    /// is written in and its self type's name ([`Current::set_trait_impls`]).
    trait_impls: BTreeMap<(String, String), Vec<TraitImpl>>,
}

/// Where one symbol's strings are in [`Current::texts`], and its shape once read.
#[derive(Debug)]
struct Slot {
    /// Where the name starts.
    start: usize,
    /// Where the name ends and the compact canonical text starts.
    name_end: usize,
    /// Where the text ends and the origin starts: where the symbol was registered,
    /// for the message when its text does not read.
    text_end: usize,
    /// Where the origin ends.
    end: usize,
    /// Boxed: a symbol that is never read (most are not) costs a pointer, not a
    /// whole shape.
    typed: OnceLock<Result<Box<Symbol>, String>>,
    /// What the sources say beside the shape, set on it once read (never part of
    /// the text).
    facts: SourceFacts,
}

/// What the CLI reads in the sources beside a symbol's shape.
#[derive(Debug, Default)]
struct SourceFacts {
    /// [`Symbol::impls_in_source`].
    impls_in_source: BTreeSet<String>,
    /// [`Symbol::inert_features`].
    inert_features: BTreeSet<String>,
    /// [`Symbol::redundant_features`].
    redundant_features: BTreeSet<String>,
    /// [`Symbol::package_features`].
    package_features: BTreeSet<String>,
    /// [`Symbol::auto_traits_inferred`].
    auto_traits_inferred: bool,
}

impl SourceFacts {
    fn apply(&self, symbol: &mut Symbol) {
        symbol.impls_in_source.clone_from(&self.impls_in_source);
        symbol.inert_features.clone_from(&self.inert_features);
        symbol
            .redundant_features
            .clone_from(&self.redundant_features);
        symbol.package_features.clone_from(&self.package_features);
        symbol.auto_traits_inferred = self.auto_traits_inferred;
    }
}

impl Slot {
    /// Appends a symbol's name, text (written by `text`) and origin to `texts`.
    fn write(
        texts: &mut String,
        name: &str,
        text: impl FnOnce(&mut String),
        module: Option<&str>,
    ) -> Slot {
        let start = texts.len();
        texts.push_str(name);
        let name_end = texts.len();
        text(texts);
        let text_end = texts.len();
        push_origin(texts, module, name);
        Slot {
            start,
            name_end,
            text_end,
            end: texts.len(),
            typed: OnceLock::new(),
            facts: SourceFacts::default(),
        }
    }

    /// The slot of a symbol already read, its text written from it.
    fn typed(texts: &mut String, name: &str, symbol: Symbol, module: Option<&str>) -> Slot {
        let text = |texts: &mut String| texts.push_str(&canonical::to_compact_string(&symbol));
        let slot = Slot::write(texts, name, text, module);
        slot.typed.get_or_init(|| Ok(Box::new(symbol)));
        slot
    }
}

/// One current symbol: its name, its canonical text, and its shape once read.
#[derive(Clone, Copy, Debug)]
pub struct CurrentSymbol<'a> {
    texts: &'a str,
    slot: &'a Slot,
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

impl<'a> CurrentSymbol<'a> {
    /// The symbol's name.
    pub fn name(self) -> &'a str {
        &self.texts[self.slot.start..self.slot.name_end]
    }

    /// The symbol's compact canonical text.
    pub fn text(self) -> &'a str {
        &self.texts[self.slot.name_end..self.slot.text_end]
    }

    /// True when the symbol's text may hold a probe answer of `Serialize` or
    /// `Deserialize` with no serde derive: only then can
    /// [`crate::probe::wire_finding`] find anything, so only then is the symbol read.
    /// Known here, with the compact text it reads: both lists hold plain names (no
    /// bracket inside).
    pub fn may_be_serde_without_derive(self) -> bool {
        let text = self.text();
        let list = |key: &str| {
            text.find(key).map(|at| {
                let rest = &text[at + key.len()..];
                &rest[..rest.find(']').unwrap_or(rest.len())]
            })
        };
        let serde =
            |names: &str| names.contains("\"Serialize\"") || names.contains("\"Deserialize\"");
        list("\"implements\":[").is_some_and(serde) && !list("\"derives\":[").is_some_and(serde)
    }

    /// Where the symbol was registered: `module::name`, or the name alone.
    fn origin(self) -> &'a str {
        &self.texts[self.slot.text_end..self.slot.end]
    }

    /// The symbol's shape, read from its text the first time it is asked for.
    pub fn symbol(self) -> Result<&'a Symbol, Unreadable> {
        self.slot
            .typed
            .get_or_init(|| {
                let mut symbol: Box<Symbol> =
                    crate::json::from_str(self.text()).map_err(|e| e.to_string())?;
                self.slot.facts.apply(&mut symbol);
                Ok(symbol)
            })
            .as_deref()
            .map_err(|error| Unreadable {
                origin: self.origin().to_owned(),
                error: error.clone(),
            })
    }

    /// The module the symbol's item is in, when the symbol has one.
    pub fn module(self) -> Result<Option<&'a str>, Unreadable> {
        Ok(self.symbol()?.module.as_deref())
    }
}

/// Appends the origin of a registration: `module::name`, or `name` with no module.
fn push_origin(out: &mut String, module: Option<&str>, name: &str) {
    if let Some(module) = module {
        out.push_str(module);
        out.push_str("::");
    }
    out.push_str(name);
}

impl Current {
    /// Symbols already read (the CLI's, a test's).
    pub fn from_symbols(symbols: BTreeMap<String, Symbol>) -> Current {
        let mut texts = String::new();
        let slots = symbols
            .into_iter()
            .map(|(name, symbol)| Slot::typed(&mut texts, &name, symbol, None))
            .collect();
        Current {
            texts,
            slots,
            trait_impls: BTreeMap::new(),
        }
    }

    /// The set the harness's registrations make. A name registered by one item
    /// alone is spliced from its text; the others are read and merged. Texts that
    /// were not read here are read when a comparison needs them, and an unreadable
    /// one is reported then ([`CurrentSymbol::symbol`]).
    pub fn from_registrations(
        registrations: &[RegisteredText<'_>],
    ) -> Result<Current, CurrentError> {
        // By name, and each name's registrations in their order (a stable sort): the
        // groups a map of names to lists would make, with no list to allocate. Most
        // names differ in their first eight bytes, compared here without reading
        // the name.
        let mut sorted: Vec<(u64, &RegisteredText<'_>)> = registrations
            .iter()
            .map(|reg| (name_key(reg.name), reg))
            .collect();
        sorted.sort_by(|(a_key, a), (b_key, b)| a_key.cmp(b_key).then_with(|| a.name.cmp(b.name)));
        // What the probe answered for the item of each merged symbol.
        let mut probed: BTreeMap<&str, u32> = BTreeMap::new();
        // Room for every spliced symbol's strings (a symbol's text is its fragment's
        // less the fragment's head, with its module and the probe's answer), so
        // that they are written once each.
        let room: usize = registrations
            .iter()
            .map(|r| {
                let implements = r.implements.map_or(0, probed_len);
                2 * (r.name.len() + r.module.len()) + r.fragment.len() + implements + 32
            })
            .sum();
        let mut texts = String::with_capacity(room);
        // The spliced symbols, in name order.
        let mut slots = Vec::with_capacity(sorted.len());
        let mut merged = Vec::new();
        for group in sorted.chunk_by(|(a_key, a), (b_key, b)| a_key == b_key && a.name == b.name) {
            let first = group[0].1;
            let name = first.name;
            let spliceable = match group {
                [(_, one)] => Some((*one, None)),
                // An item and the one `impl` block that pins its methods.
                [(_, a), (_, b)] => {
                    let (item, methods) = if is_item_text(a.fragment) {
                        (a, b)
                    } else {
                        (b, a)
                    };
                    Some((*item, Some(methods.fragment)))
                }
                _ => None,
            };
            let splice = spliceable
                .and_then(|(item, methods)| Some((item, Splice::read(item.fragment, methods)?)));
            match splice {
                Some((item, splice)) => {
                    let text = |texts: &mut String| {
                        splice.write(texts, item.module, item.implements);
                    };
                    slots.push(Slot::write(&mut texts, name, text, Some(first.module)));
                }
                None => {
                    for (_, reg) in group {
                        let fragment: Fragment =
                            crate::json::from_str(reg.fragment).map_err(|e| {
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
        if !assembled.is_empty() {
            for (name, mut symbol) in assembled {
                if let Some(bits) = probed.get(name.as_str()) {
                    symbol.implements = Some(ProbedTrait::from_bits(*bits));
                }
                let module = symbol.module.clone();
                slots.push(Slot::typed(&mut texts, &name, symbol, module.as_deref()));
            }
            // Two runs sorted by name, merged (a name is spliced or merged, never
            // both: all its registrations go one way).
            let name = |slot: &Slot| &texts[slot.start..slot.name_end];
            slots.sort_by(|a, b| name(a).cmp(name(b)));
        }
        Ok(Current {
            texts,
            slots,
            trait_impls: BTreeMap::new(),
        })
    }

    fn symbol<'a>(&'a self, slot: &'a Slot) -> CurrentSymbol<'a> {
        CurrentSymbol {
            texts: &self.texts,
            slot,
        }
    }

    /// How many symbols there are.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The symbol of `name`.
    pub fn get(&self, name: &str) -> Option<CurrentSymbol<'_>> {
        let at = self.position(name)?;
        Some(self.symbol(&self.slots[at]))
    }

    /// Where the slot of `name` is in [`Current::slots`].
    fn position(&self, name: &str) -> Option<usize> {
        self.slots
            .binary_search_by(|slot| self.symbol(slot).name().cmp(name))
            .ok()
    }

    /// Every symbol, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, CurrentSymbol<'_>)> {
        self.slots.iter().map(|slot| {
            let symbol = self.symbol(slot);
            (symbol.name(), symbol)
        })
    }

    /// The symbols whose names are in `range`, in name order.
    pub(crate) fn range<R>(&self, range: R) -> impl Iterator<Item = CurrentSymbol<'_>> + Send
    where
        R: std::ops::RangeBounds<str>,
    {
        use std::ops::Bound;
        let at = |bound: Bound<&str>, past_equal: bool| match bound {
            Bound::Unbounded => None,
            Bound::Included(name) | Bound::Excluded(name) => {
                Some(self.slots.partition_point(|slot| {
                    let at = self.symbol(slot).name();
                    at < name || (past_equal && at == name)
                }))
            }
        };
        let start = at(
            range.start_bound(),
            matches!(range.start_bound(), Bound::Excluded(_)),
        )
        .unwrap_or(0);
        let end = at(
            range.end_bound(),
            matches!(range.end_bound(), Bound::Included(_)),
        )
        .unwrap_or(self.slots.len());
        self.slots[start..end.max(start)]
            .iter()
            .map(|slot| self.symbol(slot))
    }

    /// What the sources say the crate's types implement (the CLI reads it beside the
    /// shapes): each trait impl by the module it is written in and the name of its self
    /// type. A rule that asks what a named type promises reads them
    /// ([`Current::trait_impls_of`]).
    pub fn set_trait_impls(&mut self, impls: BTreeMap<(String, String), Vec<TraitImpl>>) {
        self.trait_impls = impls;
    }

    /// Every trait impl [`Current::set_trait_impls`] recorded.
    pub fn trait_impls(&self) -> &BTreeMap<(String, String), Vec<TraitImpl>> {
        &self.trait_impls
    }

    /// The trait impls of the type defined as `def` (`module::Name`): those written in
    /// its module or below it, else, when no impl is there, those of the one type of the
    /// crate by that name (a name imported from elsewhere reads as defined where it is
    /// written). Empty when the sources were not read.
    pub fn trait_impls_of(&self, def: &str) -> Vec<&TraitImpl> {
        let (module, name) = def.rsplit_once("::").unwrap_or(("", def));
        let below = |m: &str| {
            m.strip_prefix(module)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with("::"))
        };
        let named = || self.trait_impls.iter().filter(move |((_, n), _)| n == name);
        let here: Vec<&TraitImpl> = named()
            .filter(|((m, _), _)| below(m))
            .flat_map(|(_, v)| v)
            .collect();
        if !here.is_empty() {
            return here;
        }
        let mut modules = named().map(|((m, _), _)| m);
        match (modules.next(), modules.next()) {
            (Some(_), None) => named().flat_map(|(_, v)| v).collect(),
            _ => Vec::new(),
        }
    }

    /// Records that the sources implement `impls` by hand for the item of symbol
    /// `name` (the CLI reads them from `impl` blocks; see
    /// [`Symbol::impls_in_source`]). Nothing happens when there is no such symbol.
    pub fn set_impls_in_source(&mut self, name: &str, impls: &BTreeSet<String>) {
        self.set_facts(name, |f| f.impls_in_source.clone_from(impls));
    }

    /// Records the auto traits inferred for symbol `name` ([`Symbol::auto_traits`]):
    /// part of its shape (a golden stores them), so its text is written anew. Nothing
    /// happens when there is no such symbol, or it does not read (the verdict reports
    /// that).
    pub fn set_auto_traits(&mut self, name: &str, traits: BTreeMap<ProbedTrait, AutoCond>) {
        self.rewrite(name, |symbol| symbol.auto_traits = traits);
        // Inferred, whatever could be told: a trait left out is one that could not.
        self.set_facts(name, |f| f.auto_traits_inferred = true);
    }

    /// Records that symbol `name`, pinned at a public path, is defined in `module`
    /// ([`Symbol::defined_in`]): part of its shape, so its text is written anew.
    /// Nothing happens when there is no such symbol, or it does not read.
    pub fn set_defined_in(&mut self, name: &str, module: &str) {
        self.rewrite(name, |symbol| symbol.defined_in = Some(module.to_owned()));
    }

    /// Records that symbol `name`'s definition names it `own` ([`Symbol::defined_as`]).
    pub fn set_defined_as(&mut self, name: &str, own: &str) {
        self.rewrite(name, |symbol| symbol.defined_as = Some(own.to_owned()));
    }

    /// Records what parts of symbol `name` need of the package's features
    /// ([`Symbol::needs`]): part of its shape, so its text is written anew. A part
    /// already listed keeps its gate. Nothing happens when there is no such symbol,
    /// or it does not read.
    pub fn add_needs(&mut self, name: &str, needs: &[(crate::delta::Member, String)]) {
        self.rewrite(name, |symbol| {
            for (member, cfg) in needs {
                symbol.add_need(member.clone(), cfg.clone());
            }
        });
    }

    /// Records the auto traits told for symbol `name` without saying the others could
    /// not be: part of the type is under a `#[cfg]` the reader could not evaluate, so a
    /// trait left out is taken as the golden has it, as the undecided part is.
    pub fn set_some_auto_traits(&mut self, name: &str, traits: BTreeMap<ProbedTrait, AutoCond>) {
        self.rewrite(name, |symbol| symbol.auto_traits = traits);
    }

    /// Symbol `name` changed by `change`, its text written anew when that changed it.
    fn rewrite(&mut self, name: &str, change: impl FnOnce(&mut Symbol)) {
        let Some(at) = self.position(name) else {
            return;
        };
        let current = CurrentSymbol {
            texts: &self.texts,
            slot: &self.slots[at],
        };
        let Ok(symbol) = current.symbol() else {
            return;
        };
        let mut changed = symbol.clone();
        change(&mut changed);
        if changed == *symbol {
            return;
        }
        let origin = current.origin().to_owned();
        let module = origin
            .strip_suffix(name)
            .and_then(|m| m.strip_suffix("::"))
            .map(str::to_owned);
        let facts = std::mem::take(&mut self.slots[at].facts);
        let mut slot = Slot::typed(&mut self.texts, name, changed, module.as_deref());
        slot.facts = facts;
        self.slots[at] = slot;
    }

    /// Records, on the Cargo feature of symbol `name`, the package's features that
    /// gate no code ([`Symbol::inert_features`]) and those the default features make
    /// redundant ([`Symbol::redundant_features`]), and every feature it has
    /// ([`Symbol::package_features`]). Nothing happens when there is no such symbol.
    pub fn set_feature_facts(
        &mut self,
        name: &str,
        inert: &BTreeSet<String>,
        redundant: &BTreeSet<String>,
        features: &BTreeSet<String>,
    ) {
        self.set_facts(name, |f| {
            f.inert_features.clone_from(inert);
            f.redundant_features.clone_from(redundant);
            f.package_features.clone_from(features);
        });
    }

    /// Edits the source facts of symbol `name`, on its shape too if already read.
    fn set_facts(&mut self, name: &str, edit: impl FnOnce(&mut SourceFacts)) {
        let Some(at) = self.position(name) else {
            return;
        };
        let slot = &mut self.slots[at];
        edit(&mut slot.facts);
        if let Some(Ok(typed)) = slot.typed.get_mut() {
            slot.facts.apply(typed);
        }
    }

    /// Every symbol's shape, read.
    pub fn symbols(&self) -> Result<BTreeMap<String, Symbol>, Unreadable> {
        self.iter()
            .map(|(name, s)| Ok((name.to_owned(), s.symbol()?.clone())))
            .collect()
    }
}

/// The first eight bytes of `name`, zero-padded, big-endian. Where two names' keys
/// differ, the names compare as their keys do: the first differing byte decides, or
/// a shorter name's zero padding against a byte that is not zero.
fn name_key(name: &str) -> u64 {
    let mut key = [0u8; 8];
    let n = name.len().min(8);
    key[..n].copy_from_slice(&name.as_bytes()[..n]);
    u64::from_be_bytes(key)
}

use crate::canonical::keys::{
    FRAGMENT_PATH as PATH, FRAGMENT_UNRESOLVED as UNRESOLVED, ITEM_FRAGMENT_HEAD as ITEM_HEAD,
    METHODS_FRAGMENT_HEAD as METHODS_HEAD, SYMBOL_IMPLEMENTS, SYMBOL_ITEM, SYMBOL_METHODS,
    SYMBOL_MODULE,
};

/// True when a registered fragment text ([`Fragment::compact_text`]) is an item's,
/// not an `impl` block's or an implementor's.
pub fn is_item_text(fragment: &str) -> bool {
    fragment.starts_with(ITEM_HEAD)
}

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
    let splice = Splice::read(fragment, methods)?;
    let mut text = String::with_capacity(splice.len_hint(module, implements));
    splice.write(&mut text, module, implements);
    Some(text)
}

/// The parts of registered texts that a spliced symbol's text is made of.
struct Splice<'a> {
    /// The item's object.
    item: &'a str,
    /// The methods' object, from an `impl` block's fragment.
    methods: Option<&'a str>,
    /// `,"path":"…"`, or nothing.
    path: &'a str,
    /// `,"unresolved":[…]`, or nothing.
    unresolved: &'a str,
}

impl<'a> Splice<'a> {
    /// The parts of an item fragment's text and a methods fragment's text; `None`
    /// when a text is not of that form, or both name unresolved names.
    fn read(fragment: &'a str, methods: Option<&'a str>) -> Option<Splice<'a>> {
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
        Some(Splice {
            item,
            methods,
            path,
            unresolved,
        })
    }

    /// About how long the text is (exact unless the module needs escapes).
    fn len_hint(&self, module: &str, implements: Option<u32>) -> usize {
        let implements =
            implements.map_or(0, |bits| SYMBOL_IMPLEMENTS.len() + 1 + probed_len(bits));
        let methods = self.methods.map_or(0, |m| SYMBOL_METHODS.len() + m.len());
        // `{`, the item's key, the module's key and quotes, `}`.
        let fixed = 1 + SYMBOL_ITEM.len() + SYMBOL_MODULE.len() + 2 + 1;
        fixed
            + implements
            + self.item.len()
            + methods
            + module.len()
            + self.path.len()
            + self.unresolved.len()
    }

    /// Appends the symbol's text.
    fn write(&self, text: &mut String, module: &str, implements: Option<u32>) {
        text.push('{');
        if let Some(bits) = implements {
            text.push_str(SYMBOL_IMPLEMENTS);
            write_probed(text, bits);
            text.push(',');
        }
        text.push_str(SYMBOL_ITEM);
        text.push_str(self.item);
        if let Some(methods) = self.methods {
            text.push_str(SYMBOL_METHODS);
            text.push_str(methods);
        }
        text.push_str(SYMBOL_MODULE);
        canonical::write_string(text, module);
        text.push_str(self.path);
        text.push_str(self.unresolved);
        text.push('}');
    }
}

/// The compact canonical text of `ProbedTrait::from_bits(bits)`: the names of the
/// traits whose bits are set, in the set's order (the order of [`ProbedTrait::ALL`]),
/// written with no set made.
fn write_probed(out: &mut String, bits: u32) {
    out.push('[');
    let mut first = true;
    for t in ProbedTrait::ALL.iter().filter(|t| bits & t.bit() != 0) {
        if !first {
            out.push(',');
        }
        first = false;
        out.push('"');
        out.push_str(t.name());
        out.push('"');
    }
    out.push(']');
}

/// The length of what [`write_probed`] writes.
fn probed_len(bits: u32) -> usize {
    let names = ProbedTrait::ALL.iter().filter(|t| bits & t.bit() != 0);
    (names.map(|t| t.name().len() + 3).sum::<usize>() + 1).max("[]".len())
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

    /// The probe's answer is written as the set of its traits serialises, for every
    /// answer.
    #[test]
    fn probed_traits_are_written_as_their_set_serialises() {
        for bits in 0..1u32 << ProbedTrait::ALL.len() {
            let mut text = String::new();
            write_probed(&mut text, bits);
            assert_eq!(
                text,
                canonical::to_compact_string(&ProbedTrait::from_bits(bits))
            );
            assert_eq!(text.len(), probed_len(bits));
        }
    }

    /// An item and the `impl` block that pins its methods and a `pub type`: the
    /// symbol's text is its canonical text, `types` after `module`.
    #[test]
    fn an_impl_blocks_types_keep_the_symbol_text_canonical() {
        let item = Fragment::from(ItemShape::Const(ValueItemShape::new(
            Type::named("u8"),
            Value::Expr("1".to_owned()),
        )));
        let method = FnShape::bare();
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

    /// What the sources implement by hand reaches the shape, whether it was read
    /// before (a merged symbol) or after (a spliced one), and never its text.
    #[test]
    fn impls_in_source_reach_the_shape_read_before_or_after() {
        let item = Fragment::from(ItemShape::Const(ValueItemShape::new(
            Type::named("u8"),
            Value::Expr("1".to_owned()),
        )));
        let text = item.compact_text().0;
        let one = |name| RegisteredText {
            name,
            module: "crate::a",
            fragment: &text,
            implements: None,
        };
        // `B` is read before the impls are set, `A` after.
        let mut current = Current::from_registrations(&[one("A"), one("B")]).unwrap();
        let before = current.get("A").unwrap().text().to_owned();
        let _ = current.get("B").unwrap().symbol().unwrap();
        let impls = BTreeSet::from([ProbedTrait::ALL[0].name().to_owned()]);
        current.set_impls_in_source("A", &impls);
        current.set_impls_in_source("B", &impls);
        current.set_impls_in_source("missing", &impls);
        for name in ["A", "B"] {
            let symbol = current.get(name).unwrap();
            assert_eq!(symbol.symbol().unwrap().impls_in_source, impls, "{name}");
            assert_eq!(symbol.text(), before, "{name}");
        }
    }
}
