//! The compile-time check: the item against its golden entry, while it compiles.
//!
//! Each golden is read once per compiler process, and again only when its size or
//! modification time changes: in the canonical layout, only as an index of its
//! entries. An item whose entry holds its current text is done; the golden is
//! parsed whole (and its fingerprints checked) only once an item differs from its
//! entry, or when it is off the layout. So is the policy file (`contract-pin.toml`
//! at the workspace root, found from `CARGO_MANIFEST_DIR` by the rule the harness
//! and the command follow). A golden whose edited entry still holds the item's
//! current text does not fail the build: the harness reports the edit. Cargo does not know what a proc macro reads, so the expansion
//! references the golden and the policy file with `include_bytes!` (editing either
//! recompiles) and every variable read here with `option_env!` (changing one
//! recompiles).
//!
//! A golden that does not exist cannot be named by `include_bytes!`, and no stable
//! way tells cargo to watch a path that is not there yet. So while it is missing, the
//! expansion includes a *watch file* in the build's output directory instead, written
//! during this compilation: it is newer than the build cargo records, so cargo
//! rebuilds the crate on its next run and this check looks again — until the golden
//! exists and is tracked itself. The price, paid only before a golden is first
//! written: the crate is rebuilt on every cargo run.
//!
//! A policy file that does not exist is not watched that way: most workspaces never
//! have one, and they would rebuild on every run. A policy file created later is
//! read the next time the crate compiles (any edit of it); the harness and the
//! command read it on every run.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use contract_core::check::{self, CheckError, Situation};
use contract_core::env;
use contract_core::golden::{self, Golden, GoldenError, Index};
use contract_core::message::{self, Context, Front};
use contract_core::policy::file::{self as policy_file, PolicyError, PolicyFile};
use contract_core::syntax::Extracted;
use contract_core::{Fragment, Symbol};
use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::{names, scope};

use contract_core::syntax::args::Args;

/// A golden, as last read.
struct Cached {
    stamp: (u64, Option<SystemTime>),
    /// Where each entry is; `None` for a golden off the canonical layout.
    index: Option<Arc<Index>>,
    /// The whole golden parsed, and the symbols whose stored fingerprint does not
    /// match their stored shape: read at once for a golden off the layout, otherwise
    /// only once an item differs from its entry.
    full: Option<Full>,
    error_reported: bool,
}

#[derive(Clone)]
struct Full {
    bytes: Arc<[u8]>,
    parsed: Result<Arc<Golden>, GoldenError>,
    edited: Vec<String>,
}

impl Full {
    fn of(bytes: &[u8]) -> Full {
        let parsed = golden::parse(bytes).map(Arc::new);
        let edited = match &parsed {
            Ok(golden) => golden
                .integrity_mismatches()
                .into_iter()
                .map(str::to_owned)
                .collect(),
            Err(_) => Vec::new(),
        };
        Full {
            bytes: bytes.into(),
            parsed,
            edited,
        }
    }
}

/// A workspace's policy file, as last read.
struct CachedPolicy {
    /// `<workspace root>/contract-pin.toml`.
    path: PathBuf,
    /// Size and mtime; `None` while there is no file.
    stamp: Option<(u64, Option<SystemTime>)>,
    parsed: Result<Arc<PolicyFile>, PolicyError>,
    error_reported: bool,
}

#[derive(Default)]
struct State {
    /// By path. Looked up for every pinned item: a process reads few goldens, and
    /// comparing paths (at once when they are spelt alike) costs less than hashing
    /// a path's every component.
    goldens: Vec<(PathBuf, Cached)>,
    /// By package directory.
    policies: HashMap<PathBuf, CachedPolicy>,
    /// The sets each crate (by manifest directory and crate name) pinned so far.
    sets: HashMap<(String, String), Vec<String>>,
    tracked: HashSet<String>,
    /// A bad variable value was reported (once per compiler process, not per item).
    env_error_reported: bool,
}

impl State {
    /// The golden at `path`, as last read.
    fn golden(&mut self, path: &Path) -> Option<&mut Cached> {
        self.goldens
            .iter_mut()
            .find(|(p, _)| p == path)
            .map(|(_, cached)| cached)
    }
}

