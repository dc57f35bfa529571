//! The workspace as the commands see it: for every (set, package) the sources pin,
//! the current symbols and the golden; plus the golden files nothing pins.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use contract_core::check::{self, Evaluation, Request};
use contract_core::current::{self, Current, RegisteredText};
use contract_core::env::Mode;
use contract_core::golden::SetName;
use contract_core::health::ScanExactness;
use contract_core::message::{self, CliAccept, Context, Front};
use contract_core::names::{self, NameTable};
use contract_core::{golden, Delta, Fragment, Member, Policy};
use contract_store::policy::{self, Loaded};

use crate::scan::{self, Finding, PackageScan, Pinned};
use crate::workspace::{self, Workspace};
use crate::Progress;
use contract_store::store;

/// Each item the golden holds under a public path other than its definition path, the
/// definition path (`crate::key::RsaPublicKey`) with the public one
/// (`crate::RsaPublicKey`): a golden's type written through a module the crate has
/// since dropped is read as the item's public path (rsa 0.10 dropped `key` and kept
/// `RsaPublicKey`, an alias of its new `PublicKey`).
fn definitions_moved(golden: &golden::Golden) -> BTreeMap<String, String> {
    let within =
        |module: &str| -> Vec<String> { module.split("::").skip(1).map(str::to_owned).collect() };
    golden
        .symbols
        .iter()
        .filter(|(name, entry)| {
            entry.shape.item.is_some() && !name.ends_with("::") && !name.contains('.')
        })
        .filter_map(|(name, entry)| {
            let shape = &entry.shape;
            let (module, defined_in) = (shape.module.as_deref()?, shape.defined_in.as_deref()?);
            let public = name.rsplit("::").next()?;
            // Re-exported under another name: its definition path has the definition's.
            let own = shape.defined_as.as_deref().unwrap_or(public);
            (module != defined_in).then(|| {
                let path = |m: &str, item: &str| {
                    std::iter::once("crate".to_owned())
                        .chain(within(m))
                        .chain(std::iter::once(item.to_owned()))
                        .collect::<Vec<_>>()
                        .join("::")
                };
                (path(defined_in, own), path(module, public))
            })
        })
        .collect()
}

/// One set of one package: what the harness's `assert_golden!("set")` would check.
pub struct Unit {
    /// The set.
    pub set: SetName,
    /// Index into [`Model::workspace`]'s packages (and [`Model::scans`]).
    pub package: usize,
    /// The package name.
    pub package_name: String,
    /// The golden file.
    pub path: PathBuf,
    /// The golden as users read it (relative to the workspace root).
    pub shown: String,
    /// Indices of its pinned items in the package's scan.
    pub pinned: Vec<usize>,
    /// The current symbols, or the name conflicts that stop the check.
    pub current: Result<Current, String>,
    /// The golden's bytes (`None`: no file), or why it cannot be read.
    pub bytes: Result<Option<Vec<u8>>, String>,
    /// Their parse, made once, when first needed (see [`Unit::golden`]).
    pub parsed: golden::Parse,
    /// The set's policy, from the policy file of the package's workspace.
    pub policy: Policy,
    /// That policy file as users read it.
    pub policy_file: String,
    /// The crate's names, for a shape that differs from its golden as written (`None`
    /// in a unit made without sources).
    pub names: Option<UnitNames>,
    /// Whose words its messages are in: the command's, with how it accepts a change
    /// (`update` refuses a package with source errors, or one whose pins the sources
    /// do not all show), or the test's when `assert_golden!` checks a public-API set
    /// (`crate::sources`).
    pub front: Front,
}

/// What a unit reads when one of its shapes differs from its golden as written: its
/// package's scan (the registrations, again) and the library's names, read from the
/// sources once per package when first needed (see [`contract_core::names`]).
#[derive(Clone)]
pub struct UnitNames {
    scan: Arc<PackageScan>,
    /// Where the library's names are read, and cached between runs.
    library: Option<Library>,
    table: Arc<OnceLock<Option<NameTable>>>,
    /// Its dependencies' names, read when a changed shape names one of them.
    externs: Arc<crate::deps::DepNames>,
    /// Whether the unit is a public-API set, whose golden records what its paths of
    /// other crates name ([`contract_core::Golden::dependency_paths`]).
    public_api: bool,
    /// The package's normal dependencies as their package and semver-compatible
    /// series, by the name its paths call them ([`contract_core::dependencies`]).
    dependencies: Arc<BTreeMap<String, String>>,
}

/// A package's library target, and the file its names are cached in.
#[derive(Clone)]
struct Library {
    cache: PathBuf,
    crate_name: String,
    root: PathBuf,
    /// What the build sees of `cfg`: an item it leaves out names nothing.
    cfg: crate::cfg::Env,
}

impl UnitNames {
    /// The package's dependencies whose types a consumer may meet, as their package and
    /// series. Not a proc-macro crate: it exports macros, and another series of it is
    /// no other type (legion 0.4's `pub use legion_codegen::system`, legion_codegen
    /// 0.3 -> 0.4).
    fn dependency_versions(&self) -> BTreeMap<String, String> {
        let macros = self.externs.macro_crates();
        self.dependencies
            .iter()
            .filter(|(name, _)| !macros.contains(*name))
            .map(|(name, identity)| (name.clone(), identity.clone()))
            .collect()
    }

    fn table(&self) -> Option<&NameTable> {
        self.table
            .get_or_init(|| {
                let lib = self.library.as_ref()?;
                Some(crate::cache::names(
                    &lib.cache,
                    &lib.crate_name,
                    &lib.root,
                    Some(&lib.cfg),
                ))
            })
            .as_ref()
    }
}

impl Unit {
    /// Where a message about this unit points, in `contract-pin`'s words.
    pub fn context<'a>(&'a self, modules: &'a BTreeMap<String, String>) -> Context<'a> {
        Context {
            set: &self.set,
            package: &self.package_name,
            golden: &self.shown,
            modules,
            ci: false,
            front: self.front,
        }
    }

    /// Evaluates the unit in `mode` with the shared verdict (the harness's), against
    /// the golden read at load, and words the outcome for the unit's front end.
    pub fn evaluate(&self, mode: &Mode) -> Result<Evaluation, String> {
        let bytes = self.bytes.as_ref().map_err(Clone::clone)?;
        self.evaluate_read(mode, bytes.as_deref(), &self.parsed)
    }

