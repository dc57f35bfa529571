#[contract_pin::contract(path = "api::Order")]
pub struct Order {
    pub id: u64,
}

pub struct Config;

#[contract_pin::contract(path = "crate::Config")]
impl Config {
    pub fn new() -> Self {
        Config
    }
}

fn main() {}
