//! Pinning must not change the program: pinning an item makes rustc load contract-pin
//! and every crate it uses, and an impl of a std trait on a std type in any of them
//! takes part in the user's own type inference. Each expression below compiles in
//! plain Rust because std has exactly one impl that fits; one more (serde_json's
//! `impl PartialEq<Value> for u32`, the TOML parser winnow's `impl AsRef<BStr> for
//! [u8]`) makes it ambiguous (E0282/E0283), and the crate stops building once pinned
//! (socket2 0.6.4 did: `self.len() == offset_of_path(storage) as _`).
#![deny(warnings)]

/// The pinned item: its expansion is what loads contract-pin.
#[contract_pin::contract(set = "ui")]
pub struct Socket {
    /// A length, as `socklen_t` is.
    pub len: u32,
}

impl Socket {
    /// socket2's line: the right-hand side's type comes from `u32: PartialEq<_>`.
    pub fn is_path_only(&self, offset: usize) -> bool {
        self.len == offset as _
    }
}

/// `a == b` and `a < b` with `b`'s type known only from the operator's impls.
macro_rules! compare_infers {
    ($($t:ty),*) => {$(
        {
            let a: $t = Default::default();
            let b = Default::default();
            let _ = a == b;
            let c = Default::default();
            let _ = a < c;
            let d = 1u8;
            let _ = a == d as _;
        }
    )*};
}

fn main() {
    assert!(Socket { len: 3 }.is_path_only(3));
    compare_infers!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64);
    let (yes, no) = (true, Default::default());
    let _ = yes == no;
    let (letter, other) = ('a', Default::default());
    let _ = letter == other;
    // `[u8]: AsRef<[u8]>` is std's only `AsRef` for a byte slice.
    let bytes: &[u8] = b"path";
    let viewed = bytes.as_ref();
    assert_eq!(viewed.len(), 4);
    let mut owned = [1u8, 2];
    let slice: &mut [u8] = &mut owned;
    let changed = slice.as_mut();
    changed[0] = 3;
    assert_eq!(owned[0], 3);
}
