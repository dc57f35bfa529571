//! `cfg` predicates evaluated the way the build the harness runs sees them: the
//! target's cfgs (`rustc --print cfg`), the package's default features, the cfgs its
//! build script printed (cargo keeps them in `target/*/build/<package>-*/output`),
//! `test` only in an integration test, and nothing else. What none of those tells —
//! a custom cfg of a package whose build script has not run, a predicate the scan
//! cannot parse — is [`Truth::Unknown`]: the scan does not count what it guards, and
//! says so, rather than guess a verdict the compiler would contradict.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use contract_core::gate::Gate;
use syn::punctuated::Punctuated;
use syn::{Attribute, Meta, Token};

/// What a predicate is in the build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Truth {
    /// Holds.
    True,
    /// Does not hold.
    False,
    /// Cannot tell: the predicate, as written.
    Unknown(String),
}

impl Truth {
    fn not(self) -> Truth {
        match self {
            Truth::True => Truth::False,
            Truth::False => Truth::True,
            unknown => unknown,
        }
    }
}

/// Names the compiler itself sets (or leaves unset) for a target: absent from
/// `rustc --print cfg`, they are false, not unknown.
const BUILTIN: &[&str] = &[
    "debug_assertions",
    "doc",
    "doctest",
    "fmt_debug",
    "miri",
    "overflow_checks",
    "panic",
    "proc_macro",
    "relocation_model",
    "sanitize",
    "target_abi",
    "target_arch",
    "target_endian",
    "target_env",
    "target_family",
    "target_feature",
    "target_has_atomic",
    "target_has_atomic_equal_alignment",
    "target_has_atomic_load_store",
    "target_os",
    "target_pointer_width",
    "target_thread_local",
    "target_vendor",
    "ub_checks",
    "unix",
    "windows",
    "wasm",
    "contract_checks",
    "emscripten_wasm_eh",
];

/// A cfg as `rustc --print cfg` and build scripts write it: a name, or `name="value"`.
pub type Cfg = (String, Option<String>);

/// Reads `name` or `name="value"`.
pub fn parse_cfg(line: &str) -> Option<Cfg> {
    let line = line.trim();
    if line.is_empty() {
        return None;
    }
    Some(match line.split_once('=') {
        Some((name, value)) => (
            name.trim().to_owned(),
            Some(value.trim().trim_matches('"').to_owned()),
        ),
        None => (line.to_owned(), None),
    })
}

/// What the build of one package sees.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Env {
    /// The target's cfgs; `None` when `rustc --print cfg` could not tell them.
    pub target: Option<BTreeSet<Cfg>>,
    /// The package's enabled features.
    pub features: BTreeSet<String>,
    /// The cfgs its build script printed; `None` when it has one whose output the
    /// scan did not find (its custom cfgs are unknown).
    pub custom: Option<BTreeSet<Cfg>>,
    /// `cfg(test)`: an integration test's own sources.
    pub test: bool,
    /// The features a public-API set covers that the build leaves off: what an item
    /// the build leaves out may need of them is its gate ([`Env::gate`]).
    pub open_features: BTreeSet<String>,
    /// A dependency's sources, whose features the scan does not know: `feature = …`
    /// cannot tell, so only what the target leaves out is left out.
    pub features_unknown: bool,
}

impl Env {
    /// What a dependency's build sees of `cfg` on `target`, as far as the scan can
    /// tell: the target's cfgs; its features and build script's cfgs unknown.
    pub fn dependency(target: Option<BTreeSet<Cfg>>) -> Env {
        Env {
            target,
            features: BTreeSet::new(),
            custom: None,
            test: false,
            open_features: BTreeSet::new(),
            features_unknown: true,
        }
    }
}

/// A predicate read with the build's features on and the open ones undecided.
enum Partial {
    Is(bool),
    Unknown,
    Gate(Gate),
}

impl Partial {
    fn not(self) -> Partial {
        match self {
            Partial::Is(b) => Partial::Is(!b),
            Partial::Unknown => Partial::Unknown,
            Partial::Gate(g) => Partial::Gate(Gate::Not(Box::new(g))),
        }
    }

