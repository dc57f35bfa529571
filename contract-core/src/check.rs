//! The verdict of one set of one package against its golden, as a pure function of
//! the golden's bytes, the current symbols, the set's policy and the mode. The test harness and the CLI
//! both call [`evaluate`]; they only read the golden, write what it returns, and
//! print — so `cargo test` and `contract-pin check` cannot disagree.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use crate::current::Current;
use crate::env::Mode;
use crate::golden::{self, CompareError, Golden, GoldenError};
use crate::health::{self, Health};
use crate::message::{self, Context};
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
    /// What to tell the user (empty on a match).
    #[serde(skip)]
    pub message: String,
    /// The golden's health as found, before anything was written (DESIGN §6).
    #[serde(skip)]
    pub health: Health,
}

/// A check that could not run: bad environment, no registrations, conflicting
/// names, an unreadable or corrupt golden.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError(pub String);

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CheckError {}

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
    /// The set.
    pub set: &'a str,
    /// The package.
    pub package: &'a str,
    /// The golden path as users read it (relative to the workspace root).
    pub golden: &'a str,
    /// Compare or update (see [`crate::env::mode`]).
    pub mode: &'a Mode,
    /// The golden's bytes, `None` when there is no file.
    pub existing: Option<&'a [u8]>,
    /// The current shapes, by symbol name.
    pub current: &'a Current,
    /// The set's policy, from the policy file.
    pub policy: &'a Policy,
    /// The policy file as users read it (`contract-pin.toml`), for messages.
    pub policy_file: &'a str,
    /// For messages: the module of each symbol. Defaults to each shape's module;
    /// the harness also knows the module of methods-only symbols (their `impl`).
    pub modules: Option<&'a BTreeMap<String, String>>,
}

