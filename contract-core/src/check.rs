//! The verdict of one set of one package against its golden, as a pure function of
//! the golden's bytes, the current symbols, the set's policy and the mode. The test harness and the CLI
//! both call [`evaluate`]; they only read the golden, write what it returns, and
//! print — so `cargo test` and `contract-pin check` cannot disagree.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::current::Current;
use crate::env::Mode;
use crate::golden::{self, CompareError, Golden, GoldenError, SetName};
use crate::health::{self, Health};
use crate::policy::legacy::{self, Migration};
use crate::{Delta, Policy, Symbol};

/// Where a set stands against its golden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Every shape matches.
    Match,
    /// Only additive deltas: the golden must be refreshed.
    Additive,
    /// At least one breaking delta.
    Breaking,
    /// No golden yet.
    Missing,
    /// Update mode rewrote the golden.
    Updated,
    /// The golden was written by another format version or edited by hand.
    Stale,
}

impl Status {
    /// Match and Updated pass; everything else fails.
    pub fn passed(self) -> bool {
        matches!(self, Status::Match | Status::Updated)
    }

    /// The name used in reports (`match`, `additive`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Match => "match",
            Status::Additive => "additive",
            Status::Breaking => "breaking",
            Status::Missing => "missing",
            Status::Updated => "updated",
            Status::Stale => "stale",
        }
    }
}

/// The result of checking one set of one package.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    /// The set.
    pub set: String,
    /// The package.
    pub package: String,
    /// The golden, relative to the workspace root.
    pub golden: String,
    /// Where it stands.
    pub status: Status,
    /// Every delta, sorted by symbol and kind.
    pub deltas: Vec<Delta>,
    /// What happened, as data: what [`crate::message::outcome`] words for each front
    /// end.
    #[serde(skip)]
    pub situation: Situation,
    /// For messages: the module of each symbol with a delta (a symbol gone from the
    /// current shapes by the module its golden recorded).
    #[serde(skip)]
    pub modules: BTreeMap<String, String>,
    /// An update was asked for under CI (by this variable) and refused: only compared.
    #[serde(skip)]
    pub refused_update: Option<String>,
    /// What to tell the user (empty on a match): empty as [`evaluate`] returns it, and
    /// worded by the front end that shows it ([`crate::message::word`]).
    #[serde(skip)]
    pub message: String,
    /// The golden's health as found, before anything was written (DESIGN §6).
    #[serde(skip)]
    pub health: Health,
}

/// What a verdict is about, beyond its status and deltas: each front end words it
/// through [`crate::message`], so a sentence exists once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Situation {
    /// Every shape matches, or an update found nothing to write.
    Match,
    /// Only additive deltas: the golden must follow.
    Additive,
    /// At least one breaking delta (additive ones may be alongside).
    Breaking,
    /// No golden yet.
    Missing,
    /// Update mode wrote the first golden, of this many symbols.
    Created {
        /// How many symbols it holds.
        symbols: usize,
    },
    /// Update mode rewrote the golden, accepting the outcome's deltas.
    Updated {
        /// Symbols whose hand-edited shapes were overwritten (the deltas are measured
        /// against the hand edits).
        hand_edited: Vec<String>,
    },
    /// Update mode rewrote a golden that was stale for `reason`.
    RewroteStale {
        /// Why it was stale.
        reason: GoldenError,
        /// A legacy policy block dropped, so the set follows the policy file now
        /// (`None`: there was none, or it said what the file says).
        migration: Option<legacy::Dropped>,
    },
    /// Another format version, or a legacy policy block: nothing is compared.
    Stale {
        /// Why.
        reason: GoldenError,
    },
    /// Stored shapes no longer match their fingerprints: nothing is trusted.
    HandEdited {
        /// The edited symbols.
        symbols: Vec<String>,
        /// The golden's line of the first of them.
        line: usize,
    },
}

/// A check that could not run: no verdict is given and nothing is written. Each
/// front end words it through [`crate::message::check_error`] (its `Display`, in
/// [`crate::message`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// A registered shape does not read (a registration of another contract-pin).
    Registration(crate::current::Unreadable),
    /// The golden cannot be read.
    Corrupt(Box<Corrupt>),
    /// The golden pins another set or package than the one it is the golden of.
    Foreign(Box<Foreign>),
    /// The golden holds a legacy `policy` block the policy file does not give the
    /// set: nothing is written until it is moved.
    LegacyPolicy(Box<legacy::Kept>),
    /// A front end's own refusal, before any golden is compared.
    Refused(Refusal),
}