    /// The golden read at load, its parse shared by every reader of the unit (the
    /// verdict, the respelling, a printer); `None` when there is no file or it cannot
    /// be read.
    pub fn golden(&self) -> Option<golden::Read<'_>> {
        let bytes = self.bytes.as_ref().ok()?.as_deref()?;
        Some(golden::Read::new(bytes, &self.parsed))
    }

    /// [`Unit::evaluate`] against `bytes` instead of the golden read at load: what a
    /// writer read again under the golden's lock.
    pub fn evaluate_bytes(&self, mode: &Mode, bytes: Option<&[u8]>) -> Result<Evaluation, String> {
        self.evaluate_read(mode, bytes, &golden::Parse::new())
    }

    /// [`Unit::evaluate_bytes`] with the parse of `bytes` kept in `parsed`.
    fn evaluate_read(
        &self,
        mode: &Mode,
        bytes: Option<&[u8]>,
        parsed: &golden::Parse,
    ) -> Result<Evaluation, String> {
        let current = self.current.as_ref().map_err(Clone::clone)?;
        let dependency_paths = mode.writes().then(|| self.dependency_paths()).flatten();
        let dependency_versions = self
            .names
            .as_ref()
            .filter(|n| n.public_api)
            .map(UnitNames::dependency_versions);
        let evaluate = |current: &Current| {
            check::evaluate(Request {
                set: &self.set,
                package: &self.package_name,
                golden: &self.shown,
                mode,
                existing: bytes,
                current,
                policy: &self.policy,
                policy_file: &self.policy_file,
                modules: None,
                dependency_paths: dependency_paths.as_ref(),
                dependency_versions: dependency_versions.as_ref(),
                parsed: Some(parsed),
            })
            .map_err(|e| e.to_string())
        };
        let worded = |mut evaluation: Evaluation| {
            message::word(
                &mut evaluation.outcome,
                self.front,
                &self.policy,
                &self.policy_file,
            );
            Ok(evaluation)
        };
        let golden = bytes.map(|bytes| golden::Read::new(bytes, parsed));
        let settled = self.settled(current, golden);
        let evaluation = evaluate(settled.as_ref().unwrap_or(current))?;
        let changed = evaluation
            .outcome
            .deltas
            .iter()
            .map(|d| d.symbol.as_str())
            .collect();
        match self.respelled(golden, Some(changed)) {
            Some(respelled) => {
                let settled = self.settled(&respelled, golden);
                worded(evaluate(settled.as_ref().unwrap_or(&respelled))?)
            }
            None => worded(evaluation),
        }
    }

    /// What each path of another crate its pinned items name, read in the
    /// dependencies' names, names ([`names::dependency_paths`]): for a public-API set
    /// only. A path read two ways in two modules is left out.
    fn dependency_paths(&self) -> Option<BTreeMap<String, String>> {
        let unit_names = self.names.as_ref().filter(|n| n.public_api)?;
        let table = unit_names.table()?;
        let scan = &unit_names.scan;
        let mut read: BTreeMap<String, Option<String>> = BTreeMap::new();
        for &i in &self.pinned {
            let p = &scan.pinned[i];
            let modules = std::iter::once(p.impl_module()).chain(p.written_in.as_deref());
            for module in modules {
                let found =
                    names::dependency_paths(p.fragment(), module, table, &*unit_names.externs);
                for (path, named) in found {
                    let entry = read.entry(path).or_insert_with(|| Some(named.clone()));
                    if entry.as_deref() != Some(named.as_str()) {
                        *entry = None;
                    }
                }
            }
        }
        Some(
            read.into_iter()
                .filter_map(|(path, named)| Some((path, named?)))
                .collect(),
        )
    }

    /// `current` with what this command could not decide taken as `golden` has it:
    /// the members and items under a `#[cfg]` it cannot evaluate (see
    /// [`contract_core::undecided`]). `None` when there is nothing of the kind.
    fn settled(&self, current: &Current, golden: Option<golden::Read<'_>>) -> Option<Current> {
        let scan = &self.names.as_ref()?.scan;
        let members: Vec<(&str, &Member)> = self
            .pinned
            .iter()
            .flat_map(|&i| {
                let p = &scan.pinned[i];
                p.undecided.iter().map(move |m| (p.name.as_str(), m))
            })
            .collect();
        let whole: Vec<&str> = scan
            .undecided
            .iter()
            .filter(|(set, _)| *set == *self.set)
            .map(|(_, name)| name.as_str())
            .collect();
        // Types whose `impl` blocks call a macro among their members.
        let by_macro: BTreeSet<&str> = self
            .pinned
            .iter()
            .map(|&i| &scan.pinned[i])
            .filter(|p| p.members_by_macro)
            .map(|p| p.name.as_str())
            .collect();
        if members.is_empty() && whole.is_empty() && by_macro.is_empty() {
            return None;
        }
        let golden = golden?.parsed().ok()?;
        let mut symbols = current.symbols().ok()?;
        for (name, member) in members {
            if let (Some(now), Some(was)) = (symbols.get_mut(name), golden.symbols.get(name)) {
                contract_core::undecided::take_from_golden(now, &was.shape, member);
            }
        }
        for name in by_macro {
            if let (Some(now), Some(was)) = (symbols.get_mut(name), golden.symbols.get(name)) {
                for member in contract_core::undecided::missing_members(now, &was.shape) {
                    contract_core::undecided::take_from_golden(now, &was.shape, &member);
                }
            }
        }
        for name in whole {
            let Some(was) = golden.symbols.get(name) else {
                continue;
            };
            match symbols.get_mut(name) {
                // A twin the build has is the symbol.
                Some(now) if now.item.is_some() => {}
                // Only an `impl` of it is read (the type itself is under such a cfg,
                // or a macro this command cannot expand declares it, with members of
                // its own): the type and what it may define are the golden's.
                Some(now) => {
                    now.item = was.shape.item.clone();
                    now.module.clone_from(&was.shape.module);
                    now.defined_in.clone_from(&was.shape.defined_in);
                    now.auto_traits.clone_from(&was.shape.auto_traits);
                    for member in contract_core::undecided::missing_members(now, &was.shape) {
                        contract_core::undecided::take_from_golden(now, &was.shape, &member);
                    }
                }
                None => {
                    symbols.insert(name.to_owned(), was.shape.clone());
                }
            }
        }
        let mut settled = Current::from_symbols(symbols);
        settled.set_trait_impls(current.trait_impls().clone());
        Some(settled)
    }

    /// The current set with each changed symbol's fragments in the golden's spelling
    /// wherever the crate's names say both spell one type (see
    /// [`contract_core::names`]), and each item moved behind a `pub use` at its old
    /// module's path registered in that module: what the macro registers in the same
    /// situation. Only the symbols `changed` names are looked at (all that differ
    /// from the golden when `None`). `None` when nothing is registered otherwise, or
    /// nothing changed.
    fn respelled(
        &self,
        golden: Option<golden::Read<'_>>,
        changed: Option<BTreeSet<&str>>,
    ) -> Option<Current> {
        let current = self.current.as_ref().ok()?;
        let unit_names = self.names.as_ref()?;
        let symbols;
        let changed: BTreeSet<&str> = match changed {
            // Nothing changed (the usual case): the golden is not parsed.
            Some(changed) => changed
                .into_iter()
                .filter(|s| current.get(s).is_some())
                .collect(),
            None => {
                let golden = golden?.parsed().ok()?;
                symbols = current.symbols().ok()?;
                symbols
                    .iter()
                    .filter(|(name, symbol)| {
                        golden.symbols.get(*name).map(|g| &g.shape) != Some(*symbol)
                    })
                    .map(|(name, _)| name.as_str())
                    .filter(|name| current.get(name).is_some())
                    .collect()
            }
        };
        if changed.is_empty() {
            return None;
        }
        let golden = golden?.parsed().ok()?;
        let names = unit_names.table()?;
        let scan = &unit_names.scan;
        // A path of a crate the dependencies no longer resolve, as the golden recorded
        // what it named.
        let mut paths = golden.dependency_paths.clone();
        paths.extend(definitions_moved(golden));
        let recorded = names::Recorded::new(&*unit_names.externs, &paths);
        // A crate the golden knows under another name (`indexmap` now `indexmap_v1`,
        // the same package and series): its paths are read under the golden's.
        let renames = match unit_names.public_api {
            true => contract_core::dependencies::renames(
                &golden.dependency_versions,
                &unit_names.dependencies,
            ),
            false => BTreeMap::new(),
        };
        let mut any = false;
        let mut modules: Vec<&str> = Vec::new();
        let texts: Vec<String> = self
            .pinned
            .iter()
            .map(|&i| {
                let p = &scan.pinned[i];
                modules.push(&p.module);
                let Some(stored) = changed
                    .contains(p.name.as_str())
                    .then(|| golden.symbols.get(&p.name))
                    .flatten()
                else {
                    return p.text.clone();
                };
                // Moved from the module the golden names while that module's path
                // still names it (a `pub use` at the old place): registered there, as
                // the macro does.
                if let (Fragment::Item { .. }, Some(old)) = (p.fragment(), &stored.shape.module) {
                    if *old != p.module && names.still_names(old, &p.item_name, &p.module) {
                        any = true;
                        if let Some(last) = modules.last_mut() {
                            *last = old;
                        }
                    }
                }
                let mut fragment = p.fragment().clone();
                let renamed = names::rename_crates(&mut fragment, &renames);
                // An `impl` in another module is written in that module's names; a
                // golden from before it moved there, in its type's.
                let externs = &recorded;
                let mut respelled = renamed;
                respelled |= names::respell_with(
                    (&mut fragment, &p.item_name),
                    p.impl_module(),
                    &stored.shape,
                    names,
                    externs,
                );
                if let Some(written_in) = &p.written_in {
                    respelled |= names::respell_with(
                        (&mut fragment, &p.item_name),
                        written_in,
                        &stored.shape,
                        names,
                        externs,
                    );
                }
                if respelled {
                    any = true;
                    return fragment.compact_text().0;
                }
                p.text.clone()
            })
            .collect();
        if !any {
            return None;
        }
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        assemble(
            scan,
            &self.pinned,
            (&texts, &modules),
            unit_names.public_api,
            &renames,
        )
        .ok()
    }

    /// The current symbols as the verdict reads them: in the golden's spelling where
    /// the crate's names say both spell one type, as [`Unit::evaluate`] compares and
    /// `update` writes them. None when they conflict or do not read (the verdict
    /// reports that).
    pub fn current_symbols(&self) -> BTreeMap<String, contract_core::Symbol> {
        let golden = self.golden();
        let respelled = self.respelled(golden, None);
        let Some(current) = respelled.as_ref().or(self.current.as_ref().ok()) else {
            return BTreeMap::new();
        };
        let settled = self.settled(current, golden);
        settled
            .as_ref()
            .unwrap_or(current)
            .symbols()
            .unwrap_or_default()
    }
}

