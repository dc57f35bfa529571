#[contract_pin::contract]
pub union Bits {
    pub a: u32,
    pub b: f32,
}

fn main() {}
