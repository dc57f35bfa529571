#[contract_pin::contract(set = "api", set = "other")]
pub struct Order {
    pub id: u64,
}

fn main() {}
