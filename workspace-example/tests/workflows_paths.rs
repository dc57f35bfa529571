//! The four canonical paths are projections of the routing table, and every row is
//! reachable from `ingest_cve`.
//!
//! A canonical path is written as the `(source, predicate, destination)` steps it takes.
//! Each step must be a row of the table (taken from where the ledger stands), and the
//! driver, fed the matching scripted gate outcomes, must walk exactly those steps: the
//! table is the source of truth, the matrix a view of it.

#[path = "workflows_support/fixtures.rs"]
mod fixtures;

use std::collections::{BTreeSet, VecDeque};

use workspace_example::workflows::driver;
use workspace_example::workflows::ledger::LedgerStateKind;
use workspace_example::workflows::ports::{GateVerdict, Script};
use workspace_example::workflows::routing::{PredicateName, RoutingDecision, ROUTING_TABLE};
use workspace_example::workflows::state::{Dst, Node};

use LedgerStateKind as L;
use Node as N;
use PredicateName as P;

type Step = (Node, PredicateName, Dst);

struct CanonicalPath {
    name: &'static str,
    script: Script,
    start: LedgerStateKind,
    steps: Vec<Step>,
    end: LedgerStateKind,
}

fn pass_one() -> Vec<Step> {
    vec![
        (
            N::MatchRecipe,
            P::NodeAdvancedToNext,
            Dst::Node(N::ApplyRecipe),
        ),
        (
            N::ApplyRecipe,
            P::NodeAdvancedToNext,
            Dst::Node(N::Stage6Validate),
        ),
    ]
}

fn canonical_paths() -> Vec<CanonicalPath> {
    let ingest = (
        N::IngestCve,
        P::NodeAdvancedToNext,
        Dst::Node(N::MatchRecipe),
    );
    let replan = (
        N::Stage6Validate,
        P::GateFailedRetryable,
        Dst::Node(N::MatchRecipe),
    );
    let write = [
        (N::Stage6Validate, P::GatePassed, Dst::Node(N::WriteBranch)),
        (N::WriteBranch, P::NodeAdvancedToNext, Dst::End),
    ];
    let mut gate_pass = vec![ingest];
    gate_pass.extend(pass_one());
    gate_pass.extend(write);

    let mut retryable = vec![ingest];
    retryable.extend(pass_one());
    retryable.push(replan);
    retryable.extend(pass_one());
    retryable.extend(write);

    let mut repeated = vec![ingest];
    for _ in 0..3 {
        repeated.extend(pass_one());
        repeated.push(replan);
    }
    repeated.extend(pass_one());
    repeated.push((N::Stage6Validate, P::GateFailedRepeated, Dst::End));

    let mut tampered = Script::gates([]);
    tampered.intact = false;
    vec![
        CanonicalPath {
            name: "gate pass -> completed",
            script: Script::gates([GateVerdict::Pass]),
            start: L::NeedsPlan,
            steps: gate_pass,
            end: L::Completed,
        },
        CanonicalPath {
            name: "retryable -> match_recipe replan",
            script: Script::gates([GateVerdict::Fail, GateVerdict::Pass]),
            start: L::NeedsPlan,
            steps: retryable,
            end: L::Completed,
        },
        CanonicalPath {
            name: "repeated -> awaiting human review",
            script: Script::gates([GateVerdict::Fail; 4]),
            start: L::NeedsPlan,
            steps: repeated,
            end: L::AwaitingHumanReview,
        },
        CanonicalPath {
            name: "integrity -> failed unrecoverable",
            script: tampered,
            start: L::FailedUnrecoverable,
            steps: vec![(N::IngestCve, P::NodeShortCircuited, Dst::End)],
            end: L::FailedUnrecoverable,
        },
    ]
}

/// The row a step takes from `ledger`, if the table has one.
fn row_for(step: Step, ledger: LedgerStateKind) -> Option<&'static RoutingDecision> {
    let (source, predicate, dst) = step;
    ROUTING_TABLE
        .iter()
        .find(|(s, d)| {
            *s == source
                && d.predicate == predicate
                && d.dst == dst
                && d.ledger_edge.is_none_or(|(prior, _)| prior == ledger)
        })
        .map(|(_, d)| d)
}

