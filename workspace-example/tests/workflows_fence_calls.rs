//! Call-side fence: no node module calls (or captures) another node's `run`, by any
//! route. Node modules are found by reading `src/workflows/nodes/`.

#[path = "workflows_support/fence.rs"]
mod fence;

use std::collections::BTreeSet;

use fence::{call_fence, Index};
use workspace_example::workflows::state::Node;

#[test]
fn the_fence_sees_exactly_the_nodes_of_the_graph() {
    let files: BTreeSet<String> = fence::node_files().into_keys().collect();
    let nodes: BTreeSet<String> = Node::ALL.iter().map(|n| n.as_str().to_owned()).collect();
    assert_eq!(
        files,
        nodes,
        "the modules in {} must be exactly the graph's nodes (Node::ALL): a node module \
         without a Node variant is never routed, a Node without a module never runs",
        fence::NODES_DIR
    );
}

#[test]
fn no_node_calls_a_peer_run() {
    let index = Index::of_crate();
    assert!(
        index.dispatchers.contains("run_node"),
        "the index must know the driver's dispatcher, or calls through it go unseen: {index:?}"
    );
    let violations: Vec<_> = fence::node_files()
        .iter()
        .flat_map(|(stem, file)| call_fence(&index, stem, file))
        .collect();
    if let Some(report) = fence::report(&violations) {
        panic!("{report}");
    }
}

#[test]
fn the_fence_rejects_every_route_to_a_peer_run() {
    for case in fence::peer_call_catalogue() {
        let index = fence::index_with(&case.extra);
        let found = call_fence(&index, "match_recipe", &case.file);
        assert!(
            !found.is_empty(),
            "the call-side fence misses a peer call by {}:\n{}",
            case.name,
            case.file.text
        );
        for v in &found {
            let message = v.to_string();
            assert!(
                message.contains("src/workflows/nodes/match_recipe.rs:")
                    && message.contains(fence::RULE)
                    && message.contains("ROUTING_TABLE"),
                "{}: the message must name file and line, the rule and the fix:\n{message}",
                case.name
            );
        }
    }
}

#[test]
fn the_fence_passes_node_shaped_code() {
    let index = Index::of_crate();
    for file in fence::clean_catalogue() {
        let found = call_fence(&index, "match_recipe", &file);
        assert!(
            found.is_empty(),
            "false positive on:\n{}\n{}",
            file.text,
            fence::report(&found).unwrap_or_default()
        );
    }
}

#[test]
fn a_violation_points_at_its_line() {
    let index = Index::of_crate();
    let file = fence::node_source("", "super::apply_recipe::run(state, ports)");
    let found = call_fence(&index, "match_recipe", &file);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].line, found[0].column), (5, 1));
    assert!(
        found[0].reaches.contains("apply_recipe::run"),
        "{}",
        found[0]
    );
    assert!(found[0]
        .to_string()
        .starts_with("src/workflows/nodes/match_recipe.rs:5:1: [node-calls-peer-run] node `match_recipe` reaches `apply_recipe::run` by call"));
}