/// A golden file no source pins.
pub struct Orphan {
    /// The set, from the directory name.
    pub set: String,
    /// The package, from the file name.
    pub package: String,
    /// The file as users read it.
    pub shown: String,
    /// Its bytes.
    pub bytes: Option<Vec<u8>>,
}

/// Everything the commands need.
pub struct Model {
    /// The workspace.
    pub workspace: Workspace,
    /// The policy file of the workspace (the one every member's harness reads).
    pub policy: Loaded,
    /// What the policy file says that may be a mistake: a set nothing pins.
    pub policy_warnings: Vec<scan::Finding>,
    /// One scan per package (same order).
    pub scans: Vec<Arc<PackageScan>>,
    /// The checked sets, by set then package.
    pub units: Vec<Unit>,
    /// Golden files no source pins.
    pub orphans: Vec<Orphan>,
}

/// Which packages and sets to look at.
#[derive(Clone, Default)]
pub struct Filter {
    /// Package names (empty: all).
    pub packages: Vec<String>,
    /// Set names (empty: all).
    pub sets: Vec<String>,
}

impl Filter {
    pub fn package(&self, name: &str) -> bool {
        self.packages.is_empty() || self.packages.iter().any(|p| p == name)
    }

    pub fn set(&self, name: &str) -> bool {
        self.sets.is_empty() || self.sets.iter().any(|s| s == name)
    }
}

