//! Every sentence the scan says: what it finds in the sources, and what it could not
//! read of the workspace. Sentences every front end says (the verdict, the directive,
//! how to accept a change) are in [`contract_core::message`]; the command's own (the
//! review's questions, the policy listing) in its `words` module. `tests/prose.rs`
//! holds every other module of this crate to both.

use std::fmt::Display;

// ---- the scan ------------------------------------------------------------------------

/// A scan cache entry that does not read: only a hand edit in the target directory.
pub fn cache_unreadable(e: &dyn Display) -> String {
    format!(
        "a cached scan holds a fragment that does not read ({e}); remove target/contract-pin \
         and run again"
    )
}

/// A pin in a test, bench or example target that no integration test links.
pub fn pinned_in_other_target(item: &str, set: &str, kind: &dyn Display, target: &str) -> String {
    format!(
        "pinned item `{item}` (set `{set}`) is in the {kind} target `{target}`, which no \
         integration test links: only a harness inside that target checks it, this command \
         does not"
    )
}

/// A `mod x;` whose file cannot be read.
pub fn module_unreadable(file: &dyn Display, e: &dyn Display) -> String {
    format!("cannot read module file {file}: {e}")
}

/// The root file of a target the package does not ship.
pub fn target_root_missing(file: &dyn Display) -> String {
    format!(
        "the root file of a test, bench or example target is not there ({file}): that \
         target is not scanned"
    )
}

/// A module file of a test, bench or example target that is not there.
pub fn target_module_missing(file: &dyn Display) -> String {
    format!(
        "a module file of a test, bench or example target is not there ({file}): cargo \
         cannot build that target either, and its module is not scanned"
    )
}

/// A contract attribute on a part of an item (`place`), which the compiler rejects.
pub fn attribute_on_a_part(place: &str, accepted: &str) -> String {
    format!(
        "a contract attribute on {place} is rejected by the compiler: it pins an item \
         ({accepted}), not its parts"
    )
}

/// Why a pin under `#[cfg]` only a library's unit tests see is counted apart.
pub const ONLY_UNDER_CFG_TEST: &str = "it holds only where the library is built with \
    `cfg(test)`: an `assert_golden!` in its own unit tests counts it, one in an integration \
    test (and this command) does not; check the set from one kind of test only";

/// Why a pin under `#[cfg]` is not in the build `cargo test` links (`cfg_test`: that
/// build has `cfg(test)`).
pub fn cfg_does_not_hold(cfg_test: bool) -> String {
    format!(
        "it does not hold in the build `cargo test` links ({}the package's default features, \
         this machine's target)",
        if cfg_test { "cfg(test), " } else { "" }
    )
}

/// Why a pin under a `#[cfg]` this command cannot evaluate is taken as the golden has it.
pub fn cfg_not_evaluated(what: &str) -> String {
    format!(
        "this command cannot evaluate `{what}` (a cfg of a build script that has not run, or \
         one it cannot read)"
    )
}

/// A pinned item under `#[cfg(written)]`: `counted` (or not), as `why`.
pub fn pinned_under_cfg(item: &str, set: &str, written: &str, counted: &str, why: &str) -> String {
    format!("pinned item `{item}` (set `{set}`) is under #[cfg({written})]: {counted}, as {why}")
}

/// A pinned item whose contract attribute is inside a `#[cfg_attr]`.
pub fn pinned_through_cfg_attr(item: &str, set: &str, counted: &str, why: &str) -> String {
    format!("pinned item `{item}` (set `{set}`) is pinned through #[cfg_attr]: {counted}, as {why}")
}

/// Why a `#[cfg_attr]`'s pin is taken as the golden has it.
pub fn condition_not_evaluated(what: &str) -> String {
    format!("this command cannot evaluate its condition (`{what}`)")
}

/// An item of a public-API set whose shape cannot be recorded.
pub fn not_recordable(item: &str, e: &dyn Display) -> String {
    format!("`{item}` cannot be recorded for a public-API set: {e}")
}

/// An inherent `impl` whose self type is no named type (`impl dyn Trait`), in module
/// `module`: its methods are left out of a public-API set.
pub fn inherent_impl_not_recorded(self_ty: &str, module: &str) -> String {
    format!(
        "the methods of `impl {self_ty}` in `{module}` are not recorded for a public-API \
         set: methods are recorded on the named type they belong to, and `{self_ty}` is \
         none; changes to them are not checked"
    )
}

/// The items and parts of a public-API set under cfg predicates the scan cannot
/// evaluate (`shown`: some of them, quoted).
pub fn public_api_not_evaluated(
    count: usize,
    crate_name: &str,
    shown: &[String],
    more: &str,
    sets: &[String],
) -> String {
    format!(
        "{count} items or parts of `{crate_name}` are under cfg predicates this command \
         cannot evaluate ({}{more}): taken as the golden of public-API set {} has them. A \
         build script's cfgs are read from cargo's build output (`cargo check` once writes it)",
        shown.join(", "),
        sets.join(", "),
    )
}

/// A contract attribute inside a macro's body or invocation (`what`).
pub fn attribute_in_macro(attribute: &str, item: &str, what: &str, module: &str) -> String {
    format!(
        "`#[{attribute}]` on {item} inside {what} in `{module}`: macro-generated items are not \
         scanned; the harness (`cargo test`) sees them, this command does not"
    )
}