fn state() -> &'static Mutex<State> {
    static STATE: OnceLock<Mutex<State>> = OnceLock::new();
    STATE.get_or_init(Mutex::default)
}

/// The state, locked (a panic while it was held leaves what it read, still usable).
fn locked() -> std::sync::MutexGuard<'static, State> {
    state()
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Checks `extracted` against the golden; breaking deltas become errors at the
/// changed element. Returns the tokens that make cargo track the golden and the
/// variables.
///
/// `item_text` is the compact canonical text of the item's shape (`None` for an
/// `impl` block): an item whose golden entry holds that text has not changed, and
/// nothing more is read.
///
/// `item` is where the item is in the sources (none for `pin_macro!`): when the item
/// differs from its entry, the crate's names are read from there, and the fragment is
/// returned respelled where it spells one of the golden's types otherwise (see
/// [`contract_core::names`]); that is what to register.
///
/// Also returned: the module to register instead of `module_path!()`, when the item
/// moved from the module its golden names while that module's path still names it (a
/// `pub use` at the old place): for every consumer it has not moved.
pub fn check(
    args: &Args,
    extracted: &Extracted,
    item_text: Option<&str>,
    place: Option<&scope::Place>,
    generics: Option<&syn::Generics>,
    errors: &mut Vec<syn::Error>,
) -> Checked {
    let mut checked = Checked {
        tracking: TokenStream::new(),
        respelled: None,
        module: None,
    };
    let at = Site { place, generics };
    checked.tracking = check_respelling(args, extracted, item_text, &at, errors, &mut checked);
    checked
}

/// Where the item is, and its generics as written (for a derive that an `impl`
/// replaced: the assertion that the trait is still implemented is generic as the
/// derive's `impl` was).
struct Site<'a> {
    place: Option<&'a scope::Place>,
    generics: Option<&'a syn::Generics>,
}

/// What [`check`] gives the registration.
pub struct Checked {
    /// Tokens that make the build depend on what the check read.
    pub tracking: TokenStream,
    /// The fragment in its golden's spelling, when it spelled a type otherwise.
    pub respelled: Option<Fragment>,
    /// The golden's module, when the item moved behind a `pub use` at its old place.
    pub module: Option<String>,
}

