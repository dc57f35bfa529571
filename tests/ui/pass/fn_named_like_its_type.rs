//! A fn named like a type beside it (syn's `struct Group` and `fn Group(span) ->
//! Group`, ndarray's `Ix2`): both pinned, the crate compiles as unpinned, and each has
//! its own fingerprint (`fingerprint!(fn …)` names the fn's).
#![deny(warnings)]

/// A delimiter group.
#[contract_pin::contract(set = "ui", name = "Group")]
pub struct Group {
    /// Where it is.
    pub span: u32,
}

/// Builds a [`Group`], as syn's constructors do.
#[allow(non_snake_case)]
#[contract_pin::contract(set = "ui", name = "GroupFn")]
pub fn Group(span: u32) -> Group {
    Group { span }
}

/// Both fingerprints, in const context.
pub const FINGERPRINTS: [&str; 2] = [
    contract_pin::fingerprint!(Group),
    contract_pin::fingerprint!(fn Group),
];

fn main() {
    assert_eq!(Group(3).span, 3);
    for fingerprint in FINGERPRINTS {
        assert!(fingerprint.starts_with("sha256:") && fingerprint.len() == 71);
    }
    assert_ne!(FINGERPRINTS[0], FINGERPRINTS[1]);
}
