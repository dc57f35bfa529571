//! Every message a user reads: the breaking directive, the additive-drift message,
//! the missing-golden message, the compile error. One screen answers what changed,
//! why it blocks, and how to resolve it.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::check::{Binary, CheckError, Disagreement, Outcome, Refusal, Situation};
use crate::delta::Delta;
use crate::env;
use crate::golden::{GoldenError, FORMAT_VERSION, MAX_BYTES};
use crate::policy::{legacy, Policy};
use crate::render;

/// The command that rewrites the golden of `set` for `package`.
pub fn update_command(set: &str, package: &str) -> String {
    format!(
        "{}=1 cargo test -p {package}",
        env::set_update_variable(set)
    )
}

/// The front end that shows a message: it decides how a change is accepted there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Front {
    /// `cargo test` and the compile-time check: the set's update variable.
    #[default]
    Test,
    /// `contract-pin`: `contract-pin update`, or what to do when it would refuse.
    Cli(CliAccept),
}

/// How `contract-pin` accepts a change of one set of one package.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CliAccept {
    /// `contract-pin update` writes the golden (or `cargo test` with the variable).
    Update,
    /// The package has source errors: `update` refuses it until they are fixed.
    AfterSourceErrors,
    /// Items are pinned where the sources do not show them (inside macros): only
    /// `cargo test` sees them, so only it may write the golden.
    TestOnly,
}

/// The `contract-pin` command that rewrites the golden of `set` for `package`.
pub fn cli_update_command(set: &str, package: &str) -> String {
    format!("contract-pin update -p {package} --set {set}")
}

/// Where a message points: which golden, and the command that accepts the change.
#[derive(Clone, Debug)]
pub struct Context<'a> {
    /// The set.
    pub set: &'a str,
    /// The package.
    pub package: &'a str,
    /// The golden path as the user should read it (relative to the workspace).
    pub golden: &'a str,
    /// Module of each symbol, for `Symbol:` lines (`a::b::Name`).
    pub modules: &'a BTreeMap<String, String>,
    /// Update requests are refused here (CI): the command that accepts a change is
    /// for a developer's machine, and messages say so.
    pub ci: bool,
    /// The front end that shows the message.
    pub front: Front,
}

impl Context<'_> {
    fn command(&self) -> String {
        update_command(self.set, self.package)
    }

    /// The accept command quoted, with where to run it, in the words of the front
    /// end: `` `X=1 cargo test -p p` `` (under CI: `` … on your machine (CI only
    /// compares goldens) ``), or `` `contract-pin update -p p --set s` (or `X=1 cargo
    /// test -p p`) `` and its variants when `update` would refuse.
    pub fn accept(&self) -> String {
        let test = self.command();
        match self.front {
            Front::Test => format!("`{test}`{}", self.where_to_run()),
            Front::Cli(CliAccept::Update) => {
                format!(
                    "`{}` (or `{test}`)",
                    cli_update_command(self.set, self.package)
                )
            }
            Front::Cli(CliAccept::AfterSourceErrors) => format!(
                "`{}` once the source errors above are fixed (it refuses {} until then; or \
                 `{test}`)",
                cli_update_command(self.set, self.package),
                self.package
            ),
            Front::Cli(CliAccept::TestOnly) => format!(
                "`{test}` (`contract-pin update` cannot see every item {} pins)",
                self.package
            ),
        }
    }

    /// Where [`Context::command`] is to be run: here, or — under CI, which only
    /// compares — on a developer's machine.
    fn where_to_run(&self) -> &'static str {
        if self.ci {
            " on your machine (CI only compares goldens)"
        } else {
            ""
        }
    }

    fn path_of(&self, symbol: &str) -> String {
        crate::shape::symbol_path(self.modules.get(symbol).map(String::as_str), symbol)
    }
}

/// The directive for breaking deltas: one block per delta, in the set's words.
pub fn breaking_directive(cx: &Context<'_>, policy: &Policy, deltas: &[Delta]) -> String {
    let words = policy.directive_for(cx.set);
    let mut out = String::new();
    for delta in deltas.iter().filter(|d| d.is_breaking()) {
        if !out.is_empty() {
            out.push('\n');
        }
        let _ = writeln!(out, "{}", words.title);
        let _ = writeln!(out, "Symbol: {}", cx.path_of(&delta.symbol));
        let _ = writeln!(
            out,
            "Change: {} ({} axis): {}",
            delta.kind,
            delta.axis.as_str(),
            render::detail(delta)
        );
        out.push_str(&render::before_after(delta, ""));
        let _ = writeln!(out, "{}", words.ship_line);
        out.push_str(&procedure(
            &words.record,
            &format!("the change to `{}`", delta.symbol),
            &format!("Rerun with {} to regenerate the golden", cx.accept()),
            cx.golden,
        ));
        if let Some(reference) = &words.reference {
            let _ = writeln!(out, "{reference}");
        }
    }
    out
}

/// The procedure of a breaking directive, in every front end: revert `revert` (what
/// changed), or record the decision (`record`, the set's words), accept it (`accept`,
/// the sentence of the front end that shows it: its own command), and commit `golden`
/// with the change.
pub fn procedure(record: &str, revert: &str, accept: &str, golden: &str) -> String {
    format!(
        "To resolve:\n  1. Revert {revert}; or, if the break is intended:\n  2. {record};\n  \
         3. {accept};\n  4. Commit {golden} in the same PR as the change.\n"
    )
}

