//! The corpus attribute-pinned (docs/REALWORLD.md, "Attribute-pinned"): every `pub`
//! item, every inherent `impl` with a `pub` member and every `#[macro_export]` macro of
//! each release pinned in the sources, as a user would pin them.
//!
//! - Every release: `cargo check` of the library as published and as pinned (no
//!   golden yet). Pinning must not change the program: the pinned copy compiles
//!   exactly when the published one does, with no warning more.
//! - The pairs of crates marked `harness = true`: the golden written by
//!   `assert_golden!` on the older release (`API_CONTRACT_UPDATE_GOLDEN=1 cargo
//!   test`), then on the newer the harness's verdict (`cargo test`; again with the
//!   compile-time check off when that check stops the build) and `contract-pin check` on the same
//!   sources and golden: both front ends must report the same breaking deltas, less
//!   what only the compiler answers (auto traits, hand-written impls).

use super::*;

/// The set every pin names.
const SET: &str = "api";

/// One pin: where it goes (a byte offset), and what it pins.
struct Pin {
    at: usize,
    what: Pinning,
}

enum Pinning {
    /// An item or `impl` block: its module and name (the self type's, for an `impl`).
    Item {
        module: Vec<String>,
        name: String,
        block: bool,
    },
    /// `pin_macro!(name, …)` after a `macro_rules!` definition.
    Macro(String),
}

type Edits = Vec<Pin>;

/// The module path of `file` under `src` by the usual layout (`a/b.rs` and
/// `a/b/mod.rs` are `a::b`; `lib.rs` is the root), or `None` for a file that is no
/// module of the library (`src/bin/…`, `main.rs`).
fn module_of(src: &Path, file: &Path) -> Option<Vec<String>> {
    let rel = file.strip_prefix(src).ok()?;
    let parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.first().is_some_and(|p| p == "bin") || parts == ["main.rs"] {
        return None;
    }
    let mut module: Vec<String> = parts[..parts.len() - 1].to_vec();
    let last = parts.last()?.strip_suffix(".rs")?;
    if !(last == "mod" || (parts.len() == 1 && last == "lib")) {
        module.push(last.to_owned());
    }
    Some(module)
}

fn has_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
    })
}

fn has_attr(attrs: &[syn::Attribute], name: &str) -> bool {
    attrs.iter().any(|a| a.path().is_ident(name))
}

/// The byte offset of a 1-based line and a 0-based column (in chars) in `text`.
fn offset(text: &str, line_starts: &[usize], at: proc_macro2::LineColumn) -> usize {
    let start = line_starts[at.line - 1];
    text[start..]
        .char_indices()
        .nth(at.column)
        .map_or(text.len(), |(i, _)| start + i)
}

/// The pins of `items`, in module `module`.
fn pins(
    items: &[syn::Item],
    module: &mut Vec<String>,
    text: &str,
    line_starts: &[usize],
    out: &mut Edits,
) {
    use syn::spanned::Spanned;
    for item in items {
        let name = |ident: &syn::Ident| ident.to_string().trim_start_matches("r#").to_owned();
        let public = |vis: &syn::Visibility| matches!(vis, syn::Visibility::Public(_));
        let block = matches!(item, syn::Item::Impl(_));
        let (attrs, pinned) = match item {
            syn::Item::Mod(m) => {
                if let (Some((_, inner)), false) = (&m.content, has_cfg_test(&m.attrs)) {
                    module.push(m.ident.to_string());
                    pins(inner, module, text, line_starts, out);
                    module.pop();
                }
                continue;
            }
            syn::Item::Struct(s) => (&s.attrs, public(&s.vis).then(|| name(&s.ident))),
            syn::Item::Enum(e) => (&e.attrs, public(&e.vis).then(|| name(&e.ident))),
            syn::Item::Union(u) => (&u.attrs, public(&u.vis).then(|| name(&u.ident))),
            syn::Item::Trait(t) => (&t.attrs, public(&t.vis).then(|| name(&t.ident))),
            syn::Item::Type(t) => (&t.attrs, public(&t.vis).then(|| name(&t.ident))),
            syn::Item::Const(c) => (&c.attrs, public(&c.vis).then(|| name(&c.ident))),
            syn::Item::Static(s) => (&s.attrs, public(&s.vis).then(|| name(&s.ident))),
            syn::Item::Fn(f) => (&f.attrs, public(&f.vis).then(|| name(&f.sig.ident))),
            syn::Item::Impl(i) if i.trait_.is_none() => {
                let any_pub = i.items.iter().any(|m| match m {
                    syn::ImplItem::Fn(f) => public(&f.vis),
                    syn::ImplItem::Const(c) => public(&c.vis),
                    syn::ImplItem::Type(t) => public(&t.vis),
                    _ => false,
                });
                let ident = match &*i.self_ty {
                    syn::Type::Path(p) if p.qself.is_none() => {
                        p.path.segments.last().map(|s| s.ident.clone())
                    }
                    _ => None,
                };
                (
                    &i.attrs,
                    ident.filter(|_| any_pub).map(|ident| name(&ident)),
                )
            }
            syn::Item::Macro(m) => {
                // A `macro_rules!` macro is pinned after its definition, by name.
                if let Some(ident) = &m.ident {
                    if has_attr(&m.attrs, "macro_export") && !has_cfg_test(&m.attrs) {
                        out.push(Pin {
                            at: offset(text, line_starts, m.span().end()),
                            what: Pinning::Macro(ident.to_string()),
                        });
                    }
                }
                continue;
            }
            _ => continue,
        };
        let Some(pinned) = pinned else { continue };
        // rustc refuses a file module in any attribute macro's input (E0658, "file
        // modules in proc macro input are unstable"): getrandom 0.4's `pub fn
        // fill_inner` declares `#[path = …] mod lazy;` in its body. No attribute can
        // pin such an item; a user pins it with a public-API set (GUIDE.md).
        if has_cfg_test(attrs) || declares_file_module(item) {
            continue;
        }
        out.push(Pin {
            at: offset(text, line_starts, item.span().start()),
            what: Pinning::Item {
                module: module.clone(),
                name: pinned,
                block,
            },
        });
    }
}

