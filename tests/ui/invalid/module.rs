#[contract_pin::contract]
mod inner {}

fn main() {}
