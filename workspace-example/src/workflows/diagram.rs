//! The routing state machine as a Mermaid diagram, drawn from [`ROUTING_TABLE`]
//! itself: the committed picture (`workspace-example/docs/phase6-routing.md`) cannot
//! drift from the table, because a test redraws it and compares.

use std::fmt::Write as _;

use crate::workflows::routing::ROUTING_TABLE;
use crate::workflows::state::{Dst, Node};

/// A Mermaid `stateDiagram-v2`: one state per node, `[*]` for entry and END, one
/// edge per distinct `(source, predicate, destination)` of the table, labelled with
/// the predicate and the ledger edges that decision may write.
pub fn mermaid() -> String {
    let mut edges: Vec<(String, String, String, Vec<String>)> = Vec::new();
    for (source, decision) in ROUTING_TABLE {
        let dst = match decision.dst {
            Dst::Node(node) => node.as_str().to_owned(),
            Dst::End => "[*]".to_owned(),
        };
        let ledger = decision
            .ledger_edge
            .map(|(from, to)| format!("{} → {}", from.as_str(), to.as_str()));
        let key = (
            source.as_str().to_owned(),
            decision.predicate.as_str().to_owned(),
            dst,
        );
        match edges
            .iter_mut()
            .find(|e| (&e.0, &e.1, &e.2) == (&key.0, &key.1, &key.2))
        {
            Some(edge) => edge.3.extend(ledger),
            None => edges.push((key.0, key.1, key.2, ledger.into_iter().collect())),
        }
    }
    let mut out = String::from("stateDiagram-v2\n");
    let _ = writeln!(out, "    [*] --> {}", Node::ALL[0].as_str());
    for (source, predicate, dst, ledger) in &edges {
        let mut label = predicate.clone();
        if !ledger.is_empty() {
            let _ = write!(label, "<br/>ledger: {}", ledger.join(", "));
        }
        let _ = writeln!(out, "    {source} --> {dst}: {label}");
    }
    out
}

/// The Markdown page committed at `workspace-example/docs/phase6-routing.md`.
pub fn page() -> String {
    format!(
        "# Phase-6 routing\n\n\
         Generated from `ROUTING_TABLE` (`src/workflows/routing.rs`) by \
         `workflows::diagram::page()`; `tests/workflows_diagram.rs` fails when this \
         file is stale (`CONTRACT_PIN_BLESS=1 cargo test -p workspace-example --test \
         workflows_diagram` redraws it).\n\n```mermaid\n{}```\n",
        mermaid()
    )
}