/// The verdict of `request`: status, deltas, the message for the user and, in update
/// mode, the golden to write. Never writes anything itself.
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
    } = request;
    // Messages name the module of a symbol only when it has a delta: the map is
    // filled once the deltas are known (a large set that matches needs none).
    let no_modules = BTreeMap::new();
    let cx = Context {
        set,
        package,
        golden: shown,
        modules: &no_modules,
        ci: matches!(mode, Mode::UpdateRefusedInCi { .. }),
    };
    let mut notes = String::new();
    if let Mode::UpdateRefusedInCi { variable } = mode {
        notes.push_str(&format!(
            "contract-pin: CI is set, so {variable}=1 is IGNORED: comparing against the \
             committed {shown} only. Regenerate goldens locally and commit them.\n"
        ));
    }
    // Every stored shape is read, or found to be the current one's canonical text,
    // so a corrupt golden is an error here, in every mode, before anything is written.
    let compared = match existing.map(|bytes| golden::compare(bytes, current, policy)) {
        // What was registered does not read: no verdict can be given.
        Some(Err(CompareError::Current(e))) => return Err(CheckError(e.to_string())),
        Some(Err(CompareError::Golden(e))) => Some(Err(e)),
        Some(Ok(comparison)) => Some(Ok(comparison)),
        None => None,
    };
    // Written in update mode: every current shape, read.
    let typed = || current.symbols().map_err(|e| CheckError(e.to_string()));
    let health = match &compared {
        None => Health::Missing,
        Some(Ok(comparison)) => health::of_readable(&comparison.tampered, true),
        Some(Err(e)) => health::of_error(e),
    };
    let done = |status, deltas: Vec<Delta>, message: String, write: Option<Golden>| {
        Ok(Evaluation {
            outcome: Outcome {
                set: set.to_owned(),
                package: package.to_owned(),
                golden: shown.to_owned(),
                status,
                deltas,
                message: format!("{notes}{message}"),
                health: health.clone(),
            },
            write,
        })
    };

    let (Some(bytes), Some(compared)) = (existing, compared) else {
        if mode.writes() {
            let golden = Golden::new(set, package, &typed()?);
            let message = format!(
                "created {shown} with {} symbols; review and commit it\n",
                current.len()
            );
            return done(Status::Updated, Vec::new(), message, Some(golden));
        }
        return done(
            Status::Missing,
            Vec::new(),
            message::missing_golden(&cx),
            None,
        );
    };
    let golden::Comparison {
        header: golden,
        deltas,
        tampered,
    } = match compared {
        Ok(comparison) => comparison,
        Err(e) if e.is_stale() => {
            if mode.writes() {
                // A policy block (older versions kept the policy in the golden) is
                // never dropped unseen: it must be in the policy file already.
                let note = match legacy::read(bytes) {
                    None => String::new(),
                    Some(block) => match legacy::migrate(&block, set, policy, shown, policy_file) {
                        Migration::Rewrite { note } => note,
                        Migration::Refuse { message } => return Err(CheckError(message)),
                    },
                };
                let golden = Golden::new(set, package, &typed()?);
                let message =
                    format!("rewrote stale {shown} (golden health was {health}): {e}\n{note}");
                return done(Status::Updated, Vec::new(), message, Some(golden));
            }
            let advice = if e.is_ahead() {
                format!(
                    "This is not a contract change: a newer contract-pin wrote it. Upgrade \
                     contract-pin to match, or rewrite it in this version's format with {}.",
                    cx.accept()
                )
            } else if matches!(e, GoldenError::PolicyBlock { .. }) {
                format!(
                    "This is not a contract change. Rewrite it with {}: when {policy_file} \
                     already gives set `{set}` the block's policy (or nobody had changed the \
                     block), the block is dropped; otherwise nothing is written and the TOML to \
                     add to {policy_file} is printed.",
                    cx.accept()
                )
            } else {
                format!(
                    "This is not a contract change. Regenerate it with {} on the code it was \
                     written for (before changes of your own, so the rewrite accepts nothing \
                     else), commit it, then check your changes against it.",
                    cx.accept()
                )
            };
            let message = format!(
                "{shown}:{}: golden health: {health}\n{e}\n{advice}\n",
                e.line()
            );
            return done(Status::Stale, Vec::new(), message, None);
        }
        Err(e) => return Err(CheckError(corrupt(shown, &e, set, package))),
    };
    if golden.set != set || golden.package != package {
        let text = String::from_utf8_lossy(bytes);
        let line = golden::key_line(&text, if golden.set != set { "set" } else { "package" });
        return Err(CheckError(format!(
            "{shown}:{}: pins set `{}` of package `{}`, not set `{set}` of package `{package}`: \
             was it copied from elsewhere? Move it to the golden of its own set and package, or \
             delete it and regenerate with `{}`.",
            line.unwrap_or(1),
            golden.set,
            golden.package,
            message::update_command(set, package)
        )));
    }
    // Whether anything was hand-edited is the list's, not its text's, to say: a
    // symbol may be named `""` (found by the `golden_mutations` fuzz target).
    let hand_edited = !tampered.is_empty();
    let tampered = tampered.join(", ");
    // A symbol gone from the current shapes is named by the module the golden
    // recorded, as every other symbol is by its own (`Symbol: a::b::Name`).
    let mut recorded: Option<BTreeMap<String, Symbol>> = None;
    let delta_modules: BTreeMap<String, String> = deltas
        .iter()
        .filter_map(|delta| {
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
                    .get_or_insert_with(|| bytes_shapes(bytes).unwrap_or_default())
                    .get(&delta.symbol)?
                    .module
                    .clone()
            })?;
            Some((delta.symbol.clone(), module))
        })
        .collect();
    let cx = Context {
        modules: &delta_modules,
        ..cx
    };

    if mode.writes() {
        // What a compiled run observed and this one did not (the CLI reads sources
        // only) is kept, not dropped.
        let old = bytes_shapes(bytes).unwrap_or_default();
        let merged = crate::accept::merge(&old, typed()?, crate::accept::Accept::Everything);
        let updated = Golden::new(set, package, &merged);
        if updated.render().as_bytes() == bytes {
            return done(Status::Match, deltas, String::new(), None);
        }
        let mut message = format!("updated {shown}: {}\n", message::accepted(&deltas));
        if hand_edited {
            message.push_str(&format!(
                "  overwrote hand edits to {tampered} (golden health was {health}); the \
                 deltas below are measured against the hand-edited shapes\n"
            ));
        }
        for d in &deltas {
            message.push_str(&format!(
                "  - {} {} @ {}: {}\n",
                d.class.as_str(),
                d.kind,
                d.symbol,
                crate::render::detail(d)
            ));
        }
        return done(Status::Updated, deltas, message, Some(updated));
    }

    if hand_edited {
        let text = String::from_utf8_lossy(bytes);
        let first = tampered.split(", ").next().unwrap_or_default();
        let line = golden::key_line(&text, first).unwrap_or(1);
        let message = format!(
            "{shown}:{line}: golden health: {health}\n\
             The shapes of {tampered} no longer match their fingerprints: the golden was \
             edited by hand and cannot be trusted, so this check fails whatever the shapes \
             say. Regenerate it with {}, review the diff, and commit it.\n",
            cx.accept()
        );
        return done(Status::Stale, deltas, message, None);
    }
    if deltas.iter().any(Delta::is_breaking) {
        let mut message = message::breaking_directive(&cx, policy, &deltas);
        message.push_str(&message::additive_alongside(&cx, &deltas));
        return done(Status::Breaking, deltas, message, None);
    }
    if !deltas.is_empty() {
        let message = message::additive_drift(&cx, &deltas);
        return done(Status::Additive, deltas, message, None);
    }
    done(Status::Match, deltas, String::new(), None)
}