fn check_respelling(
    args: &Args,
    extracted: &Extracted,
    item_text: Option<&str>,
    at: &Site<'_>,
    errors: &mut Vec<syn::Error>,
    checked: &mut Checked,
) -> TokenStream {
    let place = at.place;
    let respelled = &mut checked.respelled;
    let lookup = |name: &str| std::env::var(name).ok();
    let set_variable = env::set_update_variable(&args.set);
    let variables = [
        env::COMPILE_CHECK,
        env::UPDATE,
        set_variable.as_str(),
        env::CI,
        env::GOLDEN_DIR,
    ];
    let mut tracking = track_variables(&variables);
    if let Some(clash) = set_clash(&args.set, &lookup) {
        errors.push(syn::Error::new(Span::call_site(), clash));
        return tracking;
    }

    // With the check off, the golden is still read for what the item registers (its
    // spelling, see `in_golden_spelling`), and nothing is reported. Nor is the golden
    // a dependency of the build then: an update run rewrites it from these very
    // registrations, and must not make the next build recompile the crate.
    let mut unreported = Vec::new();
    let check_on = matches!(env::compile_check(&args.set, &lookup), Ok(true));
    let build_tracks = |tokens: TokenStream| if check_on { tokens } else { TokenStream::new() };
    let errors = match env::compile_check(&args.set, &lookup) {
        Ok(true) => errors,
        Ok(false) => &mut unreported,
        Err(e) => {
            let mut state = locked();
            if !std::mem::replace(&mut state.env_error_reported, true) {
                errors.push(syn::Error::new(Span::call_site(), e.to_string()));
            }
            return tracking;
        }
    };
    let Some(package) = lookup("CARGO_PKG_NAME") else {
        return tracking; // not under cargo: nothing to resolve the golden against
    };
    let Some(path) = golden_path(args, &package, &lookup) else {
        return tracking;
    };
    let Some(manifest_dir) = lookup("CARGO_MANIFEST_DIR").map(PathBuf::from) else {
        return tracking;
    };
    let mut state = locked();
    let policy = match load_policy(&mut state, &manifest_dir) {
        (Ok(policy), path) => {
            if let Some(path) = path {
                tracking.extend(build_tracks(track_file(&mut state, &path)));
            }
            policy
        }
        (Err(e), _) => {
            // The file exists (a missing one is the defaults): track it, so fixing it
            // recompiles. One error per policy file per compiler process.
            let path = state.policies[&manifest_dir].path.clone();
            tracking.extend(build_tracks(track_file(&mut state, &path)));
            let first = state
                .policies
                .get_mut(&manifest_dir)
                .is_some_and(|entry| !std::mem::replace(&mut entry.error_reported, true));
            if first {
                errors.push(syn::Error::new(
                    Span::call_site(),
                    message::policy_file_error(&e.located(&display(&path)), None),
                ));
            }
            return tracking;
        }
    };
    if policy.public_api(&args.set) {
        // A public-API set is read from the sources by `contract-pin`; an attribute
        // naming it would make a second, partial record of the same symbols.
        errors.push(syn::Error::new(
            Span::call_site(),
            message::attribute_names_public_api_set(&args.set),
        ));
        return tracking;
    }
    if let Some((configured, line, clash)) = policy.sets().find_map(|(s, line)| {
        env::update_variable_clash(s, &args.set).map(|clash| (s, line, clash))
    }) {
        let path = state.policies[&manifest_dir].path.clone();
        errors.push(syn::Error::new(
            Span::call_site(),
            message::update_variable_clash(
                &clash,
                Some((&display(&path), line, configured, &args.set)),
                true,
            ),
        ));
        return tracking;
    }
    if !load(&mut state, &path) {
        // No golden yet: nothing to hold the item to, but its appearance must be seen.
        tracking.extend(build_tracks(watch_missing(&mut state, &path)));
        return tracking;
    }
    tracking.extend(build_tracks(track_golden(&mut state, &path)));
    // Only a message names the golden (reading the working directory costs a call).
    let shown = || display(&path);
    let name = args.name.as_deref().unwrap_or(&extracted.name);
    checked.module =
        place.and_then(|place| moved_behind_use(&mut state, &path, name, place, extracted));
    let public_path = match &extracted.fragment {
        contract_core::Fragment::Item { path, .. } => path.as_deref(),
        _ => None,
    };
    let full = match entry(
        &mut state,
        &path,
        name,
        item_text,
        public_path,
        &args.set,
        &package,
    ) {
        Stored::Unchanged => return tracking,
        Stored::Read(full) => full,
    };
    // The golden is read; judging the item needs no lock.
    drop(state);
    let shown = shown();
    // The macro reads no dependency's names: a difference only in another crate's
    // paths is the command's to judge (`Policy::unread_crates`).
    let policy = contract_core::Policy {
        unread_crates: dependency_crates(&manifest_dir),
        ..policy.policy(&args.set)
    };
    // The verdict on the item, by the rules the set's check follows.
    let judge = |fragment: &Fragment, current: Option<&dyn contract_core::variance::Types>| {
        check::evaluate_item(check::ItemRequest {
            set: &args.set,
            package: &package,
            golden: &shown,
            bytes: &full.bytes,
            parsed: full.parsed.as_deref(),
            tampered: &full.edited,
            name,
            fragment,
            policy: &policy,
            current_types: current,
        })
    };
    let ci = env::is_ci(&lookup);
    let modules = Default::default();
    let cx = Context {
        set: &args.set,
        package: &package,
        golden: &shown,
        modules: &modules,
        ci,
        front: Front::Test,
    };
    let verdict = match judge(&extracted.fragment, None) {
        Ok(verdict) => verdict,
        // Reported once per golden per compiler process, not once per pinned item.
        Err(e @ CheckError::Corrupt(_)) => {
            if first_error(&mut locked(), &path) {
                errors.push(syn::Error::new(Span::call_site(), message::check_error(&e)));
            }
            return tracking;
        }
        // A golden of another set or package: the set's check reports it.
        Err(_) => return tracking,
    };
    match &verdict.situation {
        Situation::HandEdited { symbols, .. } => {
            // As for the harness, nothing is held to it. Once per golden.
            if first_error(&mut locked(), &path) {
                let edited: Vec<&str> = symbols.iter().map(String::as_str).collect();
                errors.push(syn::Error::new(
                    Span::call_site(),
                    message::compile_error_edited_golden(&cx, &edited, ci),
                ));
            }
            return tracking;
        }
        Situation::Stale { .. } => return tracking,
        _ if verdict.deltas.is_empty() && verdict.left_to_the_set.is_empty() => return tracking,
        _ => {}
    }
    let mut deltas = verdict.deltas;
    // Where the item changed, the crate's traits as the sources define them now, read
    // from its files once per compiler process (the harness and the command read them
    // from the current shapes): a supertrait or bound implied through a trait new or
    // changed in this release.
    let names = place.and_then(|p| crate::names::of_item(&p.file, &p.inline));
    let current = names
        .as_ref()
        .map(|(read, _)| &read.table as &dyn contract_core::variance::Types);
    let mut any_left = !verdict.left_to_the_set.is_empty();
    if current.is_some() {
        (deltas, any_left) = judged(judge(&extracted.fragment, current));
    }
    if !deltas.is_empty() || any_left {
        if let Some(entry) = full.parsed.as_ref().ok().and_then(|g| g.symbols.get(name)) {
            if let Some(fragment) =
                place.and_then(|place| in_golden_spelling(place, extracted, &entry.shape))
            {
                (deltas, _) = judged(judge(&fragment, current));
                *respelled = Some(fragment);
            }
        }
    }
    if !compile_check_on(args) {
        return tracking;
    }
    let mut asserted = Vec::new();
    for delta in deltas {
        if delta.is_breaking() {
            let span = extracted.spans.locate(&delta.current_member());
            let text = if ci {
                message::compile_error_in_ci(&cx, &delta)
            } else {
                message::compile_error(&cx, &delta)
            };
            // A target feature every build of the target enables requires nothing more
            // of an `unsafe fn`'s callers there (`Policy::target_baseline`, which the
            // harness and the command read from rustc): this build raises the error
            // only where it does not enable the feature itself.
            let unsafe_fn = matches!(
                (&delta.after, &delta.before),
                (Some(contract_core::delta::Shown::Fn(f)), _)
                    | (None, Some(contract_core::delta::Shown::Fn(f))) if f.unsafety
            );
            if let (contract_core::delta::Note::TargetFeature(feature), true) =
                (&delta.note, unsafe_fn)
            {
                let error = syn::Error::new(span, text).into_compile_error();
                tracking.extend(quote! {
                    #[cfg(not(target_feature = #feature))]
                    #error
                });
                continue;
            }
            match still_implemented(args, extracted, at.generics, &delta, span, &text) {
                Some((derive, assertion)) => {
                    tracking.extend(assertion);
                    asserted.push(derive);
                }
                None => errors.push(syn::Error::new(span, text)),
            }
        }
    }
    // A derive replaced by an `impl` the assertion holds to is, for every consumer,
    // still there: registered so, the harness sees what this check saw.
    if !asserted.is_empty() {
        let mut fragment = respelled
            .take()
            .unwrap_or_else(|| extracted.fragment.clone());
        if let Fragment::Item { item, .. } = &mut fragment {
            if let Some(attrs) = item.container_mut() {
                attrs.derives.extend(asserted);
            }
        }
        *respelled = Some(fragment);
    }
    tracking
}