/// The message for additive drift only: not a break, but the golden must follow so
/// the drift shows in the pull request.
pub fn additive_drift(cx: &Context<'_>, deltas: &[Delta]) -> String {
    let mut out = String::from("Additive deltas detected against on-disk golden:\n");
    for delta in deltas {
        let _ = writeln!(out, "  - {}", delta_line(cx, delta));
    }
    let _ = writeln!(
        out,
        "Rerun with {} and commit the updated {}.",
        cx.accept(),
        cx.golden
    );
    out
}

/// After the breaking directive, the additive deltas of the same check: the update
/// that accepts the break accepts them too, so they are shown with it.
pub fn additive_alongside(cx: &Context<'_>, deltas: &[Delta]) -> String {
    let mut out = String::new();
    for delta in deltas.iter().filter(|d| !d.is_breaking()) {
        if out.is_empty() {
            out.push_str("\nAlso additive (the same update accepts them):\n");
        }
        let _ = writeln!(out, "  - {}", delta_line(cx, delta));
    }
    out
}

/// `field_added @ demo::Note (api axis): field `tag``: one delta on one line.
fn delta_line(cx: &Context<'_>, delta: &Delta) -> String {
    format!(
        "{} @ {} ({} axis): {}",
        delta.kind,
        cx.path_of(&delta.symbol),
        delta.axis.as_str(),
        render::detail(delta)
    )
}

/// `1 delta accepted (1 breaking, 0 additive)`: what an update took into the golden,
/// in the same words wherever an update is reported.
pub fn accepted(deltas: &[Delta]) -> String {
    let n = deltas.len();
    let breaking = deltas.iter().filter(|d| d.is_breaking()).count();
    format!(
        "{n} {} accepted ({breaking} breaking, {} additive)",
        if n == 1 { "delta" } else { "deltas" },
        n - breaking
    )
}

/// The refusal when two test binaries of one package check one golden with different
/// registrations (a pin under `#[cfg(test)]` exists only in the unit tests): each
/// would write the golden its own way, so an update flips it and a plain run fails in
/// one of them.
fn binaries_disagree(d: &Disagreement) -> String {
    let (this, other) = (&d.this, &d.other);
    let named = |b: &Binary| match &b.caller {
        Some(at) => format!("test binary `{}` (assert_golden! at {at})", b.name),
        None => format!("test binary `{}`", b.name),
    };
    let only = |a: &Binary, b: &Binary| -> Vec<String> {
        a.symbols
            .keys()
            .filter(|name| !b.symbols.contains_key(*name))
            .map(|name| format!("`{name}`"))
            .collect()
    };
    let mut out = format!(
        "two test binaries of package `{}` check {} (set `{}`) with different registrations, \
         so each would write that golden its own way: an update would flip it and a plain \
         run fails in one of them. Nothing was compared or written.\n",
        d.package, d.golden, d.set
    );
    for (a, b) in [(this, other), (other, this)] {
        let extra = only(a, b);
        if !extra.is_empty() {
            let _ = writeln!(
                out,
                "  {} registers {} that `{}` does not",
                named(a),
                extra.join(", "),
                b.name
            );
        }
    }
    let differ: Vec<String> = this
        .symbols
        .iter()
        .filter(|(name, digest)| other.symbols.get(*name).is_some_and(|d| d != *digest))
        .map(|(name, _)| format!("`{name}`"))
        .collect();
    if !differ.is_empty() {
        let _ = writeln!(
            out,
            "  {} differ between `{}` and `{}` (a field or variant under `#[cfg(test)]`?)",
            differ.join(", "),
            this.name,
            other.name
        );
    }
    let _ = writeln!(
        out,
        "Check each golden from one test binary: keep one `assert_golden!(\"{set}\")` — in \
         the unit tests when a pin is under `#[cfg(test)]` (only they see it), else in an \
         integration test — or pin what only one binary sees in a set of its own \
         (`#[contract(set = \"{set}-test\")]`).",
        set = d.set
    );
    out
}

/// The message when no golden exists yet.
pub fn missing_golden(cx: &Context<'_>) -> String {
    format!(
        "no golden for contract set `{set}` of package `{package}` at {golden}\n\
         Create it with {accept}, review it, and commit it.\n",
        set = cx.set,
        package = cx.package,
        golden = cx.golden,
        accept = cx.accept()
    )
}

/// The compile error for one breaking delta, shown at the changed element.
pub fn compile_error(cx: &Context<'_>, delta: &Delta) -> String {
    format!(
        "{}\n  pinned by {} (set `{}`); if the break is intended, accept it with `{}`",
        compile_error_head(delta),
        cx.golden,
        cx.set,
        cx.command()
    )
}

/// [`compile_error()`] under `CI`, where update requests are refused: it names the
/// command to run on a developer's machine, not here.
pub fn compile_error_in_ci(cx: &Context<'_>, delta: &Delta) -> String {
    format!(
        "{}\n  pinned by {} (set `{}`); CI only compares goldens: if the break is intended, \
         regenerate the golden on your machine with `{}` and commit it with the change",
        compile_error_head(delta),
        cx.golden,
        cx.set,
        cx.command()
    )
}

