//! `contract_core::std_aliases::STD_ALIASES` is std's: the table is generated from the
//! toolchain's own documentation of std (`<sysroot>/share/doc/rust/html/std`, the
//! `rust-docs` component: every stable, target-independent `pub type` rustdoc
//! documents, with the paths its links name), and every entry is compiled here as one
//! type with its target. The test fails when the committed table differs from what the
//! documentation says; `CONTRACT_PIN_BLESS=1` rewrites it (do that when a new
//! toolchain changes it, and commit it).

use std::path::{Path, PathBuf};
use std::process::Command;

const TABLE: &str = "src/std_aliases/table.rs";

fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned())
}

/// The toolchain's std documentation, when the `rust-docs` component is installed.
fn std_docs() -> Option<PathBuf> {
    let out = Command::new(rustc())
        .args(["--print", "sysroot"])
        .output()
        .ok()?;
    let sysroot = String::from_utf8(out.stdout).ok()?;
    let docs = Path::new(sysroot.trim()).join("share/doc/rust/html/std");
    docs.is_dir().then_some(docs)
}

/// Every `type.*.html` under `dir`, recursively, with its module path.
fn alias_pages(dir: &Path, module: &str, out: &mut Vec<(String, PathBuf)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("read the docs")
        .map(|e| e.expect("a docs entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if path.is_dir() {
            // Target-specific modules: what they alias differs between targets.
            if matches!(name, "os" | "arch" | "ffi" | "simd") {
                continue;
            }
            alias_pages(&path, &format!("{module}::{name}"), out);
        } else if let Some(alias) = name
            .strip_prefix("type.")
            .and_then(|n| n.strip_suffix(".html"))
        {
            out.push((format!("{module}::{alias}"), path));
        }
    }
}

/// The declaration on an alias page as Rust source, each link written as the full
/// path its title names (`title="enum std::result::Result"`); `None` for a redirect
/// (a re-export's page) or an unstable alias.
fn declaration(html: &str) -> Option<String> {
    if html.contains("http-equiv=\"refresh\"") || html.contains("class=\"stab unstable\"") {
        return None;
    }
    const OPEN: &str = "<pre class=\"rust item-decl\"><code>";
    let start = html.find(OPEN)? + OPEN.len();
    let end = start + html[start..].find("</code></pre>")?;
    let mut code = &html[start..end];
    let mut out = String::new();
    while let Some(lt) = code.find('<') {
        out.push_str(&code[..lt]);
        let gt = lt + code[lt..].find('>')?;
        let tag = &code[lt..=gt];
        code = &code[gt + 1..];
        if !tag.starts_with("<a ") {
            continue;
        }
        let close = code.find("</a>")?;
        let text = &code[..close];
        code = &code[close + 4..];
        // `title="struct std::io::Error"`; an associated type's link names its trait.
        let titled = tag
            .split("title=\"")
            .nth(1)
            .and_then(|t| t.split('"').next())
            .and_then(|t| t.split_once(' '));
        match titled {
            Some(("type", _)) | None => out.push_str(text),
            Some((_, path)) => out.push_str(path),
        }
    }
    out.push_str(code);
    Some(
        out.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&#39;", "'")
            .replace("&quot;", "\"")
            .replace("&amp;", "&"),
    )
}

/// `(path, parameters, target)` of each alias `pub type Name<P…> = Target;`.
fn generate(docs: &Path) -> Vec<(String, Vec<String>, String)> {
    let mut pages = Vec::new();
    alias_pages(docs, "std", &mut pages);
    let mut out = Vec::new();
    for (path, page) in pages {
        let html = std::fs::read_to_string(&page).expect("read an alias page");
        let Some(decl) = declaration(&html) else {
            continue;
        };
        let decl = decl.trim();
        let rest = decl
            .strip_prefix("pub type ")
            .unwrap_or_else(|| panic!("{path}: not an alias: {decl}"));
        let (head, target) = rest
            .split_once(" = ")
            .unwrap_or_else(|| panic!("{path}: {decl}"));
        let target = target.trim_end_matches(';').trim().to_owned();
        let params = match head.split_once('<') {
            None => Vec::new(),
            Some((_, params)) => params
                .trim_end_matches('>')
                .split(',')
                .map(|p| p.split(':').next().unwrap_or(p).trim().to_owned())
                .collect(),
        };
        out.push((path, params, target));
    }
    out.sort();
    out
}

fn source(table: &[(String, Vec<String>, String)]) -> String {
    let mut s = String::from(
        "// Generated by `CONTRACT_PIN_BLESS=1 cargo test -p contract-core --test std_aliases`\n\
         // from the toolchain's std documentation (the `rust-docs` component): do not edit.\n\n\
         /// std's stable, target-independent type aliases: the alias's path, its type\n\
         /// parameters and what it stands for, sorted by path.\n\
         #[rustfmt::skip]\n\
         pub static STD_ALIASES: &[(&str, &[&str], &str)] = &[\n",
    );
    for (path, params, target) in table {
        let params: Vec<String> = params.iter().map(|p| format!("{p:?}")).collect();
        s.push_str(&format!(
            "    ({path:?}, &[{}], {target:?}),\n",
            params.join(", ")
        ));
    }
    s.push_str("];\n");
    s
}

fn committed() -> Vec<(String, Vec<String>, String)> {
    contract_core::std_aliases::STD_ALIASES
        .iter()
        .map(|(p, params, t)| {
            (
                (*p).to_owned(),
                params.iter().map(|x| (*x).to_owned()).collect(),
                (*t).to_owned(),
            )
        })
        .collect()
}

#[test]
fn the_table_is_what_std_documents() {
    let Some(docs) = std_docs() else {
        // The proof below still holds the table to the compiler.
        eprintln!("the toolchain has no std documentation (rust-docs): table not regenerated");
        return;
    };
    let fresh = generate(&docs);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(TABLE);
    if std::env::var_os("CONTRACT_PIN_BLESS").is_some() {
        std::fs::write(&path, source(&fresh)).expect("write the table");
        return;
    }
    assert!(
        fresh.iter().any(|(p, _, _)| p == "std::io::Result"),
        "the generator found no `std::io::Result` in {}",
        docs.display()
    );
    assert_eq!(
        committed(),
        fresh,
        "{TABLE} differs from this toolchain's std documentation; rewrite it with CONTRACT_PIN_BLESS=1"
    );
}

#[test]
fn every_alias_is_its_target_to_the_compiler() {
    // One fn per alias taking the alias and returning its target: it compiles only
    // where the two are one type.
    let mut proof = String::from("#![allow(deprecated, dead_code)]\n");
    for (i, (path, params, target)) in committed().iter().enumerate() {
        let generics = if params.is_empty() {
            String::new()
        } else {
            format!("<{}>", params.join(", "))
        };
        proof.push_str(&format!(
            "fn proof_{i}{generics}(x: {path}{generics}) -> {target} {{ x }}\n"
        ));
    }
    let dir = std::env::temp_dir().join(format!("contract-pin-std-aliases-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let file = dir.join("proof.rs");
    std::fs::write(&file, &proof).expect("write the proof");
    let out = Command::new(rustc())
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "lib",
            "--emit",
            "metadata",
            "-o",
        ])
        .arg(dir.join("proof.rmeta"))
        .arg(&file)
        .output()
        .expect("run rustc");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "an alias is not its target:\n{proof}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
