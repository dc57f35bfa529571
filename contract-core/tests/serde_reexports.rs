//! The list of what serde re-exports of serde_core
//! (`contract_core::names::SERDE_CORE_REEXPORTS`) is true of the serde this builds
//! with: each trait is proven one trait under both crates (a bound on the one path
//! satisfies a bound on the other, both ways), each module by items below it, and the
//! list names exactly these.

/// `$a` and `$b` are one trait, or this does not compile: a type bounded by either
/// meets the other.
macro_rules! one_trait {
    ($name:ident: $a:path, $b:path) => {
        #[allow(dead_code)]
        fn $name<T: $a, U: $b>() {
            fn as_b<X: $b>() {}
            fn as_a<X: $a>() {}
            as_b::<T>();
            as_a::<U>();
        }
    };
}

one_trait!(deserialize: serde::Deserialize<'static>, serde_core::Deserialize<'static>);
one_trait!(deserializer: serde::Deserializer<'static>, serde_core::Deserializer<'static>);
one_trait!(serialize: serde::Serialize, serde_core::Serialize);
one_trait!(serializer: serde::Serializer, serde_core::Serializer);
// The modules, by what a signature names below them.
one_trait!(de: serde::de::DeserializeOwned, serde_core::de::DeserializeOwned);
one_trait!(de_error: serde::de::Error, serde_core::de::Error);
one_trait!(ser: serde::ser::SerializeStruct, serde_core::ser::SerializeStruct);
one_trait!(ser_error: serde::ser::Error, serde_core::ser::Error);

const PROVEN: &[&str] = &[
    "de",
    "ser",
    "Deserialize",
    "Deserializer",
    "Serialize",
    "Serializer",
];

#[test]
fn the_list_is_what_is_proven_here() {
    assert_eq!(contract_core::names::SERDE_CORE_REEXPORTS, PROVEN);
}
