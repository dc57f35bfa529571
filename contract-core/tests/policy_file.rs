//! The policy file (`contract-pin.toml`): what it gives each set, where each value came
//! from, that what `render_set` writes reads back to the same policy, one test per
//! validation error (each names the key and its line), and how the shells find it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use contract_core::policy::file::{self, PolicyError, Source};
use contract_core::policy::{Policy, WireDirection, WireFormat};
use contract_core::{Axis, Class, DeltaKind};

fn parse(text: &str) -> file::PolicyFile {
    file::parse(text).unwrap_or_else(|e| panic!("{}\n{text}", e.located("contract-pin.toml")))
}

fn error(text: &str) -> PolicyError {
    match file::parse(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    }
}

/// The error is at `line`, about `key`, and says `says`.
#[track_caller]
fn refused(text: &str, line: usize, key: &str, says: &str) -> PolicyError {
    let e = error(text);
    assert_eq!((e.line, e.key.as_str()), (line, key), "{e}");
    assert!(e.to_string().contains(says), "{e:?} lacks {says:?}");
    e
}

const FULL_FILE: &str = r#"# every key, at the top and for one set
axes = ["api"]
wire_direction = "forward"
wire_format = "positional"

[overrides]
field_order_changed = "additive"
trait_implementor_added = "breaking"

[directive]
record = "Amend the ADR under docs/decisions/ to record the break"

[set.phase5]
wire_direction = "full"
axes = ["api", "wire"]
overrides = { variant_added = "additive", field_order_changed = "breaking" }
directive.title = "PHASE 5 CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED"
directive.ship_line = "Phase 5 cannot ship."
directive.reference = "See ADR-0001 §Consequences row 2."
"#;

#[test]
fn no_file_and_an_empty_file_give_every_set_the_defaults() {
    let defaults = Policy {
        axes: vec![Axis::Api, Axis::Wire],
        wire_direction: WireDirection::Backward,
        wire_format: WireFormat::SelfDescribing,
        overrides: BTreeMap::new(),
        directive: Default::default(),
        doc_hidden_is_api: false,
        // The file says nothing of the target: its front end fills the baseline in.
        target_baseline: Default::default(),
        unread_crates: Default::default(),
        wire_vouched: Default::default(),
    };
    assert_eq!(Policy::default(), defaults);
    for file in [
        file::PolicyFile::default(),
        parse(""),
        parse("# nothing yet\n"),
    ] {
        assert_eq!(file.policy("anything"), defaults);
        assert!(file
            .explain("anything")
            .iter()
            .all(|s| s.source == Source::Default));
    }
}

#[test]
fn a_set_table_overrides_the_top_level_key_by_key() {
    let file = parse(FULL_FILE);
    let phase5 = file.policy("phase5");
    assert_eq!(phase5.axes, [Axis::Api, Axis::Wire]);
    assert_eq!(phase5.wire_direction, WireDirection::Full);
    assert_eq!(
        phase5.wire_format,
        WireFormat::Positional,
        "from the top level"
    );
    assert_eq!(
        phase5.overrides,
        BTreeMap::from([
            (DeltaKind::FieldOrderChanged, Class::Breaking),
            (DeltaKind::TraitImplementorAdded, Class::Breaking),
            (DeltaKind::VariantAdded, Class::Additive),
        ]),
        "merged kind by kind, the set's entry winning"
    );
    let words = phase5.directive_for("phase5");
    assert_eq!(words.ship_line, "Phase 5 cannot ship.");
    assert_eq!(
        words.record,
        "Amend the ADR under docs/decisions/ to record the break"
    );
    // A set without a table gets the top level.
    let other = file.policy("billing");
    assert_eq!(other.axes, [Axis::Api]);
    assert_eq!(other.wire_direction, WireDirection::Forward);
    assert_eq!(
        other.overrides.get(&DeltaKind::FieldOrderChanged),
        Some(&Class::Additive)
    );
    assert_eq!(
        other.directive_for("billing").title,
        "BILLING CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED"
    );
    assert_eq!(file.sets().collect::<Vec<_>>(), [("phase5", 13)]);
}

