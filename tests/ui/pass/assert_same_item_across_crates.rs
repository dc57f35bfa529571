#![deny(warnings)]

contract_pin::assert_same_item!(contract_pin::Status, contract_pin::Status);
contract_pin::assert_same_item!(contract_pin::DeltaKind, contract_core::DeltaKind);

fn main() {}