/// The shapes of a golden that parses.
fn bytes_shapes(bytes: &[u8]) -> Option<BTreeMap<String, Symbol>> {
    golden::parse(bytes).ok().map(|g| g.shapes())
}

/// The error for a golden that cannot be read: `file:line[:col]: what`, then the fix.
pub fn corrupt(shown: &str, e: &GoldenError, set: &str, package: &str) -> String {
    let fix = match e {
        GoldenError::MergeConflict { .. } => format!(
            "Take one side (`git checkout --theirs {shown}`), then regenerate with `{}`.",
            message::update_command(set, package)
        ),
        _ => format!(
            "Restore it from version control (`git checkout -- {shown}`), or delete it and \
             regenerate with `{}`.",
            message::update_command(set, package)
        ),
    };
    let column = match e {
        GoldenError::Malformed { column, .. } => format!(":{column}"),
        _ => String::new(),
    };
    format!(
        "{shown}:{}{column}: {e}\n{fix}\n(golden health: Corrupt: nothing was compared or written)",
        e.line()
    )
}

/// The report of DESIGN §2: `{"set", "package", "golden", "status", "deltas": [...]}`,
/// canonical JSON.
pub fn report_json(outcome: &Outcome) -> String {
    crate::canonical::to_canonical_string(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
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
            set: "s",
            package: "p",
            golden: "golden/s-contract/p.json",
            mode,
            existing,
            current: &Current::from_symbols(current.clone()),
            policy,
            policy_file: "contract-pin.toml",
            modules: None,
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
        let old = text.replace("\"format_version\": 3", "\"format_version\": 0");
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
        let old = text.replace("\"format_version\": 3", "\"format_version\": 0");
        let stale = run(&Mode::Compare, Some(old.as_bytes()), &current);
        assert_eq!(stale.outcome.status, Status::Stale);
        let rewritten = run(&Mode::Update, Some(old.as_bytes()), &current);
        assert_eq!(rewritten.write.unwrap().render(), text);
        let err = evaluate(Request {
            set: "s",
            package: "p",
            golden: "g.json",
            mode: &Mode::Compare,
            existing: Some(b"{\n<<<<<<< HEAD\n"),
            current: &Current::from_symbols(current),
            policy: &Policy::default(),
            policy_file: "contract-pin.toml",
            modules: None,
        })
        .unwrap_err();
        assert!(
            err.0.starts_with("g.json:2: merge-conflict marker"),
            "{err}"
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
        assert!(refused.0.contains(toml), "{refused}");
        assert!(refused.0.contains("Nothing was written"), "{refused}");
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
        assert!(refused.0.contains("nope"), "{refused}");
        assert!(
            refused.0.contains("\"overrides\""),
            "the block is shown: {refused}"
        );

        // Format 1 carried the block too: the same rules.
        let format1 =
            with_block(&current, written).replace("\"format_version\": 3", "\"format_version\": 1");
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