/// Whether `item` declares a module whose items are in another file (`mod x;`)
/// anywhere inside it.
fn declares_file_module(item: &syn::Item) -> bool {
    struct Finder(bool);
    impl<'ast> syn::visit::Visit<'ast> for Finder {
        fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
            self.0 |= m.content.is_none();
            syn::visit::visit_item_mod(self, m);
        }
    }
    let mut finder = Finder(false);
    syn::visit::Visit::visit_item(&mut finder, item);
    finder.0
}

/// The library's root file: `[lib] path` of the manifest, else `src/lib.rs`.
fn lib_root(root: &Path) -> PathBuf {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default();
    let path = toml::from_str::<toml::Table>(&manifest)
        .ok()
        .and_then(|t| t.get("lib")?.get("path")?.as_str().map(str::to_owned));
    root.join(path.unwrap_or_else(|| "src/lib.rs".to_owned()))
}

/// Pins every library source file under the library root's directory (the root file
/// alone when that is the package's own directory, as fnv's `lib.rs`); the number of
/// pins.
fn pin_sources(root: &Path) -> Result<usize, String> {
    let lib = lib_root(root);
    let src = lib.parent().unwrap_or(root).to_path_buf();
    let mut files = Vec::new();
    let mut dirs = vec![src.clone()];
    if src == root {
        dirs.clear();
        files.push(lib.clone());
    }
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir)
            .map_err(|e| e.to_string())?
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let mut read = Vec::new();
    for file in files {
        let Some(mut module) = module_of(&src, &file) else {
            continue;
        };
        let text = std::fs::read_to_string(&file).map_err(|e| e.to_string())?;
        // A file that is no Rust of this toolchain (a template, a fixture) is left.
        let Ok(parsed) = syn::parse_file(&text) else {
            continue;
        };
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let mut edits = Edits::new();
        pins(&parsed.items, &mut module, &text, &line_starts, &mut edits);
        read.push((file, text, edits));
    }
    // A symbol's name is the item's, as a user would pin it; where modules define
    // items of one name, each is named by its module path joined by `__`
    // (`parse__Error`): a symbol name is an identifier, one item per name in a set.
    // An `impl` block joins its type, wherever it is written.
    let mut modules_of: BTreeMap<&str, BTreeSet<&[String]>> = BTreeMap::new();
    for (_, _, edits) in &read {
        for pin in edits {
            if let Pinning::Item {
                module,
                name,
                block: false,
            } = &pin.what
            {
                modules_of.entry(name).or_default().insert(module);
            }
        }
    }
    let mut count = 0;
    for (file, text, edits) in &read {
        if edits.is_empty() {
            continue;
        }
        count += edits.len();
        let mut inserts: Vec<(usize, String)> = edits
            .iter()
            .map(|pin| {
                let text = match &pin.what {
                    Pinning::Macro(name) => {
                        format!("\ncontract_pin::pin_macro!({name}, set = \"{SET}\");\n")
                    }
                    Pinning::Item { module, name, .. } => {
                        let defined = modules_of.get(name.as_str()).map_or(0, BTreeSet::len);
                        let symbol = if defined <= 1 {
                            name.clone()
                        } else {
                            let mut path = module.clone();
                            path.push(name.clone());
                            path.join("__")
                        };
                        format!("#[contract_pin::contract(set = \"{SET}\", name = \"{symbol}\")]\n")
                    }
                };
                (pin.at, text)
            })
            .collect();
        inserts.sort_by_key(|e| std::cmp::Reverse(e.0));
        let mut text = text.clone();
        for (at, insert) in inserts {
            text.insert_str(at, &insert);
        }
        std::fs::write(file, text).map_err(|e| e.to_string())?;
    }
    Ok(count)
}

