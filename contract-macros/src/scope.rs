//! The imports around the item being expanded, read from its own source file (the
//! file the compiler says the item's name is in), once per file per compiler
//! process. The CLI reads the same file with the same `FileScopes`, so both resolve
//! type paths alike.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use contract_core::syntax::scope::{item_name, item_position, name_span, FileScopes};
use contract_core::syntax::Scope;

type Cache = HashMap<PathBuf, ((u64, Option<SystemTime>), Arc<(String, FileScopes)>)>;

fn cache() -> &'static Mutex<Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    CACHE.get_or_init(Mutex::default)
}

/// The scope of the module `item` is in; the empty scope (paths compared as
/// written) when its source cannot be read, or the item is not where the compiler
/// says (a macro generated it).
pub fn of_item(item: &syn::Item) -> Scope {
    let Some(file) = name_span(item).unwrap().local_file() else {
        return Scope::default();
    };
    let Some(read) = read(file) else {
        return Scope::default();
    };
    let (text, scopes) = &*read;
    let (line, column) = item_position(item);
    // The item's name must be at that place of this file: a macro-generated item
    // points elsewhere.
    let here = item_name(item).is_some_and(|name| {
        text.lines().nth(line.saturating_sub(1)).is_some_and(|l| {
            l.chars()
                .skip(column)
                .collect::<String>()
                .starts_with(name.trim_start_matches("r#"))
        })
    });
    if !here {
        return Scope::default();
    }
    scopes.at((line, column)).clone()
}

fn read(path: PathBuf) -> Option<Arc<(String, FileScopes)>> {
    let path = if path.is_relative() {
        std::env::current_dir().ok()?.join(path)
    } else {
        path
    };
    let meta = std::fs::metadata(&path).ok()?;
    let stamp = (meta.len(), meta.modified().ok());
    let mut cache = cache().lock().unwrap_or_else(|p| p.into_inner());
    if let Some((seen, scopes)) = cache.get(&path) {
        if *seen == stamp {
            return Some(scopes.clone());
        }
    }
    let text = std::fs::read_to_string(&path).ok()?;
    let scopes = FileScopes::of_file(&text);
    let entry = Arc::new((text, scopes));
    cache.insert(path, (stamp, entry.clone()));
    Some(entry)
}
