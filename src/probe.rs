//! The type probe: which of [`contract_core::probe::ProbedTrait::ALL`] a concrete type
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

/// The probe value of a concrete type: one bit per trait, in the order of
/// `ProbedTrait::ALL` (a test holds the two to one order).
#[doc(hidden)]
#[macro_export]
macro_rules! __contract_pin_probe {
    ($ty:ty) => {{
        #[allow(unused_imports)]
        use $crate::__private::probe::Fallback as _;
        // Not `P`: the caller's type may be named so.
        type __ContractPinProbed = $crate::__private::probe::Probe<$ty>;
        (<__ContractPinProbed>::COPY as u32)
            | (<__ContractPinProbed>::CLONE as u32) << 1
            | (<__ContractPinProbed>::DEBUG as u32) << 2
            | (<__ContractPinProbed>::DEFAULT as u32) << 3
            | (<__ContractPinProbed>::PARTIAL_EQ as u32) << 4
            | (<__ContractPinProbed>::EQ as u32) << 5
            | (<__ContractPinProbed>::PARTIAL_ORD as u32) << 6
            | (<__ContractPinProbed>::ORD as u32) << 7
            | (<__ContractPinProbed>::HASH as u32) << 8
            | (<__ContractPinProbed>::SEND as u32) << 9
            | (<__ContractPinProbed>::SYNC as u32) << 10
            | (<__ContractPinProbed>::UNPIN as u32) << 11
            | (<__ContractPinProbed>::UNWIND_SAFE as u32) << 12
            | (<__ContractPinProbed>::REF_UNWIND_SAFE as u32) << 13
            | (<__ContractPinProbed>::SERIALIZE as u32) << 14
            | (<__ContractPinProbed>::DESERIALIZE as u32) << 15
    }};
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use contract_core::probe::ProbedTrait;

    fn traits(bits: u32) -> BTreeSet<ProbedTrait> {
        ProbedTrait::from_bits(bits)
    }

    #[derive(
        Clone,
        Copy,
        Debug,
        Default,
        PartialEq,
        Eq,
        PartialOrd,
        Ord,
        Hash,
        serde::Serialize,
        serde::Deserialize,
    )]
    struct Everything;

    #[allow(dead_code)]
    struct NotSend(std::rc::Rc<()>);

    #[allow(dead_code)]
    struct Pinned(std::marker::PhantomPinned, std::cell::Cell<u8>);

    #[test]
    fn the_bits_follow_the_vocabulary_order() {
        const ALL: u32 = crate::__contract_pin_probe!(Everything);
        assert_eq!(traits(ALL), ProbedTrait::ALL.iter().copied().collect());
        const NONE: u32 = crate::__contract_pin_probe!(NotSend);
        // `Rc` is neither `Send` nor `Sync`; it is `Unpin`.
        let none = traits(NONE);
        assert!(!none.contains(&ProbedTrait::Send) && !none.contains(&ProbedTrait::Sync));
        assert!(none.contains(&ProbedTrait::Unpin) && !none.contains(&ProbedTrait::Clone));
        const PINNED: u32 = crate::__contract_pin_probe!(Pinned);
        let pinned = traits(PINNED);
        assert!(!pinned.contains(&ProbedTrait::Unpin));
        assert!(!pinned.contains(&ProbedTrait::RefUnwindSafe), "a Cell");
        assert!(pinned.contains(&ProbedTrait::Send));
    }
}