/// An attribute the scan cannot tell to be contract-pin's (`why`).
pub fn maybe_contract_attribute(why: &str) -> String {
    format!(
        "cannot tell whether this is contract-pin's attribute: {why}. Not counted; if it is, \
         write `#[contract_pin::contract(…)]` or import it by name (`use \
         contract_pin::contract;`)"
    )
}

/// A `#[cfg_attr]` of a pinned item whose predicate cannot be evaluated.
pub fn cfg_attr_not_evaluated(what: &str) -> String {
    format!(
        "a #[cfg_attr] of this item has a predicate this command cannot evaluate (`{what}`): \
         its attributes are left out of the shape read here"
    )
}

/// A member of a pinned `impl` under a cfg the scan cannot evaluate.
pub fn impl_member_not_evaluated(what: &str) -> String {
    format!(
        "a member of this pinned `impl` is under a cfg this command cannot evaluate \
         (`{what}`): taken as the golden has it (`cargo test`'s build decides)"
    )
}

/// An inherent `impl` of a public-API set that calls `name!` among its members.
pub fn unknown_covered_feature(set: &str, feature: &str, line: usize) -> String {
    format!(
        "contract-pin.toml:{line}: `features` of `[set.{set}]` names `{feature}`, which no \
         package of the workspace has as a Cargo feature; list the features the set covers \
         besides the defaults, as the package's `[features]` names them"
    )
}

pub fn trait_members_by_macro(name: &str) -> String {
    format!(
        "this trait calls `{name}!` among its members, which the command cannot expand (a \
         procedural macro, or a `macro_rules!` neither the crate nor a dependency on disk \
         defines, or one whose rules do not match the call): the members it writes are not \
         in the golden, and their changes go unseen"
    )
}

pub fn extern_members_by_macro(name: &str) -> String {
    format!(
        "this `extern` block calls `{name}!` among its items, which the command cannot \
         expand (a procedural macro, or a `macro_rules!` neither the crate nor a dependency \
         on disk defines, or one whose rules do not match the call): the fns and statics it \
         declares are not in the golden, and their changes go unseen"
    )
}

pub fn impl_members_by_macro(name: &str) -> String {
    format!(
        "this `impl` calls `{name}!` among its members, which the command cannot expand (a \
         procedural macro, or a `macro_rules!` neither the crate nor a dependency on disk \
         defines, or one whose rules do not match the call), so a member the golden has \
         and these sources do not is taken as the golden has it"
    )
}

/// An `include!(written)` in module `module` whose file is not read (`why`).
pub fn include_unread(written: &str, module: &str, why: &str) -> String {
    format!(
        "the items `include!({written})` brings into `{module}` are not read ({why}): \
         none of them is in a public-API set, and a removal among them goes unseen"
    )
}

/// Why an `include!`'s file is not read: it does not parse as items.
pub fn include_unparsed(file: &impl std::fmt::Display, e: &impl std::fmt::Display) -> String {
    format!("`{file}` does not parse as items: {e}")
}

/// Why an `include!`'s file is not read: reading it failed.
pub fn include_unreadable(file: &impl std::fmt::Display, e: &impl std::fmt::Display) -> String {
    format!("`{file}` cannot be read: {e}")
}

/// Why an `include!` names no file: its path needs the build script's output.
pub const INCLUDE_NO_OUT_DIR: &str =
    "its path is in the build script's `OUT_DIR`, and the script has not run here";

/// Why an `include!` names no file: its argument is not a path the command can read.
pub const INCLUDE_NOT_A_PATH: &str =
    "its argument is not a string, `concat!` or `env!(\"OUT_DIR\")` path the command can read";

/// A module-level `name!` invocation whose body writes out the items `items`.
pub fn items_by_macro(name: &str, items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|i| format!("`{i}`")).collect();
    format!(
        "this `{name}!` call writes out {} in its body, and the command cannot expand it (a \
         procedural macro, or a `macro_rules!` neither the crate nor a dependency on disk \
         defines, or one whose rules do not match the call): each is taken as the golden \
         has it",
        items.join(", ")
    )
}

/// A module-level call of the crate's own `macro_rules! name` that the command could
/// not expand: rustc matched it (the crate builds), so the command's reading falls short.
pub fn own_macro_unexpanded(name: &str) -> String {
    format!(
        "this call of the crate's `{name}!` matches none of its rules as the command reads \
         them, or writes what the command cannot read as items: the items it writes are \
         not in the golden, and their changes go unseen"
    )
}

/// An item (`what`) whose parts are under `#[cfg]`/`#[cfg_attr]`, read as written.
pub fn parts_under_cfg(what: &str) -> String {
    format!(
        "{what} has parts under #[cfg]/#[cfg_attr]: its shape is read as written, every \
         cfg'd part included and every cfg_attr left out"
    )
}

// ---- the workspace ------------------------------------------------------------------

/// `cargo metadata`'s answer does not read.
pub fn metadata_unreadable(e: &dyn Display) -> String {
    format!("cannot read the output of `cargo metadata`: {e}")
}

/// An `[env]` table entry of `.cargo/config.toml` without a string value.
pub fn env_needs_value(file: &dyn Display, variable: &str) -> String {
    format!("{file}: [env] {variable} needs a string `value`")
}

/// An `[env]` entry that is neither a string nor a table.
pub fn env_not_a_string(file: &dyn Display, variable: &str) -> String {
    format!("{file}: [env] {variable} must be a string or a table")
}

/// A command that cannot be started.
pub fn cannot_run(command: &str, e: &dyn Display) -> String {
    format!("cannot run `{command}`: {e}")
}
