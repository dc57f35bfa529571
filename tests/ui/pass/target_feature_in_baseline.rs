//! A target feature every build of the target enables (`sse2` on x86_64) asks nothing
//! more of an `unsafe fn`'s callers: the compile-time check raises no error where this
//! build enables it, and the harness, which asks rustc for the target's defaults, sees
//! no change. (A safe fn's callers would have to enable it themselves or call it in
//! `unsafe`, whatever the build enables: that stays breaking.) Elsewhere the fn has no
//! feature at all.
#![deny(warnings)]

#[path = "../support.rs"]
mod support;

/// A sum of bytes.
///
/// # Safety
///
/// None: any slice will do.
#[contract_pin::contract(set = "ui", golden = "target_feature_in_baseline.golden.json")]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "sse2"))]
pub unsafe fn checksum(bytes: &[u8]) -> u32 {
    bytes.len() as u32
}

fn main() {
    // SAFETY: every x86_64 CPU has sse2.
    assert_eq!(unsafe { checksum(b"abc") }, 3);
    support::assert_unchanged();
}