/// Why a front end (the harness, a public-API set's scan) gives no verdict: what it
/// found, as data; [`crate::message::refusal`] words it. Where a lower layer (the
/// policy file's reader, the registry, the store, the scan) already words what it
/// found, the variant names that layer and carries its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The set's name is not a set name.
    InvalidSetName {
        /// As given.
        set: String,
    },
    /// The package's name cannot be part of a golden's path.
    InvalidPackageName {
        /// As given.
        package: String,
    },
    /// A variable that chooses the mode has a value that is not understood.
    Variable(crate::env::EnvError),
    /// The policy file does not read (its reader's error, with the file and line).
    PolicyFile(String),
    /// Two sets would be updated by one variable (`a-b` and `a_b`); worded by the policy
    /// file's owner, which knows where each set is configured.
    UpdateVariableClash(String),
    /// A set of the package named like `set`, with no golden, no test and no table of
    /// its own: a typo in a contract attribute.
    SetLikeATypo {
        /// The set named like a typo.
        typo: String,
        /// The package.
        package: String,
        /// The set it is named like, the one checked.
        set: String,
    },
    /// No registration of the set in this test binary.
    NoRegistrations {
        /// The set.
        set: String,
        /// The package.
        package: String,
    },
    /// The set's registrations conflict (the registry's words).
    Registrations(String),
    /// What the compiler says of a pinned type and what its shape records disagree
    /// (each of the wire probe's findings).
    Probe(Vec<String>),
    /// Two test binaries of the package check the golden with different registrations.
    BinariesDisagree(Box<Disagreement>),
    /// The golden cannot be read from disk.
    Unreadable {
        /// The golden as users read it.
        golden: String,
        /// What the file system said.
        error: String,
    },
    /// The golden's store (its lock, read and atomic replace) failed (the store's words).
    Store(String),
    /// The package's sources cannot be read for a public-API set (the scan's words).
    Scan(String),
    /// The package's sources hold errors the compiler would reject too, each
    /// `file:line:col: what`.
    SourceErrors(Vec<String>),
    /// A public-API set of a package with no library target.
    PublicApiWithoutLibrary {
        /// The set.
        set: String,
        /// The package.
        package: String,
    },
    /// The thread a public-API set's scan runs on could not start.
    Thread(String),
}

/// Two test binaries that check one golden with different registrations
/// ([`Refusal::BinariesDisagree`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The set.
    pub set: String,
    /// The package.
    pub package: String,
    /// The golden as users read it.
    pub golden: String,
    /// This binary's registrations.
    pub this: Binary,
    /// The other's.
    pub other: Binary,
}

/// One test binary's registrations of a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binary {
    /// The binary's name.
    pub name: String,
    /// Where its `assert_golden!` is (`src/lib.rs:12:9`), when known.
    pub caller: Option<String>,
    /// Each symbol it registers, with a digest of its shape.
    pub symbols: BTreeMap<String, String>,
}

/// A golden that cannot be read ([`CheckError::Corrupt`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Corrupt {
    /// The golden as users read it.
    pub golden: String,
    /// What is wrong, with its line.
    pub error: GoldenError,
    /// The set.
    pub set: String,
    /// The package.
    pub package: String,
}

/// A golden of another set or package ([`CheckError::Foreign`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Foreign {
    /// The golden as users read it.
    pub golden: String,
    /// The line of the key that differs.
    pub line: usize,
    /// The set and package it pins.
    pub pins: (String, String),
    /// The set and package it is the golden of.
    pub expected: (String, String),
}

impl std::error::Error for CheckError {}

impl From<Refusal> for CheckError {
    fn from(refusal: Refusal) -> CheckError {
        CheckError::Refused(refusal)
    }
}

/// What [`evaluate`] decided.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// The verdict.
    pub outcome: Outcome,
    /// The golden to write (atomically) before reporting the outcome; `Some` only in
    /// update mode, and only when its text differs from the file on disk.
    pub write: Option<Golden>,
}

/// One set of one package to evaluate.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The set, validated once by the front end that names it.
    pub set: &'a SetName,
    /// The package.
    pub package: &'a str,
    /// The golden path as users read it (relative to the workspace root).
    pub golden: &'a str,
    /// Compare or update (see [`crate::env::mode`]).
    pub mode: &'a Mode,
    /// The golden's bytes, `None` when there is no file.
    pub existing: Option<&'a [u8]>,
    /// Where the parse of `existing` is kept, when the front end shares it (its
    /// respelling or its printer reads the golden too): parsed here only if the
    /// verdict needs it, and then once for both. `None`: kept here alone.
    pub parsed: Option<&'a golden::Parse>,
    /// The current shapes, by symbol name.
    pub current: &'a Current,
    /// The set's policy, from the policy file.
    pub policy: &'a Policy,
    /// The policy file as users read it (`contract-pin.toml`), for messages.
    pub policy_file: &'a str,
    /// For messages: the module of each symbol. Defaults to each shape's module;
    /// the harness also knows the module of methods-only symbols (their `impl`).
    pub modules: Option<&'a BTreeMap<String, String>>,
    /// What the golden written in update mode records of other crates' paths
    /// ([`Golden::dependency_paths`]); `None` from a front end that reads no
    /// dependency, which keeps the golden's.
    pub dependency_paths: Option<&'a BTreeMap<String, String>>,
    /// The package's dependencies, each (by the name it calls it) as its package and
    /// semver-compatible series (`digest` -> `digest 0.10`; see
    /// [`crate::dependencies`]): a golden written in update mode records those its
    /// shapes name ([`Golden::dependency_versions`]); a comparison reads a recorded
    /// one now of another series as `public_dependency_changed`. `None` from a front
    /// end that reads no manifest, which keeps the golden's and compares none.
    pub dependency_versions: Option<&'a BTreeMap<String, String>>,
}