/// A copy of the release as its own workspace; pinned, it depends on this
/// repository's `contract-pin` and has a test that checks the set.
fn copy(src: &Path, dest: &Path, pinned: bool) -> Result<(PathBuf, usize), String> {
    if !pinned {
        return Ok((fresh_copy(src, dest, "")?, 0));
    }
    let repo = Path::new(HERE).parent().unwrap();
    // Published manifests list their tests (`autotests = false`): name this one.
    let more = format!(
        "\n[dependencies.contract-pin]\npath = {:?}\n\n[dev-dependencies.contract-harness]\npath = {:?}\n\n\
         [[test]]\nname = \"contract_pin_api\"\npath = \"tests/contract_pin_api.rs\"\n",
        repo.display().to_string(),
        repo.join("contract-harness").display().to_string()
    );
    let manifest = fresh_copy(src, dest, &more)?;
    let pins = pin_sources(dest)?;
    std::fs::create_dir_all(dest.join("tests")).map_err(|e| e.to_string())?;
    std::fs::write(
        dest.join("tests/contract_pin_api.rs"),
        format!("#[test]\nfn api() {{\n    contract_pin::assert_golden!(\"{SET}\");\n}}\n"),
    )
    .map_err(|e| e.to_string())?;
    Ok((manifest, pins))
}

/// `cargo <args>` on `manifest`, in the shared scratch target directory, its goldens
/// under the copy's own `golden/`.
fn cargo_on(
    manifest: &Path,
    args: &[&str],
    env: &[(&str, &str)],
) -> Result<std::process::Output, String> {
    let dir = manifest.parent().unwrap();
    let mut command = Command::new(cargo());
    command
        .args(args)
        .arg("--manifest-path")
        .arg(manifest)
        .env("CARGO_TARGET_DIR", scratch().join("pinned-target"))
        .env("CONTRACT_PIN_GOLDEN_DIR", dir.join("golden"))
        .env("CARGO_TERM_COLOR", "never")
        .env_remove("CI")
        .env_remove("CONTRACT_PIN_UPDATE")
        .env_remove("CONTRACT_PIN_REPORT")
        .env_remove("RUSTFLAGS");
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().map_err(|e| e.to_string())
}

/// The warnings of the package's own files (`--message-format short`: a path
/// relative to the package; a path dependency's are absolute, a registry
/// dependency's capped).
fn own_warnings(stderr: &str) -> usize {
    stderr
        .lines()
        .filter(|l| l.contains(": warning: ") && !l.starts_with('/'))
        .count()
}

/// Releases whose pinned copy has more warnings than published for a reason no
/// expansion can avoid, each with that reason: (crate, the only warnings it may add,
/// why). Checked exactly: any other warning more is still a problem.
const KNOWN_WARNINGS: &[(&str, &[&str], &str)] = &[(
    "rayon",
    &[
        "unused import: `super::plumbing::*`",
        "unused import: `crate::iter::plumbing::*`",
    ],
    "its files import one set of names through two globs (`use super::plumbing::*;` and \
     `use super::*;`, whose module glob-imports plumbing too); with any attribute macro on \
     `plumbing`'s items, a no-op one included, rustc resolves that module's glob later and \
     credits the other import (as in rust-lang/rust#54476, imports marked used after \
     expansion). A public-API set pins such a crate without attributes",
)];

/// The messages of the crate's own warnings (`file:line:col: warning: message`).
fn own_warning_messages(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| !l.starts_with('/'))
        .filter_map(|l| l.split_once(": warning: ").map(|(_, message)| message))
        .collect()
}