#[test]
fn explain_says_where_every_value_came_from() {
    let file = parse(FULL_FILE);
    let settings = file.explain("phase5");
    let at = |key: &str| {
        let s = settings
            .iter()
            .find(|s| s.key == key)
            .unwrap_or_else(|| panic!("no {key} in {settings:#?}"));
        (file::show_value(&s.value), s.source)
    };
    let line = |line| Source::File { line };
    assert_eq!(at("axes"), ("[\"api\", \"wire\"]".into(), line(15)));
    assert_eq!(at("wire_direction"), ("\"full\"".into(), line(14)));
    assert_eq!(at("wire_format"), ("\"positional\"".into(), line(4)));
    assert_eq!(
        at("overrides.field_order_changed"),
        ("\"breaking\"".into(), line(16))
    );
    assert_eq!(
        at("overrides.trait_implementor_added"),
        ("\"breaking\"".into(), line(8))
    );
    assert_eq!(at("directive.ship_line").1, line(18));
    assert_eq!(at("directive.record").1, line(11));
    assert_eq!(at("directive.reference").1, line(19));
    let empty = file::PolicyFile::default().explain("s");
    let reference = empty
        .iter()
        .find(|s| s.key == "directive.reference")
        .unwrap();
    assert_eq!(file::show_value(&reference.value), "(none)");
    assert_eq!(reference.source, Source::Default);
    let title = empty.iter().find(|s| s.key == "directive.title").unwrap();
    assert_eq!(
        title.value.as_str(),
        Some("S CONTRACT SNAPSHOT MISMATCH — BREAKING CHANGE DETECTED")
    );
}

/// Policies to write and read back: every direction, format and axis set, with and
/// without overrides and directive words (including text that needs escaping).
fn policies() -> Vec<Policy> {
    let mut out = Vec::new();
    let axes = [
        vec![Axis::Api, Axis::Wire],
        vec![Axis::Api],
        vec![Axis::Wire],
        vec![],
    ];
    for (i, direction) in WireDirection::ALL.into_iter().enumerate() {
        for format in WireFormat::ALL {
            for (j, axes) in axes.iter().enumerate() {
                let mut p = Policy {
                    axes: axes.clone(),
                    wire_direction: direction,
                    wire_format: format,
                    ..Policy::default()
                };
                if (i + j) % 2 == 0 {
                    p.overrides.insert(DeltaKind::VariantAdded, Class::Additive);
                    p.overrides
                        .insert(DeltaKind::FieldOrderChanged, Class::Breaking);
                }
                if j == 1 {
                    p.directive.title = Some("TITLE \"quoted\" \\ back\tslash — ünïcode".into());
                    p.directive.record = Some("Amend docs/adr/ to record the break".into());
                    p.directive.reference = Some("See ADR-0001 §Consequences row 2.".into());
                }
                if j == 2 {
                    p.directive.ship_line = Some("Cannot ship.\nReally.".into());
                }
                p.doc_hidden_is_api = (i + j) % 3 == 0;
                out.push(p);
            }
        }
    }
    out
}

#[test]
fn what_render_set_writes_reads_back_to_the_same_policy() {
    let mut all = String::new();
    for (i, policy) in policies().into_iter().enumerate() {
        let set = format!("set-{i}");
        let table = file::render_set(&set, &policy);
        let back = parse(&table).policy(&set);
        assert_eq!(back, policy, "\n{table}");
        all.push_str(&table);
        all.push('\n');
    }
    // All of them in one file, each set its own.
    let file = parse(&all);
    for (i, policy) in policies().into_iter().enumerate() {
        assert_eq!(file.policy(&format!("set-{i}")), policy);
    }
    assert_eq!(
        file::render_set("s", &Policy::default()),
        "",
        "nothing to say"
    );
}

// ---- one test per validation error -------------------------------------------------

#[test]
fn toml_syntax_errors_have_their_line_and_column() {
    let e = refused(
        "axes = [\"api\"]\nwire_direction = \"full\n",
        2,
        "",
        "not valid TOML",
    );
    assert!(e.column > 1, "{e:?}");
    assert!(e
        .located("contract-pin.toml")
        .starts_with("contract-pin.toml:2:"));
}

#[test]
fn an_unknown_top_level_key_is_an_error_with_a_suggestion() {
    let e = refused(
        "axes = [\"api\"]\nwire_directon = \"full\"\n",
        2,
        "wire_directon",
        "unknown key (did you mean `wire_direction`?)",
    );
    assert!(e.message.contains("`set`"), "lists the keys: {e}");
    refused("[sets.phase5]\n", 1, "sets", "did you mean `set`?");
}

#[test]
fn an_unknown_key_in_a_set_is_an_error() {
    refused(
        "[set.phase5]\nwire_direction = \"full\"\nwire_fromat = \"positional\"\n",
        3,
        "set.phase5.wire_fromat",
        "did you mean `wire_format`?",
    );
    // `set` keys are not nested sets.
    refused(
        "[set.a.set.b]\n",
        1,
        "set.a.set",
        "a set's key here is one of",
    );
}

