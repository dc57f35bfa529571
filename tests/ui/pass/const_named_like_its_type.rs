//! A const or static named like a type beside it (gimli's `type NativeEndian` and
//! `const NativeEndian`, the value a unit type's alias cannot give): all pinned, the
//! crate compiles as unpinned, and each has its own fingerprint
//! (`fingerprint!(const …)` and `fingerprint!(static …)` name the values').
#![deny(warnings)]

/// Little-endian byte order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LittleEndian;

/// The target's byte order.
#[contract_pin::contract(set = "ui", name = "NativeEndian")]
pub type NativeEndian = LittleEndian;

/// The target's byte order, as a value.
#[allow(non_upper_case_globals)]
#[contract_pin::contract(set = "ui", name = "NativeEndianConst")]
pub const NativeEndian: LittleEndian = LittleEndian;

/// A byte order by another name.
#[contract_pin::contract(set = "ui", name = "Order")]
pub type Order = LittleEndian;

/// The same, as a static.
#[allow(non_upper_case_globals)]
#[contract_pin::contract(set = "ui", name = "OrderStatic")]
pub static Order: LittleEndian = LittleEndian;

/// A const named as consts are keeps the bare name.
#[contract_pin::contract(set = "ui", name = "MAX_DEPTH")]
pub const MAX_DEPTH: u32 = 4;

/// Every fingerprint, in const context.
pub const FINGERPRINTS: [&str; 5] = [
    contract_pin::fingerprint!(NativeEndian),
    contract_pin::fingerprint!(const NativeEndian),
    contract_pin::fingerprint!(Order),
    contract_pin::fingerprint!(static Order),
    contract_pin::fingerprint!(MAX_DEPTH),
];

fn main() {
    let value: NativeEndian = NativeEndian;
    assert_eq!(value, Order);
    for fingerprint in FINGERPRINTS {
        assert!(fingerprint.starts_with("sha256:") && fingerprint.len() == 71);
    }
    assert_ne!(FINGERPRINTS[0], FINGERPRINTS[1]);
    assert_ne!(FINGERPRINTS[2], FINGERPRINTS[3]);
    assert_eq!(MAX_DEPTH, 4);
}