    /// `all` (`short` false) or `any` (`short` true).
    fn combine(parts: impl Iterator<Item = Partial>, short: bool) -> Partial {
        let mut gates = Vec::new();
        let mut unknown = false;
        for part in parts {
            match part {
                Partial::Is(b) if b == short => return Partial::Is(short),
                Partial::Is(_) => {}
                Partial::Unknown => unknown = true,
                Partial::Gate(g) => gates.push(g),
            }
        }
        if unknown {
            return Partial::Unknown;
        }
        match gates.len() {
            0 => Partial::Is(!short),
            1 => Partial::Gate(gates.pop().expect("one gate")),
            _ if short => Partial::Gate(Gate::Any(gates)),
            _ => Partial::Gate(Gate::All(gates)),
        }
    }
}

impl Env {
    /// The truth of the predicate `meta` (`feature = "std"`, `all(unix, not(test))`…).
    pub fn eval(&self, meta: &Meta) -> Truth {
        let unknown = || Truth::Unknown(contract_core::syntax::tokens::to_string(meta));
        match meta {
            Meta::Path(path) => {
                let Some(name) = path.get_ident().map(|i| i.to_string()) else {
                    return unknown();
                };
                self.name(&name, None).unwrap_or_else(unknown)
            }
            Meta::NameValue(nv) => {
                let Some(name) = nv.path.get_ident().map(|i| i.to_string()) else {
                    return unknown();
                };
                let syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(value),
                    ..
                }) = &nv.value
                else {
                    return unknown();
                };
                self.name(&name, Some(&value.value()))
                    .unwrap_or_else(unknown)
            }
            Meta::List(list) => {
                let Some(op) = list.path.get_ident().map(|i| i.to_string()) else {
                    return unknown();
                };
                let Ok(args) =
                    list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
                else {
                    return unknown();
                };
                let truths = args.iter().map(|m| self.eval(m));
                match op.as_str() {
                    "all" => combine(truths, Truth::False, Truth::True),
                    "any" => combine(truths, Truth::True, Truth::False),
                    "not" if args.len() == 1 => self.eval(&args[0]).not(),
                    _ => unknown(),
                }
            }
        }
    }

    fn name(&self, name: &str, value: Option<&str>) -> Option<Truth> {
        let holds =
            |set: &BTreeSet<Cfg>| set.contains(&(name.to_owned(), value.map(str::to_owned)));
        let truth = |b: bool| if b { Truth::True } else { Truth::False };
        match (name, value) {
            ("feature", Some(_)) if self.features_unknown => return None,
            ("feature", Some(f)) => return Some(truth(self.features.contains(f))),
            ("test", None) => return Some(truth(self.test)),
            // rustdoc's own, and the one docs.rs passes: never set in a build.
            ("doc" | "docsrs" | "rustdoc", None) => return Some(Truth::False),
            _ => {}
        }
        if self.target.as_ref().is_some_and(holds) {
            return Some(Truth::True);
        }
        if BUILTIN.contains(&name) {
            return self.target.as_ref().map(|_| Truth::False);
        }
        self.custom.as_ref().map(|custom| truth(holds(custom)))
    }

    /// For an item the build leaves out: what it needs of [`Env::open_features`] to
    /// be built (`feature = "serde"`), when some choice of them builds it. `None` when
    /// none does, when another cfg leaves it out, or when one cannot be evaluated.
    pub fn gate(&self, attrs: &[Attribute]) -> Option<Gate> {
        if self.open_features.is_empty() {
            return None;
        }
        let mut parts = Vec::new();
        for attr in attrs {
            if attr.path().is_ident("cfg") {
                let predicate = attr
                    .meta
                    .require_list()
                    .and_then(|l| l.parse_args::<Meta>());
                parts.push(predicate.map_or(Partial::Unknown, |p| self.partial(&p)));
            } else if attr.path().is_ident("cfg_attr") {
                // What a `cfg_attr` makes of the item's own cfg is not read here.
                let adds_cfg = cfg_attr_parts(&attr.meta)
                    .ok()
                    .flatten()
                    .is_some_and(|(_, metas)| metas.iter().any(|m| m.path().is_ident("cfg")));
                if adds_cfg {
                    return None;
                }
            }
        }
        match Partial::combine(parts.into_iter(), false) {
            Partial::Gate(gate) if gate.satisfiable() => Some(gate),
            _ => None,
        }
    }

    fn partial(&self, meta: &Meta) -> Partial {
        if let Meta::NameValue(nv) = meta {
            if let (
                true,
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(f),
                    ..
                }),
            ) = (nv.path.is_ident("feature"), &nv.value)
            {
                let f = f.value();
                return match (self.features.contains(&f), self.open_features.contains(&f)) {
                    (true, _) => Partial::Is(true),
                    (false, true) => Partial::Gate(Gate::Feature(f)),
                    (false, false) => Partial::Is(false),
                };
            }
        }
        if let Meta::List(list) = meta {
            let op = list.path.get_ident().map(|i| i.to_string());
            let args = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated);
            if let (Some(op), Ok(args)) = (op, args) {
                let parts = args.iter().map(|m| self.partial(m));
                match op.as_str() {
                    "all" => return Partial::combine(parts, false),
                    "any" => return Partial::combine(parts, true),
                    "not" if args.len() == 1 => return self.partial(&args[0]).not(),
                    _ => return Partial::Unknown,
                }
            }
        }
        match self.eval(meta) {
            Truth::True => Partial::Is(true),
            Truth::False => Partial::Is(false),
            Truth::Unknown(_) => Partial::Unknown,
        }
    }

    /// The truth of an item's `#[cfg]` attributes together (all must hold).
    pub fn item(&self, attrs: &[Attribute]) -> Truth {
        combine(
            attrs.iter().map(|a| self.attr(&a.meta)),
            Truth::False,
            Truth::True,
        )
    }

    /// Whether one attribute leaves its item in the build: a `cfg` as it evaluates;
    /// a `cfg_attr(p, …)` as `not(p) or` what it expands to (portable-atomic 1.14's
    /// `#[cfg_attr(p, cfg(q))]` beside `#[cfg_attr(not(p), cfg(r))]` on twin modules:
    /// with `p` a build script's cfg, each twin is undecided, not both built); any
    /// other attribute does.
    fn attr(&self, meta: &Meta) -> Truth {
        let unknown = || Truth::Unknown(contract_core::syntax::tokens::to_string(meta));
        if meta.path().is_ident("cfg") {
            return match meta.require_list().and_then(|l| l.parse_args::<Meta>()) {
                Ok(predicate) => self.eval(&predicate),
                Err(_) => unknown(),
            };
        }
        if !meta.path().is_ident("cfg_attr") {
            return Truth::True;
        }
        let (predicate, metas) = match cfg_attr_parts(meta) {
            Ok(Some(parts)) => parts,
            Ok(None) => return Truth::True,
            Err(_) => return unknown(),
        };
        let expanded = combine(
            metas.iter().map(|m| self.attr(m)),
            Truth::False,
            Truth::True,
        );
        combine(
            [self.eval(&predicate).not(), expanded].into_iter(),
            Truth::True,
            Truth::False,
        )
    }

    /// `attrs` with each `#[cfg_attr(pred, a, b)]` expanded as the compiler does it:
    /// `#[a] #[b]` when `pred` holds, nothing when it does not; one it cannot tell is
    /// kept as written (the extraction leaves it out) and returned.
    pub fn expand_cfg_attr(&self, attrs: &mut Vec<Attribute>) -> Vec<String> {
        let mut unknown = Vec::new();
        let mut out = Vec::with_capacity(attrs.len());
        for attr in attrs.drain(..) {
            self.expand_one(attr, &mut out, &mut unknown);
        }
        *attrs = out;
        unknown
    }

    fn expand_one(&self, attr: Attribute, out: &mut Vec<Attribute>, unknown: &mut Vec<String>) {
        if !attr.path().is_ident("cfg_attr") {
            out.push(attr);
            return;
        }
        let (predicate, metas) = match cfg_attr_parts(&attr.meta) {
            Ok(Some(parts)) => parts,
            Ok(None) => return out.push(attr),
            Err(_) => {
                unknown.push(contract_core::syntax::tokens::to_string(&attr.meta));
                return out.push(attr);
            }
        };
        match self.eval(&predicate) {
            Truth::True => {
                for meta in metas {
                    let inner = Attribute {
                        pound_token: attr.pound_token,
                        style: attr.style,
                        bracket_token: attr.bracket_token,
                        meta,
                    };
                    self.expand_one(inner, out, unknown);
                }
            }
            Truth::False => {}
            Truth::Unknown(what) => {
                unknown.push(what);
                out.push(attr);
            }
        }
    }
}