#[test]
fn an_unknown_directive_key_is_an_error() {
    refused(
        "[directive]\nadr_dir = \"docs/adr/\"\n",
        2,
        "directive.adr_dir",
        "a directive's key here is one of `title`, `ship_line`, `record`, `reference`",
    );
}

#[test]
fn an_empty_directive_word_is_an_error() {
    refused(
        "[set.s.directive]\ntitle = \"  \"\n",
        2,
        "set.s.directive.title",
        "is empty",
    );
    refused("directive = 1\n", 1, "directive", "must be a table");
    refused(
        "[directive]\ntitle = 1\n",
        2,
        "directive.title",
        "must be a string",
    );
}

#[test]
fn an_unknown_wire_direction_is_an_error() {
    refused(
        "[set.s]\nwire_direction = \"both\"\n",
        2,
        "set.s.wire_direction",
        "unknown wire direction `both`: one of `backward`, `forward` or `full`",
    );
    refused(
        "wire_direction = true\n",
        1,
        "wire_direction",
        "must be one of `backward`, `forward` or `full`, not a boolean",
    );
}

#[test]
fn an_unknown_wire_format_is_an_error() {
    refused(
        "wire_format = \"bincode\"\n",
        1,
        "wire_format",
        "unknown wire format `bincode`: one of `self_describing` or `positional`",
    );
}

#[test]
fn doc_hidden_is_api_is_a_boolean_per_set() {
    let file = parse("doc_hidden_is_api = true\n[set.macros]\ndoc_hidden_is_api = false\n");
    assert!(file.policy("other").doc_hidden_is_api);
    assert!(!file.policy("macros").doc_hidden_is_api);
    assert!(!parse("").policy("other").doc_hidden_is_api);
    refused(
        "[set.api]\ndoc_hidden_is_api = \"yes\"\n",
        2,
        "set.api.doc_hidden_is_api",
        "must be `true` or `false`, not a string",
    );
}

#[test]
fn public_api_is_a_boolean_of_a_set_table_only() {
    let file =
        parse("[set.api]\npublic_api = true\n[set.pinned]\npublic_api = false\n[set.other]\n");
    assert!(file.public_api("api"));
    assert!(!file.public_api("pinned"));
    assert!(!file.public_api("other"));
    assert!(!file.public_api("absent"));
    let sets: Vec<(&str, usize)> = file.public_api_sets().collect();
    assert_eq!(sets, [("api", 2)]);
    let explained = file.explain("api");
    let public = explained.iter().find(|s| s.key == "public_api").unwrap();
    assert_eq!(public.value, contract_core::json::Value::Bool(true));
    assert_eq!(public.source, Source::File { line: 2 });
    assert!(file.explain("other").iter().all(|s| s.key != "public_api"));
    // What a set is cannot be said for every set at once.
    refused(
        "public_api = true\n",
        1,
        "public_api",
        "belongs in a `[set.NAME]` table",
    );
    refused(
        "[set.api]\npublic_api = \"yes\"\n",
        2,
        "set.api.public_api",
        "must be `true` or `false`, not a string",
    );
    refused(
        "[set.api]\npublic_apis = true\n",
        2,
        "set.api.public_apis",
        "did you mean `public_api`?",
    );
}

#[test]
fn wire_vouched_is_a_list_of_a_set_table_only() {
    let file = parse("[set.api]\nwire_vouched = [\"schema::Kind\", \"Level\"]\n[set.other]\n");
    assert_eq!(
        file.policy("api").wire_vouched,
        ["Level".to_owned(), "schema::Kind".to_owned()].into()
    );
    assert!(file.policy("other").wire_vouched.is_empty());
    let (names, line) = file.wire_vouched("api").unwrap();
    assert_eq!(
        (names, line),
        (&["schema::Kind".to_owned(), "Level".to_owned()][..], 2)
    );
    let explained = file.explain("api");
    let vouched = explained.iter().find(|s| s.key == "wire_vouched").unwrap();
    assert_eq!(vouched.source, Source::File { line: 2 });
    assert!(file
        .explain("other")
        .iter()
        .all(|s| s.key != "wire_vouched"));
    // What `render_set` writes reads back.
    let table = file::render_set("api", &file.policy("api"));
    assert_eq!(parse(&table).policy("api"), file.policy("api"));
    refused(
        "wire_vouched = [\"Kind\"]\n",
        1,
        "wire_vouched",
        "belongs in a `[set.NAME]` table",
    );
    refused(
        "[set.api]\nwire_vouched = \"Kind\"\n",
        2,
        "set.api.wire_vouched",
        "must be a list of the set's type names",
    );
    refused(
        "[set.api]\nwire_vouched = [\"Kind\", 3]\n",
        2,
        "set.api.wire_vouched",
        "must be a type name of the set, not an integer",
    );
    refused(
        "[set.api]\nwire_vouched = [\"Kind\", \"Kind\"]\n",
        2,
        "set.api.wire_vouched",
        "`Kind` is listed twice",
    );
}