/// A set pinned in a package with no golden, that no test of the package checks and
/// that the policy file does not configure, named like a set of the package that has a
/// golden or a test (`set = "wrie"` beside `"wire"`): most likely a typo, which nothing
/// would ever compare. Such a unit is an error; a set named like one of those `--set`
/// names (which then has no unit) stops the run. A set `--set` names is meant as
/// written: `contract-pin update --set wrie` creates it.
fn typo_sets(
    workspace: &Workspace,
    scans: &[Arc<PackageScan>],
    units: &mut [Unit],
    policies: &BTreeMap<PathBuf, Loaded>,
    policy_of_package: &[PathBuf],
    filter: &Filter,
) -> Option<String> {
    for (index, package) in workspace.packages.iter().enumerate() {
        if !filter.package(&package.name) {
            continue;
        }
        let scan = &scans[index];
        let configured = |set: &str| {
            policies[&policy_of_package[index]]
                .file
                .sets()
                .any(|(s, _)| s == set)
        };
        let golden_of = |set: &str| {
            golden::path(
                workspace.golden_dir.as_deref(),
                &package.manifest_dir,
                set,
                &package.name,
            )
        };
        // Whether a set of the package has a golden: as its unit read it, or (a set
        // `--set` left out) as the file system says.
        let pinned: BTreeSet<&str> = scan.pinned.iter().map(|p| p.set.as_str()).collect();
        let with_golden: BTreeSet<&str> = pinned
            .iter()
            .copied()
            .filter(
                |set| match units.iter().find(|u| u.package == index && *u.set == **set) {
                    Some(unit) => !matches!(unit.bytes, Ok(None)),
                    None => golden_of(set).exists(),
                },
            )
            .collect();
        // The package's sets that are real: a golden, or a test, says so.
        let real: BTreeSet<&str> = with_golden
            .iter()
            .copied()
            .chain(scan.checked_sets.iter().map(String::as_str))
            .collect();
        for set in &pinned {
            let named = filter.sets.iter().any(|s| s == set);
            if named || real.contains(set) || configured(set) {
                continue;
            }
            // Two spellings of one update variable (`a-b`, `a_b`) are the clash check's.
            let real_unclashed = real
                .iter()
                .copied()
                .filter(|r| contract_core::env::update_variable_clash(set, r).is_none());
            let Some(close) = contract_core::nearest::typo_of(set, real_unclashed) else {
                continue;
            };
            let at = scan.pinned.iter().find(|p| p.set == *set).map(|p| {
                format!(
                    "{}:{}",
                    workspace::display(&workspace.root, &p.file),
                    p.line
                )
            });
            let said =
                contract_core::message::set_like_a_typo(set, &package.name, close, at.as_deref());
            match units
                .iter_mut()
                .find(|u| u.package == index && *u.set == **set)
            {
                // What already stops the unit says more (a clash of update variables).
                Some(unit) if unit.current.is_err() => {}
                // Each front end names the unit before its error.
                Some(unit) => {
                    unit.current = Err(contract_core::message::set_like_a_typo_here(
                        set,
                        &package.name,
                        close,
                        at.as_deref(),
                    ))
                }
                // Left out by `--set`: stop only when it looks like one that is checked.
                None if filter.set(close) => return Some(said),
                None => {}
            }
        }
    }
    None
}

/// All scan findings (and, as warnings, the policy file's) with the file shown
/// relative to the workspace root.
pub fn findings(model: &Model, errors: bool) -> Vec<(String, &Finding)> {
    let policy: &[Finding] = if errors { &[] } else { &model.policy_warnings };
    model
        .scans
        .iter()
        .flat_map(|s| if errors { &s.errors } else { &s.warnings })
        .chain(policy)
        .map(|f| (workspace::display(&model.workspace.root, &f.file), f))
        .collect()
}

