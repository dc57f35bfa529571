use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
#[contract_pin::contract]
pub struct Order {
    pub id: u64,
}

fn main() {}
