#![allow(dead_code)]

pub struct Orchestrator;

#[contract_pin::contract(set = "ui", golden = "method_signature_changed.golden.json")]
impl Orchestrator {
    // A type parameter no argument names: no call can infer it (an argument's type
    // made generic is `param_generalised`, additive where the old type meets the bounds).
    pub fn run<T: Default>(&self, attempts: u32) -> u32 {
        attempts
    }
}

fn main() {}
