#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

pub struct Orchestrator;

#[contract_pin::contract(set = "ui", golden = "param_renamed.golden.json")]
impl Orchestrator {
    pub fn run(&self, attempts: u32) -> u32 {
        attempts
    }
}

fn main() {
    support::assert_additive("param_renamed");
}
