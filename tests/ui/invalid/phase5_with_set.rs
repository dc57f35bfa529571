#[contract_pin::phase5_contract(set = "phase6")]
pub struct Order {
    pub id: u64,
}

fn main() {}
