macro_rules! make {
    () => {
        pub struct Made;
    };
}

#[contract_pin::contract]
make! {}

fn main() {}
