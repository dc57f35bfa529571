#![allow(dead_code)]

pub struct Orchestrator;

#[contract_pin::contract(set = "ui", golden = "fn_unsafe_added.golden.json")]
impl Orchestrator {
    pub unsafe fn run(&self, attempts: u32) -> u32 {
        attempts
    }
}

fn main() {}
