#[contract_pin::contract(set = "api", golden = "../../golden/api.json")]
pub struct Order {
    pub id: u64,
}

fn main() {}
