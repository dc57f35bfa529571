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
    /// Where each line starts in `text`: a line is found without scanning the file.
    line_starts: Vec<usize>,
    scopes: FileScopes,
    /// `None` when the file does not parse.
    index: Option<Index>,
}

impl Source {
    /// The text of 1-based `line`, if the file has it.
    fn line(&self, line: usize) -> Option<&str> {
        let start = *self.line_starts.get(line.checked_sub(1)?)?;
        let end = self
            .line_starts
            .get(line)
            .copied()
            .unwrap_or(self.text.len());
        self.text.get(start..end)
    }
}

/// What one expansion learns from its item's source file.
pub struct Around {
    /// The imports of the item's module (empty: paths compared as written).
    pub scope: Scope,
    /// What is written above the contract attribute.
    pub order: Found,
}

type Cache = HashMap<PathBuf, ((u64, Option<SystemTime>), Arc<Source>)>;

fn cache() -> &'static Mutex<Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    CACHE.get_or_init(Mutex::default)
}

/// The scope of the module `item` is in, and what is written above its contract
/// attribute (the call site). The empty scope (paths compared as written) and nothing
/// known of the attributes when its source cannot be read, or the item is not where
/// the compiler says (a macro generated it).
pub fn around(item: &syn::Item) -> Around {
    let Some((source, line)) = located(item) else {
        return Around {
            scope: Scope::default(),
            order: Found::Unknown,
        };
    };
    let order = match &source.index {
        Some(index) => {
            let contract_line = proc_macro2::Span::call_site().start().line;
            index.find(
                &source.text,
                source.scopes.module_path(line),
                item,
                contract_line,
            )
        }
        None => Found::Unknown,
    };
    Around {
        scope: source.scopes.at(line).clone(),
        order,
    }
}

/// The source of `item` and the line of its name, when the item is where the
/// compiler says it is.
fn located(item: &syn::Item) -> Option<(Arc<Source>, usize)> {
    let file = name_span(item).unwrap().local_file()?;
    let source = read(file)?;
    let line = item_line(item);
    // The item's name must be on that line of this file: a macro-generated item
    // points elsewhere.
    let here =
        item_name(item).is_some_and(|name| source.line(line).is_some_and(|l| l.contains(&name)));
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
    let line_starts = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let source = Arc::new(Source {
        text,
        line_starts,
        scopes,
        index,
    });
    cache.insert(path, (stamp, source.clone()));
    Some(source)
}
