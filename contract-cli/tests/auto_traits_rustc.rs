//! The auto traits a public-API set pins (`"auto_traits"` of a struct, enum or union,
//! inferred from the sources by `contract_core::auto`), held against rustc's own
//! answer on the public types of published crates.
//!
//! ```sh
//! cargo test --release -p contract-cli --test auto_traits_rustc -- --ignored --nocapture
//! ```
//!
//! For each crate of [`CRATES`] (its sources from cargo's registry cache, else fetched
//! by cargo): the sources are copied under `target/auto-rustc/` as their own workspace
//! with `[set.api] public_api = true`, `contract-pin update --set api` writes the golden,
//! and every struct, enum and union of it that carries `auto_traits` and whose
//! generics are only lifetimes and type parameters without bounds (but `?Sized` and
//! lifetimes) is a candidate. One probe crate per crate, depending on the copy by
//! `path`, asks rustc for each candidate and each of two instantiations (every type
//! parameter `()`, which has all five auto traits, then every type parameter
//! [`NONE`], which has none of them; every lifetime `'static`) whether it is `Send`,
//! `Sync`, `Unpin`, `UnwindSafe` and `RefUnwindSafe`, by inherent-const shadowing
//! (an inherent `const` under the trait's bound shadows a trait's `false`), so that a
//! "no" is no compile error. The probe prints one line per type and instantiation.
//! Types the probe cannot name (errors pointing into the probe's `main.rs`) are taken
//! out and the probe built again, a few rounds at most; they count as not compiled.
//!
//! Those two instantiations tell `yes`, `no` and "some condition" apart, not which
//! condition: `T: Sync` taken for `T: Send`, or `K` for `V`, passes both. So a generic
//! type is also asked about the *precise* instantiations: for each type parameter and
//! each auto trait, that parameter a type of the probe lacking only that trait
//! ([`LACKS`]), every other `()`. A condition is a conjunction of (parameter, trait)
//! requirements, so these answers pin it exactly. The probe's own types are checked
//! first (`()` has all five, [`NONE`] none, each of [`LACKS`] all but its one).
//!
//! The golden's condition is evaluated for each instantiation (`yes`: true; `no`:
//! false; `P: A + B, …`: true with `()`, false with `NONE`, and with `P` lacking only
//! `A` false) and compared with rustc's. A trait the golden leaves out (cannot tell)
//! counts as not told. The test prints a table per crate (the basic two
//! instantiations' answers apart from the precise ones) and every disagreement, and
//! asserts that at least 200 types were compared with at least one told answer and
//! that no answer, basic or precise, disagrees.
//!
//! Besides the published crates, `tests/auto_traits_rustc/edge/` is a crate written to
//! exercise each rule (references, pointers, trait objects, explicit impls under a
//! `#[cfg]` or written by a macro, fields under a `#[cfg]`, traits of the crate named
//! as std's, recursion, defaults), checked the same way.
//!
//! `AUTO_RUSTC_ONLY=name[,name…]` checks some crates only (then the 200 is not
//! required); `AUTO_RUSTC_DIR=path[,path…]` checks the crates in those directories
//! instead (a crate written to exercise the rules, say); `AUTO_RUSTC_KEEP=1` leaves
//! `target/auto-rustc/` in place afterwards.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

#[path = "support/released.rs"]
mod released;
use released::{
    cargo, cargo_fetch, cargo_home, contract_pin, copy_dir, own_workspace, public_api_set,
};

const HERE: &str = env!("CARGO_MANIFEST_DIR");

/// The crates under test: name and version.
const CRATES: &[(&str, &str)] = &[
    ("semver", "1.0.23"),
    ("either", "1.12.0"),
    ("bytes", "1.7.1"),
    ("indexmap", "2.3.0"),
    ("http", "1.2.0"),
    ("url", "2.5.2"),
    ("camino", "1.1.8"),
    ("crossbeam-channel", "0.5.15"),
    ("arrayvec", "0.7.6"),
    ("bitflags", "2.6.0"),
    ("csv", "1.3.1"),
    ("globset", "0.4.22"),
    ("chrono", "0.4.38"),
    ("fastrand", "2.3.0"),
    ("flume", "0.12.0"),
    ("anstyle", "1.0.12"),
    ("base64", "0.22.1"),
    ("memchr", "2.7.4"),
    ("aho-corasick", "1.1.3"),
    ("regex-syntax", "0.8.2"),
    ("uuid", "1.9.0"),
    ("hashlink", "0.12.2"),
    ("petgraph", "0.6.5"),
    // A syntax tree of some 400 types that name one another.
    ("sqlparser", "0.63.0"),
    // Channels whose fields are parking_lot's aliases of lock_api's types (a dependency
    // of a dependency), their auto traits asserted with static_assertions' macros.
    ("postage", "0.5.0"),
];