/// The verdict of `request`, as data: status, deltas, the situation and, in update
/// mode, the golden to write. Never writes anything itself, and words nothing: each
/// front end words the outcome for itself ([`crate::message::word`]).
pub fn evaluate(request: Request<'_>) -> Result<Evaluation, CheckError> {
    let Request {
        set,
        package,
        golden: shown,
        mode,
        existing,
        current,
        policy,
        policy_file,
        modules,
        dependency_paths,
        dependency_versions,
        parsed,
    } = request;
    let set = set.as_str();
    let kept_here = golden::Parse::new();
    let read = existing.map(|bytes| golden::Read::new(bytes, parsed.unwrap_or(&kept_here)));
    // The stored shapes, when a delta's module or an update's merge needs them.
    let stored = || {
        read.and_then(|r| r.parsed().ok())
            .map(Golden::shapes)
            .unwrap_or_default()
    };
    // What a golden written now records of the dependencies its shapes name.
    let recorded_versions = |symbols: &BTreeMap<String, Symbol>,
                             previous: &BTreeMap<String, String>| {
        dependency_versions
            .map(|now| crate::dependencies::recorded(symbols, now, previous))
            .unwrap_or_default()
    };
    let refused_update = match mode {
        Mode::UpdateRefusedInCi { variable } => Some(variable.clone()),
        _ => None,
    };
    // Every stored shape is read, or found to be the current one's canonical text,
    // so a corrupt golden is an error here, in every mode, before anything is written.
    let compared = match read.map(|golden| golden::compare_read(golden, current, policy)) {
        // What was registered does not read: no verdict can be given.
        Some(Err(CompareError::Current(e))) => return Err(CheckError::Registration(e)),
        Some(Err(CompareError::Golden(e))) => Some(Err(e)),
        Some(Ok(comparison)) => Some(Ok(comparison)),
        None => None,
    };
    // Written in update mode: every current shape, read.
    let typed = || current.symbols().map_err(CheckError::Registration);
    let health = match &compared {
        None => Health::Missing,
        Some(Ok(comparison)) => health::of_readable(&comparison.tampered, true),
        Some(Err(e)) => health::of_error(e),
    };
    // Messages name the module of a symbol only when it has a delta: the map is
    // filled once the deltas are known (a large set that matches needs none).
    let mut delta_modules = BTreeMap::new();
    let done = |situation: Situation,
                deltas: Vec<Delta>,
                write: Option<Golden>,
                modules: BTreeMap<String, String>| {
        let status = situation.status();
        let outcome = Outcome {
            set: set.to_owned(),
            package: package.to_owned(),
            golden: shown.to_owned(),
            status,
            deltas,
            situation,
            modules,
            refused_update: refused_update.clone(),
            message: String::new(),
            health: health.clone(),
        };
        Ok(Evaluation { outcome, write })
    };

    let (Some(bytes), Some(compared)) = (existing, compared) else {
        if mode.writes() {
            let symbols = typed()?;
            let golden = Golden::new(set, package, &symbols)
                .with_dependency_paths(dependency_paths.cloned().unwrap_or_default())
                .with_dependency_versions(recorded_versions(&symbols, &BTreeMap::new()));
            let created = Situation::Created {
                symbols: current.len(),
            };
            return done(created, Vec::new(), Some(golden), delta_modules);
        }
        return done(Situation::Missing, Vec::new(), None, delta_modules);
    };
    let golden::Comparison {
        header: golden,
        mut deltas,
        tampered,
    } = match compared {
        Ok(comparison) => comparison,
        Err(e) if e.is_stale() => {
            if mode.writes() {
                // A policy block (older versions kept the policy in the golden) is
                // never dropped unseen: it must be in the policy file already.
                let migration = match legacy::read(bytes) {
                    None => None,
                    Some(block) => match legacy::migrate(&block, set, policy, shown, policy_file) {
                        Migration::Rewrite { dropped } => dropped,
                        Migration::Refuse(kept) => {
                            return Err(CheckError::LegacyPolicy(Box::new(kept)))
                        }
                    },
                };
                let symbols = typed()?;
                let golden = Golden::new(set, package, &symbols)
                    .with_dependency_paths(dependency_paths.cloned().unwrap_or_default())
                    .with_dependency_versions(recorded_versions(&symbols, &BTreeMap::new()));
                let rewrote = Situation::RewroteStale {
                    reason: e,
                    migration,
                };
                return done(rewrote, Vec::new(), Some(golden), delta_modules);
            }
            return done(
                Situation::Stale { reason: e },
                Vec::new(),
                None,
                delta_modules,
            );
        }
        Err(error) => {
            return Err(CheckError::Corrupt(Box::new(Corrupt {
                golden: shown.to_owned(),
                error,
                set: set.to_owned(),
                package: package.to_owned(),
            })))
        }
    };
    if let Some(error) = foreign((&golden.set, &golden.package), set, package, bytes, shown) {
        return Err(error);
    }
    // A dependency the golden's shapes name, now another series or package: one
    // delta for every path into it (a front end that reads no manifest compares none).
    if let Some(now) = dependency_versions {
        let changed = crate::dependencies::compare(&golden.dependency_versions, now);
        if !changed.is_empty() {
            deltas.extend(changed.into_iter().map(|d| policy.apply(d)));
            crate::diff::sort(&mut deltas);
        }
    }
    // A symbol gone from the current shapes is named by the module the golden
    // recorded, as every other symbol is by its own (`Symbol: a::b::Name`).
    let mut recorded: Option<BTreeMap<String, Symbol>> = None;
    for delta in &deltas {
        let module = match modules {
            Some(modules) => modules.get(&delta.symbol).cloned(),
            None => current
                .get(&delta.symbol)
                .and_then(|s| s.module().ok().flatten())
                .map(str::to_owned),
        }
        .or_else(|| {
            if current.get(&delta.symbol).is_some() {
                return None;
            }
            recorded
                .get_or_insert_with(stored)
                .get(&delta.symbol)?
                .module
                .clone()
        });
        if let Some(module) = module {
            delta_modules.insert(delta.symbol.clone(), module);
        }
    }

    if mode.writes() {
        // What a compiled run observed and this one did not (the CLI reads sources
        // only) is kept, not dropped.
        let old = stored();
        let merged = crate::accept::merge(&old, typed()?, crate::accept::Accept::Everything);
        // The golden's records, and the front end's over them; only those of paths the
        // golden still names (a symbol respelled into the golden's spelling keeps a
        // path of a dependency since dropped, and its record).
        let mut paths = golden.dependency_paths.clone();
        paths.extend(
            dependency_paths
                .into_iter()
                .flatten()
                .map(|(k, v)| (k.clone(), v.clone())),
        );
        let updated = Golden::new(set, package, &merged);
        if !paths.is_empty() {
            let text = updated.render();
            paths.retain(|path, _| text.contains(path.as_str()));
        }
        // The versions of the dependencies the shapes name now, from a front end that
        // reads the manifest; else the golden's.
        let versions = match dependency_versions {
            Some(_) => recorded_versions(&merged, &golden.dependency_versions),
            None => golden.dependency_versions.clone(),
        };
        let updated = updated
            .with_dependency_paths(paths)
            .with_dependency_versions(versions);
        if updated.render().as_bytes() == bytes {
            return done(Situation::Match, deltas, None, delta_modules);
        }
        // Whether anything was hand-edited is the list's, not its text's, to say: a
        // symbol may be named `""` (found by the `golden_mutations` fuzz target).
        let situation = Situation::Updated {
            hand_edited: tampered,
        };
        return done(situation, deltas, Some(updated), delta_modules);
    }

    let situation = judged(&deltas, tampered, bytes);
    done(situation, deltas, None, delta_modules)
}