/// Discovers the workspace, scans every selected package and reads the goldens.
pub fn load(
    manifest_path: Option<&Path>,
    filter: &Filter,
    lookup: &impl Fn(&str) -> Option<String>,
    progress: &mut dyn Progress,
) -> Result<Model, String> {
    progress.show("reading the workspace");
    // What the build sees of the target, asked while cargo reads the workspace.
    let target = crate::cfg::TargetCfgs::start(lookup);
    let workspace = workspace::discover(manifest_path, lookup)?;
    // Every member's harness reads the policy file of its workspace root; read it
    // the same way, from each member, so the command cannot use another.
    let mut policies: BTreeMap<PathBuf, Loaded> = BTreeMap::new();
    let mut policy_of_package = Vec::new();
    for package in &workspace.packages {
        let root = policy::workspace_root(&package.manifest_dir);
        if !policies.contains_key(&root) {
            policies.insert(root.clone(), policy::load(&package.manifest_dir)?);
        }
        policy_of_package.push(root);
    }
    let root_policy = match policies.get(&workspace.root) {
        Some(loaded) => loaded.clone(),
        None => policy::load(&workspace.root)?,
    };
    for loaded in policies.values() {
        if let Some(message) = unknown_covered_features(&loaded.file, &workspace.packages) {
            return Err(message);
        }
    }
    for name in &filter.packages {
        if !workspace.packages.iter().any(|p| &p.name == name) {
            let members: Vec<&str> = workspace.packages.iter().map(|p| p.name.as_str()).collect();
            return Err(contract_core::message::not_a_member(
                name,
                &workspace.root.display().to_string(),
                &members,
            ));
        }
    }
    // What each package's build sees of `cfg`, and its workspace's public-API sets.
    let target = target.finish(lookup).ok();
    // The target features every build of the target enables: none required of callers.
    let baseline: BTreeSet<String> = target
        .iter()
        .flatten()
        .filter(|(name, _)| name == "target_feature")
        .filter_map(|(_, value)| value.clone())
        .collect();
    // Each package's dependencies: their names read when a unit first needs them, the
    // macros a public-API set's sources call from them when the scan does.
    let externs: Vec<Arc<crate::deps::DepNames>> = workspace
        .packages
        .iter()
        .map(|p| {
            Arc::new(crate::deps::DepNames::new(
                &workspace.root,
                &workspace.target_dir,
                p,
                target.clone(),
            ))
        })
        .collect();
    // Each package's dependencies as their package and series: what a public-API
    // set's golden records of the crates its paths name.
    let dependencies: Vec<Arc<BTreeMap<String, String>>> = workspace
        .packages
        .iter()
        .map(|p| {
            Arc::new(contract_core::dependencies::identities(
                p.dependencies
                    .iter()
                    .map(|d| (d.called(), d.package.as_str(), d.req.as_deref())),
            ))
        })
        .collect();
    let options: Vec<scan::Options> = workspace
        .packages
        .iter()
        .zip(&policy_of_package)
        .zip(&externs)
        .map(|((package, root), deps)| {
            let file = &policies[root].file;
            let public_api: Vec<(String, bool)> = file
                .public_api_sets()
                .filter(|(set, _)| filter.set(set))
                .map(|(set, _)| (set.to_owned(), file.policy(set).doc_hidden_is_api))
                .collect();
            let has_public_api = !public_api.is_empty();
            let open_features: BTreeSet<String> = match has_public_api {
                false => BTreeSet::new(),
                true => covered_features(file, &public_api, package)
                    .difference(&package.features)
                    .cloned()
                    .collect(),
            };
            // Dependencies found on disk (their macros are expanded) and every one the
            // library may name (a `pub use` of another crate's item), sources or not.
            let (libraries, extern_crates, macro_crates, macro_modules) = match has_public_api {
                false => Default::default(),
                true => {
                    let libraries = deps.libraries();
                    let mut all: BTreeSet<String> =
                        libraries.iter().map(|(n, _)| n.clone()).collect();
                    all.extend(deps.unread());
                    let ask = Arc::clone(deps);
                    let modules = scan::MacroModules::new(move |p| ask.is_macro_module(p));
                    (libraries, all, deps.macro_crates(), modules)
                }
            };
            let custom = match package.build_script {
                true => crate::cfg::build_script_cfgs(&workspace.target_dir, &package.name)
                    .or_else(|| {
                        // A fresh checkout: a public-API set runs the script (a test's
                        // build has run it already).
                        let cargo = lookup("CARGO").unwrap_or_else(|| "cargo".to_owned());
                        has_public_api.then_some(())?;
                        crate::cfg::run_build_script(
                            &cargo,
                            &workspace.root.join("Cargo.toml"),
                            &workspace.target_dir,
                            (&package.name, &package.version, &package.spec()),
                            std::time::Duration::from_secs(300),
                        )
                    }),
                false => Some(BTreeSet::new()),
            };
            scan::Options {
                out_dir: package
                    .build_script
                    .then(|| crate::cfg::build_script_out_dir(&workspace.target_dir, &package.name))
                    .flatten(),
                dependencies: libraries,
                extern_crates,
                macro_crates,
                macro_modules,
                edition_2015: package.edition == "2015",
                features: match has_public_api {
                    false => BTreeMap::new(),
                    true => package.feature_table.clone(),
                },
                public_api,
                cfg: crate::cfg::Env {
                    target: target.clone(),
                    features: package.features.clone(),
                    custom,
                    test: false,
                    open_features,
                    features_unknown: false,
                },
            }
        })
        .collect();
    let mut scans = scan_all(&workspace, &options, filter, progress);
    // Packages left out by `-p`, scanned only when a question needs them.
    let mut others: BTreeMap<usize, PackageScan> = BTreeMap::new();
    note_reexports(
        &workspace,
        &options,
        filter,
        &mut scans,
        &mut others,
        progress,
    );
    // A type whose serde impls are written by hand has no wire check: said once per
    // run, unless its set vouches for it (`wire_vouched`).
    for (index, scan) in scans.iter_mut().enumerate() {
        let file = &policies[&policy_of_package[index]].file;
        let unvouched: Vec<scan::Finding> = scan
            .hand_written_serde
            .iter()
            .filter(|h| !file.policy(&h.set).wire_vouched.contains(&h.name))
            .map(scan::HandWritten::warning)
            .collect();
        scan.warnings.extend(unvouched);
    }
    progress.show("reading goldens");
    let scans: Vec<Arc<PackageScan>> = scans.into_iter().map(Arc::new).collect();
    // Each package library's names, read when a unit first needs them.
    let tables: Vec<Arc<OnceLock<Option<NameTable>>>> =
        scans.iter().map(|_| Arc::default()).collect();
    // Each package's sets are assembled and their goldens read on every core.
    let mut units: Vec<Unit> = on_every_core(&workspace.packages, |index, package| {
        let scan = &scans[index];
        let lib = package
            .targets
            .iter()
            .find(|t| t.kind == workspace::TargetKind::Lib)
            .map(|t| Library {
                cache: crate::cache::names_entry(&workspace.target_dir, package),
                crate_name: t.crate_name.clone(),
                root: t.root.clone(),
                cfg: options[index].cfg.clone(),
            });
        let mut units = Vec::new();
        let mut by_set: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (i, pinned) in scan.pinned.iter().enumerate() {
            if filter.set(&pinned.set) {
                by_set.entry(&pinned.set).or_default().push(i);
            }
        }
        // A public-API set of a library is checked even when nothing is public: its
        // golden then says so, and an API that later appears is additive.
        let has_lib = package
            .targets
            .iter()
            .any(|t| t.kind == workspace::TargetKind::Lib);
        if has_lib {
            for (set, _) in &options[index].public_api {
                by_set.entry(set).or_default();
            }
        }
        for (set, pinned) in by_set {
            let texts: Vec<&str> = pinned
                .iter()
                .map(|&i| scan.pinned[i].text.as_str())
                .collect();
            let modules: Vec<&str> = pinned
                .iter()
                .map(|&i| scan.pinned[i].module.as_str())
                .collect();
            let public_api = options[index].public_api.iter().any(|(s, _)| s == set);
            let mut current = assemble(
                scan,
                &pinned,
                (&texts, &modules),
                public_api,
                &BTreeMap::new(),
            );
            // `golden = "…"` names the golden, as for the harness: one per set.
            let explicit: BTreeSet<Option<&PathBuf>> = pinned
                .iter()
                .map(|&i| scan.pinned[i].golden.as_ref())
                .collect();
            if explicit.len() > 1 {
                let named: Vec<String> = explicit
                    .iter()
                    .map(|g| match g {
                        Some(g) => format!("`{}`", workspace::display(&workspace.root, g)),
                        None => "the default golden".to_owned(),
                    })
                    .collect();
                current = Err(contract_core::message::goldens_disagree(set, &named));
            }
            let path = match explicit.into_iter().next().flatten() {
                Some(path) => path.clone(),
                None => golden::path(
                    workspace.golden_dir.as_deref(),
                    &package.manifest_dir,
                    set,
                    &package.name,
                ),
            };
            let shown = workspace::display(&workspace.root, &path);
            let bytes = store::read(&path).map_err(|e| message::cannot_read(&shown, &e));
            let loaded = &policies[&policy_of_package[index]];
            // Validated, and any error reported, where the set was named: the contract
            // attribute (whose item then registers nothing) or the policy file.
            let Ok(set_name) = golden::SetName::parse(set) else {
                continue;
            };
            let accept = if !scan.errors.is_empty() {
                CliAccept::AfterSourceErrors
            } else if scan.exactness == ScanExactness::MacroHidden {
                CliAccept::TestOnly
            } else {
                CliAccept::Update
            };
            let names = UnitNames {
                scan: scan.clone(),
                library: lib.clone(),
                table: tables[index].clone(),
                externs: externs[index].clone(),
                public_api,
                dependencies: dependencies[index].clone(),
            };
            // A public-API set pins its types' auto traits as inferred from the
            // sources (the compiler is not asked here); an attribute-pinned set its
            // generic types', as the macro infers them (no dependency read), the
            // harness's type probe answering for the others.
            if let (Ok(current), Some(table)) = (&mut current, names.table()) {
                if names.public_api {
                    infer_auto_traits(current, scan, &pinned, table, &*names.externs, false);
                } else {
                    infer_auto_traits(current, scan, &pinned, table, &names::NoExterns, true);
                }
            }
            units.push(Unit {
                set: set_name,
                package: index,
                package_name: package.name.clone(),
                path,
                shown,
                pinned,
                current,
                bytes,
                parsed: golden::Parse::new(),
                policy: contract_core::Policy {
                    target_baseline: baseline.clone(),
                    unread_crates: externs[index].unread(),
                    ..loaded.file.policy(set)
                },
                policy_file: loaded.shown.clone(),
                names: Some(names),
                front: Front::Cli(accept),
            });
        }
        units
    })
    .into_iter()
    .flatten()
    .collect();
    units.sort_by(|a, b| (&a.set, &a.package_name).cmp(&(&b.set, &b.package_name)));
    // Sets sharing an update variable (`a-b`, `a_b`) anywhere in the workspace, or
    // with a set the policy file configures: `A_B_CONTRACT_UPDATE_GOLDEN=1 cargo test`
    // could not say which to rewrite. Every such set is an error.
    let pinned: BTreeSet<String> = scans
        .iter()
        .flat_map(|s| {
            s.pinned
                .iter()
                .map(|p| p.set.clone())
                .chain(s.elsewhere.iter().map(|(set, _)| set.clone()))
        })
        .collect();
    let pinned: Vec<&str> = pinned.iter().map(String::as_str).collect();
    for unit in &mut units {
        let loaded = &policies[&policy_of_package[unit.package]];
        if let Some(clash) = loaded.clash(&unit.set, &pinned) {
            unit.current = Err(clash);
        }
        // Every name the set vouches for is one of its hand-written serde types.
        if let Some((names, line)) = loaded.file.wire_vouched(&unit.set) {
            let hand_written: Vec<&str> = scans
                .iter()
                .flat_map(|s| &s.hand_written_serde)
                .filter(|h| h.set == *unit.set)
                .map(|h| h.name.as_str())
                .collect();
            if let Some(unknown) = names.iter().find(|n| !hand_written.contains(&n.as_str())) {
                unit.current = Err(contract_core::message::wire_vouched_unknown(
                    &unit.set,
                    unknown,
                    &format!("{}:{line}", loaded.shown),
                    &hand_written,
                ));
            }
        }
    }
    if let Some(typo) = typo_sets(
        &workspace,
        &scans,
        &mut units,
        &policies,
        &policy_of_package,
        filter,
    ) {
        progress.clear();
        return Err(typo);
    }
    let policy_warnings = unpinned_policy_sets(&root_policy, &pinned, filter);
    let orphans = orphans(&workspace, &scans, &units, filter);
    // A set nothing pins and no golden names is a typo, not a clean run.
    for set in &filter.sets {
        let here = units.iter().any(|u| *u.set == **set)
            || orphans.iter().any(|o| &o.set == set)
            || root_policy.file.sets().any(|(s, _)| s == set)
            || scans
                .iter()
                .any(|s| s.elsewhere.iter().any(|(s, _)| s == set));
        if here {
            continue;
        }
        let mut known: BTreeSet<String> = BTreeSet::new();
        for (index, package) in workspace.packages.iter().enumerate() {
            let scan: &PackageScan = match filter.package(&package.name) {
                true => &scans[index],
                false => others.entry(index).or_insert_with(|| {
                    scan_one(&workspace, package, &options[index], &mut |l| {
                        progress.show(l)
                    })
                }),
            };
            known.extend(scan.pinned.iter().map(|p| p.set.clone()));
            known.extend(scan.elsewhere.iter().map(|(s, _)| s.clone()));
        }
        if known.contains(set) {
            continue; // pinned by a package `-p` left out: nothing to check here
        }
        // Public-API sets are sets too (`--set ap` beside `api`).
        known.extend(root_policy.file.sets().map(|(s, _)| s.to_owned()));
        progress.clear();
        let known: Vec<String> = known.into_iter().collect();
        return Err(contract_core::message::unknown_set(
            set,
            &workspace.root.display().to_string(),
            &known,
        ));
    }
    progress.clear();
    Ok(Model {
        workspace,
        policy: root_policy,
        policy_warnings,
        scans,
        units,
        orphans,
    })
}