/// The module the golden at `path` records for `name`, when the item (not an `impl`
/// block) is now defined elsewhere and that module's path still names it. The file's
/// place gives the module without reading the crate (`src/a/b.rs` is `a::b`); only
/// when it differs from the golden's are the crate's names read.
fn moved_behind_use(
    state: &mut State,
    path: &Path,
    name: &str,
    place: &scope::Place,
    extracted: &Extracted,
) -> Option<String> {
    if !matches!(extracted.fragment, Fragment::Item { .. }) {
        return None;
    }
    let index = state.golden(path)?.index.clone()?;
    let old = index.entry(name)?.module()?;
    if place.by_layout_is(&old) {
        return None;
    }
    let (read, module) = names::of_item(&place.file, &place.inline)?;
    (module != old && read.table.still_names(&old, &extracted.name, &module))
        .then(|| old.into_owned())
}

/// The fragment of `item` in the spelling of `golden` where the crate's names say
/// both spell one type; `None` when nothing is spelled otherwise (or the crate's
/// sources cannot be read from where the item is).
fn in_golden_spelling(
    place: &scope::Place,
    extracted: &Extracted,
    golden: &Symbol,
) -> Option<Fragment> {
    let (read, module) = names::of_item(&place.file, &place.inline)?;
    let mut fragment = extracted.fragment.clone();
    let name = extracted.name.as_str();
    contract_core::names::respell((&mut fragment, name), &module, golden, &read.table)
        .then_some(fragment)
}

