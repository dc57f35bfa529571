#![allow(dead_code)]

pub struct Orchestrator;

#[contract_pin::contract(set = "ui", golden = "receiver_changed.golden.json")]
impl Orchestrator {
    pub fn run(&mut self, attempts: u32) -> u32 {
        attempts
    }
}

fn main() {}
