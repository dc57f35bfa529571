//! Every message a user reads: the breaking directive, the additive-drift message,
//! the missing-golden message, the compile error. One screen answers what changed,
//! why it blocks, and how to resolve it.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::delta::Delta;
use crate::env;
use crate::policy::Policy;
use crate::render;

/// The command that rewrites the golden of `set` for `package`.
pub fn update_command(set: &str, package: &str) -> String {
    format!(
        "{}=1 cargo test -p {package}",
        env::set_update_variable(set)
    )
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
}

impl Context<'_> {
    fn command(&self) -> String {
        update_command(self.set, self.package)
    }

    /// The accept command quoted, with where to run it: `` `X=1 cargo test -p p` ``,
    /// or under CI `` `X=1 cargo test -p p` on your machine (CI only compares goldens) ``.
    pub fn accept(&self) -> String {
        format!("`{}`{}", self.command(), self.where_to_run())
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
        match self.modules.get(symbol) {
            Some(module) => format!("{module}::{symbol}"),
            None => symbol.to_owned(),
        }
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
            &format!(
                "Rerun with `{}`{} to regenerate the golden",
                cx.command(),
                cx.where_to_run()
            ),
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
        "Rerun with `{}`{} and commit the updated {}.",
        cx.command(),
        cx.where_to_run(),
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

/// What one test binary registers in a set: for [`binaries_disagree`].
#[derive(Clone, Debug)]
pub struct Binary<'a> {
    /// The test binary's name (`app` for a library's unit tests, `contract` for
    /// `tests/contract.rs`).
    pub name: &'a str,
    /// Where its `assert_golden!` is (`src/lib.rs:12:9`), when known.
    pub caller: Option<&'a str>,
    /// Each symbol it registers, with a digest of its shape.
    pub symbols: &'a BTreeMap<String, String>,
}

/// The refusal when two test binaries of one package check one golden with different
/// registrations (a pin under `#[cfg(test)]` exists only in the unit tests): each
/// would write the golden its own way, so an update flips it and a plain run fails in
/// one of them.
pub fn binaries_disagree(cx: &Context<'_>, this: &Binary<'_>, other: &Binary<'_>) -> String {
    let named = |b: &Binary<'_>| match b.caller {
        Some(at) => format!("test binary `{}` (assert_golden! at {at})", b.name),
        None => format!("test binary `{}`", b.name),
    };
    let only = |a: &Binary<'_>, b: &Binary<'_>| -> Vec<String> {
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
        cx.package, cx.golden, cx.set
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
        set = cx.set
    );
    out
}

/// The message when no golden exists yet.
pub fn missing_golden(cx: &Context<'_>) -> String {
    format!(
        "no golden for contract set `{set}` of package `{package}` at {golden}\n\
         Create it with `{command}`{where_to_run}, review it, and commit it.\n",
        set = cx.set,
        package = cx.package,
        golden = cx.golden,
        command = cx.command(),
        where_to_run = cx.where_to_run()
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
