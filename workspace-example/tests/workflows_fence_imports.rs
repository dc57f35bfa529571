//! Import-side fence: no node module depends on another node (or on the `nodes`
//! module, or on the driver that dispatches nodes), by `use` or by qualified path.

#[path = "workflows_support/fence.rs"]
mod fence;

use fence::{import_fence, node_source, Index};

#[test]
fn no_node_imports_a_peer() {
    let index = Index::of_crate();
    let violations: Vec<_> = fence::node_files()
        .iter()
        .flat_map(|(stem, file)| import_fence(&index, stem, file))
        .collect();
    if let Some(report) = fence::report(&violations) {
        panic!("{report}");
    }
}

#[test]
fn the_fence_rejects_every_dependency_on_a_peer() {
    let cases = [
        ("use of a peer module", "use super::apply_recipe;"),
        ("use of a peer item", "use super::write_branch::EMITS;"),
        (
            "renamed use",
            "use crate::workflows::nodes::stage6_validate as gate;",
        ),
        (
            "grouped use",
            "use super::{apply_recipe::run as apply, write_branch};",
        ),
        ("glob over the nodes", "use super::*;"),
        ("glob over a peer", "use super::apply_recipe::*;"),
        ("the nodes module", "use crate::workflows::nodes;"),
        ("the dispatcher", "use crate::workflows::driver::run_node;"),
        ("the driver module", "use crate::workflows::driver;"),
    ];
    let index = Index::of_crate();
    for (name, imports) in cases {
        let file = node_source(imports, "NodeTransition::Advance");
        let found = import_fence(&index, "match_recipe", &file);
        assert!(
            !found.is_empty(),
            "the import-side fence misses {name}: `{imports}`"
        );
        assert!(
            found[0]
                .to_string()
                .contains("src/workflows/nodes/match_recipe.rs:3:")
                && found[0].to_string().contains("Fix: remove this dependency"),
            "{name}: the message must name file, line and fix:\n{}",
            found[0]
        );
    }
    let qualified = node_source(
        "",
        "let _ = super::write_branch::EMITS;\nNodeTransition::Advance",
    );
    assert!(
        !import_fence(&index, "match_recipe", &qualified).is_empty(),
        "the import-side fence misses a qualified path to a peer"
    );
}

#[test]
fn a_reexport_does_not_launder_the_dependency() {
    let extra = [fence::SourceFile {
        path: "src/workflows/nodes/mod.rs".to_owned(),
        text: "pub mod apply_recipe;\npub use apply_recipe::run as apply_recipe_run;\n".to_owned(),
    }];
    let index = fence::index_with(&extra);
    let file = node_source("use super::apply_recipe_run as go;", "go(state, ports)");
    let found = import_fence(&index, "match_recipe", &file);
    assert!(
        found
            .iter()
            .any(|v| v.reaches.contains("apply_recipe::run")),
        "{found:?}"
    );
}

#[test]
fn the_fence_passes_node_shaped_code() {
    let index = Index::of_crate();
    for file in fence::clean_catalogue() {
        let found = import_fence(&index, "match_recipe", &file);
        assert!(
            found.is_empty(),
            "false positive on:\n{}\n{}",
            file.text,
            fence::report(&found).unwrap_or_default()
        );
    }
}