/// What a comparison in compare mode found, for a set and for one item alike: a golden
/// whose stored shapes no longer match their fingerprints (`tampered`) is hand-edited
/// and nothing is held to it; otherwise any breaking delta is a break, any delta an
/// addition.
fn judged(deltas: &[Delta], tampered: Vec<String>, bytes: &[u8]) -> Situation {
    if let Some(first) = tampered.first() {
        let text = String::from_utf8_lossy(bytes);
        let line = golden::key_line(&text, first).unwrap_or(1);
        return Situation::HandEdited {
            symbols: tampered,
            line,
        };
    }
    if deltas.iter().any(Delta::is_breaking) {
        Situation::Breaking
    } else if !deltas.is_empty() {
        Situation::Additive
    } else {
        Situation::Match
    }
}

impl Situation {
    /// The status a situation reports.
    pub fn status(&self) -> Status {
        match self {
            Situation::Match => Status::Match,
            Situation::Additive => Status::Additive,
            Situation::Breaking => Status::Breaking,
            Situation::Missing => Status::Missing,
            Situation::Created { .. }
            | Situation::Updated { .. }
            | Situation::RewroteStale { .. } => Status::Updated,
            Situation::Stale { .. } | Situation::HandEdited { .. } => Status::Stale,
        }
    }
}