/// A `cfg_attr(predicate, a, b)`'s predicate and the attributes it adds; `None` when
/// it is empty, an error when it does not parse.
fn cfg_attr_parts(meta: &Meta) -> syn::Result<Option<(Meta, Vec<Meta>)>> {
    let metas = meta
        .require_list()?
        .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)?;
    let mut metas = metas.into_iter();
    Ok(metas.next().map(|predicate| (predicate, metas.collect())))
}

/// `all` (`short` False, `empty` True) or `any` (`short` True, `empty` False): the
/// short-circuit value wins over unknown, as the compiler's answer is then certain.
fn combine(truths: impl Iterator<Item = Truth>, short: Truth, empty: Truth) -> Truth {
    let mut unknown = None;
    for t in truths {
        if t == short {
            return short;
        }
        if let Truth::Unknown(what) = t {
            unknown.get_or_insert(what);
        }
    }
    unknown.map_or(empty, Truth::Unknown)
}

/// The target's cfgs from `rustc --print cfg` (the `RUSTC` cargo names, else
/// `rustc`), with the `--cfg` flags of `RUSTFLAGS`: started, so that it runs while
/// the caller does other work (cargo metadata, which takes as long), and
/// [`TargetCfgs::finish`] waits for it.
pub struct TargetCfgs {
    rustc: String,
    child: std::io::Result<std::process::Child>,
}

