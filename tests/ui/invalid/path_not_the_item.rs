mod orders {
    #[contract_pin::contract(path = "crate::api::Order")]
    pub struct Order {
        pub id: u64,
    }
}

pub mod api {
    pub struct Order;
}

fn main() {}