#[test]
fn every_canonical_path_is_a_chain_of_table_rows() {
    for path in canonical_paths() {
        let mut ledger = path.start;
        let mut at = Node::ENTRY;
        for (i, step) in path.steps.iter().enumerate() {
            assert_eq!(
                step.0, at,
                "{}: step {i} does not start where the last ended",
                path.name
            );
            let decision = row_for(*step, ledger).unwrap_or_else(|| {
                panic!(
                    "{}: step {i} ({} --{}--> {}) with the ledger in {ledger} is not a row of \
                     ROUTING_TABLE: the canonical path no longer projects onto the table",
                    path.name, step.0, step.1, step.2
                )
            });
            if let Some((_, next)) = decision.ledger_edge {
                ledger = next;
            }
            if let Dst::Node(next) = step.2 {
                at = next;
            }
        }
        assert_eq!(
            path.steps.last().map(|s| s.2),
            Some(Dst::End),
            "{}",
            path.name
        );
        assert_eq!(
            ledger, path.end,
            "{}: the rows end the ledger elsewhere",
            path.name
        );
    }
}

#[test]
fn the_driver_walks_each_canonical_path() {
    for mut path in canonical_paths() {
        let report = driver::run("CVE-2026-0002", &mut path.script)
            .unwrap_or_else(|e| panic!("{}: the driver failed: {e}", path.name));
        let walked: Vec<Step> = report
            .steps
            .iter()
            .map(|s| (s.source, s.predicate, s.dst))
            .collect();
        assert_eq!(walked, path.steps, "{}", path.name);
        assert_eq!(report.ledger.kind(), path.end, "{}", path.name);
        for event in &report.checkpoints {
            assert!(
                driver::emits(event.node).contains(&event.kind),
                "{}: {} wrote a checkpoint of {} it does not declare in EMITS",
                path.name,
                event.node,
                event.kind
            );
        }
    }
}

/// Breadth-first over (node, ledger kind) from the entry, firing every row whose
/// ledger prior matches. The entry starts from both pre-states: `needs_plan` and, after
/// a failed integrity check, `failed_unrecoverable`.
fn explore() -> (BTreeSet<usize>, BTreeSet<(Node, LedgerStateKind)>) {
    let mut fired = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let mut queue: VecDeque<(Node, LedgerStateKind)> = [
        (Node::ENTRY, L::NeedsPlan),
        (Node::ENTRY, L::FailedUnrecoverable),
    ]
    .into();
    while let Some((node, ledger)) = queue.pop_front() {
        if !seen.insert((node, ledger)) {
            continue;
        }
        for (i, (source, d)) in ROUTING_TABLE.iter().enumerate() {
            if *source != node
                || fixtures::reachability(node, d.predicate).is_err()
                || d.ledger_edge.is_some_and(|(prior, _)| prior != ledger)
            {
                continue;
            }
            // A short circuit at the entry only happens in the failed pre-state.
            if node == Node::ENTRY
                && (d.predicate == P::NodeShortCircuited) != (ledger == L::FailedUnrecoverable)
            {
                continue;
            }
            fired.insert(i);
            let next_ledger = d.ledger_edge.map_or(ledger, |(_, next)| next);
            if let Dst::Node(next) = d.dst {
                queue.push_back((next, next_ledger));
            }
        }
    }
    (fired, seen)
}

#[test]
fn every_row_is_reachable_from_ingest_cve() {
    let (fired, _) = explore();
    let dead: Vec<String> = ROUTING_TABLE
        .iter()
        .enumerate()
        .filter(|(i, _)| !fired.contains(i))
        .map(|(_, (s, d))| fixtures::row(*s, d))
        .collect();
    assert!(
        dead.is_empty(),
        "rows no run from ingest_cve can take (dead rows hide soft-locks or stale ledger \
         priors):\n  {}",
        dead.join("\n  ")
    );
}

#[test]
fn no_reachable_state_is_a_dead_end() {
    let (_, seen) = explore();
    for (node, ledger) in seen {
        let routes = ROUTING_TABLE
            .iter()
            .any(|(s, d)| *s == node && d.ledger_edge.is_none_or(|(prior, _)| prior == ledger));
        assert!(
            routes,
            "the run can reach {node} with the ledger in {ledger}, but no row leaves it: \
             a soft-lock"
        );
    }
}
