#![allow(dead_code)]

pub struct Orchestrator;

#[contract_pin::contract(set = "ui", golden = "return_type_changed.golden.json")]
impl Orchestrator {
    pub fn run(&self, attempts: u32) -> u64 {
        u64::from(attempts)
    }
}

fn main() {}
