#![deny(warnings)]

contract_pin::assert_same_item!(contract_harness::Status, contract_harness::Status);
contract_pin::assert_same_item!(contract_harness::DeltaKind, contract_core::DeltaKind);

fn main() {}
