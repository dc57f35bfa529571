//! The vocabulary reference (`docs/VOCABULARY.md`), generated from [`DeltaKind::ALL`]
//! so the documentation cannot drift from the classifier.

use std::fmt::Write as _;

use crate::delta::DeltaKind;

/// The complete text of `docs/VOCABULARY.md`.
pub fn markdown() -> String {
    let mut out = String::new();
    out.push_str(
        "# Delta vocabulary\n\
         \n\
         <!-- Generated from `DeltaKind::ALL` (contract-core/src/delta.rs) by \
         `contract_core::vocabulary::markdown()`. Do not edit by hand: after changing the \
         vocabulary run `CONTRACT_PIN_BLESS=1 cargo test -p contract-core --test vocabulary`. \
         -->\n\
         \n\
         Every difference between a golden shape and the current one is reported as one \
         delta per axis it affects, with a *kind* from the table below. The *class* column \
         is the class under the default policy; some rules refine it from context (a \
         sealed trait, a private field, which wire direction breaks), as the meaning \
         column says. The *axis* column is the axis the kind is usually reported on; \
         several kinds (`field_removed`, `field_type_changed`, `variant_added`, …) are \
         also reported on the wire axis when the item derives `Serialize` or \
         `Deserialize`. Every kind has a positive case and a near-miss negative in \
         `contract-core/tests/common/cases.rs`.\n\
         \n\
         | kind | default class | axis | example | meaning |\n\
         |---|---|---|---|---|\n",
    );
    for kind in DeltaKind::ALL {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} |",
            kind.as_str(),
            kind.default_class().as_str(),
            kind.default_axis().as_str(),
            cell(kind.example()),
            cell(kind.description()),
        );
    }
    out.push_str(
        "\n\
         ## The wire axis\n\
         \n\
         Wire rules work out, for each change, whether it breaks **backward** (the new \
         type reading payloads the old type wrote or accepted) and **forward** (old \
         consumers reading payloads the new type writes). The set's \
         `policy.wire_direction` turns that into a class: `full` (the default) is breaking \
         when either direction breaks, `backward` and `forward` only when that direction \
         does. `policy.wire_format: \"positional\"` (bincode, postcard) makes field order, \
         field additions and variant positions matter and names irrelevant. Every wire \
         verdict is backed by a serde round trip in `contract-core/tests/wire_oracle.rs`.\n\
         \n\
         ## Changing a class for a set\n\
         \n\
         A set's policy lives in its golden (`golden/<set>-contract/<package>.json`) and \
         every update keeps it. To change the class of a kind for that set, add it to \
         `policy.overrides`; the override applies after the rule's own verdict:\n\
         \n\
         ```json\n\
         \"policy\": {\n\
         \x20 \"axes\": [\"api\", \"wire\"],\n\
         \x20 \"overrides\": {\n\
         \x20   \"field_order_changed\": \"breaking\",\n\
         \x20   \"trait_implementor_added\": \"breaking\"\n\
         \x20 },\n\
         \x20 \"wire_direction\": \"full\",\n\
         \x20 \"wire_format\": \"self_describing\"\n\
         }\n\
         ```\n\
         \n\
         To stop enforcing an axis, drop it from `policy.axes`: its deltas are still \
         reported (drift must show in the pull request) but can no longer be breaking.\n",
    );
    out
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}
