#![allow(dead_code)]

pub struct Orchestrator;

#[contract_pin::contract(set = "ui", golden = "fn_async_changed.golden.json")]
impl Orchestrator {
    pub async fn run(&self, attempts: u32) -> u32 {
        attempts
    }
}

fn main() {}