impl TargetCfgs {
    /// Starts `$RUSTC --print cfg` (`rustc` when `RUSTC` is not set).
    pub fn start(lookup: &impl Fn(&str) -> Option<String>) -> TargetCfgs {
        let rustc = lookup("RUSTC").unwrap_or_else(|| "rustc".to_owned());
        let child = Command::new(&rustc)
            .args(["--print", "cfg"])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn();
        TargetCfgs { rustc, child }
    }

    /// What it printed, with the `--cfg`s of `RUSTFLAGS`.
    pub fn finish(self, lookup: &impl Fn(&str) -> Option<String>) -> Result<BTreeSet<Cfg>, String> {
        let rustc = self.rustc;
        let output = self
            .child
            .and_then(std::process::Child::wait_with_output)
            .map_err(|e| crate::words::cannot_run(&format!("{rustc} --print cfg"), &e))?;
        if !output.status.success() {
            return Err(format!(
                "`{rustc} --print cfg` failed: {}",
                String::from_utf8_lossy(&output.stderr).trim_end()
            ));
        }
        let mut cfgs: BTreeSet<Cfg> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter_map(parse_cfg)
            .collect();
        cfgs.extend(rustflags_cfgs(lookup));
        Ok(cfgs)
    }
}

/// `--cfg x` / `--cfg=x` in `RUSTFLAGS` (what cargo passes to every crate).
fn rustflags_cfgs(lookup: &impl Fn(&str) -> Option<String>) -> Vec<Cfg> {
    let flags: Vec<String> = match lookup("CARGO_ENCODED_RUSTFLAGS") {
        Some(encoded) if !encoded.is_empty() => encoded.split('\x1f').map(str::to_owned).collect(),
        _ => lookup("RUSTFLAGS")
            .unwrap_or_default()
            .split_whitespace()
            .map(str::to_owned)
            .collect(),
    };
    let mut out = Vec::new();
    let mut iter = flags.iter();
    while let Some(flag) = iter.next() {
        let value = match flag.strip_prefix("--cfg") {
            Some("") => iter.next().map(String::as_str),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        };
        out.extend(value.and_then(parse_cfg));
    }
    out
}

/// The directory of the newest run of package `name`'s build script under
/// `target_dir` (`target/debug/build/<name>-<hash>/`: its `output`, `root-output`,
/// `out/`), any profile.
fn newest_run(target_dir: &Path, name: &str) -> Option<std::path::PathBuf> {
    let mut newest: Option<(std::time::SystemTime, std::path::PathBuf)> = None;
    for profile in std::fs::read_dir(target_dir).ok()?.flatten() {
        let Ok(builds) = std::fs::read_dir(profile.path().join("build")) else {
            continue;
        };
        for build in builds.flatten() {
            let dir_name = build.file_name().to_string_lossy().into_owned();
            let Some(hash) = dir_name
                .strip_prefix(name)
                .and_then(|r| r.strip_prefix('-'))
            else {
                continue;
            };
            if hash.contains('-') {
                continue; // another package whose name starts with this one's
            }
            let output = build.path().join("output");
            if let Ok(time) = std::fs::metadata(&output).and_then(|m| m.modified()) {
                if newest.as_ref().is_none_or(|(t, _)| time > *t) {
                    newest = Some((time, build.path()));
                }
            }
        }
    }
    newest.map(|(_, dir)| dir)
}