/// The auto traits, as the golden names them, with the probe's bound and const.
const TRAITS: [(&str, &str, &str); 5] = [
    ("Send", "core::marker::Send", "SEND"),
    ("Sync", "core::marker::Sync", "SYNC"),
    ("Unpin", "core::marker::Unpin", "UNPIN"),
    ("UnwindSafe", "std::panic::UnwindSafe", "UNWIND_SAFE"),
    (
        "RefUnwindSafe",
        "std::panic::RefUnwindSafe",
        "REF_UNWIND_SAFE",
    ),
];

/// The type with none of the five auto traits, as the probe declares it.
const NONE: &str = "None_";

/// For each auto trait of [`TRAITS`], a type of the probe that lacks that one only.
const LACKS: [&str; 5] = [
    "NotSend_",
    "NotSync_",
    "NotUnpin_",
    "NotUnwindSafe_",
    "NotRefUnwindSafe_",
];

/// The probe's own types: [`NONE`] and those of [`LACKS`].
const PROBE_TYPES: &str = "\
type None_ = (*const (), core::marker::PhantomPinned, &'static mut (), core::cell::Cell<()>);
struct NotSend_(*const ());
unsafe impl Sync for NotSend_ {}
struct NotSync_(*const ());
unsafe impl Send for NotSync_ {}
struct NotUnpin_(core::marker::PhantomPinned);
struct NotUnwindSafe_(&'static mut ());
struct NotRefUnwindSafe_(core::cell::UnsafeCell<()>);
unsafe impl Sync for NotRefUnwindSafe_ {}
";

/// The path the probe prints its own types' answers under.
const PROBE: &str = "<probe>";

/// The number of times a probe is built again without the types it could not name.
const ROUNDS: usize = 6;

/// One instantiation of a type's parameters (every lifetime `'static`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Inst {
    /// Every type parameter `()`, which has all five auto traits.
    Unit,
    /// Every type parameter [`NONE`], which has none.
    None,
    /// The type parameter `param` (its index among the type parameters) the type of
    /// [`LACKS`] that lacks only the auto trait `t`, every other `()`: whether the
    /// condition asks `t` of that parameter.
    Lacks { param: usize, t: usize },
}

impl Inst {
    /// One of the two instantiations every generic type is asked about (the others
    /// are the precise ones).
    fn basic(self) -> bool {
        !matches!(self, Inst::Lacks { .. })
    }
}

/// A struct, enum or union of the golden the probe asks rustc about.
#[derive(Clone, Debug)]
struct Candidate {
    /// Its public path without the crate's name (the golden's symbol).
    path: String,
    /// Its generic parameters in order: `None` for a lifetime, a type parameter's name.
    params: Vec<Option<String>>,
    /// The golden's condition of each auto trait it tells.
    told: BTreeMap<String, String>,
    /// Its item shape and name, which tell re-exports of one definition apart from
    /// distinct definitions (approximately).
    definition: String,
}

impl Candidate {
    /// Its type parameters' names, in order.
    fn type_params(&self) -> Vec<&str> {
        self.params.iter().flatten().map(String::as_str).collect()
    }

    /// The instantiations asked about: one for a type without type parameters.
    fn instances(&self) -> Vec<Inst> {
        let n = self.type_params().len();
        if n == 0 {
            return vec![Inst::Unit];
        }
        let mut out = vec![Inst::Unit, Inst::None];
        for param in 0..n {
            for t in 0..TRAITS.len() {
                out.push(Inst::Lacks { param, t });
            }
        }
        out
    }

    /// The label of `inst` in the probe's output and the report.
    fn label(&self, inst: Inst) -> String {
        match inst {
            Inst::Unit => "()".to_owned(),
            Inst::None => NONE.to_owned(),
            Inst::Lacks { param, t } => format!("{}={}", self.type_params()[param], LACKS[t]),
        }
    }