fn compile_error_head(delta: &Delta) -> String {
    let mut out = format!(
        "breaking change to pinned contract `{}` ({}, {} axis): {}",
        delta.symbol,
        delta.kind,
        delta.axis.as_str(),
        render::detail(delta)
    );
    if delta.before.is_some() || delta.after.is_some() {
        let _ = write!(
            out,
            "\n{}\n{}",
            render::labelled("  before: ", &render::before(delta)),
            render::labelled("  after:  ", &render::after(delta))
        );
    }
    out
}

/// The compile error for a golden whose stored shapes no longer match their
/// fingerprints (`edited`: the symbols): like the harness, nothing is checked against
/// it and it is not a contract change; it must be regenerated. `ci`: update requests
/// are refused here, so the command is for a developer's machine.
pub fn compile_error_edited_golden(cx: &Context<'_>, edited: &[&str], ci: bool) -> String {
    let how = if ci {
        format!(
            "CI only compares goldens: regenerate it on your machine with `{}`, review the \
             diff, and commit it",
            cx.command()
        )
    } else {
        format!(
            "Regenerate it with `{}`, review the diff, and commit it",
            cx.command()
        )
    };
    format!(
        "golden {} (set `{}`) is stale: the shapes of {} no longer match their \
         fingerprints, so it was edited by hand and cannot be trusted; nothing was checked \
         against it. This is not a contract change. {how}.",
        cx.golden,
        cx.set,
        edited.join(", ")
    )
}

/// Words `outcome` for `front` ([`outcome`]): what [`crate::check::evaluate`] leaves
/// to the front end that shows it.
pub fn word(outcome: &mut Outcome, front: Front, policy: &Policy, policy_file: &str) {
    let cx = Context {
        set: &outcome.set,
        package: &outcome.package,
        golden: &outcome.golden,
        modules: &outcome.modules,
        ci: outcome.refused_update.is_some(),
        front,
    };
    let message = self::outcome(&cx, policy, policy_file, outcome);
    outcome.message = message;
}

/// The message of `outcome` for the front end of `cx` (empty on a match): the
/// directive of a break, the additive drift, what an update wrote, why a golden is
/// not compared. Under CI, a refused update is said first.
pub fn outcome(cx: &Context<'_>, policy: &Policy, policy_file: &str, outcome: &Outcome) -> String {
    let mut out = String::new();
    if let Some(variable) = &outcome.refused_update {
        let _ = writeln!(
            out,
            "contract-pin: CI is set, so {variable}=1 is IGNORED: comparing against the \
             committed {} only. Regenerate goldens locally and commit them.",
            cx.golden
        );
    }
    let deltas = &outcome.deltas;
    let health = &outcome.health;
    let shown = cx.golden;
    match &outcome.situation {
        Situation::Match => {}
        Situation::Breaking => {
            out.push_str(&breaking_directive(cx, policy, deltas));
            out.push_str(&additive_alongside(cx, deltas));
        }
        Situation::Additive => out.push_str(&additive_drift(cx, deltas)),
        Situation::Missing => out.push_str(&missing_golden(cx)),
        Situation::Created { symbols } => {
            let _ = writeln!(
                out,
                "created {shown} with {symbols} symbols; review and commit it"
            );
        }
        Situation::Updated { hand_edited } => {
            let _ = writeln!(out, "updated {shown}: {}", accepted(deltas));
            if !hand_edited.is_empty() {
                let _ = writeln!(
                    out,
                    "  overwrote hand edits to {} (golden health was {health}); the deltas \
                     below are measured against the hand-edited shapes",
                    hand_edited.join(", ")
                );
            }
            for d in deltas {
                let _ = writeln!(
                    out,
                    "  - {} {} @ {}: {}",
                    d.class.as_str(),
                    d.kind,
                    d.symbol,
                    render::detail(d)
                );
            }
        }
        Situation::RewroteStale { reason, migration } => {
            let _ = writeln!(
                out,
                "rewrote stale {shown} (golden health was {health}): {reason}"
            );
            if let Some(dropped) = migration {
                out.push_str(&legacy_block_dropped(cx, policy_file, dropped));
            }
        }
        Situation::Stale { reason } => {
            let advice = if reason.is_ahead() {
                format!(
                    "This is not a contract change: a newer contract-pin wrote it. Upgrade \
                     contract-pin to match, or rewrite it in this version's format with {}.",
                    cx.accept()
                )
            } else if matches!(reason, GoldenError::PolicyBlock { .. }) {
                format!(
                    "This is not a contract change. Rewrite it with {}: when {policy_file} \
                     already gives set `{set}` the block's policy (or nobody had changed the \
                     block), the block is dropped; otherwise nothing is written and the TOML to \
                     add to {policy_file} is printed.",
                    cx.accept(),
                    set = cx.set
                )
            } else {
                format!(
                    "This is not a contract change. Regenerate it with {} on the code it was \
                     written for (before changes of your own, so the rewrite accepts nothing \
                     else), commit it, then check your changes against it.",
                    cx.accept()
                )
            };
            let _ = writeln!(
                out,
                "{shown}:{}: golden health: {health}\n{reason}\n{advice}",
                reason.line()
            );
        }
        Situation::HandEdited { symbols, line } => {
            let _ = writeln!(
                out,
                "{shown}:{line}: golden health: {health}\n\
                 The shapes of {} no longer match their fingerprints: the golden was \
                 edited by hand and cannot be trusted, so this check fails whatever the shapes \
                 say. Regenerate it with {}, review the diff, and commit it.",
                symbols.join(", "),
                cx.accept()
            );
        }
    }
    out
}

