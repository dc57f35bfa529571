#[contract_pin::contract]
extern "C" {
    fn abs(input: i32) -> i32;
}

fn main() {}