    /// The type as the probe names it (its crate `krate`) in the instantiation `inst`.
    fn instance(&self, krate: &str, inst: Inst) -> String {
        let segments: Vec<String> = self.path.split("::").map(raw).collect();
        let mut out = format!("{krate}::{}", segments.join("::"));
        if !self.params.is_empty() {
            let mut index = 0;
            let args: Vec<&str> = self
                .params
                .iter()
                .map(|p| {
                    if p.is_none() {
                        return "'static";
                    }
                    index += 1;
                    match inst {
                        Inst::Unit => "()",
                        Inst::None => NONE,
                        Inst::Lacks { param, t } if param == index - 1 => LACKS[t],
                        Inst::Lacks { .. } => "()",
                    }
                })
                .collect();
            out.push('<');
            out.push_str(&args.join(", "));
            out.push('>');
        }
        out
    }

    /// What the golden's condition `cond` says of the instantiation `inst`; `None` if
    /// it cannot be read.
    fn golden_says(&self, cond: &str, inst: Inst) -> Option<bool> {
        let reqs: BTreeSet<(&str, &str)> = match cond {
            "yes" => BTreeSet::new(),
            "no" => return Some(false),
            _ => {
                // `P: A + B, Q: C`.
                let mut reqs = BTreeSet::new();
                for part in cond.split(", ") {
                    let (param, traits) = part.split_once(": ")?;
                    for t in traits.split(" + ") {
                        TRAITS.iter().find(|(n, _, _)| *n == t)?;
                        reqs.insert((param, t));
                    }
                }
                reqs
            }
        };
        Some(match inst {
            Inst::Unit => true,
            Inst::None => reqs.is_empty(),
            Inst::Lacks { param, t } => !reqs.contains(&(self.type_params()[param], TRAITS[t].0)),
        })
    }
}

/// `segment` as the probe writes it: a keyword of the 2021 edition as a raw
/// identifier (flume's module `r#async`).
fn raw(segment: &str) -> String {
    const KEYWORDS: &[&str] = &[
        "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "do",
        "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in",
        "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
        "return", "static", "struct", "trait", "true", "try", "type", "typeof", "unsafe",
        "unsized", "use", "virtual", "where", "while", "yield",
    ];
    if KEYWORDS.contains(&segment) {
        format!("r#{segment}")
    } else {
        segment.to_owned()
    }
}

/// One answer of the golden that rustc contradicts.
#[derive(Debug)]
struct Disagreement {
    krate: String,
    path: String,
    instance: String,
    trait_: String,
    cond: String,
    inferred: bool,
    rustc: bool,
}

/// What one crate gave.
#[derive(Default)]
struct Row {
    krate: String,
    lib: String,
    /// Structs, enums and unions of the golden.
    items: usize,
    /// Of those, with `auto_traits`.
    with_auto: usize,
    /// Candidates left out for their generics (const parameters, bounds).
    skipped_generics: usize,
    candidates: usize,
    not_compiled: Vec<String>,
    /// Types compared (compiled, at least one told answer).
    types: usize,
    /// Distinct definitions among them (re-exports counted once, approximately).
    definitions: usize,
    /// Of the two basic instantiations (every type parameter `()`, every one
    /// [`NONE`]): the golden's answers compared, agreeing, disagreeing, and the
    /// answers it does not tell.
    answers: usize,
    agreements: usize,
    disagreements: usize,
    not_told: usize,
    /// The same of the precise instantiations (one type parameter lacking one auto
    /// trait: [`Inst::Lacks`]).
    precise_answers: usize,
    precise_disagreements: usize,
    precise_not_told: usize,
    /// Told answers of the basic instantiations per trait: (compared, agreeing).
    per_trait: BTreeMap<String, (usize, usize)>,
    seconds: f64,
}

fn scratch() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(HERE).join("../target"));
    std::fs::create_dir_all(&target).unwrap();
    target.canonicalize().unwrap().join("auto-rustc")
}

