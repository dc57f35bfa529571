#[contract_pin::contract]
use std::fmt::Debug;

fn main() {}