/// What a golden says about one item.
enum Stored {
    /// Nothing to hold the item to: no entry of its name (a new symbol), the stored
    /// item is the item, or the golden's header names another set or package (the
    /// harness reports it).
    Unchanged,
    /// The item differs from its entry, or the golden is off the canonical layout: the
    /// golden read whole, to judge the item by.
    Read(Full),
}

/// The entry of `name` in the golden at `path` (loaded) against the item whose
/// shape's text is `item_text`. A golden in the canonical layout is read whole only
/// when the item differs from its entry.
#[allow(clippy::too_many_arguments)]
fn entry(
    state: &mut State,
    golden_path: &Path,
    name: &str,
    item_text: Option<&str>,
    path: Option<&str>,
    set: &str,
    package: &str,
) -> Stored {
    let cached = state.golden(golden_path).expect("loaded");
    if let Some(index) = &cached.index {
        let header = index.header();
        if header.set != set || header.package != package {
            return Stored::Unchanged;
        }
        let Some(stored) = index.entry(name) else {
            return Stored::Unchanged;
        };
        if item_text.is_some_and(|item| stored.item_is(item)) && stored.path_is(path) {
            return Stored::Unchanged;
        }
        if cached.full.is_none() {
            cached.full = Some(Full::of(index.bytes()));
        }
    }
    let full = cached
        .full
        .clone()
        .expect("read whole off the layout or above");
    Stored::Read(full)
}

/// The deltas of a second look at an item the first look already judged (with the
/// crate's current traits, or in the golden's spelling; the golden read the same), and
/// whether any was left to the set's check.
fn judged(verdict: Result<check::ItemVerdict, CheckError>) -> (Vec<contract_core::Delta>, bool) {
    verdict
        .map(|v| (v.deltas, !v.left_to_the_set.is_empty()))
        .unwrap_or_default()
}

/// The crates the package at `manifest_dir` depends on, read from its manifest once
/// per compiler process and package.
fn dependency_crates(manifest_dir: &Path) -> BTreeSet<String> {
    static READ: Mutex<BTreeMap<PathBuf, BTreeSet<String>>> = Mutex::new(BTreeMap::new());
    let mut read = READ.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    read.entry(manifest_dir.to_path_buf())
        .or_insert_with(|| {
            std::fs::read_to_string(manifest_dir.join("Cargo.toml"))
                .map(|text| policy_file::dependency_crates(&text))
                .unwrap_or_default()
        })
        .clone()
}

/// True the first time an error about the golden at `path` is reported.
fn first_error(state: &mut State, path: &Path) -> bool {
    state
        .golden(path)
        .is_some_and(|entry| !std::mem::replace(&mut entry.error_reported, true))
}

