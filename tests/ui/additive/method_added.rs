#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

pub struct Orchestrator;

#[contract_pin::contract(set = "ui", golden = "method_added.golden.json")]
impl Orchestrator {
    pub fn run(&self) -> u32 {
        1
    }
    pub fn dry_run(&self) -> u32 {
        0
    }
}

fn main() {
    support::assert_additive("method_added");
}