/// `cargo check` of one release as published and pinned: an error when they differ.
fn check_release(name: &str, version: &str) -> Result<(usize, usize), String> {
    let src = fetch(name, version)?;
    let base = scratch().join("pinned").join(name);
    let (plain, _) = copy(&src, &base.join(format!("{version}-plain")), false)?;
    let (pinned, pins) = copy(&src, &base.join(version), true)?;
    let check = |manifest: &Path| {
        cargo_on(
            manifest,
            &["check", "--lib", "--message-format", "short"],
            &[],
        )
    };
    let text = |o: &std::process::Output| String::from_utf8_lossy(&o.stderr).into_owned();
    let mut plain_out = check(&plain)?;
    // A shipped lock file may name a release the index no longer has (zip 9.9's
    // `constant_time_eq 0.6.2`): as published, cargo stops before compiling anything,
    // while the pinned copy, which adds a dependency, resolves again. Both are then
    // checked with a lock file cargo writes anew, so that they compare.
    if !plain_out.status.success() && text(&plain_out).contains("failed to select a version") {
        for manifest in [&plain, &pinned] {
            cargo_on(manifest, &["generate-lockfile"], &[])?;
        }
        plain_out = check(&plain)?;
    }
    let pinned_out = check(&pinned)?;
    if plain_out.status.success() != pinned_out.status.success() {
        return Err(format!(
            "{name} {version}: `cargo check` {} as published and {} pinned:\n{}",
            if plain_out.status.success() {
                "passes"
            } else {
                "fails"
            },
            if pinned_out.status.success() {
                "passes"
            } else {
                "fails"
            },
            last_lines(&text(&pinned_out))
        ));
    }
    let (was, now) = (
        own_warnings(&text(&plain_out)),
        own_warnings(&text(&pinned_out)),
    );
    if now > was {
        let (pinned_text, plain_text) = (text(&pinned_out), text(&plain_out));
        let mut added = own_warning_messages(&pinned_text);
        for message in own_warning_messages(&plain_text) {
            if let Some(i) = added.iter().position(|m| *m == message) {
                added.remove(i);
            }
        }
        let known = KNOWN_WARNINGS
            .iter()
            .find(|(krate, only, _)| *krate == name && added.iter().all(|m| only.contains(m)));
        if let Some((_, _, why)) = known {
            println!(
                "{name} {version}: known: {} unused imports pinned, not as published: {why}",
                added.len()
            );
            return Ok((pins, now));
        }
        return Err(format!(
            "{name} {version}: {now} warnings pinned, {was} as published:\n{}",
            last_lines(&text(&pinned_out))
        ));
    }
    Ok((pins, now))
}

/// The breaking deltas (symbol, kind, detail) of a JSON report, less those only the
/// compiler answers.
fn breaking(json: &serde_json::Value) -> BTreeSet<(String, String, String)> {
    const COMPILER_ONLY: &[&str] = &[
        "auto_trait_removed",
        "auto_trait_added",
        "impl_removed",
        "impl_added",
    ];
    let mut out = BTreeSet::new();
    // The command's report lists one per set and package; the harness writes each
    // as a file of its own.
    let reports = match json["reports"].as_array() {
        Some(reports) => reports.iter().collect(),
        None => vec![json],
    };
    for report in reports {
        for d in report["deltas"].as_array().into_iter().flatten() {
            let s = |k: &str| d[k].as_str().unwrap_or_default().to_owned();
            if s("class") == "breaking" && !COMPILER_ONLY.contains(&s("kind").as_str()) {
                out.insert((s("symbol"), s("kind"), s("detail")));
            }
        }
    }
    out
}