/// A derive removed is a break only when the trait is gone: an `impl` of it may be
/// written anywhere in the crate, which one expansion cannot see. So instead of an
/// error, the expansion asserts that the (non-generic) type still implements the
/// trait; the compiler reports the assertion with `text` — the message the error would
/// have had — only when it is not.
fn still_implemented(
    args: &Args,
    extracted: &Extracted,
    generics: Option<&syn::Generics>,
    delta: &contract_core::Delta,
    span: Span,
    text: &str,
) -> Option<(String, TokenStream)> {
    use contract_core::delta::Note;
    use contract_core::probe::ProbedTrait;
    if delta.kind != contract_core::DeltaKind::DeriveRemoved {
        return None;
    }
    let Note::Derive(name) = &delta.note else {
        return None;
    };
    let contract_core::Fragment::Item { item, .. } = &extracted.fragment else {
        return None;
    };
    // Only a struct, enum or union derives.
    item.generics()?;
    let krate = &args.krate;
    let bound = match ProbedTrait::parse(name)? {
        ProbedTrait::Copy => quote!(::core::marker::Copy),
        ProbedTrait::Clone => quote!(::core::clone::Clone),
        ProbedTrait::Debug => quote!(::core::fmt::Debug),
        ProbedTrait::Default => quote!(::core::default::Default),
        ProbedTrait::PartialEq => quote!(::core::cmp::PartialEq),
        ProbedTrait::Eq => quote!(::core::cmp::Eq),
        ProbedTrait::PartialOrd => quote!(::core::cmp::PartialOrd),
        ProbedTrait::Ord => quote!(::core::cmp::Ord),
        ProbedTrait::Hash => quote!(::core::hash::Hash),
        ProbedTrait::Serialize => quote!(#krate::__private::serde::Serialize),
        ProbedTrait::Deserialize => quote!(#krate::__private::serde::de::DeserializeOwned),
        // Auto traits are never derived.
        _ => return None,
    };
    // `{` and `}` are format placeholders in diagnostic attributes.
    let escape = |s: &str| s.replace('{', "{{").replace('}', "}}");
    let mut lines = text.lines();
    let message = escape(lines.next().unwrap_or_default());
    let note = escape(&lines.map(str::trim).collect::<Vec<_>>().join("\n"));
    let ty = syn::Ident::new(&extracted.name, span);
    // `Type<T>: Trait` for every `T: Trait` (and the type's own bounds), as the
    // derive's `impl` had it: `#[derive(Clone)]` is `impl<T: Clone> Clone for S<T>`.
    let mut generics = match generics {
        Some(g) => g.clone(),
        None if item.generics().is_some_and(|g| g.params.is_empty()) => syn::Generics::default(),
        None => return None,
    };
    let trait_bound: syn::TypeParamBound = syn::parse2(bound.clone()).ok()?;
    for param in generics.type_params_mut() {
        param.bounds.push(trait_bound.clone());
    }
    let (params, args_, where_clause) = generics.split_for_impl();
    let assertion = quote! {
        const _: () = {
            #[diagnostic::on_unimplemented(message = #message, label = "no longer implemented", note = #note)]
            trait __ContractPinStillImplemented {}
            impl<T: ?::core::marker::Sized + #bound> __ContractPinStillImplemented for T {}
            fn implemented<T: ?::core::marker::Sized + __ContractPinStillImplemented>() {}
            #[allow(dead_code)]
            fn check #params () #where_clause {
                implemented::<#ty #args_>();
            }
        };
    };
    Some((name.clone(), assertion))
}

/// False when `CONTRACT_PIN_COMPILE_CHECK=0` (or the variable is invalid: that is
/// reported by the check itself).
pub fn compile_check_on(args: &Args) -> bool {
    let lookup = |name: &str| std::env::var(name).ok();
    env::compile_check(&args.set, &lookup).unwrap_or(false)
}

/// The absolute path of a `golden = "…"` argument: relative to the annotated source
/// file. Unknown outside a real compile (rust-analyzer), where the check is skipped.
pub fn explicit_golden(args: &Args) -> Option<PathBuf> {
    let (relative, span) = args.golden.as_ref()?;
    Some(source_dir(*span)?.join(relative))
}

/// The directory of the source file that `span` is in.
fn source_dir(span: Span) -> Option<PathBuf> {
    let file = span.unwrap().local_file()?;
    let file = if file.is_relative() {
        std::env::current_dir().ok()?.join(file)
    } else {
        file
    };
    Some(file.parent()?.to_path_buf())
}

/// An error when `golden = "…"` leaves the annotated file's directory through a
/// symlink. (`..` and absolute paths are refused when the arguments are parsed; a
/// link inside the directory is the remaining way out.)
pub fn golden_escape(args: &Args) -> Option<syn::Error> {
    let (relative, span) = args.golden.as_ref()?;
    let plain = Path::new(relative)
        .components()
        .all(|c| matches!(c, std::path::Component::Normal(_)));
    if !plain {
        return None; // `..` or absolute: already refused with its own message
    }
    let dir = source_dir(*span)?;
    resolves_outside(&dir, relative).then(|| {
        syn::Error::new(
            *span,
            "`golden` resolves outside the annotated file's directory through a symlink: \
             keep the golden itself below that directory",
        )
    })
}

/// True when `dir/relative`, with every symlink that exists resolved, is not below
/// `dir` (itself resolved).
fn resolves_outside(dir: &Path, relative: &str) -> bool {
    let Ok(base) = dir.canonicalize() else {
        return false; // no directory to escape from: nothing will be read either
    };
    let path = dir.join(relative);
    // The deepest part of the path that exists decides where it really is.
    path.ancestors()
        .find_map(|p| p.canonicalize().ok())
        .is_some_and(|real| !real.starts_with(&base))
}

fn golden_path(
    args: &Args,
    package: &str,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Option<PathBuf> {
    if args.golden.is_some() {
        return explicit_golden(args);
    }
    let manifest_dir = PathBuf::from(lookup("CARGO_MANIFEST_DIR")?);
    Some(golden::path(
        lookup(env::GOLDEN_DIR).as_deref(),
        &manifest_dir,
        &args.set,
        package,
    ))
}

/// Reads the golden at `path` into the cache, again only when its size or mtime
/// changed: its index when it is in the canonical layout, otherwise the whole of it.
/// False when there is no file.
fn load(state: &mut State, path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    let stamp = (meta.len(), meta.modified().ok());
    if state.golden(path).is_some_and(|c| c.stamp == stamp) {
        return true;
    }
    let Ok(bytes) = std::fs::read(path) else {
        return false;
    };
    let index = Index::read(&bytes).map(Arc::new);
    let full = index.is_none().then(|| Full::of(&bytes));
    let cached = Cached {
        stamp,
        index,
        full,
        error_reported: false,
    };
    match state.golden(path) {
        Some(old) => *old = cached,
        None => state.goldens.push((path.to_path_buf(), cached)),
    }
    true
}

/// When this crate already pinned another set with the same update variable as `set`
/// (`a-b` and `a_b`): the error. Each crate compiles in one compiler process, which
/// sees every one of its attributes.
fn set_clash(set: &str, lookup: &impl Fn(&str) -> Option<String>) -> Option<String> {
    let krate = (
        lookup("CARGO_MANIFEST_DIR").unwrap_or_default(),
        lookup("CARGO_CRATE_NAME").unwrap_or_default(),
    );
    let mut state = locked();
    let seen = state.sets.entry(krate).or_default();
    if seen.iter().any(|s| s == set) {
        return None;
    }
    let clash = seen
        .iter()
        .find_map(|other| env::update_variable_clash(other, set));
    if clash.is_none() {
        seen.push(set.to_owned());
    }
    clash.map(|c| message::update_variable_clash(&c, None, true))
}

/// The policy file of the workspace of the package in `manifest_dir` (its defaults
/// when there is none), re-read only when its size or mtime changed; and its path
/// when it exists (to track).
fn load_policy(
    state: &mut State,
    manifest_dir: &Path,
) -> (Result<Arc<PolicyFile>, PolicyError>, Option<PathBuf>) {
    let path = match state.policies.get(manifest_dir) {
        Some(cached) => cached.path.clone(),
        None => policy_file::workspace_root(manifest_dir, |p| std::fs::read_to_string(p).ok())
            .join(policy_file::FILE_NAME),
    };
    let stamp = std::fs::metadata(&path)
        .ok()
        .map(|meta| (meta.len(), meta.modified().ok()));
    if let Some(cached) = state.policies.get(manifest_dir) {
        if cached.stamp == stamp {
            return (cached.parsed.clone(), stamp.map(|_| path));
        }
    }
    let parsed = match stamp {
        None => Ok(Arc::new(PolicyFile::default())),
        Some(_) => match std::fs::read_to_string(&path) {
            Ok(text) => policy_file::parse(&text).map(Arc::new),
            Err(e) => Err(PolicyError {
                line: 1,
                column: 1,
                key: String::new(),
                message: message::unreadable(&e),
                more: Vec::new(),
            }),
        },
    };
    state.policies.insert(
        manifest_dir.to_path_buf(),
        CachedPolicy {
            path: path.clone(),
            stamp,
            parsed: parsed.clone(),
            error_reported: false,
        },
    );
    (parsed, stamp.map(|_| path))
}

/// `include_bytes!` of the golden, once per compiler process: editing the golden
/// recompiles the crate.
fn track_golden(state: &mut State, path: &Path) -> TokenStream {
    track_file(state, path)
}

/// `include_bytes!` of a file read here, once per compiler process: editing it
/// recompiles the crate.
fn track_file(state: &mut State, path: &Path) -> TokenStream {
    let key = format!("file:{}", path.display());
    if !state.tracked.insert(key) {
        return TokenStream::new();
    }
    include(path)
}

/// `include_bytes!` of the file at `path`, which cargo then tracks. Not as the value
/// of a `const` item: the compiler would render a literal value into the crate's
/// metadata (for documentation), escaping every byte of a large golden (measured:
/// 20 M instructions for a golden of 500 symbols). The bytes are not used.
fn include(path: &Path) -> TokenStream {
    let Some(path) = path.to_str() else {
        return TokenStream::new();
    };
    quote! {
        const _: () = {
            let _ = ::core::include_bytes!(#path);
        };
    }
}

/// While the golden at `path` does not exist: `include_bytes!` of a watch file written
/// now, once per compiler process (see the module docs). It lives in the build's
/// output directory (`--out-dir` of the compiler cargo runs), so `cargo clean`
/// removes it; outside such a build (an IDE's macro server) nothing is written.
fn watch_missing(state: &mut State, path: &Path) -> TokenStream {
    use std::hash::{Hash, Hasher};
    if !state.tracked.insert(format!("watch:{}", path.display())) {
        return TokenStream::new();
    }
    let Some(out_dir) = out_dir() else {
        return TokenStream::new();
    };
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    path.hash(&mut hasher);
    let dir = out_dir.join("contract-pin-watch");
    let watch = dir.join(format!("{:016x}", hasher.finish()));
    let note = message::golden_watch_note(&path.display().to_string());
    if std::fs::create_dir_all(&dir).is_err() || std::fs::write(&watch, note).is_err() {
        return TokenStream::new();
    }
    include(&watch)
}

/// The compiler's `--out-dir`: this macro runs inside the compiler's process.
fn out_dir() -> Option<PathBuf> {
    let mut args = std::env::args_os();
    while let Some(arg) = args.next() {
        let arg = arg.to_string_lossy().into_owned();
        let dir = match arg.strip_prefix("--out-dir") {
            Some("") => args.next().map(PathBuf::from)?,
            Some(rest) => PathBuf::from(rest.strip_prefix('=')?),
            None => continue,
        };
        return dir.is_dir().then_some(dir);
    }
    None
}

/// `option_env!` of each variable the check reads, once per compiler process.
fn track_variables(variables: &[&str]) -> TokenStream {
    let mut state = locked();
    let fresh: Vec<&str> = variables
        .iter()
        .copied()
        .filter(|v| state.tracked.insert(format!("env:{v}")))
        .collect();
    quote! {
        #( const _: ::core::option::Option<&str> = ::core::option_env!(#fresh); )*
    }
}

/// The path as the user should read it: relative to rustc's working directory, which
/// cargo sets to the workspace root.
fn display(path: &Path) -> String {
    let cwd = std::env::current_dir().ok();
    let shown = cwd
        .as_deref()
        .and_then(|cwd| path.strip_prefix(cwd).ok())
        .unwrap_or(path);
    shown.to_string_lossy().replace('\\', "/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_golden_path_may_not_leave_its_directory_through_a_symlink() {
        let root = std::env::temp_dir().join(format!("contract-pin-escape-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let src = root.join("src");
        let outside = root.join("outside");
        std::fs::create_dir_all(src.join("goldens")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("secret.json"), "{}").unwrap();
        assert!(!resolves_outside(&src, "goldens/api.json"), "not there yet");
        std::fs::write(src.join("goldens/api.json"), "{}").unwrap();
        assert!(!resolves_outside(&src, "goldens/api.json"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::symlink;
            symlink(&outside, src.join("linked")).unwrap();
            symlink(outside.join("secret.json"), src.join("file.json")).unwrap();
            symlink(src.join("goldens"), src.join("inner")).unwrap();
            assert!(resolves_outside(&src, "linked/api.json"), "directory link");
            assert!(
                resolves_outside(&src, "linked/new/api.json"),
                "below a link"
            );
            assert!(resolves_outside(&src, "file.json"), "file link");
            assert!(
                !resolves_outside(&src, "inner/api.json"),
                "a link that stays inside"
            );
        }
        std::fs::remove_dir_all(root).unwrap();
    }
}
