// Two items of another crate: still refused (not only warned about).
contract_pin::assert_same_item!(contract_harness::Status, contract_harness::Class);

fn main() {}
