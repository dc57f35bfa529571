//! cargo_metadata 0.19's `Target::kind`: strings became an enum whose unit variants are
//! written as the same strings, with an untagged fallback for the rest. The payloads
//! do not change, so a set that holds only the wire compiles (the macro follows
//! `TargetKind` through the crate's sources, as the harness does through the set) and
//! drifts additively.
#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

use serde::{Deserialize, Serialize};

#[contract_pin::contract(set = "ui-wire", golden = "field_type_changed.wire_schema.golden.json")]
#[derive(Serialize, Deserialize)]
pub enum TargetKind {
    #[serde(rename = "lib")]
    Lib,
    #[serde(rename = "bin")]
    Bin,
    #[serde(untagged)]
    Unknown(String),
}

#[contract_pin::contract(set = "ui-wire", golden = "field_type_changed.wire_schema.golden.json")]
#[derive(Serialize, Deserialize)]
pub struct Target {
    pub name: String,
    pub kind: Vec<TargetKind>,
}

fn main() {
    support::assert_additive_in("ui-wire", "field_type_changed");
}