/// The `OUT_DIR` the newest run of package `name`'s build script wrote into, as
/// cargo recorded it (`root-output`), when the script has run.
pub fn build_script_out_dir(target_dir: &Path, name: &str) -> Option<std::path::PathBuf> {
    let run = newest_run(target_dir, name)?;
    let recorded = std::fs::read_to_string(run.join("root-output")).ok();
    let dir = recorded
        .map(|t| std::path::PathBuf::from(t.trim_end()))
        .filter(|d| d.is_dir())
        .unwrap_or_else(|| run.join("out"));
    dir.is_dir().then_some(dir)
}

/// The cfgs the build script of package `name` printed in its newest run below
/// `target_dir` (`cargo:rustc-cfg=x` or `cargo::rustc-cfg=x` in
/// `<target>/<profile>/build/<name>-<hash>/output`); `None` when no run is there.
pub fn build_script_cfgs(target_dir: &Path, name: &str) -> Option<BTreeSet<Cfg>> {
    let text = std::fs::read_to_string(newest_run(target_dir, name)?.join("output")).ok()?;
    Some(
        text.lines()
            .filter_map(|l| {
                l.strip_prefix("cargo::rustc-cfg=")
                    .or_else(|| l.strip_prefix("cargo:rustc-cfg="))
            })
            .filter_map(parse_cfg)
            .collect(),
    )
}

/// Stops `child` and, on unix, every process of its group (the compilers a `cargo
/// check` started), and waits for it.
fn stop_group(child: &mut std::process::Child) {
    #[cfg(unix)]
    {
        // std cannot signal a group; the `kill` every unix has can (`-- -PGID`).
        let _ = Command::new("kill")
            .args(["-s", "KILL", "--", &format!("-{}", child.id())])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status();
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Runs the build script of package `name` `version` (`spec` to cargo's `-p`, see
/// [`crate::workspace::Package::spec`]) of the workspace at `manifest`
/// the way cargo does (`cargo check`, stopped as soon as the script has run, so only
/// it and its build dependencies are built), leaving its output in `target_dir`
/// where [`build_script_cfgs`] reads it: the cfgs it prints are known on a fresh
/// checkout too. `None` when it cannot be run (offline without its build
/// dependencies, a system library it needs, `limit` passed): those cfgs stay unknown.
pub fn run_build_script(
    cargo: &str,
    manifest: &Path,
    target_dir: &Path,
    (name, version, spec): (&str, &str, &str),
    limit: std::time::Duration,
) -> Option<BTreeSet<Cfg>> {
    use std::io::BufRead;
    // A run that failed here (offline without the build dependencies, a system
    // library missing) is remembered until the manifest or the lock file changes: a
    // warm check does not pay a failing `cargo check` each time. A real build's output
    // is read before this is asked.
    let marker = target_dir
        .join("contract-pin")
        .join("build-scripts")
        .join(format!("{name}-{version}.failed"));
    let key = failure_key(manifest);
    if std::fs::read_to_string(&marker).is_ok_and(|k| k == key) {
        return None;
    }
    let mut command = Command::new(cargo);
    command
        .args(["check", "--lib", "--offline", "--message-format=json", "-p"])
        .arg(spec)
        .arg("--manifest-path")
        .arg(manifest)
        .arg("--target-dir")
        .arg(target_dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null());
    // Its own process group, so that stopping it stops the compilers it started too
    // (killed alone, cargo leaves them writing into the target directory).
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn().ok()?;
    let stdout = child.stdout.take()?;
    let (tx, rx) = std::sync::mpsc::channel();
    let ids = [format!("#{name}@{version}"), format!("{name} {version} (")];
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if line.contains("\"reason\":\"build-script-executed\"")
                && ids.iter().any(|id| line.contains(id.as_str()))
            {
                let _ = tx.send(true);
                return;
            }
        }
        let _ = tx.send(false);
    });
    let ran = rx.recv_timeout(limit).unwrap_or(false);
    stop_group(&mut child);
    let cfgs = if ran {
        build_script_cfgs(target_dir, name)
    } else {
        None
    };
    if cfgs.is_none() {
        if let Some(dir) = marker.parent() {
            // Best effort: without the marker the next check tries again.
            let _ = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&marker, &key));
        }
    }
    cfgs
}

