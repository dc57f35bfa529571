//! The type probe: which of the probed traits (`contract_core::probe::ProbedTrait::ALL`) a concrete type
//! implements, answered by the compiler in the user's crate, in const context.
//!
//! `<Probe<T>>::SEND` resolves to the inherent const below when `T: Send` holds, and
//! to [`Fallback`]'s `false` otherwise: inherent associated items take precedence over
//! trait ones, but only when their impl's bounds hold. (The technique of the `impls`
//! crate.) It answers only for a concrete `T`: in a generic context the bound cannot
//! be proven, and the answer would be `false` whatever `T` becomes — the macro emits
//! no probe for generic types.

use core::marker::PhantomData;

/// The type whose associated consts are the answers.
pub struct Probe<T: ?Sized>(PhantomData<T>);

/// `false` for every trait: what `Probe<T>` answers when `T` lacks it.
pub trait Fallback {
    /// Not `Copy`.
    const COPY: bool = false;
    /// Not `Clone`.
    const CLONE: bool = false;
    /// Not `Debug`.
    const DEBUG: bool = false;
    /// Not `Default`.
    const DEFAULT: bool = false;
    /// Not `PartialEq`.
    const PARTIAL_EQ: bool = false;
    /// Not `Eq`.
    const EQ: bool = false;
    /// Not `PartialOrd`.
    const PARTIAL_ORD: bool = false;
    /// Not `Ord`.
    const ORD: bool = false;
    /// Not `Hash`.
    const HASH: bool = false;
    /// Not `Send`.
    const SEND: bool = false;
    /// Not `Sync`.
    const SYNC: bool = false;
    /// Not `Unpin`.
    const UNPIN: bool = false;
    /// Not `UnwindSafe`.
    const UNWIND_SAFE: bool = false;
    /// Not `RefUnwindSafe`.
    const REF_UNWIND_SAFE: bool = false;
    /// Not `Serialize`.
    const SERIALIZE: bool = false;
    /// Not `Deserialize` (for every lifetime).
    const DESERIALIZE: bool = false;
}

impl<T: ?Sized> Fallback for Probe<T> {}

macro_rules! answers {
    ($( $name:ident: $bound:path ;)*) => {
        $(
            impl<T: ?Sized + $bound> Probe<T> {
                /// Implemented.
                pub const $name: bool = true;
            }
        )*
    };
}

answers! {
    COPY: Copy;
    CLONE: Clone;
    DEBUG: core::fmt::Debug;
    DEFAULT: Default;
    PARTIAL_EQ: PartialEq;
    EQ: Eq;
    PARTIAL_ORD: PartialOrd;
    ORD: Ord;
    HASH: core::hash::Hash;
    SEND: Send;
    SYNC: Sync;
    UNPIN: Unpin;
    UNWIND_SAFE: std::panic::UnwindSafe;
    REF_UNWIND_SAFE: std::panic::RefUnwindSafe;
    SERIALIZE: serde::Serialize;
    DESERIALIZE: serde::de::DeserializeOwned;
}

/// The probe value: the bits of `known` (what the derives answer), and for each bit
/// of `asked`, in increasing order, the compiler's answer in `answers`.
pub const fn bits(known: u32, asked: u32, answers: &[bool]) -> u32 {
    let mut bits = known;
    let (mut bit, mut next) = (0, 0);
    while bit < 32 && next < answers.len() {
        if asked & (1 << bit) != 0 {
            if answers[next] {
                bits |= 1 << bit;
            }
            next += 1;
        }
        bit += 1;
    }
    bits
}

/// The probe value of `$ty`, asking the compiler for each `$answer` const of [`Probe`]
/// (the bits of `$asked`, in order) and adding `$known`. A `macro_rules!` macro, so
/// the attribute macro writes one token per trait and the compiler the rest.
#[doc(hidden)]
#[macro_export]
macro_rules! __contract_pin_probe {
    ($ty:ty, $known:literal, $asked:literal; $($answer:ident)*) => {{
        #[allow(unused_imports)]
        use $crate::__private::probe::Fallback as _;
        // Not `P`: the caller's type may be named so.
        type __ContractPinProbed = $crate::__private::probe::Probe<$ty>;
        $crate::__private::probe::bits($known, $asked, &[$(<__ContractPinProbed>::$answer),*])
    }};
}
