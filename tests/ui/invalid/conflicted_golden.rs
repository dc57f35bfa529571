#[contract_pin::contract(set = "ui", golden = "conflicted_golden.golden.json")]
pub struct Order {
    pub id: u64,
}

fn main() {}
