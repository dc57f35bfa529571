#![allow(dead_code)]

pub struct Orchestrator;

#[contract_pin::contract(set = "ui", golden = "method_signature_changed.golden.json")]
impl Orchestrator {
    pub fn run<T: Into<u32>>(&self, attempts: T) -> u32 {
        attempts.into()
    }
}

fn main() {}
