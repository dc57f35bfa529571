#[contract_pin::contract(set = "ui", golden = "non_utf8_golden.golden.json")]
pub struct Order {
    pub id: u64,
}

fn main() {}
