#![allow(dead_code)]

pub struct Orchestrator;

#[contract_pin::contract(set = "ui", golden = "param_type_changed.golden.json")]
impl Orchestrator {
    pub fn run(&self, attempts: u64) -> u32 {
        attempts as u32
    }
}

fn main() {}
