//! The golden was made with `OrderId` imported; the sources now spell the full path.
//! One type: the compile-time check and the harness see no change.
#![allow(dead_code)]

#[path = "../support.rs"]
mod support;

mod ids {
    pub struct OrderId(pub u64);
}

#[contract_pin::contract(set = "ui", golden = "use_path_respelled.golden.json")]
pub struct Order {
    pub id: crate::ids::OrderId,
    pub parent: core::option::Option<crate::ids::OrderId>,
}

fn main() {
    support::assert_unchanged();
}