/// The features the public-API sets `sets` of `package` cover, each with what it turns
/// on: those a set's `features` key lists, and the package's default choice
/// ([`crate::workspace::api_features`]) for a set that does not say.
fn covered_features(
    file: &contract_core::policy::file::PolicyFile,
    sets: &[(String, bool)],
    package: &workspace::Package,
) -> BTreeSet<String> {
    let mut covered = BTreeSet::new();
    for (set, _) in sets {
        match file.api_features(set) {
            Some((listed, _)) => {
                for name in listed
                    .iter()
                    .filter(|n| package.feature_table.contains_key(*n))
                {
                    covered.extend(contract_core::features::turned_on(
                        &package.feature_table,
                        name,
                    ));
                }
            }
            None => {
                let hidden_is_api = file.policy(set).doc_hidden_is_api;
                covered.extend(workspace::api_features(
                    &package.feature_table,
                    hidden_is_api,
                ));
            }
        }
    }
    covered.remove("default");
    covered
}

/// A public-API set's `features` naming a feature no package of the workspace has: a
/// typo, said where it is written.
fn unknown_covered_features(
    file: &contract_core::policy::file::PolicyFile,
    packages: &[workspace::Package],
) -> Option<String> {
    for (set, _) in file.public_api_sets() {
        let Some((listed, line)) = file.api_features(set) else {
            continue;
        };
        for name in listed {
            if !packages.iter().any(|p| p.feature_table.contains_key(name)) {
                return Some(crate::words::unknown_covered_feature(set, name, line));
            }
        }
    }
    None
}

