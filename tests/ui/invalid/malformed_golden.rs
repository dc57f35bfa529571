#[contract_pin::contract(set = "ui", golden = "malformed_golden.golden.json")]
pub struct Order {
    pub id: u64,
}

#[contract_pin::contract(set = "ui", golden = "malformed_golden.golden.json")]
pub struct Second {
    pub id: u64,
}

fn main() {}