impl std::fmt::Display for GoldenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GoldenError::Empty => f.write_str("the file is empty (a golden is a JSON object)"),
            GoldenError::TooLarge { .. } => write!(
                f,
                "the file is larger than {} MiB, the limit for a golden: it is not one contract-pin wrote",
                MAX_BYTES >> 20
            ),
            GoldenError::NotUtf8 { .. } => f.write_str("not UTF-8 (a golden is ASCII JSON)"),
            GoldenError::MergeConflict { .. } => f.write_str(
                "merge-conflict marker: resolve the conflict by regenerating the golden, not by hand",
            ),
            GoldenError::NotAnObject { found, .. } => {
                write!(f, "not a golden: the file holds {found}, a golden is a JSON object")
            }
            GoldenError::Malformed { message, .. } => write!(f, "not a valid golden: {message}"),
            GoldenError::FormatVersion { found: Some(v), .. } if *v > FORMAT_VERSION => write!(
                f,
                "stale golden: format_version {v} was written by a newer contract-pin; this one writes {FORMAT_VERSION}"
            ),
            GoldenError::FormatVersion { found: Some(v), .. } => write!(
                f,
                "stale golden: format_version {v}, this contract-pin writes {FORMAT_VERSION}{}",
                changed_since(*v)
            ),
            GoldenError::FormatVersion { found: None, .. } => {
                write!(f, "stale golden: no format_version (this contract-pin writes {FORMAT_VERSION})")
            }
            GoldenError::PolicyBlock { .. } => f.write_str(
                "stale golden: it carries a `policy` block, as goldens did before the policy \
                 file; policies live in contract-pin.toml at the workspace root now",
            ),
        }
    }
}

/// What changed since format `v`, for the stale-golden message.
fn changed_since(v: u64) -> &'static str {
    match v {
        2 => {
            " (format 3 writes `Self`, elided lifetimes, primitives and literals as rustc \
             reads them, so format 2 spellings of the same types would read as changes)"
        }
        3 => {
            " (format 4 records a public-API set's Cargo features and modules, which format \
             3 has not)"
        }
        4 => {
            " (format 5 records the generics of each implementor's `impl`, which format 4 \
             wrote as its type alone)"
        }
        5 => {
            " (format 6 leaves out an `impl`'s lifetimes that no caller can name, which \
             format 5 recorded on each method, so dropping one would read as a change)"
        }
        7 => {
            " (format 8 records a field's serde_with `serde_as` conversion as the `with` it \
             expands to, which format 7 left out: rewritten as they are, such fields would \
             read as a custom (de)serializer added)"
        }
        8 => {
            " (format 9 reads a public-API set as the build sees it: items and members the \
             crate's declarative macros define, cfgs its build script prints, a glob's \
             names beside a module of the same name, and deprecated items as API though \
             hidden; format 8 goldens lack them, so each would read as a change)"
        }
        9 => {
            " (format 10 leaves out trait impls for types not declared `pub`, which no \
             consumer can name, records a std item a module of the crate re-exports as \
             the std path, and a derive through derivative or educe as the traits it \
             lists; format 9 recorded these as written, so each would read as a change)"
        }
        10 => {
            " (format 11 records each `pub use` of another crate's item in a public-API \
             set, which format 10 left out: each would read as added)"
        }
        11 => {
            " (format 12 reads a public-API set with every documented feature on, each \
             item a feature off by default gates recorded with what it needs, and a \
             trait's members its crate's macros write; format 11 read the default \
             features only, so each such item would read as added)"
        }
        12 => {
            " (format 13 records what each path of another crate in a public-API set \
             named when the golden was written, so a dependency dropped or upgraded \
             since is read as it was, and `Self` in an `impl` whose header elides a \
             lifetime with that lifetime named, and a bound's binder without lifetimes \
             the bound does not name; format 12 has none of these, so each would read \
             as a change)"
        }
        13 => {
            " (format 14 records the package and semver-compatible series of each \
             dependency a public-API set's shapes name, so another series under the same \
             name is a change and the same crate under another name is none; format 13 \
             has no such record, so a dependency's new series would go unseen)"
        }
        _ => "",
    }
}

impl std::fmt::Display for crate::golden::InvalidSetName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            "a set name is 1-64 characters of a-z, 0-9, `_` and `-`, starting with a letter",
        )
    }
}

impl std::fmt::Display for crate::current::Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the registration of `{}` cannot be read ({}); it was compiled by another \
             version of contract-pin: run `cargo clean` and test again",
            self.origin, self.error
        )
    }
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&check_error(self))
    }
}

/// The note of an update that dropped an untouched legacy `policy` block: the set
/// follows the policy file from now on.
fn legacy_block_dropped(cx: &Context<'_>, policy_file: &str, dropped: &legacy::Dropped) -> String {
    let (shown, set) = (cx.golden, cx.set);
    let direction = match dropped.wire_direction {
        Some(now) => format!(
            " The block said wire_direction = \"full\", the default of older versions; \
             the set is now checked under wire_direction = {}. To keep \"full\", add \
             `wire_direction = \"full\"` under `[set.{set}]` in {policy_file}.",
            crate::policy::file::quote(now.as_str())
        ),
        None => String::new(),
    };
    format!(
        "note: {shown} carried the `policy` block older versions wrote for every set; \
         nobody had changed it, so it was dropped and set `{set}` follows \
         {policy_file} (`contract-pin policy --set {set}` shows it).{direction}\n"
    )
}

