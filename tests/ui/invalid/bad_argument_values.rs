#[contract_pin::contract(set = 5, name = "not an ident")]
pub struct Order {
    pub id: u64,
}

#[contract_pin::contract(set = "Has Spaces")]
pub struct Other {
    pub id: u64,
}

fn main() {}