/// The unpacked sources of `name` `version` in cargo's registry, if there.
fn registry_sources(name: &str, version: &str) -> Option<PathBuf> {
    let src = cargo_home().join("registry/src");
    for registry in std::fs::read_dir(src).ok()?.flatten() {
        let dir = registry.path().join(format!("{name}-{version}"));
        if dir.join("Cargo.toml").is_file() {
            return Some(dir);
        }
    }
    None
}

/// The sources of `name` `version`: from cargo's registry, else fetched by cargo
/// through a throwaway manifest that depends on exactly that version (cargo unpacks
/// what it fetches into the registry's sources).
fn sources(name: &str, version: &str) -> Result<PathBuf, String> {
    if let Some(dir) = registry_sources(name, version) {
        return Ok(dir);
    }
    let dir = scratch().join("fetch").join(format!("{name}-{version}"));
    cargo_fetch(name, version, &dir)?;
    registry_sources(name, version)
        .ok_or_else(|| format!("{name}-{version} is not in cargo's registry after a fetch"))
}

/// The one golden file under `dir`.
fn golden_file(dir: &Path) -> Result<PathBuf, String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(dir, &mut found);
    match found.as_slice() {
        [one] => Ok(one.clone()),
        _ => Err(format!(
            "{}: {} goldens, expected one",
            dir.display(),
            found.len()
        )),
    }
}

/// The crate's library name (`[lib] name`, else the package's with `-` as `_`).
fn lib_name(manifest: &Path, package: &str) -> String {
    std::fs::read_to_string(manifest)
        .ok()
        .and_then(|t| toml::from_str::<toml::Value>(&t).ok())
        .and_then(|v| v.get("lib")?.get("name")?.as_str().map(str::to_owned))
        .unwrap_or_else(|| package.replace('-', "_"))
}

/// The golden's structs, enums and unions with `auto_traits` and simple generics;
/// the row's counts of what was left out.
fn candidates(golden: &Value, row: &mut Row) -> Vec<Candidate> {
    let mut out = Vec::new();
    let Some(symbols) = golden["symbols"].as_object() else {
        return out;
    };
    for (path, symbol) in symbols {
        let shape = &symbol["shape"];
        let item = &shape["item"];
        if !matches!(item["kind"].as_str(), Some("struct" | "enum" | "union")) {
            continue;
        }
        row.items += 1;
        let Some(auto) = shape["auto_traits"].as_object().filter(|a| !a.is_empty()) else {
            continue;
        };
        row.with_auto += 1;
        let generics = &item["generics"];
        let mut params = Vec::new();
        let mut simple = generics.get("where_clause").is_none();
        for p in generics["params"].as_array().into_iter().flatten() {
            let bounds_ok = p["bounds"].as_array().into_iter().flatten().all(|b| {
                b.as_str()
                    .is_some_and(|b| b == "?Sized" || b.starts_with('\''))
            });
            match (p["kind"].as_str(), p["name"].as_str()) {
                (Some("lifetime"), _) => params.push(None),
                (Some("type"), Some(name)) if bounds_ok => params.push(Some(name.to_owned())),
                _ => simple = false,
            }
        }
        if !simple {
            row.skipped_generics += 1;
            continue;
        }
        let told = auto
            .iter()
            .filter_map(|(t, c)| Some((t.clone(), c.as_str()?.to_owned())))
            .collect();
        let name = path.rsplit("::").next().unwrap_or(path);
        out.push(Candidate {
            path: path.clone(),
            params,
            told,
            definition: format!("{name} {item}"),
        });
    }
    out
}