/// Why an update wrote nothing: the golden's legacy `policy` block holds what the
/// policy file does not, and how to move it.
pub fn legacy_block_kept(kept: &legacy::Kept) -> String {
    let legacy::Kept {
        golden: shown,
        set,
        policy_file,
        why,
    } = kept;
    match why {
        legacy::KeptWhy::Unreadable { why, block } => format!(
            "{shown} carries a `policy` block written by an older contract-pin, and it \
             cannot be read as a policy ({why}). Policies live in {policy_file} at the \
             workspace root now. Nothing was written. Move what it says into \
             {policy_file} under `[set.{set}]` by hand (see `contract-pin policy`), \
             delete the block from the golden, then rerun. The block:\n{block}\n"
        ),
        legacy::KeptWhy::Differs { toml } => {
            let toml = match toml.is_empty() {
                true => format!("[set.{set}]\n# the defaults: nothing to add\n"),
                false => toml.clone(),
            };
            format!(
                "{shown} carries a `policy` block written by an older contract-pin, and \
                 {policy_file} does not give set `{set}` the same policy. Policies live in \
                 {policy_file} at the workspace root now (beside the workspace's Cargo.toml). \
                 Nothing was written: to keep the block's policy, add this to {policy_file} \
                 (merge it into `[set.{set}]` if the file has that table already), then rerun:\n\
                 \n{toml}\n\
                 To adopt what {policy_file} says instead, delete the `policy` block from \
                 {shown} and rerun.\n"
            )
        }
    }
}

/// The message of a check that could not run.
pub fn check_error(e: &CheckError) -> String {
    match e {
        CheckError::Registration(unreadable) => unreadable.to_string(),
        CheckError::Refused(refusal) => self::refusal(refusal),
        CheckError::LegacyPolicy(kept) => legacy_block_kept(kept),
        CheckError::Corrupt(c) => corrupt(&c.golden, &c.error, &c.set, &c.package),
        CheckError::Foreign(f) => format!(
            "{}:{}: pins set `{}` of package `{}`, not set `{}` of package `{}`: \
             was it copied from elsewhere? Move it to the golden of its own set and package, or \
             delete it and regenerate with `{}`.",
            f.golden,
            f.line,
            f.pins.0,
            f.pins.1,
            f.expected.0,
            f.expected.1,
            update_command(&f.expected.0, &f.expected.1)
        ),
    }
}

/// Words a front end's refusal ([`Refusal`]).
pub fn refusal(refusal: &Refusal) -> String {
    match refusal {
        Refusal::InvalidSetName { set } => invalid_set_name(set, &crate::golden::InvalidSetName),
        Refusal::InvalidPackageName { package } => invalid_package_name(package),
        Refusal::Variable(e) => e.to_string(),
        Refusal::SetLikeATypo { typo, package, set } => set_like_a_typo(typo, package, set, None),
        Refusal::NoRegistrations { set, package } => no_registrations(set, package),
        Refusal::Probe(findings) => findings.join("\n"),
        Refusal::BinariesDisagree(d) => binaries_disagree(d),
        Refusal::Unreadable { golden, error } => cannot_read(golden, error),
        Refusal::PublicApiWithoutLibrary { set, package } => {
            public_api_without_library(set, package)
        }
        Refusal::SourceErrors(errors) => errors.iter().map(|e| format!("{e}\n")).collect(),
        Refusal::PolicyFile(words)
        | Refusal::UpdateVariableClash(words)
        | Refusal::Registrations(words)
        | Refusal::Store(words)
        | Refusal::Scan(words)
        | Refusal::Thread(words) => words.clone(),
    }
}

