fn unquoted() {
    contract_pin::assert_golden!(phase5);
}

fn unknown() {
    contract_pin::assert_golden!("phase5", library = x);
}

fn escaping() {
    contract_pin::assert_golden!("../../etc");
}

fn main() {
    unquoted();
    unknown();
    escaping();
}
