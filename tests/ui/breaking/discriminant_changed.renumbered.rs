#![allow(dead_code)]

#[contract_pin::contract(set = "ui", golden = "discriminant_changed.renumbered.golden.json")]
pub enum Level {
    Off,
    Low,
    Mid,
    High,
    Max,
}

fn main() {}
