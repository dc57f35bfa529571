//! `contract-pin policy`: the effective policy of every set, and where each value
//! comes from (the default, or the policy file's line). The text form is TOML, the
//! same keys the policy file takes, with the source as a comment on each line;
//! `--format json` gives the same as one object.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use anstream::print;
use contract_core::policy::file::{self, Setting, Source};
use serde_json::{json, Value};

use crate::exit::Exit;
use crate::term::Paint;
use crate::words;
use contract_scan::model::{Filter, Model};

/// Output formats of `policy`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// TOML with the source of each value as a comment.
    #[default]
    Text,
    /// One JSON object.
    Json,
}

/// One set to show: the packages that pin it.
struct Shown {
    packages: Vec<String>,
}

/// `contract-pin policy`.
pub fn run(model: &Model, filter: &Filter, format: Format, paint: Paint) -> Exit {
    let sets = sets(model, filter);
    match format {
        Format::Text => print!("{}", text(model, &sets, paint)),
        Format::Json => print!("{}", json(model, &sets)),
    }
    Exit::Match
}

/// The sets pinned in the selected packages, and those the policy file configures
/// (unless `-p` narrows the view to packages).
fn sets(model: &Model, filter: &Filter) -> BTreeMap<String, Shown> {
    let mut out: BTreeMap<String, Shown> = BTreeMap::new();
    let mut pin = |set: &str, package: &str| {
        let entry = out.entry(set.to_owned()).or_insert(Shown {
            packages: Vec::new(),
        });
        if !entry.packages.iter().any(|p| p == package) {
            entry.packages.push(package.to_owned());
        }
    };
    for unit in &model.units {
        pin(&unit.set, &unit.package_name);
    }
    for (package, scan) in model.workspace.packages.iter().zip(&model.scans) {
        for (set, _) in &scan.elsewhere {
            if filter.set(set) {
                pin(set, &package.name);
            }
        }
    }
    for (set, _) in model.policy.file.sets() {
        if filter.set(set) && filter.packages.is_empty() {
            out.entry(set.to_owned()).or_insert(Shown {
                packages: Vec::new(),
            });
        }
    }
    out
}

fn source(model: &Model, source: Source) -> String {
    match source {
        Source::Default => "default".to_owned(),
        Source::File { line } => format!("{}:{line}", model.policy.shown),
    }
}

fn text(model: &Model, sets: &BTreeMap<String, Shown>, paint: Paint) -> String {
    let mut out = String::new();
    let loaded = &model.policy;
    let _ = writeln!(
        out,
        "{}",
        paint.dim(&words::policy_file_heading(
            &loaded.shown,
            &model.workspace.root.display(),
            loaded.exists
        ))
    );
    if sets.is_empty() {
        let _ = writeln!(out, "{}", words::NO_SETS);
    }
    for (set, shown) in sets {
        let pinned = if shown.packages.is_empty() {
            "pinned by no package: a typo, or a retired set?".to_owned()
        } else {
            format!("pinned by {}", shown.packages.join(", "))
        };
        let _ = writeln!(
            out,
            "\n{}  {}",
            paint.bold(&format!("[set.{set}]")),
            paint.dim(&format!("# {pinned}"))
        );
        for setting in loaded.file.explain(set) {
            let from = source(model, setting.source);
            let line = match &setting.value {
                contract_core::json::Value::Null => format!("# {}: none", setting.key),
                value => format!("{} = {}", setting.key, file::show_value(value)),
            };
            let from = if setting.source == Source::Default {
                paint.dim(&format!("# {from}"))
            } else {
                paint.green(&format!("# {from}"))
            };
            let _ = writeln!(out, "{line}  {from}");
        }
    }
    out
}

fn json(model: &Model, sets: &BTreeMap<String, Shown>) -> String {
    let loaded = &model.policy;
    let sets: Vec<Value> = sets
        .iter()
        .map(|(set, shown)| {
            let settings: Vec<Value> = loaded
                .file
                .explain(set)
                .into_iter()
                .map(
                    |Setting {
                         key,
                         value,
                         source: from,
                     }| {
                        json!({"key": key, "value": value, "source": source(model, from)})
                    },
                )
                .collect();
            json!({
                "set": set,
                "packages": shown.packages,
                "settings": settings,
            })
        })
        .collect();
    let value = json!({
        "policy_file": {"path": loaded.shown, "exists": loaded.exists},
        "sets": sets,
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}
