//! What moved to the harness crate, spelled as before so that a call names its new
//! home. The check links the whole verdict (`contract-core`, the golden store, the
//! scan); a library that pins items links none of it, so the check lives in
//! `contract-harness`, a dev-dependency. Each function here takes a first argument no
//! type can satisfy, and the compiler's error at the call says what to add.

/// Implemented by no type: the bound that turns a call of a moved function into a
/// compile error saying where it went.
#[diagnostic::on_unimplemented(
    message = "the check moved to the `contract-harness` crate: `contract_pin::check`, `check_symbols` and `report_json` are `contract_harness::…` now",
    label = "`contract-pin` holds only what a library links",
    note = "add `contract-harness = \"0.1\"` under `[dev-dependencies]` and call `contract_harness::check`, `contract_harness::check_symbols` or `contract_harness::report_json` (`Outcome`, `Status`, `CheckError` and the delta types moved with them)"
)]
pub trait MovedToContractHarness {}

/// Moved to `contract_harness::check`.
pub fn check<Set: MovedToContractHarness, Package, Dir, Lookup>(
    _: Set,
    _: Package,
    _: Dir,
    _: Lookup,
) -> ! {
    unreachable!("no type implements `MovedToContractHarness`")
}

/// Moved to `contract_harness::check_symbols`.
pub fn check_symbols<Set: MovedToContractHarness, Package, Dir, Symbols, Lookup>(
    _: Set,
    _: Package,
    _: Dir,
    _: Symbols,
    _: Lookup,
) -> ! {
    unreachable!("no type implements `MovedToContractHarness`")
}

/// Moved to `contract_harness::report_json`.
pub fn report_json<Outcome: MovedToContractHarness>(_: Outcome) -> ! {
    unreachable!("no type implements `MovedToContractHarness`")
}