/// One pair through the harness and the command: their breaking deltas, which must
/// be the same; and the compile-time check stops the build only where they report a
/// break.
fn harness_pair(pair: &Pair) -> Result<usize, String> {
    let base = scratch().join("pinned").join(&pair.name);
    let (old, new) = (base.join(&pair.old), base.join(&pair.new));
    let test = ["test", "--quiet", "--test", "contract_pin_api"];
    let out = cargo_on(
        &old.join("Cargo.toml"),
        &test,
        &[("API_CONTRACT_UPDATE_GOLDEN", "1")],
    )?;
    if !out.status.success() {
        return Err(format!(
            "the harness could not write the golden of {} {}:\n{}",
            pair.name,
            pair.old,
            last_lines(&String::from_utf8_lossy(&out.stderr))
        ));
    }
    let golden_rel = format!("golden/{SET}-contract/{}.json", pair.name);
    let to = new.join(&golden_rel);
    std::fs::create_dir_all(to.parent().unwrap()).map_err(|e| e.to_string())?;
    std::fs::copy(old.join(&golden_rel), &to).map_err(|e| format!("{golden_rel}: {e}"))?;
    let reports = new.join("reports");
    let _ = std::fs::remove_dir_all(&reports);
    std::fs::create_dir_all(&reports).map_err(|e| e.to_string())?;
    let reports_env = format!("{}/", reports.display());
    // As a user runs it, the compile-time check on; when that stops the build (a
    // break it sees), again with it off, so that the harness reports.
    let report_dir = reports.join(format!("{SET}-contract"));
    let mut compile_stopped = false;
    for check in ["1", "0"] {
        compile_stopped = check == "0";
        cargo_on(
            &new.join("Cargo.toml"),
            &test,
            &[
                ("CONTRACT_PIN_COMPILE_CHECK", check),
                ("CONTRACT_PIN_REPORT", &reports_env),
            ],
        )?;
        if report_dir.is_dir() {
            break;
        }
    }
    let mut harness = BTreeSet::new();
    let mut read = 0;
    // One report per set and package: `reports/<set>-contract/<package>.json`.
    let dir = reports.join(format!("{SET}-contract"));
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let text = std::fs::read_to_string(entry.path()).map_err(|e| e.to_string())?;
        let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        harness.extend(breaking(&json));
        read += 1;
    }
    if read == 0 {
        return Err(format!(
            "{} {}: the harness wrote no report",
            pair.name, pair.new
        ));
    }
    // In the target directory the build used: the build scripts' cfgs are there.
    let target = scratch().join("pinned-target");
    let (code, stdout, stderr) = contract_pin(
        &new.join("Cargo.toml"),
        &["check", "--format", "json"],
        &[("CARGO_TARGET_DIR", &target)],
    )?;
    let json: serde_json::Value = serde_json::from_str(&stdout)
        .map_err(|e| format!("check printed no JSON ({e}): {}", last_lines(&stderr)))?;
    if code == 3 {
        return Err(format!("check exited 3: {}", json["errors"]));
    }
    let cli = breaking(&json);
    // The compile-time check stops the build only at a break the others see.
    if compile_stopped && cli.is_empty() {
        return Err(format!(
            "{} {} -> {}: `cargo test` stops at the compile-time check, with no break reported",
            pair.name, pair.old, pair.new
        ));
    }
    if harness != cli {
        let only = |a: &BTreeSet<_>, b: &BTreeSet<_>| -> Vec<String> {
            a.difference(b)
                .map(|d: &(String, String, String)| format!("`{}` {} ({})", d.0, d.1, d.2))
                .collect()
        };
        return Err(format!(
            "{} {} -> {}: the front ends disagree. Only the harness: {:?}. Only the CLI: {:?}",
            pair.name,
            pair.old,
            pair.new,
            only(&harness, &cli),
            only(&cli, &harness)
        ));
    }
    Ok(harness.len())
}

pub fn run(select: impl Fn(&Pair) -> bool) {
    let selected: Vec<Pair> = pairs()
        .into_iter()
        .filter(|p| select(p) && chosen(p))
        .collect();
    let mut problems = Vec::new();
    // Each release once: whether it compiles pinned as published.
    let mut releases: BTreeMap<(String, String), bool> = BTreeMap::new();
    let (mut pins, mut harnessed) = (0, 0);
    for pair in &selected {
        for version in [&pair.old, &pair.new] {
            let key = (pair.name.clone(), version.clone());
            if releases.contains_key(&key) {
                continue;
            }
            let result = check_release(&pair.name, version);
            releases.insert(key, result.is_ok());
            match result {
                Ok((n, warnings)) => {
                    pins += n;
                    println!(
                        "{} {version}: {n} pins; `cargo check` as published ({warnings} warnings)",
                        pair.name
                    );
                }
                Err(e) => {
                    println!("{e}");
                    problems.push(e);
                }
            }
        }
        let both = [&pair.old, &pair.new]
            .iter()
            .all(|v| releases[&(pair.name.clone(), (*v).clone())]);
        if pair.harness && both {
            harnessed += 1;
            match harness_pair(pair) {
                Ok(n) => println!(
                    "{} {} -> {}: harness and CLI agree, {n} breaking",
                    pair.name, pair.old, pair.new
                ),
                Err(e) => {
                    println!("{e}");
                    problems.push(e);
                }
            }
        }
    }
    println!(
        "\n{} releases, {pins} pins, {harnessed} pairs through the harness: {} problems",
        releases.len(),
        problems.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