/// What a failed build-script run depends on here: the workspace's manifest and lock
/// file, hashed.
fn failure_key(manifest: &Path) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    std::fs::read(manifest).ok().hash(&mut h);
    std::fs::read(manifest.with_file_name("Cargo.lock"))
        .ok()
        .hash(&mut h);
    format!("{:016x}", h.finish())
}

/// The features `default` enables, transitively (`default` included), in a package's
/// `[features]` table as `cargo metadata` gives it (with the implicit feature of each
/// optional dependency; see [`contract_core::features::turned_on`]).
pub fn default_features(
    table: &std::collections::BTreeMap<String, Vec<String>>,
) -> BTreeSet<String> {
    contract_core::features::turned_on(table, "default")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env() -> Env {
        Env {
            target: Some(
                [
                    "unix",
                    "target_os=\"linux\"",
                    "target_pointer_width=\"64\"",
                    "debug_assertions",
                ]
                .iter()
                .filter_map(|l| parse_cfg(l))
                .collect(),
            ),
            features: ["std".to_owned()].into(),
            custom: Some([("has_atomics".to_owned(), None)].into()),
            test: false,
            open_features: Default::default(),
            features_unknown: false,
        }
    }

    fn gate(env: &Env, attrs: &str) -> Option<String> {
        let item: syn::ItemFn = syn::parse_str(&format!("{attrs} fn f() {{}}")).unwrap();
        env.gate(&item.attrs).map(|g| g.to_string())
    }

    #[test]
    fn what_the_build_leaves_out_needs_of_the_open_features() {
        let env = Env {
            open_features: ["serde".to_owned(), "extra".to_owned()].into(),
            ..env()
        };
        // The build's features hold; the open ones stay open; others do not hold.
        assert_eq!(
            gate(&env, "#[cfg(feature = \"serde\")]").as_deref(),
            Some("feature = \"serde\"")
        );
        assert_eq!(
            gate(
                &env,
                "#[cfg(all(feature = \"std\", feature = \"serde\"))] #[cfg(unix)]"
            )
            .as_deref(),
            Some("feature = \"serde\"")
        );
        assert_eq!(
            gate(
                &env,
                "#[cfg(any(feature = \"serde\", feature = \"extra\"))]"
            )
            .as_deref(),
            Some("any(feature = \"serde\", feature = \"extra\")")
        );
        assert_eq!(
            gate(
                &env,
                "#[cfg(all(feature = \"serde\", not(feature = \"extra\")))]"
            )
            .as_deref(),
            Some("all(feature = \"serde\", not(feature = \"extra\"))")
        );
        // No choice builds it: another cfg leaves it out, a feature nobody covers, a
        // contradiction.
        assert_eq!(
            gate(&env, "#[cfg(all(windows, feature = \"serde\"))]"),
            None
        );
        assert_eq!(gate(&env, "#[cfg(feature = \"nightly\")]"), None);
        assert_eq!(
            gate(
                &env,
                "#[cfg(all(feature = \"serde\", not(feature = \"serde\")))]"
            ),
            None
        );
        // What cannot be evaluated is not gated.
        assert_eq!(
            gate(&env, "#[cfg(all(has_other, feature = \"serde\"))]"),
            None
        );
        // Nothing open: nothing gated.
        assert_eq!(
            gate(&super::tests::env(), "#[cfg(feature = \"serde\")]"),
            None
        );
    }

    fn eval(env: &Env, predicate: &str) -> Truth {
        env.eval(&syn::parse_str::<Meta>(predicate).unwrap())
    }

    #[test]
    fn predicates_read_as_the_build_sees_them() {
        let e = env();
        for (predicate, truth) in [
            ("feature = \"std\"", Truth::True),
            ("feature = \"alloc\"", Truth::False),
            ("not(feature = \"std\")", Truth::False),
            ("unix", Truth::True),
            ("windows", Truth::False),
            ("target_os = \"linux\"", Truth::True),
            ("target_os = \"macos\"", Truth::False),
            ("target_pointer_width = \"32\"", Truth::False),
            ("test", Truth::False),
            ("doc", Truth::False),
            ("docsrs", Truth::False),
            ("has_atomics", Truth::True),
            ("loom", Truth::False),
            ("all(unix, feature = \"std\")", Truth::True),
            ("all(unix, feature = \"alloc\")", Truth::False),
            ("any(windows, feature = \"std\")", Truth::True),
            ("any()", Truth::False),
            ("all()", Truth::True),
        ] {
            assert_eq!(eval(&e, predicate), truth, "{predicate}");
        }
        // A build script that has not run: its cfgs are not known…
        let unknown = Env { custom: None, ..e };
        assert!(matches!(eval(&unknown, "has_atomics"), Truth::Unknown(_)));
        assert!(matches!(eval(&unknown, "not(loom)"), Truth::Unknown(_)));
        // …unless the rest decides.
        assert_eq!(eval(&unknown, "all(windows, loom)"), Truth::False);
        assert_eq!(eval(&unknown, "any(unix, loom)"), Truth::True);
        assert_eq!(eval(&unknown, "feature = \"std\""), Truth::True);
        assert!(matches!(eval(&unknown, "foo::bar"), Truth::Unknown(_)));
        // No answer from rustc: the target's cfgs are not known either.
        let no_rustc = Env {
            target: None,
            ..env()
        };
        assert!(matches!(eval(&no_rustc, "unix"), Truth::Unknown(_)));
        assert!(matches!(eval(&no_rustc, "windows"), Truth::Unknown(_)));
    }

    #[test]
    fn a_dependency_s_features_cannot_tell_and_its_target_can() {
        let dep = Env::dependency(env().target);
        assert!(matches!(eval(&dep, "feature = \"std\""), Truth::Unknown(_)));
        assert_eq!(eval(&dep, "unix"), Truth::True);
        assert_eq!(eval(&dep, "windows"), Truth::False);
        assert!(matches!(eval(&dep, "has_atomics"), Truth::Unknown(_)));
        assert_eq!(eval(&dep, "all(windows, feature = \"std\")"), Truth::False);
    }

    #[test]
    fn a_cfg_a_cfg_attr_adds_counts_for_the_item() {
        let e = Env {
            custom: None,
            ..env()
        };
        // `None`: cannot tell.
        let cases: [(syn::ItemMod, Option<bool>); 7] = [
            // The twins of portable-atomic 1.14 behind a build script's cfg: neither
            // is known to be built.
            (
                syn::parse_quote! {
                    #[cfg_attr(no_has_atomic, cfg(windows))]
                    #[cfg_attr(not(no_has_atomic), cfg(unix))]
                    mod cas {}
                },
                None,
            ),
            (
                syn::parse_quote! {
                    #[cfg_attr(no_has_atomic, cfg(not(windows)))]
                    #[cfg_attr(not(no_has_atomic), cfg(not(unix)))]
                    mod cas {}
                },
                None,
            ),
            // Whatever the predicate, a cfg that holds keeps the item; one whose
            // predicate holds and whose cfg does not drops it, nested too.
            (
                syn::parse_quote! { #[cfg_attr(no_has_atomic, cfg(unix))] mod m {} },
                Some(true),
            ),
            (
                syn::parse_quote! { #[cfg_attr(unix, cfg(windows))] mod m {} },
                Some(false),
            ),
            (
                syn::parse_quote! {
                    #[cfg_attr(unix, allow(dead_code), cfg_attr(feature = "std", cfg(windows)))]
                    mod m {}
                },
                Some(false),
            ),
            (
                syn::parse_quote! { #[cfg_attr(windows, cfg(windows))] mod m {} },
                Some(true),
            ),
            (
                syn::parse_quote! { #[cfg_attr(no_has_atomic, derive(Debug))] mod m {} },
                Some(true),
            ),
        ];
        for (item, expected) in cases {
            let truth = match e.item(&item.attrs) {
                Truth::True => Some(true),
                Truth::False => Some(false),
                Truth::Unknown(_) => None,
            };
            assert_eq!(truth, expected, "{}", quote::quote!(#item));
        }
    }

    #[test]
    fn cfg_attr_expands_nested_drops_false_and_keeps_unknown() {
        let e = Env {
            custom: None,
            ..env()
        };
        let item: syn::ItemStruct = syn::parse_quote! {
            #[cfg_attr(feature = "std", derive(Debug), cfg_attr(unix, non_exhaustive))]
            #[cfg_attr(feature = "serde", derive(Serialize))]
            #[cfg_attr(loom, repr(C))]
            pub struct S;
        };
        let mut attrs = item.attrs;
        let unknown = e.expand_cfg_attr(&mut attrs);
        let shown: Vec<String> = attrs
            .iter()
            .map(|a| contract_core::syntax::tokens::to_string(&a.meta))
            .collect();
        assert_eq!(shown.len(), 3, "{shown:?}");
        assert!(shown[0].starts_with("derive"), "{shown:?}");
        assert_eq!(shown[1], "non_exhaustive");
        assert!(shown[2].starts_with("cfg_attr"), "{shown:?}");
        assert_eq!(unknown, ["loom"]);
    }

    #[test]
    fn default_features_are_followed_transitively() {
        let table: std::collections::BTreeMap<String, Vec<String>> = [
            ("default", vec!["std", "dep:itoa"]),
            ("std", vec!["alloc", "serde?/std"]),
            ("alloc", vec![]),
            ("serde", vec!["dep:serde"]),
            ("extra", vec![]),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.into_iter().map(str::to_owned).collect()))
        .collect();
        let on: Vec<String> = default_features(&table).into_iter().collect();
        assert_eq!(on, ["alloc", "default", "std"]);
        assert!(default_features(&Default::default()).is_empty());
    }

    #[test]
    fn a_build_scripts_cfgs_are_read_from_its_newest_output() {
        let dir = tempfile::tempdir().unwrap();
        let write = |rel: &str, text: &str| {
            let path = dir.path().join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        assert_eq!(build_script_cfgs(dir.path(), "serde"), None);
        write(
            "debug/build/serde-0123/output",
            "cargo:rerun-if-changed=build.rs\ncargo:rustc-cfg=no_core_error\n\
             cargo::rustc-cfg=limb=\"64\"\n",
        );
        // Another package whose name starts with this one's is not this one's.
        write(
            "debug/build/serde-json-4567/output",
            "cargo:rustc-cfg=other\n",
        );
        let cfgs: Vec<Cfg> = build_script_cfgs(dir.path(), "serde")
            .unwrap()
            .into_iter()
            .collect();
        assert_eq!(
            cfgs,
            [
                ("limb".to_owned(), Some("64".to_owned())),
                ("no_core_error".to_owned(), None)
            ]
        );
    }

    #[test]
    fn rustflags_cfgs_are_read() {
        let lookup = |name: &str| match name {
            "RUSTFLAGS" => Some("-C opt-level=1 --cfg tokio_unstable --cfg=foo=\"bar\"".to_owned()),
            _ => None,
        };
        assert_eq!(
            rustflags_cfgs(&lookup),
            [
                ("tokio_unstable".to_owned(), None),
                ("foo".to_owned(), Some("bar".to_owned()))
            ]
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_build_script_that_cannot_run_here_is_not_run_again_until_the_manifest_changes() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let manifest = dir.path().join("Cargo.toml");
        std::fs::write(&manifest, "[package]\nname = \"p\"\n").unwrap();
        // A `cargo` that counts its runs and fails, as offline without build
        // dependencies.
        let runs = dir.path().join("runs");
        let cargo = dir.path().join("cargo");
        std::fs::write(
            &cargo,
            format!("#!/bin/sh\necho run >> '{}'\nexit 101\n", runs.display()),
        )
        .unwrap();
        std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
        let target = dir.path().join("target");
        let run = || {
            run_build_script(
                cargo.to_str().unwrap(),
                &manifest,
                &target,
                ("p", "1.0.0", "p@1.0.0"),
                std::time::Duration::from_secs(30),
            )
        };
        let count = || {
            std::fs::read_to_string(&runs)
                .unwrap_or_default()
                .lines()
                .count()
        };
        assert_eq!(run(), None);
        assert_eq!(run(), None);
        assert_eq!(count(), 1, "the failure is remembered");
        std::fs::write(&manifest, "[package]\nname = \"p\"\nbuild = \"b.rs\"\n").unwrap();
        assert_eq!(run(), None);
        assert_eq!(count(), 2, "another manifest is tried again");
    }
}