/// The error for a golden that cannot be read: `file:line[:col]: what`, then the fix.
pub fn corrupt(shown: &str, e: &GoldenError, set: &str, package: &str) -> String {
    let fix = match e {
        GoldenError::MergeConflict { .. } => format!(
            "Take one side (`git checkout --theirs {shown}`), then regenerate with `{}`.",
            update_command(set, package)
        ),
        _ => format!(
            "Restore it from version control (`git checkout -- {shown}`), or delete it and \
             regenerate with `{}`.",
            update_command(set, package)
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

/// The error for a contract attribute that names a public-API set.
pub fn attribute_names_public_api_set(set: &str) -> String {
    format!(
        "set `{set}` is a public-API set (`public_api = true` in {}): it pins every public \
         item from the sources, without attributes. Remove this attribute, or name another \
         set",
        crate::policy::file::FILE_NAME
    )
}

/// `assert_golden!` in a package whose manifest does not depend on the harness crate
/// (`harness`, at `version`).
pub fn harness_not_a_dependency(harness: &str, package: &str, version: &str) -> String {
    format!(
        "`assert_golden!` runs the check of the `{harness}` crate, which package `{package}` \
         does not depend on: add `{harness} = \"{version}\"` under `[dev-dependencies]` in \
         its Cargo.toml (contract-pin itself holds only what a library links)"
    )
}

/// `assert_golden!` of a public-API set in a package with no library: nothing is public.
pub fn public_api_without_library(set: &str, package: &str) -> String {
    format!(
        "set `{set}` is a public-API set, and package `{package}` has no library target: \
         there is no public API to check. Call `assert_golden!(\"{set}\")` from a package \
         with a library"
    )
}

/// A warning of the harness, on its own line.
pub fn warning(what: &str) -> String {
    format!("contract-pin: warning: {what}\n")
}

/// A file that cannot be read.
pub fn cannot_read(shown: &str, e: &dyn std::fmt::Display) -> String {
    format!("cannot read {shown}: {e}")
}

/// A set name that cannot be part of a golden's path.
pub fn invalid_set_name(set: &str, e: &crate::golden::InvalidSetName) -> String {
    format!("{set:?} is not a contract set name: {e}")
}

/// A package name that cannot be part of a golden's path.
pub fn invalid_package_name(package: &str) -> String {
    format!(
        "{package:?} is not a package name: cargo package names are ASCII letters, digits, \
         `_` and `-`"
    )
}

/// `assert_golden!` in a test binary that registers nothing in the set: an error,
/// never "every symbol removed".
pub fn no_registrations(set: &str, package: &str) -> String {
    format!(
        "no registrations found for contract set `{set}` in package `{package}`.\n\
         Nothing in this test binary is pinned with `#[contract(set = \"{set}\")]`{}. \
         If the items are in this package's library under another crate name, say so: \
         `assert_golden!(\"{set}\", lib = the_crate_name)`. This is an error, not \
         \"every symbol removed\": the golden is untouched.",
        if set == "phase5" {
            " or `#[phase5_contract]`"
        } else {
            ""
        }
    )
}

/// One line saying what an update request did: written, already up to date, or
/// ignored under CI. `None` when no update was requested.
pub fn update_summary(outcome: &Outcome, mode: &env::Mode) -> Option<String> {
    let golden = &outcome.golden;
    let set = &outcome.set;
    match mode {
        env::Mode::Compare => None,
        env::Mode::UpdateRefusedInCi { variable } => Some(format!(
            "contract-pin: CI is set, so {variable}=1 was ignored: {golden} (set `{set}`) was \
             only compared ({})",
            outcome.status.as_str()
        )),
        env::Mode::Update => Some(match &outcome.situation {
            Situation::Created { .. } => {
                format!("contract-pin: created {golden} (set `{set}`); review it and commit it")
            }
            Situation::Updated { hand_edited } if hand_edited.is_empty() => format!(
                "contract-pin: updated {golden} (set `{set}`): {}; review and commit it",
                accepted(&outcome.deltas)
            ),
            Situation::Updated { .. } | Situation::RewroteStale { .. } => format!(
                "contract-pin: rewrote {golden} (set `{set}`; it was {}); review and commit it",
                outcome.health
            ),
            _ => format!("contract-pin: {golden} (set `{set}`) is up to date: nothing written"),
        }),
    }
}

// ---- the CLI's sentences ---------------------------------------------------------------

/// `accept it with …`, in the words of the front end of `cx` (with source errors:
/// fix them first).
pub fn accept_it(cx: &Context<'_>) -> String {
    match cx.front {
        Front::Cli(CliAccept::AfterSourceErrors) => format!(
            "fix the source errors above first (`contract-pin update` refuses {} until \
             then), then accept it with `{}` (or `{}`)",
            cx.package,
            cli_update_command(cx.set, cx.package),
            cx.command()
        ),
        _ => format!("accept it with {}", cx.accept()),
    }
}

/// [`accept_it`] as a step of the procedure: `Accept it with …`.
pub fn accept_step(cx: &Context<'_>) -> String {
    let text = accept_it(cx);
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

/// The last line of an annotation: what to do if the change is intended.
pub fn if_intended(cx: &Context<'_>) -> String {
    format!("If intended, {}.", accept_it(cx))
}

/// After additive deltas, in the CLI's layout.
pub fn cli_additive_drift(cx: &Context<'_>) -> String {
    format!(
        "Additive drift must show in the pull request: {} and commit {}.",
        accept_it(cx),
        cx.golden
    )
}

/// Why `contract-pin update` leaves a set of a package alone, when it does.
pub fn update_refused(accept: CliAccept, set: &str, package: &str) -> Option<String> {
    match accept {
        CliAccept::Update => None,
        CliAccept::AfterSourceErrors => Some(format!(
            "not updated: {package} has source errors (above); fix them first (where the \
             compiler accepts the file, contract-pin cannot read its syntax: please report it)"
        )),
        CliAccept::TestOnly => Some(format!(
            "not updated: {package} pins items this command cannot see (inside macros, or \
             under a `#[contract]` whose origin the sources do not tell); writing the golden \
             from the scan would drop them. Use `{}`, which sees them.",
            update_command(set, package)
        )),
    }
}

/// A golden no source pins.
pub fn unreferenced_golden(set: &str, package: &str) -> String {
    format!(
        "no source pins set `{set}` in package `{package}`, so nothing checks this golden \
         (Unreferenced). If the set was retired, delete the file; if its items moved into a \
         macro or another package, pin them there."
    )
}

/// A writing command run under CI (`CI` has the value `ci`).
pub fn ci_refusal(command: &str, ci: &str) -> String {
    format!(
        "contract-pin {command}: refused: CI is set (CI={ci:?}). In CI goldens are only \
         compared, never written. Run `contract-pin {command}` on your machine, review the \
         change, and commit the goldens; here, run `contract-pin check`."
    )
}

/// The error of a policy file that does not parse (`located`: `file:line:col: what`),
/// of the workspace at `root` when the front end names it.
pub fn policy_file_error(located: &str, root: Option<&str>) -> String {
    match root {
        Some(root) => {
            format!("{located}\n(the policy file of the workspace at {root}: nothing was checked)")
        }
        None => format!("{located}\n(the policy file of this workspace: nothing was checked)"),
    }
}

/// Two sets that share an update variable (`clash` says which): both pinned, or one
/// configured in the policy file (`file`, `line`, that set) and one pinned. `here`:
/// said by the compile-time check of the crate that pins them.
pub fn update_variable_clash(
    clash: &crate::env::Clash,
    configured: Option<(&str, usize, &str, &str)>,
    here: bool,
) -> String {
    match (configured, here) {
        (None, true) => format!("{clash} (this crate pins both)"),
        (None, false) => format!("{clash} (both are pinned)"),
        (Some((file, line, configured, pinned)), _) => format!(
            "{file}:{line}: {clash} (`{configured}` is configured there, `{pinned}` is pinned{})",
            if here { " here" } else { "" }
        ),
    }
}

impl std::fmt::Display for crate::env::Clash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "sets `{}` and `{}` both map to the update variable {}, which could not say \
             which golden to rewrite: rename one of them (set names differing only in `-` \
             and `_` are one set to the environment)",
            self.a, self.b, self.variable
        )
    }
}

impl std::fmt::Display for crate::env::EnvError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}={:?} is not understood: use 1 (on) or 0 (off), or leave it unset",
            self.variable, self.value
        )
    }
}

