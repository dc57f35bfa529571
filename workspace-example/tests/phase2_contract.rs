//! The Phase-2 contract: the index-freshness verdict (`IndexFreshness`,
//! `StaleReason`) and its `kind`-tagged wire representation, which consumers
//! pattern-match on.

#[test]
fn phase2_contract() {
    contract_pin::assert_golden!("phase2");
}