/// The set the harness would assemble from the items `pinned` (indices into `scan`)
/// registering `texts` in `modules` (one each): one item alone is spliced from its
/// text, the others are read and merged; with the impls the sources show (a derive
/// replaced by one is no change), and for a public-API set (`public_api`) every trait
/// impl's head (what a named type promises).
fn assemble(
    scan: &PackageScan,
    pinned: &[usize],
    (texts, modules): (&[&str], &[&str]),
    public_api: bool,
    renames: &BTreeMap<String, String>,
) -> Result<Current, String> {
    let registered: Vec<RegisteredText<'_>> = pinned
        .iter()
        .zip(texts.iter().zip(modules))
        .map(|(&i, (text, module))| {
            let p = &scan.pinned[i];
            RegisteredText {
                name: &p.name,
                module,
                fragment: text,
                implements: None,
            }
        })
        .collect();
    let mut current = Current::from_registrations(&registered).map_err(|e| e.to_string())?;
    if public_api {
        current.set_trait_impls(scan.trait_impls.clone());
    }
    // Every feature the package has now (a public-API set pins each).
    let features: std::collections::BTreeSet<String> = scan
        .pinned
        .iter()
        .filter_map(|p| contract_core::features::feature_of(&p.name).map(str::to_owned))
        .collect();
    for &i in pinned {
        let p = &scan.pinned[i];
        if !p.needs.is_empty() {
            // An implementor's type read under the golden's name for its crate.
            let mut needs = p.needs.clone();
            for (member, _) in &mut needs {
                if let contract_core::Member::Implementor { ty } = member {
                    names::rename_crates_in(ty, renames);
                }
            }
            current.add_needs(&p.name, &needs);
        }
        if !current::is_item_text(&p.text) {
            continue;
        }
        // A re-export's shape is written in the module that defines it.
        if let Some(defined_in) = p.defined_in.as_deref().filter(|d| *d != p.module) {
            current.set_defined_in(&p.name, defined_in);
        }
        // Re-exported under another name (`pub use tx::TxDatabase as
        // SingleWriterTxDatabase;`): `Self` spells the definition's.
        let public_name = contract_core::shape::declared_name(&p.name);
        let public_name = public_name.rsplit("::").next().unwrap_or(public_name);
        if public_api && p.defined_in.is_some() && p.item_name != public_name {
            current.set_defined_as(&p.name, &p.item_name);
        }
        let gate = p
            .needs
            .iter()
            .find(|(m, _)| *m == contract_core::Member::Item)
            .map(|(_, g)| g.as_str());
        let impls = scan.impls_of(p.impl_module(), &p.item_name, gate);
        if !impls.is_empty() {
            current.set_impls_in_source(&p.name, &impls);
        }
        if contract_core::features::feature_of(&p.name).is_some() {
            current.set_feature_facts(
                &p.name,
                &scan.inert_features,
                &scan.redundant_features,
                &features,
            );
        }
    }
    Ok(current)
}

/// Gives each struct, enum and union of `pinned` (each generic one: `generic_only`)
/// the auto traits its fields imply ([`contract_core::auto`]), read through the
/// crate's names and the dependencies' of `externs`.
fn infer_auto_traits(
    current: &mut Current,
    scan: &PackageScan,
    pinned: &[usize],
    table: &NameTable,
    externs: &dyn names::Externs,
    generic_only: bool,
) {
    let mut inference = contract_core::auto::Inference::new(table, externs);
    for &i in pinned {
        let p = &scan.pinned[i];
        if !current::is_item_text(&p.text) {
            continue;
        }
        let Fragment::Item { item, .. } = p.fragment() else {
            continue;
        };
        let Some((generics, _)) = item.generics_and_fields() else {
            continue;
        };
        if generic_only && generics.type_param_names().next().is_none() {
            continue;
        }
        // Set even when nothing could be told: then every trait is untold. Where part
        // of the type is undecided (a cfg this command cannot evaluate), a trait left
        // out is the golden's, as that part is.
        let traits = inference.of(p.impl_module(), &p.item_name);
        if p.undecided.is_empty() {
            current.set_auto_traits(&p.name, traits);
        } else if !traits.is_empty() {
            current.set_some_auto_traits(&p.name, traits);
        }
    }
}

/// A `[set.NAME]` table of the policy file that no source pins: a typo, or a set
/// that was retired. A warning where the table is.
fn unpinned_policy_sets(loaded: &Loaded, pinned: &[&str], filter: &Filter) -> Vec<scan::Finding> {
    loaded
        .file
        .sets()
        // A public-API set is pinned by its table.
        .filter(|(set, _)| !pinned.contains(set) && !loaded.file.public_api(set) && filter.set(set))
        .map(|(set, line)| scan::Finding {
            file: loaded.path.clone(),
            line,
            col: 1,
            message: contract_core::message::configured_set_unpinned(set, pinned),
        })
        .collect()
}

/// Scans every package `filter` selects, on every core (packages are independent:
/// each is read and parsed on its own), in workspace order; the others are left empty.
fn scan_all(
    workspace: &Workspace,
    options: &[scan::Options],
    filter: &Filter,
    progress: &mut dyn Progress,
) -> Vec<PackageScan> {
    let progress = std::sync::Mutex::new(progress);
    on_every_core(&workspace.packages, |index, package| {
        match filter.package(&package.name) {
            true => scan_one(workspace, package, &options[index], &mut |line| {
                let mut progress = progress.lock().unwrap_or_else(|p| p.into_inner());
                progress.show(line);
            }),
            false => PackageScan::default(),
        }
    })
}

/// `f` of each of `items` (with its index), in their order, computed on as many
/// threads as the machine offers. Each helper thread gets the command's deep stack
/// (syn parses recursively); the current thread, which has it too, works alongside.
pub fn on_every_core<'a, T: Sync, R: Send>(
    items: &'a [T],
    f: impl Fn(usize, &'a T) -> R + Sync,
) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(items.len())
        .max(1);
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::with_capacity(items.len()));
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(item) = items.get(i) else { break };
        let result = f(i, item);
        done.lock()
            .unwrap_or_else(|p| p.into_inner())
            .push((i, result));
    };
    std::thread::scope(|s| {
        for _ in 1..threads {
            let helper = std::thread::Builder::new().stack_size(crate::STACK);
            if helper.spawn_scoped(s, work).is_err() {
                break;
            }
        }
        work();
    });
    let mut done = done.into_inner().unwrap_or_else(|p| p.into_inner());
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// Scans `package`, telling `show` the progress line for each file read.
fn scan_one(
    workspace: &Workspace,
    package: &workspace::Package,
    options: &scan::Options,
    show: &mut dyn FnMut(&str),
) -> PackageScan {
    let mut files = 0usize;
    crate::cache::scan_package(workspace, package, options, &mut |file| {
        files += 1;
        show(&format!(
            "scanning {} ({files} files): {}",
            package.name,
            workspace::display(&workspace.root, file)
        ));
    })
}