#[test]
fn bad_axes_are_errors() {
    refused("axes = \"api\"\n", 1, "axes", "must be a list of axes");
    refused(
        "\naxes = [\"api\", \"serde\"]\n",
        2,
        "axes",
        "unknown axis `serde`",
    );
    refused(
        "axes = [\"api\", \"api\"]\n",
        1,
        "axes",
        "`api` is listed twice",
    );
    refused("axes = [1]\n", 1, "axes", "must be an axis");
}

#[test]
fn a_bad_override_is_an_error() {
    refused(
        "[overrides]\nvariant_add = \"additive\"\n",
        2,
        "overrides.variant_add",
        "not a delta kind (did you mean `variant_added`?)",
    );
    refused(
        "[set.s.overrides]\nvariant_added = \"fine\"\n",
        2,
        "set.s.overrides.variant_added",
        "unknown class `fine`: `additive` or `breaking`",
    );
    refused(
        "overrides = [\"variant_added\"]\n",
        1,
        "overrides",
        "must be a table of delta kinds",
    );
}

#[test]
fn a_bad_set_name_is_an_error() {
    refused(
        "[set.\"Billing API\"]\nwire_direction = \"full\"\n",
        1,
        "set.Billing API",
        "not a contract set name",
    );
    refused("set = 1\n", 1, "set", "must be a table of sets");
    refused(
        "[set]\ns = 1\n",
        2,
        "set.s",
        "must be a table of settings, not an integer",
    );
}

#[test]
fn sets_that_share_an_update_variable_are_an_error_at_the_second() {
    let e = refused(
        "[set.a_b]\n\n[set.a-b]\nwire_direction = \"full\"\n",
        3,
        "set.a-b",
        "sets `a_b` and `a-b` both map to the update variable A_B_CONTRACT_UPDATE_GOLDEN",
    );
    assert!(e.message.contains("rename one"), "{e}");
}

#[test]
fn the_first_error_in_the_file_is_reported() {
    // Tables are read in key order, errors are reported in line order.
    let e = error("zzz = 1\n[set.a]\nwire_direction = \"x\"\n");
    assert_eq!((e.line, e.key.as_str()), (1, "zzz"), "{e}");
}

// ---- finding the file ---------------------------------------------------------------

/// The roots a manifest names for its targets, the library's first; none where it
/// names none (cargo's layout applies) or does not parse.
#[test]
fn a_manifest_s_target_roots_are_read() {
    let manifest = "[package]\nname = \"fnv\"\n\n[lib]\npath = \"lib.rs\"\n\n\
                    [[bin]]\nname = \"tool\"\npath = \"tools/main.rs\"\n\n[[bin]]\nname = \"plain\"\n";
    assert_eq!(file::target_roots(manifest), ["lib.rs", "tools/main.rs"]);
    assert!(file::target_roots("[package]\nname = \"x\"\n").is_empty());
    assert!(file::target_roots("[lib\n").is_empty());
}

/// `workspace_root` over an in-memory tree of manifests.
fn root_of(manifests: &[(&str, &str)], package: &str) -> PathBuf {
    let files: BTreeMap<PathBuf, String> = manifests
        .iter()
        .map(|(dir, text)| (Path::new(dir).join("Cargo.toml"), (*text).to_owned()))
        .collect();
    file::workspace_root(Path::new(package), |p| files.get(p).cloned())
}

