fn unquoted() {
    contract_pin::assert_golden!(phase5);
}

fn unknown() {
    contract_pin::assert_golden!("phase5", library = x);
}

fn escaping() {
    contract_pin::assert_golden!("../../etc");
}

fn contract_pin_path() {
    contract_pin::assert_golden!("phase5", crate = contract_pin);
}

fn main() {
    unquoted();
    unknown();
    escaping();
    contract_pin_path();
}
