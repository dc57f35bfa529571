//! The committed routing diagram is the table's: redrawn and compared on every run.

use std::fs;
use std::path::Path;

use workspace_example::workflows::diagram;
use workspace_example::workflows::routing::ROUTING_TABLE;

const PAGE: &str = "docs/phase6-routing.md";

#[test]
fn the_committed_diagram_is_drawn_from_the_current_table() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(PAGE);
    let expected = diagram::page();
    let ci = std::env::var("CI").is_ok_and(|v| !matches!(v.as_str(), "" | "0" | "false"));
    if std::env::var("CONTRACT_PIN_BLESS").as_deref() == Ok("1") && !ci {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, &expected).unwrap();
    }
    let committed = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == expected,
        "{PAGE} is stale: the routing table changed. Redraw it with \
         `CONTRACT_PIN_BLESS=1 cargo test -p workspace-example --test workflows_diagram` \
         and commit it."
    );
}

#[test]
fn every_row_is_an_edge_of_the_diagram() {
    let drawing = diagram::mermaid();
    for (source, decision) in ROUTING_TABLE {
        let needle = format!("    {} --> ", source.as_str());
        let label = format!(": {}", decision.predicate.as_str());
        assert!(
            drawing
                .lines()
                .any(|l| l.starts_with(&needle) && l.contains(&label)),
            "row ({}, {}) is not drawn:\n{drawing}",
            source.as_str(),
            decision.predicate.as_str()
        );
        if let Some((from, to)) = decision.ledger_edge {
            let edge = format!("{} → {}", from.as_str(), to.as_str());
            assert!(drawing.contains(&edge), "ledger edge {edge} is not drawn");
        }
    }
}
