#![allow(dead_code)]

pub struct Orchestrator;

#[contract_pin::contract(set = "ui", golden = "required_arg_added.golden.json")]
impl Orchestrator {
    pub fn run(&self, attempts: u32, limit: u32) -> u32 {
        attempts.min(limit)
    }
}

fn main() {}
