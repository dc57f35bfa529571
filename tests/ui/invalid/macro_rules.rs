#[contract_pin::contract]
macro_rules! pinned {
    () => {};
}

fn main() {}