/// The probe's `main.rs` for `types`, and for each of its lines that asks rustc,
/// the index of the type it asks about.
fn probe_source(types: &[Candidate]) -> (String, BTreeMap<usize, usize>) {
    let mut src = String::from(
        "#![allow(warnings)]\n\
         //! Asks rustc which auto traits the crate's types have (tests/auto_traits_rustc.rs).\n\
         struct W<T: ?Sized>(core::marker::PhantomData<T>);\n",
    );
    src.push_str(PROBE_TYPES);
    for (i, (_, bound, konst)) in TRAITS.iter().enumerate() {
        src.push_str(&format!(
            "trait No{i} {{ const {konst}: bool = false; }}\n\
             impl<T: ?Sized> No{i} for W<T> {{}}\n\
             impl<T: ?Sized + {bound}> W<T> {{ const {konst}: bool = true; }}\n"
        ));
    }
    src.push_str("fn main() {\n");
    let format: Vec<String> = TRAITS.iter().map(|(n, _, _)| format!("{n}={{}}")).collect();
    let format = format.join(" ");
    let ask = |src: &mut String, path: &str, label: &str, instance: &str| {
        let values: Vec<String> = TRAITS
            .iter()
            .map(|(_, _, konst)| format!("W::<{instance}>::{konst} as u8"))
            .collect();
        src.push_str(&format!(
            "    println!(\"{path}\\t{label}\\t{format}\", {});\n",
            values.join(", ")
        ));
    };
    // The probe's own types first: the harness checks what they lack.
    for own in ["()", NONE].iter().chain(&LACKS) {
        ask(&mut src, PROBE, own, own);
    }
    let mut lines = BTreeMap::new();
    for (index, ty) in types.iter().enumerate() {
        for inst in ty.instances() {
            ask(
                &mut src,
                &ty.path,
                &ty.label(inst),
                &ty.instance("krate", inst),
            );
            lines.insert(src.lines().count(), index);
        }
    }
    src.push_str("}\n");
    (src, lines)
}

/// What rustc must answer of the probe's own type `own`: every auto trait but those
/// it is made to lack.
fn probe_type_has(own: &str, t: usize) -> bool {
    match own {
        "()" => true,
        NONE => false,
        _ => LACKS[t] != own,
    }
}