/// A golden that does not pin `set` of `package` (copied from another): the error.
fn foreign(
    header: (&str, &str),
    set: &str,
    package: &str,
    bytes: &[u8],
    shown: &str,
) -> Option<CheckError> {
    if header == (set, package) {
        return None;
    }
    let text = String::from_utf8_lossy(bytes);
    let line = golden::key_line(&text, if header.0 != set { "set" } else { "package" });
    Some(CheckError::Foreign(Box::new(Foreign {
        golden: shown.to_owned(),
        line: line.unwrap_or(1),
        pins: (header.0.to_owned(), header.1.to_owned()),
        expected: (set.to_owned(), package.to_owned()),
    })))
}

/// One pinned item to hold to its golden entry while it compiles (the macro's check).
#[derive(Clone, Copy)]
pub struct ItemRequest<'a> {
    /// The set.
    pub set: &'a str,
    /// The package.
    pub package: &'a str,
    /// The golden path as users read it.
    pub golden: &'a str,
    /// The golden's bytes.
    pub bytes: &'a [u8],
    /// The golden as [`golden::parse`] read `bytes` (the caller keeps it between items).
    pub parsed: Result<&'a Golden, &'a GoldenError>,
    /// The symbols whose stored shapes no longer match their fingerprints
    /// ([`Golden::integrity_mismatches`], kept with the parsed golden).
    pub tampered: &'a [String],
    /// The item's symbol name.
    pub name: &'a str,
    /// What the item's attribute sees of it.
    pub fragment: &'a crate::Fragment,
    /// The set's policy.
    pub policy: &'a Policy,
    /// The crate's traits as its sources define them now, when the caller read them
    /// (a bound implied through a trait new in this release); else the golden's.
    pub current_types: Option<&'a dyn crate::variance::Types>,
}

/// The verdict on one item ([`evaluate_item`]).
#[derive(Clone, Debug)]
pub struct ItemVerdict {
    /// What it found: [`Situation::Match`], `Additive`, `Breaking`, `HandEdited` or
    /// `Stale`.
    pub situation: Situation,
    /// The item's deltas that the item alone decides, sorted as a set's are.
    pub deltas: Vec<Delta>,
    /// Its deltas that rest on what one item cannot see: judged by the set's check,
    /// and not part of `situation`.
    pub left_to_the_set: Vec<Delta>,
}

/// The verdict on one item against its entry in a golden, by the rules [`evaluate`]
/// gives a set: the same comparison of a symbol's two shapes, the same judgement of
/// its deltas and of a golden edited by hand, stale, unreadable or of another set. Only
/// what one item cannot see is left to the set's check (`cargo test`, `contract-pin
/// check`): its removal, the compiler's facts about the type, and a wire verdict that
/// rests only on wire forms the item does not hold. `Situation::Match` when the golden
/// has no entry of that name (a new item).
pub fn evaluate_item(request: ItemRequest<'_>) -> Result<ItemVerdict, CheckError> {
    let ItemRequest {
        set,
        package,
        golden: shown,
        bytes,
        parsed,
        tampered,
        name,
        fragment,
        policy,
        current_types,
    } = request;
    let verdict = |situation: Situation, deltas: Vec<Delta>, left_to_the_set: Vec<Delta>| {
        Ok(ItemVerdict {
            situation,
            deltas,
            left_to_the_set,
        })
    };
    let golden = match parsed {
        Ok(golden) => golden,
        Err(e) if e.is_stale() => {
            let stale = Situation::Stale { reason: e.clone() };
            return verdict(stale, Vec::new(), Vec::new());
        }
        Err(e) => {
            return Err(CheckError::Corrupt(Box::new(Corrupt {
                golden: shown.to_owned(),
                error: e.clone(),
                set: set.to_owned(),
                package: package.to_owned(),
            })))
        }
    };
    if let Some(error) = foreign((&golden.set, &golden.package), set, package, bytes, shown) {
        return Err(error);
    }
    if !tampered.is_empty() {
        return verdict(
            judged(&[], tampered.to_vec(), bytes),
            Vec::new(),
            Vec::new(),
        );
    }
    let Some(entry) = golden.symbols.get(name) else {
        return verdict(Situation::Match, Vec::new(), Vec::new());
    };
    let types: &dyn crate::variance::Types = golden;
    let mut deltas = crate::diff::diff_fragment_between(
        name,
        &entry.shape,
        fragment,
        policy,
        types,
        current_types.unwrap_or(types),
    );
    crate::diff::sort(&mut deltas);
    let (left, deltas): (Vec<Delta>, Vec<Delta>) =
        deltas.into_iter().partition(rests_on_unread_wire_forms);
    verdict(judged(&deltas, Vec::new(), bytes), deltas, left)
}

/// A wire verdict that rests only on wire forms one item cannot read (another crate's
/// type, a hand-written impl, a type of the crate the item's sources do not show): the
/// set's check judges it with every pinned type of the set. (The crate's serde types
/// are followed through its sources: a field that becomes `Vec<TargetKind>`, whose
/// unit variants are written as the old strings, is no wire break for one item either.)
fn rests_on_unread_wire_forms(delta: &Delta) -> bool {
    use crate::delta::{Note, PayloadBreak, PayloadFailure};
    let opaque = |b: &Option<Box<PayloadBreak>>| {
        b.as_ref()
            .is_none_or(|b| matches!(b.failure, PayloadFailure::Opaque { .. }))
    };
    matches!(&delta.note, Note::Payloads { backward, forward } if opaque(backward) && opaque(forward))
}