#[test]
fn the_file_is_found_at_the_workspace_root_as_cargo_finds_it() {
    let member = "[package]\nname = \"app\"\n";
    let root = "[workspace]\nmembers = [\"crates/*\"]\n";
    // A member: the nearest ancestor with `[workspace]`.
    assert_eq!(
        root_of(
            &[("/ws", root), ("/ws/crates/app", member)],
            "/ws/crates/app"
        ),
        Path::new("/ws")
    );
    // `[workspace.package]` alone makes a root too.
    assert_eq!(
        root_of(
            &[
                ("/ws", "[workspace.package]\nversion = \"1.0.0\"\n"),
                ("/ws/app", member)
            ],
            "/ws/app"
        ),
        Path::new("/ws")
    );
    // The root package itself, and a package alone.
    assert_eq!(
        root_of(&[("/ws", "[workspace]\n[package]\nname = \"x\"\n")], "/ws"),
        Path::new("/ws")
    );
    assert_eq!(root_of(&[("/lone", member)], "/lone"), Path::new("/lone"));
    // `package.workspace` names the root.
    assert_eq!(
        root_of(
            &[
                ("/far/ws", root),
                (
                    "/elsewhere/app",
                    "[package]\nworkspace = \"../../far/ws\"\n"
                )
            ],
            "/elsewhere/app"
        ),
        Path::new("/far/ws")
    );
    // An ancestor that excludes the package is not its workspace (the repository's
    // `fuzz` crate): the search goes on, up to the package itself.
    let excluding = "[workspace]\nmembers = [\"core\"]\nexclude = [\"fuzz\"]\n";
    assert_eq!(
        root_of(&[("/ws", excluding), ("/ws/fuzz", member)], "/ws/fuzz"),
        Path::new("/ws/fuzz")
    );
    assert_eq!(
        root_of(&[("/ws", excluding), ("/ws/core", member)], "/ws/core"),
        Path::new("/ws")
    );
    // A nested workspace (trybuild's generated project) is its own root.
    assert_eq!(
        root_of(
            &[
                ("/ws", root),
                ("/ws/target/tests/trybuild/x", "[package]\n[workspace]\n")
            ],
            "/ws/target/tests/trybuild/x"
        ),
        Path::new("/ws/target/tests/trybuild/x")
    );
}

#[test]
fn this_repositorys_root_is_found_from_every_member() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let read = |p: &Path| std::fs::read_to_string(p).ok();
    for member in [
        "contract-core",
        "contract-macros",
        "contract-cli",
        "workspace-example",
        ".",
    ] {
        let dir = repo.join(member);
        assert_eq!(file::workspace_root(&dir, read), repo.join("."), "{member}");
    }
}

/// Every `toml` example of the README and the guide that is a policy file (not a
/// `Cargo.toml` or a cargo config) reads, and this repository's own file reads.
#[test]
fn the_documented_policy_files_read() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut read = 0;
    for doc in ["README.md", "docs/GUIDE.md"] {
        let text = std::fs::read_to_string(repo.join(doc)).unwrap();
        for block in text.split("```toml\n").skip(1) {
            let block = block.split("```").next().unwrap();
            let cargo = [
                "[package]",
                "[dependencies]",
                "[dev-dependencies]",
                "[workspace]",
                "[env]",
            ];
            if cargo.iter().any(|table| block.contains(table)) {
                continue; // a Cargo.toml or a .cargo/config.toml
            }
            if let Err(e) = file::parse(block) {
                panic!("{doc}: {}\n{block}", e.located("example"));
            }
            read += 1;
        }
    }
    assert!(read >= 2, "the docs show a policy file");
    let own = std::fs::read_to_string(repo.join(file::FILE_NAME)).unwrap();
    let own = parse(&own);
    assert_eq!(own.policy("phase5").wire_direction, WireDirection::Full);
    assert_eq!(own.policy("phase6"), Policy::default());
}

#[test]
fn every_error_of_the_file_is_reported_at_once_in_file_order() {
    let text = "[set.api]\nwire_formt = \"positional\"\naxes = [\"apii\"]\n\n[set.b]\nwire_direction = \"ful\"\n";
    let e = refused(text, 2, "set.api.wire_formt", "did you mean `wire_format`?");
    let lines: Vec<(usize, &str)> = e.more.iter().map(|m| (m.line, m.key.as_str())).collect();
    assert_eq!(
        lines,
        [(3, "set.api.axes"), (6, "set.b.wire_direction")],
        "{e:?}"
    );
    let located = e.located("contract-pin.toml");
    let starts: Vec<&str> = located
        .lines()
        .map(|l| &l[..l.find(": ").unwrap()])
        .collect();
    assert_eq!(
        starts,
        [
            "contract-pin.toml:2:1",
            "contract-pin.toml:3:9",
            "contract-pin.toml:6:18"
        ],
        "{located}"
    );
    // One error: nothing more.
    assert!(error("[set.api]\nwire_direction = \"ful\"\n")
        .more
        .is_empty());
}