/// The probe built: the executable, or the lines of `main.rs` rustc's errors point at
/// (an `Err` without lines when the failure is elsewhere).
fn build_probe(
    manifest: &Path,
    target: &Path,
    offline: bool,
) -> Result<PathBuf, (BTreeSet<usize>, String)> {
    let mut rustflags = std::env::var("RUSTFLAGS").unwrap_or_default();
    rustflags.push_str(" --cap-lints=warn");
    let mut cmd = Command::new(cargo());
    cmd.args([
        "build",
        "--quiet",
        "--message-format=json",
        "--manifest-path",
    ])
    .arg(manifest)
    .env("CARGO_TARGET_DIR", target)
    // A path dependency's lints are not capped as a registry one's are: a lint that
    // newer toolchains deny (http 1.2's `dangerous_implicit_autorefs`) must not stop
    // the copy from building.
    .env("RUSTFLAGS", rustflags);
    if offline {
        cmd.arg("--offline");
    }
    let out = cmd.output().map_err(|e| (BTreeSet::new(), e.to_string()))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut lines = BTreeSet::new();
    let mut errors = Vec::new();
    let mut exe = None;
    for line in stdout.lines() {
        let Ok(msg) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        match msg["reason"].as_str() {
            Some("compiler-artifact") => {
                if let Some(e) = msg["executable"].as_str() {
                    exe = Some(PathBuf::from(e));
                }
            }
            Some("compiler-message") if msg["message"]["level"] == "error" => {
                let m = &msg["message"];
                let mut here = false;
                for span in m["spans"].as_array().into_iter().flatten() {
                    let in_main = span["file_name"]
                        .as_str()
                        .is_some_and(|f| f.ends_with("main.rs"));
                    if in_main {
                        if let Some(l) = span["line_start"].as_u64() {
                            lines.insert(l as usize);
                            here = true;
                        }
                    }
                }
                if !here {
                    errors.push(
                        m["rendered"]
                            .as_str()
                            .unwrap_or_else(|| m["message"].as_str().unwrap_or("?"))
                            .to_owned(),
                    );
                }
            }
            _ => {}
        }
    }
    if out.status.success() {
        if let Some(exe) = exe {
            return Ok(exe);
        }
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut text = errors.join("\n");
    if text.is_empty() || lines.is_empty() {
        text.push_str(stderr.trim());
    }
    Err((lines, text))
}

/// Whether cargo resolves the probe's dependencies from its caches alone (else it
/// may use the network).
fn lockfile(manifest: &Path) -> Result<bool, String> {
    for offline in [true, false] {
        let mut cmd = Command::new(cargo());
        cmd.args(["generate-lockfile", "--quiet", "--manifest-path"])
            .arg(manifest);
        if offline {
            cmd.arg("--offline");
        }
        let out = cmd.output().map_err(|e| e.to_string())?;
        if out.status.success() {
            return Ok(offline);
        }
        if !offline {
            return Err(format!(
                "cargo generate-lockfile failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
    }
    unreachable!()
}

/// The crates to check: name, version and the directory of their sources (`None`:
/// from cargo's registry).
fn selected() -> Vec<(String, String, Option<PathBuf>)> {
    if let Ok(dirs) = std::env::var("AUTO_RUSTC_DIR") {
        return dirs
            .split(',')
            .map(|d| {
                let dir = PathBuf::from(d.trim());
                let manifest = std::fs::read_to_string(dir.join("Cargo.toml"))
                    .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
                let manifest: toml::Value = toml::from_str(&manifest).unwrap();
                let field = |k: &str| {
                    manifest["package"][k]
                        .as_str()
                        .unwrap_or_else(|| panic!("{}: no package.{k}", dir.display()))
                        .to_owned()
                };
                (field("name"), field("version"), Some(dir))
            })
            .collect();
    }
    let edge = Path::new(HERE).join("tests/auto_traits_rustc/edge");
    CRATES
        .iter()
        .filter(|(n, _)| chosen(n))
        .map(|(n, v)| ((*n).to_owned(), (*v).to_owned(), None))
        .chain(chosen("edge").then(|| ("edge".to_owned(), "0.0.0".to_owned(), Some(edge))))
        .collect()
}

fn check_crate(
    name: &str,
    version: &str,
    dir: Option<&Path>,
    disagreements: &mut Vec<Disagreement>,
) -> Result<Row, String> {
    let start = Instant::now();
    let mut row = Row {
        krate: format!("{name} {version}"),
        ..Row::default()
    };
    let src = match dir {
        Some(dir) => dir.to_path_buf(),
        None => sources(name, version)?,
    };
    let base = scratch().join(format!("{name}-{version}"));
    if base.exists() {
        std::fs::remove_dir_all(&base).map_err(|e| e.to_string())?;
    }
    let copy = base.join("crate");
    copy_dir(&src, &copy).map_err(|e| e.to_string())?;
    let manifest = own_workspace(&copy, "")?;
    public_api_set(&copy)?;
    let (code, _, stderr) = contract_pin(&manifest, &["update", "--set", "api"], &[])?;
    if code != 0 {
        return Err(format!("update exited {code}: {}", stderr.trim()));
    }
    let golden = golden_file(&copy.join("golden"))?;
    let golden: Value = serde_json::from_str(
        &std::fs::read_to_string(&golden).map_err(|e| format!("{}: {e}", golden.display()))?,
    )
    .map_err(|e| e.to_string())?;
    row.lib = lib_name(&manifest, name);
    let mut types = candidates(&golden, &mut row);
    row.candidates = types.len();

    // The probe, depending on the copy as `krate`.
    let probe = base.join("probe");
    std::fs::create_dir_all(probe.join("src")).map_err(|e| e.to_string())?;
    let probe_manifest = probe.join("Cargo.toml");
    std::fs::write(
        &probe_manifest,
        format!(
            "[package]\nname = \"auto-probe-{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
             publish = false\n\n[dependencies]\nkrate = {{ package = \"{name}\", path = \"../crate\" }}\n\n\
             [workspace]\n"
        ),
    )
    .map_err(|e| e.to_string())?;
    std::fs::write(probe.join("src/main.rs"), "fn main() {}\n").map_err(|e| e.to_string())?;
    let offline = lockfile(&probe_manifest)?;
    let target = scratch().join("target");
    let mut exe = None;
    for _ in 0..ROUNDS {
        let (source, lines) = probe_source(&types);
        std::fs::write(probe.join("src/main.rs"), source).map_err(|e| e.to_string())?;
        match build_probe(&probe_manifest, &target, offline) {
            Ok(e) => {
                exe = Some(e);
                break;
            }
            Err((bad, text)) => {
                let out: BTreeSet<usize> =
                    bad.iter().filter_map(|l| lines.get(l)).copied().collect();
                if out.is_empty() {
                    return Err(format!("the probe does not build:\n{text}"));
                }
                let mut kept = Vec::new();
                for (i, ty) in types.into_iter().enumerate() {
                    if out.contains(&i) {
                        row.not_compiled.push(ty.path);
                    } else {
                        kept.push(ty);
                    }
                }
                types = kept;
            }
        }
    }
    let exe = exe.ok_or_else(|| format!("the probe does not build after {ROUNDS} rounds"))?;
    let out = Command::new(&exe).output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "the probe failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    // rustc's answers: (path, instantiation) -> trait -> holds.
    let mut rustc: BTreeMap<(String, String), BTreeMap<String, bool>> = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let mut cols = line.split('\t');
        let (Some(path), Some(arg), Some(answers)) = (cols.next(), cols.next(), cols.next()) else {
            continue;
        };
        let answers = answers
            .split(' ')
            .filter_map(|a| {
                let (t, v) = a.split_once('=')?;
                Some((t.to_owned(), v == "1"))
            })
            .collect();
        rustc.insert((path.to_owned(), arg.to_owned()), answers);
    }

    // The probe's own types have what they are made to have.
    for own in ["()", NONE].iter().chain(&LACKS) {
        let answers = rustc
            .get(&(PROBE.to_owned(), (*own).to_owned()))
            .ok_or_else(|| format!("the probe printed nothing for its `{own}`"))?;
        for (i, (t, _, _)) in TRAITS.iter().enumerate() {
            if answers.get(*t) != Some(&probe_type_has(own, i)) {
                return Err(format!(
                    "the probe's `{own}`: rustc says {t} is {answers:?}"
                ));
            }
        }
    }
    let mut definitions = BTreeSet::new();
    for ty in &types {
        let mut told_any = false;
        for inst in ty.instances() {
            let label = ty.label(inst);
            let Some(answers) = rustc.get(&(ty.path.clone(), label.clone())) else {
                return Err(format!("the probe printed nothing for {} {label}", ty.path));
            };
            for (t, _, _) in TRAITS {
                let Some(cond) = ty.told.get(t) else {
                    if inst.basic() {
                        row.not_told += 1;
                    } else {
                        row.precise_not_told += 1;
                    }
                    continue;
                };
                let Some(inferred) = ty.golden_says(cond, inst) else {
                    return Err(format!("{}: `{cond}` is no condition", ty.path));
                };
                told_any = true;
                let actual = answers[t];
                if inst.basic() {
                    row.answers += 1;
                    let entry = row.per_trait.entry(t.to_owned()).or_default();
                    entry.0 += 1;
                    if inferred == actual {
                        row.agreements += 1;
                        entry.1 += 1;
                    } else {
                        row.disagreements += 1;
                    }
                } else {
                    row.precise_answers += 1;
                    if inferred != actual {
                        row.precise_disagreements += 1;
                    }
                }
                if inferred != actual {
                    disagreements.push(Disagreement {
                        krate: row.krate.clone(),
                        path: format!("{}::{}", row.lib, ty.path),
                        instance: ty.instance(&row.lib, inst),
                        trait_: t.to_owned(),
                        cond: cond.clone(),
                        inferred,
                        rustc: actual,
                    });
                }
            }
        }
        if told_any {
            row.types += 1;
            definitions.insert(ty.definition.clone());
        }
    }
    row.definitions = definitions.len();
    row.seconds = start.elapsed().as_secs_f64();
    Ok(row)
}

fn chosen(name: &str) -> bool {
    std::env::var("AUTO_RUSTC_ONLY").map_or(true, |only| only.split(',').any(|n| n.trim() == name))
}

#[test]
#[ignore = "builds a probe crate against each of some 20 published crates: run it with --ignored"]
fn auto_traits_agree_with_rustc() {
    let start = Instant::now();
    let scratch = scratch();
    if scratch.exists() {
        std::fs::remove_dir_all(&scratch).unwrap();
    }
    std::fs::create_dir_all(&scratch).unwrap();
    let mut rows = Vec::new();
    let mut disagreements = Vec::new();
    let mut errors = Vec::new();
    for (name, version, dir) in selected() {
        match check_crate(&name, &version, dir.as_deref(), &mut disagreements) {
            Ok(row) => {
                println!(
                    "{} {}: {} types compared, {} answers, {} disagree, {} not told, \
                     {} precise answers, {} disagree, {} not compiled ({:.1}s)",
                    name,
                    version,
                    row.types,
                    row.answers,
                    row.disagreements,
                    row.not_told,
                    row.precise_answers,
                    row.precise_disagreements,
                    row.not_compiled.len(),
                    row.seconds
                );
                rows.push(row);
            }
            Err(e) => {
                println!("{name} {version}: ERROR {e}");
                errors.push(format!("{name} {version}: {e}"));
            }
        }
    }

    println!();
    println!(
        "{:<26} {:>6} {:>5} {:>5} {:>5} {:>6} {:>5} {:>7} {:>6} {:>6} {:>8} {:>8} {:>7} {:>6}",
        "crate",
        "items",
        "auto",
        "gen",
        "n/c",
        "types",
        "defs",
        "answers",
        "agree",
        "disagr",
        "not told",
        "precise",
        "p.disag",
        "secs"
    );
    let mut total = Row::default();
    for r in &rows {
        println!(
            "{:<26} {:>6} {:>5} {:>5} {:>5} {:>6} {:>5} {:>7} {:>6} {:>6} {:>8} {:>8} {:>7} {:>6.1}",
            r.krate,
            r.items,
            r.with_auto,
            r.skipped_generics,
            r.not_compiled.len(),
            r.types,
            r.definitions,
            r.answers,
            r.agreements,
            r.disagreements,
            r.not_told,
            r.precise_answers,
            r.precise_disagreements,
            r.seconds
        );
        total.items += r.items;
        total.with_auto += r.with_auto;
        total.skipped_generics += r.skipped_generics;
        total
            .not_compiled
            .extend(r.not_compiled.iter().map(|p| format!("{} {p}", r.krate)));
        total.types += r.types;
        total.definitions += r.definitions;
        total.answers += r.answers;
        total.agreements += r.agreements;
        total.disagreements += r.disagreements;
        total.not_told += r.not_told;
        total.precise_answers += r.precise_answers;
        total.precise_disagreements += r.precise_disagreements;
        total.precise_not_told += r.precise_not_told;
        for (t, (n, a)) in &r.per_trait {
            let e = total.per_trait.entry(t.clone()).or_default();
            e.0 += n;
            e.1 += a;
        }
    }
    println!(
        "{:<26} {:>6} {:>5} {:>5} {:>5} {:>6} {:>5} {:>7} {:>6} {:>6} {:>8} {:>8} {:>7}",
        "total",
        total.items,
        total.with_auto,
        total.skipped_generics,
        total.not_compiled.len(),
        total.types,
        total.definitions,
        total.answers,
        total.agreements,
        total.disagreements,
        total.not_told,
        total.precise_answers,
        total.precise_disagreements
    );
    println!(
        "(items: structs, enums and unions of the golden; auto: with auto_traits; gen: \
         of those left out for const parameters or bounds; n/c: not compiled; types: \
         compared, by public path; defs: distinct definitions among them, re-exports \
         once; answers, agree, disagr, not told: per type, trait and instantiation, of \
         the two instantiations every type parameter `()` and every one `None_`; precise, \
         p.disag: the told answers, and those that disagree, of the instantiations with \
         one type parameter lacking one auto trait, every other `()`; {} answers not told \
         there)",
        total.precise_not_told
    );
    for (t, (n, a)) in &total.per_trait {
        println!("  {t}: {n} told answers, {a} agree");
    }
    if !total.not_compiled.is_empty() {
        println!("not compiled:");
        for p in &total.not_compiled {
            println!("  {p}");
        }
    }
    if !disagreements.is_empty() {
        println!("disagreements:");
        for d in &disagreements {
            println!(
                "  {}: {} [{}] {}: inferred {} (`{}`), rustc {}",
                d.krate, d.path, d.instance, d.trait_, d.inferred, d.cond, d.rustc
            );
        }
    }
    println!("{:.1}s", start.elapsed().as_secs_f64());

    if std::env::var_os("AUTO_RUSTC_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&scratch);
    }
    assert!(
        errors.is_empty(),
        "{} crates failed:\n{}",
        errors.len(),
        errors.join("\n")
    );
    if std::env::var_os("AUTO_RUSTC_ONLY").is_none() && std::env::var_os("AUTO_RUSTC_DIR").is_none()
    {
        assert!(
            total.types >= 200,
            "only {} types compared with a told answer, 200 expected",
            total.types
        );
    }
    assert!(
        disagreements.is_empty(),
        "{} answers of the inference disagree with rustc",
        disagreements.len()
    );
}