/// A library that re-exports an item another member pins (`pub use other::Item;`)
/// registers nothing itself: say so where the re-export is, so "nothing pinned" reads
/// as the verdict it is, not as a silent gap.
fn note_reexports(
    workspace: &Workspace,
    options: &[scan::Options],
    filter: &Filter,
    scans: &mut [PackageScan],
    others: &mut BTreeMap<usize, PackageScan>,
    progress: &mut dyn Progress,
) {
    let libs: BTreeMap<&str, usize> = workspace
        .packages
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let lib = p
                .targets
                .iter()
                .find(|t| t.kind == workspace::TargetKind::Lib)?;
            Some((lib.crate_name.as_str(), i))
        })
        .collect();
    for index in 0..scans.len() {
        let reexports = scans[index].reexports.clone();
        for (path, file, line, col) in reexports {
            let Some(&owner) = libs.get(path[0].as_str()) else {
                continue;
            };
            if owner == index {
                continue;
            }
            let package = &workspace.packages[owner];
            let owner_scan = match filter.package(&package.name) {
                true => &scans[owner],
                false => &*others.entry(owner).or_insert_with(|| {
                    scan_one(workspace, package, &options[owner], &mut |l| {
                        progress.show(l)
                    })
                }),
            };
            let (module, name) = (path[..path.len() - 1].join("::"), &path[path.len() - 1]);
            let sets: BTreeSet<&str> = owner_scan
                .pinned
                .iter()
                .filter(|p| &p.name == name && p.module == module)
                .map(|p| p.set.as_str())
                .collect();
            if sets.is_empty() {
                continue;
            }
            let sets: Vec<String> = sets.iter().map(|s| format!("`{s}`")).collect();
            let message = contract_core::message::re_export_of_a_pin(
                &path.join("::"),
                &sets,
                &package.name,
                &workspace.packages[index].name,
            );
            scans[index].warnings.push(scan::Finding {
                file,
                line,
                col,
                message,
            });
        }
    }
}

/// Golden files below every package's golden root that no unit claims.
fn orphans(
    workspace: &Workspace,
    scans: &[Arc<PackageScan>],
    units: &[Unit],
    filter: &Filter,
) -> Vec<Orphan> {
    // Compared as paths with `.` and `..` resolved: the golden root may be written
    // with them (`CONTRACT_PIN_GOLDEN_DIR=../goldens`).
    let mut claimed: BTreeSet<PathBuf> = units
        .iter()
        .map(|u| workspace::normalize(&u.path))
        .collect();
    // Sets pinned only in bins, examples or benches are not checked here (a warning
    // says so), but their goldens are not unreferenced either.
    for (package, scan) in workspace.packages.iter().zip(scans) {
        for (set, _) in &scan.elsewhere {
            claimed.insert(workspace::normalize(&golden::path(
                workspace.golden_dir.as_deref(),
                &package.manifest_dir,
                set,
                &package.name,
            )));
        }
    }
    // Only below the workspace root: a golden directory outside it (a shared
    // `CONTRACT_PIN_GOLDEN_DIR`) may hold other workspaces' goldens, which no advice
    // of this command may touch.
    let root = workspace::normalize(&workspace.root);
    let roots: BTreeSet<PathBuf> = workspace
        .packages
        .iter()
        .filter_map(|p| {
            let probe = golden::path(
                workspace.golden_dir.as_deref(),
                &p.manifest_dir,
                "x",
                &p.name,
            );
            Some(workspace::normalize(probe.parent()?.parent()?))
        })
        .filter(|dir| dir.starts_with(&root))
        .collect();
    let mut out = Vec::new();
    for root in roots {
        let Ok(dirs) = std::fs::read_dir(&root) else {
            continue;
        };
        let mut files: Vec<(String, String, PathBuf)> = Vec::new();
        for dir in dirs.flatten() {
            let dir_name = dir.file_name().to_string_lossy().into_owned();
            let Some(set) = dir_name.strip_suffix("-contract") else {
                continue;
            };
            let Ok(entries) = std::fs::read_dir(dir.path()) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.extension().is_some_and(|e| e == "json") && path.is_file() {
                    let package = path
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    files.push((set.to_owned(), package, path));
                }
            }
        }
        files.sort();
        for (set, package, path) in files {
            let claimed = claimed.contains(&workspace::normalize(&path));
            if claimed || !filter.set(&set) || !filter.package(&package) {
                continue;
            }
            out.push(Orphan {
                shown: workspace::display(&workspace.root, &path),
                bytes: std::fs::read(&path).ok(),
                set,
                package,
            });
        }
    }
    out
}

/// Where a delta points in the sources (or, for a removed symbol, in the golden).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// File, relative to the workspace root.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
}

impl Model {
    /// The pinned items of `unit`.
    pub fn pinned<'a>(&'a self, unit: &'a Unit) -> impl Iterator<Item = &'a Pinned> + 'a {
        let scan = &self.scans[unit.package];
        unit.pinned.iter().map(move |&i| &scan.pinned[i])
    }

    /// Evaluates `unit` in `mode` with the shared verdict (the harness's).
    pub fn evaluate(&self, unit: &Unit, mode: &Mode) -> Result<Evaluation, String> {
        unit.evaluate(mode)
    }

    /// The file:line:col of the element `delta` is about: the changed field, variant or
    /// method in the sources; for a symbol that is gone, its entry in the golden.
    pub fn locate(&self, unit: &Unit, delta: &Delta) -> Option<Location> {
        // Where the change is now: a renamed symbol or member under its new name.
        let name = delta.current_symbol();
        let member = delta.current_member();
        let pinned: Vec<&Pinned> = self.pinned(unit).filter(|p| p.name == name).collect();
        let holder = match &member {
            Member::Method { name: m } => pinned
                .iter()
                .find(|p| {
                    matches!(p.fragment(), Fragment::Methods { methods, .. } if methods.contains_key(m))
                })
                .or_else(|| pinned.iter().find(|p| matches!(p.fragment(), Fragment::Item { .. }))),
            _ => pinned
                .iter()
                .find(|p| matches!(p.fragment(), Fragment::Item { .. })),
        }
        .or(pinned.first());
        if let Some(p) = holder {
            let (line, col) = p.locations.find(&member).unwrap_or((p.line, 1));
            return Some(Location {
                file: workspace::display(&self.workspace.root, &p.file),
                line,
                col,
            });
        }
        // Gone from the sources: point at its entry in the golden.
        let text = unit.bytes.as_ref().ok()?.as_ref()?;
        let text = String::from_utf8_lossy(text);
        let needle = format!("    \"{name}\": {{");
        let line = text.lines().position(|l| l.starts_with(&needle))? + 1;
        Some(Location {
            file: unit.shown.clone(),
            line,
            col: 5,
        })
    }
}
