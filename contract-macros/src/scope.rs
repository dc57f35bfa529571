//! The item's own source file, read by the macro: the imports around the item, and
//! the attributes written above its contract attribute. Once per file per compiler
//! process. Nothing parsed is kept: a syntax tree parsed inside a proc macro holds
//! the compiler's spans, which must not outlive the expansion (dropping them later
//! crashes the compiler), so only what was read from it is. The CLI reads the same
//! file with the same `FileScopes`, so both resolve type paths alike.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use contract_core::syntax::order::{Found, Index};
use contract_core::syntax::scope::{item_line, item_name, name_span, FileScopes};
use contract_core::syntax::Scope;

/// What the macro keeps of a source file.
struct Source {
    text: String,
    scopes: FileScopes,
    /// `None` when the file does not parse.
    index: Option<Index>,
}

type Cache = HashMap<PathBuf, ((u64, Option<SystemTime>), Arc<Source>)>;

fn cache() -> &'static Mutex<Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    CACHE.get_or_init(Mutex::default)
}

/// The scope of the module `item` is in; the empty scope (paths compared as
/// written) when its source cannot be read, or the item is not where the compiler
/// says (a macro generated it).
pub fn of_item(item: &syn::Item) -> Scope {
    match located(item) {
        Some((source, line)) => source.scopes.at(line).clone(),
        None => Scope::default(),
    }
}

/// What is written above the contract attribute of `item` (the attribute this
/// expansion is for: the call site).
pub fn attribute_order(item: &syn::Item) -> Found {
    let Some((source, line)) = located(item) else {
        return Found::Unknown;
    };
    let Some(index) = &source.index else {
        return Found::Unknown;
    };
    let contract_line = proc_macro2::Span::call_site().start().line;
    index.find(
        &source.text,
        source.scopes.module_path(line),
        item,
        contract_line,
    )
}

/// The source of `item` and the line of its name, when the item is where the
/// compiler says it is.
fn located(item: &syn::Item) -> Option<(Arc<Source>, usize)> {
    let file = name_span(item).unwrap().local_file()?;
    let source = read(file)?;
    let line = item_line(item);
    // The item's name must be on that line of this file: a macro-generated item
    // points elsewhere.
    let here = item_name(item).is_some_and(|name| {
        source
            .text
            .lines()
            .nth(line.saturating_sub(1))
            .is_some_and(|l| l.contains(&name))
    });
    here.then_some((source, line))
}

fn read(path: PathBuf) -> Option<Arc<Source>> {
    let path = if path.is_relative() {
        std::env::current_dir().ok()?.join(path)
    } else {
        path
    };
    let meta = std::fs::metadata(&path).ok()?;
    let stamp = (meta.len(), meta.modified().ok());
    let mut cache = cache().lock().unwrap_or_else(|p| p.into_inner());
    if let Some((seen, source)) = cache.get(&path) {
        if *seen == stamp {
            return Some(source.clone());
        }
    }
    let text = std::fs::read_to_string(&path).ok()?;
    // Parsed, read, and dropped within this expansion.
    let (scopes, index) = match syn::parse_file(&text) {
        Ok(file) => (FileScopes::of_parsed(&text, &file), Some(Index::of(&file))),
        Err(_) => (FileScopes::default(), None),
    };
    let source = Arc::new(Source {
        text,
        scopes,
        index,
    });
    cache.insert(path, (stamp, source.clone()));
    Some(source)
}