/// A file that exists but cannot be read.
pub fn unreadable(e: &dyn std::fmt::Display) -> String {
    format!("cannot be read: {e}")
}

/// The report cannot be written to `shown`.
pub fn cannot_write_report(shown: &dyn std::fmt::Display, e: &dyn std::fmt::Display) -> String {
    format!("cannot write the report to {shown}: {e}")
}

/// `CONTRACT_PIN_REPORT` names a file that holds another set's or package's report
/// (`held`; `None`: not a report at all), which `ours` would overwrite.
pub fn report_file_taken(
    shown: &str,
    held: Option<(&str, &str)>,
    ours: (&str, &str),
    stem: &str,
) -> String {
    let what = match held {
        Some((set, package)) => format!("the report of set `{set}` of package `{package}`"),
        None => "something that is not a contract-pin report".to_owned(),
    };
    format!(
        "CONTRACT_PIN_REPORT={shown} already holds {what}, which the report of set `{}` of \
         package `{}` would overwrite. A file holds one report: for several sets or \
         packages, name a directory (`CONTRACT_PIN_REPORT={stem}/`) to get one report per \
         set and package, or delete the old file.",
        ours.0, ours.1
    )
}

/// A workspace at `root` with nothing to check (`goldens`: and no golden either).
pub fn nothing_pinned(root: &str, goldens: bool) -> String {
    if goldens {
        format!("no goldens and no pinned items in the workspace at {root}")
    } else {
        format!("no pinned items found in the workspace at {root}")
    }
}

/// One delta as a workflow annotation's text: what changed, before and after, and
/// `accept` ([`if_intended`]).
pub fn annotation(set: &str, delta: &Delta, accept: &str) -> String {
    format!(
        "{} in set `{set}`: {}\nBefore: {}\nAfter:  {}\n{accept}",
        delta.symbol,
        render::detail(delta),
        render::labelled("", &render::before(delta)).replace('\n', "\n        "),
        render::labelled("", &render::after(delta)).replace('\n', "\n        "),
    )
}

/// The note of a row of `contract-pin status`: why the golden is not fresh, when it
/// is not, then what the sources pin and what `check` says.
pub fn status_note(reason: Option<&str>, pinned: usize, verdict: &str) -> String {
    match reason {
        Some(reason) => format!("{reason}; {pinned} pinned in sources; check: {verdict}"),
        None => format!("{pinned} pinned in sources; check: {verdict}"),
    }
}

