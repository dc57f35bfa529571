mod deep {
    pub struct Report;
}

mod shallow {
    // A second declaration shadowing the canonical one: identity must fail.
    pub struct Report;
}

contract_pin::assert_same_item!(deep::Report, shallow::Report);

fn main() {}
