//! `contract_core::variance`'s std tables are what rustc says: every type of
//! `STD_COVARIANT` coerces `T<'long>` to `T<'short>` (and `T<&'long u8>` to
//! `T<&'short u8>` where it claims its type parameters too), and every type of
//! `STD_INVARIANT` refuses to. A wrong entry fails here, not in a user's verdict.

use std::path::PathBuf;
use std::process::Command;

use contract_core::variance::{StdType, STD_COVARIANT, STD_INVARIANT};

fn scratch() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("std_variance");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Compiles `source` as a library; rustc's complaint when it refuses.
fn compile(name: &str, source: &str) -> Result<(), String> {
    let dir = scratch();
    let file = dir.join(format!("{name}.rs"));
    std::fs::write(&file, source).expect("write source");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let out = Command::new(&rustc)
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "lib",
            "--emit=metadata",
        ])
        .arg("--crate-name")
        .arg(name)
        .arg("--out-dir")
        .arg(&dir)
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{rustc}: {e}"));
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// `path<'l…, T…>` with `lifetime` for each lifetime argument and `ty` for each type.
fn spelled(t: &StdType, lifetime: &str, ty: &str) -> String {
    let args: Vec<&str> = std::iter::repeat_n(lifetime, t.lifetimes)
        .chain(std::iter::repeat_n(ty, t.types))
        .collect();
    format!("{}<{}>", t.path, args.join(", "))
}

#[test]
fn every_covariant_std_type_coerces_to_a_shorter_lifetime() {
    let mut source = String::from("#![allow(dead_code)]\n");
    for (i, t) in STD_COVARIANT.iter().enumerate() {
        if t.lifetimes > 0 {
            source.push_str(&format!(
                "fn lifetimes_{i}<'long: 'short, 'short>(x: {}) -> {} {{ x }}\n",
                spelled(t, "'long", "u8"),
                spelled(t, "'short", "u8"),
            ));
        }
        if t.types > 0 && t.covariant_in_types {
            source.push_str(&format!(
                "fn types_{i}<'long: 'short, 'short>(x: {}) -> {} {{ x }}\n",
                spelled(t, "'static", "&'long u8"),
                spelled(t, "'static", "&'short u8"),
            ));
        }
        assert!(
            t.lifetimes > 0 || t.covariant_in_types,
            "{} claims nothing",
            t.path
        );
    }
    if let Err(e) = compile("covariant", &source) {
        panic!("a type of STD_COVARIANT is not covariant as it claims:\n{e}\n{source}");
    }
}

#[test]
fn every_invariant_std_type_refuses_a_shorter_lifetime() {
    for (i, path) in STD_INVARIANT.iter().enumerate() {
        let source = format!(
            "pub fn f<'long: 'short, 'short>(x: {path}<&'long u8>) -> {path}<&'short u8> {{ x }}\n"
        );
        let refused = compile(&format!("invariant_{i}"), &source)
            .expect_err(&format!("{path} coerces: it is not invariant\n{source}"));
        assert!(
            refused.contains("lifetime may not live long enough"),
            "{path}: refused for another reason:\n{refused}"
        );
    }
}
