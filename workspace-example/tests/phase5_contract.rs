//! The Phase-5 contract handshake: failure means Phase 5 cannot ship.

#[test]
fn phase5_contract() {
    contract_pin::assert_golden!("phase5");
}
