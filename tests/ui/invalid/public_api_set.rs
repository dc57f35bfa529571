#[contract_pin::contract(set = "ui-api")]
pub struct Order {
    pub id: u64,
}

fn main() {}
