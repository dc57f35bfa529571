#![allow(dead_code)]

pub struct TrustOutcome;
pub struct Report;

#[contract_pin::contract(set = "ui", golden = "alias_target_changed.golden.json")]
pub type StageOutcome = Report;

fn main() {}