/// The report of DESIGN §2: `{"set", "package", "golden", "status", "deltas": [...]}`,
/// canonical JSON.
pub fn report_json(outcome: &Outcome) -> String {
    crate::canonical::to_canonical_string(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::golden::FORMAT_VERSION;
    use crate::message::Front;
    use crate::shape::{ItemShape, Symbol, Value, ValueItemShape};

    fn konst(value: &str) -> BTreeMap<String, Symbol> {
        let symbol = Symbol {
            module: Some("p".to_owned()),
            item: Some(ItemShape::Const(ValueItemShape::new(
                crate::ty::Type::named("u32"),
                Value::Expr(value.to_owned()),
            ))),
            ..Symbol::default()
        };
        BTreeMap::from([("MAX".to_owned(), symbol)])
    }

    fn run(mode: &Mode, existing: Option<&[u8]>, current: &BTreeMap<String, Symbol>) -> Evaluation {
        run_under(mode, existing, current, &Policy::default()).unwrap()
    }

    fn run_under(
        mode: &Mode,
        existing: Option<&[u8]>,
        current: &BTreeMap<String, Symbol>,
        policy: &Policy,
    ) -> Result<Evaluation, CheckError> {
        evaluate(Request {
            set: &SetName::parse("s").unwrap(),
            package: "p",
            golden: "golden/s-contract/p.json",
            mode,
            existing,
            current: &Current::from_symbols(current.clone()),
            policy,
            policy_file: "contract-pin.toml",
            modules: None,
            dependency_paths: None,
            dependency_versions: None,
            parsed: None,
        })
        // Worded as the harness words it.
        .map(|mut evaluation| {
            let file = "contract-pin.toml";
            crate::message::word(&mut evaluation.outcome, Front::Test, policy, file);
            evaluation
        })
    }

    #[test]
    fn missing_then_created_then_match_then_breaking() {
        let current = konst("3");
        let missing = run(&Mode::Compare, None, &current);
        assert_eq!(missing.outcome.status, Status::Missing);
        assert!(missing.write.is_none());
        let created = run(&Mode::Update, None, &current);
        assert_eq!(created.outcome.status, Status::Updated);
        let text = created.write.unwrap().render();
        let same = run(&Mode::Compare, Some(text.as_bytes()), &current);
        assert_eq!(same.outcome.status, Status::Match);
        let unchanged = run(&Mode::Update, Some(text.as_bytes()), &current);
        assert!(unchanged.write.is_none(), "nothing to rewrite");
        let broken = run(&Mode::Compare, Some(text.as_bytes()), &konst("4"));
        assert_eq!(broken.outcome.status, Status::Breaking);
        assert!(broken.write.is_none(), "compare mode never writes");
        let json = report_json(&broken.outcome);
        assert!(json.contains("\"status\": \"breaking\""), "{json}");
        assert!(json.contains("\"symbol\": \"MAX\""), "{json}");
    }

    #[test]
    fn a_hand_edited_symbol_named_nothing_is_still_hand_edited() {
        let current = BTreeMap::from([(String::new(), konst("3")["MAX"].clone())]);
        let text = Golden::new("s", "p", &current).render();
        let edited = text.replace("\"3\"", "\"4\"");
        assert_ne!(edited, text);
        let fourth = BTreeMap::from([(String::new(), konst("4")["MAX"].clone())]);
        let outcome = run(&Mode::Compare, Some(edited.as_bytes()), &fourth).outcome;
        assert_eq!(outcome.status, Status::Stale, "{}", outcome.message);
    }

    #[test]
    fn an_update_from_sources_keeps_what_the_compiler_observed() {
        use crate::probe::ProbedTrait;
        let mut observed = konst("3");
        observed.get_mut("MAX").unwrap().implements = Some([ProbedTrait::Send].into());
        let text = run(&Mode::Update, None, &observed).write.unwrap().render();
        // The same shape read from sources: nothing observed, nothing to rewrite.
        let from_sources = konst("3");
        let same = run(&Mode::Compare, Some(text.as_bytes()), &from_sources);
        assert_eq!(same.outcome.status, Status::Match);
        assert!(run(&Mode::Update, Some(text.as_bytes()), &from_sources)
            .write
            .is_none());
        // Another value: rewritten, the observed facts kept.
        let changed = run(&Mode::Update, Some(text.as_bytes()), &konst("4"));
        let written = changed.write.unwrap().render();
        assert!(
            written.contains("\"implements\"") && written.contains("\"Send\""),
            "{written}"
        );
    }

    #[test]
    fn under_ci_an_ignored_update_is_never_advised_here() {
        let ci = Mode::UpdateRefusedInCi {
            variable: "S_CONTRACT_UPDATE_GOLDEN".to_owned(),
        };
        let text = Golden::new("s", "p", &konst("3")).render();
        let old = text.replace(
            &format!("\"format_version\": {FORMAT_VERSION}"),
            "\"format_version\": 0",
        );
        let edited = text.replace("\"3\"", "\"4\"");
        for (golden, current) in [
            (None, konst("3")),
            (Some(old.as_str()), konst("3")),
            (Some(edited.as_str()), konst("4")),
            (Some(text.as_str()), konst("4")),
        ] {
            let outcome = run(&ci, golden.map(str::as_bytes), &current).outcome;
            let message = &outcome.message;
            assert!(message.contains("is IGNORED"), "{message}");
            assert!(
                message.contains(
                    "`S_CONTRACT_UPDATE_GOLDEN=1 cargo test -p p` on your machine (CI only \
                     compares goldens)"
                ),
                "{:?}: {message}",
                outcome.status
            );
            let compare = run(&Mode::Compare, golden.map(str::as_bytes), &current).outcome;
            assert!(
                !compare.message.contains("on your machine"),
                "{}",
                compare.message
            );
        }
    }

    #[test]
    fn stale_and_corrupt_goldens() {
        let current = konst("3");
        let text = Golden::new("s", "p", &current).render();
        let old = text.replace(
            &format!("\"format_version\": {FORMAT_VERSION}"),
            "\"format_version\": 0",
        );
        let stale = run(&Mode::Compare, Some(old.as_bytes()), &current);
        assert_eq!(stale.outcome.status, Status::Stale);
        let rewritten = run(&Mode::Update, Some(old.as_bytes()), &current);
        assert_eq!(rewritten.write.unwrap().render(), text);
        let err = evaluate(Request {
            set: &SetName::parse("s").unwrap(),
            package: "p",
            golden: "g.json",
            mode: &Mode::Compare,
            existing: Some(b"{\n<<<<<<< HEAD\n"),
            current: &Current::from_symbols(current),
            policy: &Policy::default(),
            policy_file: "contract-pin.toml",
            modules: None,
            dependency_paths: None,
            dependency_versions: None,
            parsed: None,
        })
        .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("g.json:2: merge-conflict marker"),
            "{err}"
        );
    }

    /// [`evaluate_item`] on the item `MAX` of `current` against the golden `text`.
    fn item(
        text: &str,
        set: &str,
        current: &BTreeMap<String, Symbol>,
    ) -> Result<ItemVerdict, CheckError> {
        let parsed = golden::parse(text.as_bytes());
        let tampered: Vec<String> = match &parsed {
            Ok(g) => g
                .integrity_mismatches()
                .into_iter()
                .map(str::to_owned)
                .collect(),
            Err(_) => Vec::new(),
        };
        let symbol = &current["MAX"];
        let fragment = crate::Fragment::Item {
            item: symbol.item.clone().unwrap(),
            unresolved: Default::default(),
            path: None,
        };
        evaluate_item(ItemRequest {
            set,
            package: "p",
            golden: "g.json",
            bytes: text.as_bytes(),
            parsed: parsed.as_ref(),
            tampered: &tampered,
            name: "MAX",
            fragment: &fragment,
            policy: &Policy::default(),
            current_types: None,
        })
    }

    #[test]
    fn one_item_is_judged_as_its_set_is() {
        let golden = Golden::new("s", "p", &konst("3")).render();
        // Each situation the set's evaluation reaches in compare mode, for one item too.
        for (value, situation) in [("3", Situation::Match), ("4", Situation::Breaking)] {
            let current = konst(value);
            let set = run(&Mode::Compare, Some(golden.as_bytes()), &current).outcome;
            let one = item(&golden, "s", &current).unwrap();
            assert_eq!(one.situation, situation);
            assert_eq!(set.situation, situation);
            assert_eq!(one.deltas, set.deltas, "the same deltas, in the same order");
            assert_eq!(one.situation.status(), set.status);
        }
        // Edited by hand: nothing is held to it.
        let edited = golden.replace("\"3\"", "\"5\"");
        let one = item(&edited, "s", &konst("4")).unwrap();
        assert!(
            matches!(&one.situation, Situation::HandEdited { symbols, line } if symbols == &["MAX"] && *line > 1),
            "{:?}",
            one.situation
        );
        assert!(one.deltas.is_empty());
        // Another format version: stale, nothing compared.
        let old = golden.replace(
            &format!("\"format_version\": {FORMAT_VERSION}"),
            "\"format_version\": 0",
        );
        let one = item(&old, "s", &konst("4")).unwrap();
        assert_eq!(one.situation.status(), Status::Stale);
        // Another set's golden, and one that does not read: the set's errors.
        let foreign = item(&golden, "t", &konst("4")).unwrap_err();
        assert!(
            matches!(&foreign, CheckError::Foreign(f) if f.pins.0 == "s" && f.expected.0 == "t"),
            "{foreign:?}"
        );
        let corrupt = item("{\n<<<<<<< HEAD\n", "s", &konst("4")).unwrap_err();
        assert!(matches!(corrupt, CheckError::Corrupt(_)), "{corrupt:?}");
        // No entry of the item's name: a new item, nothing to hold it to.
        let other = BTreeMap::from([("OTHER".to_owned(), konst("3")["MAX"].clone())]);
        let golden = Golden::new("s", "p", &other).render();
        assert_eq!(
            item(&golden, "s", &konst("4")).unwrap().situation,
            Situation::Match
        );
    }

    /// The golden of `current` with the `policy` block `block` (JSON), as older
    /// versions wrote it.
    fn with_block(current: &BTreeMap<String, Symbol>, block: &str) -> String {
        Golden::new("s", "p", current).render().replacen(
            "\n  \"set\"",
            &format!("\n  \"policy\": {block},\n  \"set\""),
            1,
        )
    }

    const OLD_DEFAULT: &str =
        r#"{"axes": ["api", "wire"], "wire_direction": "full", "wire_format": "self_describing"}"#;

    #[test]
    fn a_policy_block_is_stale_and_an_update_drops_it_only_when_nothing_is_lost() {
        let current = konst("3");
        let clean = Golden::new("s", "p", &current).render();
        // Compare mode: stale, not a contract change, with the way out.
        let old = with_block(&current, OLD_DEFAULT);
        let stale = run(&Mode::Compare, Some(old.as_bytes()), &current);
        assert_eq!(stale.outcome.status, Status::Stale);
        assert!(
            stale.outcome.message.contains("`policy` block"),
            "{}",
            stale.outcome.message
        );
        assert!(stale.write.is_none());

        // The block older versions wrote for every set: dropped, and the direction
        // change said.
        let rewritten = run(&Mode::Update, Some(old.as_bytes()), &current);
        assert_eq!(rewritten.write.unwrap().render(), clean);
        let note = &rewritten.outcome.message;
        assert!(note.contains("wire_direction = \"backward\""), "{note}");
        assert!(note.contains("To keep \"full\""), "{note}");
        // ...and nothing to say when the file keeps `full`.
        let full = Policy {
            wire_direction: crate::policy::WireDirection::Full,
            ..Policy::default()
        };
        let kept = run_under(&Mode::Update, Some(old.as_bytes()), &current, &full).unwrap();
        assert!(
            !kept.outcome.message.contains("note:"),
            "{}",
            kept.outcome.message
        );

        // A block a team wrote: refused, with the TOML to add, until the file says it.
        let written = r#"{"axes": ["api", "wire"], "wire_direction": "full", "wire_format": "positional", "overrides": {"variant_added": "additive"}}"#;
        let old = with_block(&current, written);
        let refused = run_under(
            &Mode::Update,
            Some(old.as_bytes()),
            &current,
            &Policy::default(),
        )
        .unwrap_err();
        let toml = "[set.s]\nwire_direction = \"full\"\nwire_format = \"positional\"\n\
                    overrides = { variant_added = \"additive\" }\n";
        assert!(refused.to_string().contains(toml), "{refused}");
        assert!(
            refused.to_string().contains("Nothing was written"),
            "{refused}"
        );
        // The printed TOML, pasted into the file, is what the update accepts.
        let file = crate::policy::file::parse(toml).unwrap();
        let moved = run_under(
            &Mode::Update,
            Some(old.as_bytes()),
            &current,
            &file.policy("s"),
        )
        .unwrap();
        assert_eq!(moved.write.unwrap().render(), clean);
        assert!(!moved.outcome.message.contains("note:"));

        // A block that is no policy (an override of a kind that does not exist) is
        // shown, never dropped.
        let unreadable = with_block(
            &current,
            r#"{"axes": ["api"], "wire_direction": "full", "wire_format": "self_describing", "overrides": {"nope": "additive"}}"#,
        );
        let refused = run_under(
            &Mode::Update,
            Some(unreadable.as_bytes()),
            &current,
            &Policy::default(),
        )
        .unwrap_err();
        assert!(refused.to_string().contains("nope"), "{refused}");
        assert!(
            refused.to_string().contains("\"overrides\""),
            "the block is shown: {refused}"
        );

        // Format 1 carried the block too: the same rules.
        let format1 = with_block(&current, written).replace(
            &format!("\"format_version\": {FORMAT_VERSION}"),
            "\"format_version\": 1",
        );
        assert!(run_under(
            &Mode::Update,
            Some(format1.as_bytes()),
            &current,
            &Policy::default()
        )
        .is_err());
        let moved = run_under(
            &Mode::Update,
            Some(format1.as_bytes()),
            &current,
            &file.policy("s"),
        )
        .unwrap();
        assert_eq!(moved.write.unwrap().render(), clean);
    }
}
