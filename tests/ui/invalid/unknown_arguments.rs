// Both unknown arguments are reported in one compile, each at its span.
#[contract_pin::contract(sett = "api", nme = "Renamed")]
pub struct Order {
    pub id: u64,
}

fn main() {}
