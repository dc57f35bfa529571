// Two items of another crate: still refused (not only warned about).
contract_pin::assert_same_item!(contract_pin::Status, contract_pin::Class);

fn main() {}