/// Why a golden is not fresh, in words (`None` for a fresh or missing one).
pub fn health_reason(health: &crate::health::Health) -> Option<String> {
    use crate::health::{Health, StaleReason};
    let reason = match health {
        Health::Fresh | Health::Missing => return None,
        Health::Corrupt { error } => format!("line {}: {error}", error.line()),
        Health::Stale { reason } => match reason {
            StaleReason::FormatVersionBehind { golden, current } => format!(
                "written in golden format {}, this contract-pin reads {current}: update it once",
                golden.map_or_else(|| "without a version".to_owned(), |g| g.to_string())
            ),
            StaleReason::FormatVersionAhead { golden, current } => format!(
                "written in golden format {golden} by a newer contract-pin (this one reads \
                 {current}): upgrade contract-pin"
            ),
            StaleReason::PolicyBlock => {
                "holds a `policy` block: the policy file holds policy now; update moves it"
                    .to_owned()
            }
            StaleReason::IntegrityMismatch { symbols } => format!(
                "edited by hand: {} no longer match{} {} fingerprint{}",
                symbols
                    .iter()
                    .map(|s| format!("`{s}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
                if symbols.len() == 1 { "es" } else { "" },
                if symbols.len() == 1 { "its" } else { "their" },
                if symbols.len() == 1 { "" } else { "s" },
            ),
            StaleReason::Unreferenced => "no source pins this set".to_owned(),
        },
    };
    Some(reason)
}

/// What `contract-pin status`'s CONFIDENCE column means, printed under its table.
pub fn confidence_legend() -> &'static str {
    "CONFIDENCE: how much of what the compiler builds the source scan saw. high: all of \
     it; medium: a pinned item depends on cfg and was read as written; low: a contract \
     attribute is inside a macro the scan cannot expand, so pins may be missing."
}

/// `wire_vouched` of `set` (at `at`, `file:line`) names `name`, which is no type of
/// the set whose serde impls are written by hand (`hand_written`: those it has).
pub fn wire_vouched_unknown(set: &str, name: &str, at: &str, hand_written: &[&str]) -> String {
    let known = if hand_written.is_empty() {
        "it has none".to_owned()
    } else {
        let names: Vec<String> = hand_written.iter().map(|n| format!("`{n}`")).collect();
        format!("it has {}", names.join(", "))
    };
    format!(
        "{at}: `wire_vouched` of set `{set}` names `{name}`, which is no type of the set whose \
         serde impls are written by hand ({known}): a name there vouches for such a type's \
         wire form; remove `{name}`, or write it as the set names the type."
    )
}

/// `-p NAME` names no member of the workspace at `root`.
pub fn not_a_member(name: &str, root: &str, members: &[&str]) -> String {
    format!(
        "package `{name}` is not a member of the workspace at {root} (members: {})",
        members.join(", ")
    )
}

/// `--set NAME` names a set nothing pins and no golden holds.
pub fn unknown_set(set: &str, root: &str, known: &[String]) -> String {
    let hint = crate::nearest::closest(set, known.iter().map(String::as_str))
        .map(|close| format!("; did you mean `{close}`?"))
        .unwrap_or_default();
    format!(
        "no package of the workspace at {root} pins set `{set}`, and no golden of it exists \
         (sets pinned: {}){hint}",
        if known.is_empty() {
            "none".to_owned()
        } else {
            known.join(", ")
        }
    )
}

/// A set with no golden that no test checks, named like another set of the package:
/// most likely a typo in a contract attribute (`set = "wrie"` beside `"wire"`), which
/// would otherwise pass every check (nothing compares it) and be offered a golden of
/// its own.
pub fn set_like_a_typo(set: &str, package: &str, close: &str, pinned_at: Option<&str>) -> String {
    format!(
        "set `{set}` of package `{package}` {}",
        set_like_a_typo_here(set, package, close, pinned_at)
    )
}

/// [`set_like_a_typo`] where the context already names the set and its package (a
/// unit's line: `error: set `wrie` of app: …`).
pub fn set_like_a_typo_here(
    set: &str,
    package: &str,
    close: &str,
    pinned_at: Option<&str>,
) -> String {
    format!(
        "has no golden and no test checks it{at}: a typo of set `{close}`? Correct the \
         contract attribute. If `{set}` is a new set, check it in a test \
         (`contract_pin::assert_golden!(\"{set}\")`) and create its golden with `{update}` \
         (or `{test}`)",
        at = pinned_at
            .map(|a| format!(" (pinned at {a})"))
            .unwrap_or_default(),
        update = cli_update_command(set, package),
        test = update_command(set, package),
    )
}

/// The items of one set name different goldens (`named`, each quoted).
pub fn goldens_disagree(set: &str, named: &[String]) -> String {
    format!(
        "the items of set `{set}` name different goldens ({}): one set has one golden",
        named.join(", ")
    )
}

/// A writer waits for another process that holds the golden's lock.
pub fn waiting_for_lock(golden: &str, lock: &str) -> String {
    format!("contract-pin: waiting for another process writing {golden} (it holds {lock})")
}

/// The file the compile-time check includes while a golden is missing, so that cargo
/// compiles the crate again once it exists.
pub fn golden_watch_note(golden: &str) -> String {
    format!(
        "contract-pin: no golden at {golden} when this crate was last compiled; this file \
         makes cargo compile it again until one exists\n"
    )
}

/// A `[set.NAME]` table of the policy file that no source pins (`pinned`: the sets
/// that are).
pub fn configured_set_unpinned(set: &str, pinned: &[impl AsRef<str>]) -> String {
    let pinned: Vec<&str> = pinned.iter().map(AsRef::as_ref).collect();
    format!(
        "the policy file configures set `{set}`, which no source of the workspace pins (sets \
         pinned: {}); a typo, or a retired set whose table can go",
        if pinned.is_empty() {
            "none".to_owned()
        } else {
            pinned.join(", ")
        }
    )
}

/// A `pub use` of an item another package pins (in `sets`, each quoted): it is
/// checked by that package's golden, and registers nothing in `here`.
pub fn re_export_of_a_pin(path: &str, sets: &[String], owner: &str, here: &str) -> String {
    format!(
        "`{path}` is pinned in set {} of package `{owner}`: its golden there checks it; this \
         re-export registers nothing in `{here}`",
        sets.join(", ")
    )
}

/// The compile-time check cannot parse the file of the call it expands.
pub fn file_unparsable(e: &dyn std::fmt::Display) -> String {
    format!("cannot parse this file: {e}")
}

/// The doc of the fingerprint const the attribute emits for `item`.
pub fn fingerprint_doc(item: &str) -> String {
    format!("contract-pin fingerprint of `{item}` (use `contract_pin::fingerprint!`).")
}
