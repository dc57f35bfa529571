#![allow(dead_code)]

pub struct Orchestrator;

#[contract_pin::contract(set = "ui", golden = "param_removed.golden.json")]
impl Orchestrator {
    pub fn run(&self) -> u32 {
        0
    }
}

fn main() {}
