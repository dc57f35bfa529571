//! The two node fences agree: on every real node module their verdicts are equal, and
//! every peer call the call side rejects the import side rejects too (a call always
//! names its peer). Weakening either fence breaks this agreement.

#[path = "workflows_support/fence.rs"]
mod fence;

use fence::{call_fence, import_fence, Index, CALL_FENCE, IMPORT_FENCE};

#[test]
fn both_fences_reach_the_same_verdict_on_every_node() {
    let index = Index::of_crate();
    for (stem, file) in fence::node_files() {
        let imports = import_fence(&index, &stem, &file);
        let calls = call_fence(&index, &stem, &file);
        let diagnosis = match (imports.is_empty(), calls.is_empty()) {
            (false, true) => format!(
                "[{IMPORT_FENCE}] rejects a dependency on a peer through which [{CALL_FENCE}] sees no \
                 call. Remove the dependency; or, if the module does run the peer by some \
                 route, the call side is blind to it: teach CallSide in \
                 tests/workflows_support/fence.rs that route."
            ),
            (true, false) => format!(
                "[{CALL_FENCE}] rejects a peer call whose dependency [{IMPORT_FENCE}] does not \
                 see: a call always names its peer, so the import side is blind to this route: \
                 teach ImportSide in tests/workflows_support/fence.rs."
            ),
            _ => continue,
        };
        panic!(
            "{}: the fences disagree. {diagnosis}\n{}{}",
            file.path,
            fence::report(&imports).unwrap_or_default(),
            fence::report(&calls).unwrap_or_default()
        );
    }
}

#[test]
fn every_peer_call_trips_both_fences() {
    for case in fence::peer_call_catalogue() {
        let index = fence::index_with(&case.extra);
        let calls = call_fence(&index, "match_recipe", &case.file);
        let imports = import_fence(&index, "match_recipe", &case.file);
        assert!(
            !calls.is_empty(),
            "[{CALL_FENCE}] is blind to a peer call by {}:\n{}",
            case.name,
            case.file.text
        );
        assert!(
            !imports.is_empty(),
            "[{IMPORT_FENCE}] is blind to the dependency behind a peer call by {} (the call \
             side rejects it):\n{}",
            case.name,
            case.file.text
        );
    }
}

/// The one deliberate asymmetry: a dependency without a call is the import side's
/// alone. Neither fence replaces the other.
#[test]
fn an_import_without_a_call_trips_only_the_import_side() {
    let index = Index::of_crate();
    let file = fence::node_source(
        "use super::apply_recipe::EMITS as PEER_EMITS;",
        "let _ = PEER_EMITS;\nNodeTransition::Advance",
    );
    assert!(!import_fence(&index, "match_recipe", &file).is_empty());
    assert!(call_fence(&index, "match_recipe", &file).is_empty());
}
