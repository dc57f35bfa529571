//! The item's own source file, read by the macro: the imports around the item, and
//! the attributes written above its contract attribute. Read once per file per
//! compiler process, by the byte scanner of `FileScopes` (no syntax tree of the file:
//! one parsed inside a proc macro holds the compiler's spans, and a macro expanding
//! every pinned item of a crate cannot afford to parse each file). The CLI reads the
//! same file with the same `FileScopes`, so both resolve type paths alike.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use contract_core::syntax::order::{self, Found};
use contract_core::syntax::scope::{item_name, item_position, name_span, FileScopes};
use contract_core::syntax::Scope;

use crate::names;

/// One source file as read: its text, where each line starts, and its scopes.
struct Read {
    text: String,
    line_starts: Vec<usize>,
    scopes: FileScopes,
    /// The module the file is by the usual layout: worked out once per file, as
    /// every pinned item of it asks.
    layout: OnceLock<Option<Arc<str>>>,
}

/// What one expansion learns from its item's source file.
pub struct Around {
    /// The imports of the item's module (empty: paths compared as written).
    pub scope: Scope,
    /// What is written above the contract attribute.
    pub order: Found,
    /// The file and the inline modules around the item there (outermost first).
    pub place: Option<Place>,
}

/// Where an item is: its file, and the inline modules around it there.
pub struct Place {
    /// The file (absolute).
    pub file: PathBuf,
    /// The inline modules around the item in it, outermost first.
    pub inline: Vec<String>,
    /// The file's module by the usual layout (see [`names::module_by_layout`]).
    layout: Option<Arc<str>>,
}

impl Place {
    /// Whether `module` is the item's module by the usual layout (`#[path]` is not
    /// read: a wrong guess only means reading the crate's names).
    pub fn by_layout_is(&self, module: &str) -> bool {
        let Some(mut rest) = self.layout.as_deref().and_then(|l| module.strip_prefix(l)) else {
            return false;
        };
        for name in &self.inline {
            match rest
                .strip_prefix("::")
                .and_then(|r| r.strip_prefix(name.as_str()))
            {
                Some(r) => rest = r,
                None => return false,
            }
        }
        rest.is_empty()
    }
}

type Cache = HashMap<PathBuf, ((u64, Option<SystemTime>), Arc<Read>)>;

fn cache() -> &'static Mutex<Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    CACHE.get_or_init(Mutex::default)
}

/// The scope of the module `item` is in, and what is written above its contract
/// attribute (the call site). The empty scope (paths compared as written) and nothing
/// known of the attributes when its source cannot be read, or the item is not where
/// the compiler says (a macro generated it).
pub fn around(item: &syn::Item) -> Around {
    let unknown = || Around {
        scope: Scope::default(),
        order: Found::Unknown,
        place: None,
    };
    let Some(file) = name_span(item).unwrap().local_file() else {
        return unknown();
    };
    let Some(file) = absolute(file) else {
        return unknown();
    };
    let Some(read) = read(file.clone()) else {
        return unknown();
    };
    let (line, column) = item_position(item);
    // The item's name must be at that place of this file: a macro-generated item
    // points elsewhere.
    let here = item_name(item).is_some_and(|name| {
        read.line_starts
            .get(line.saturating_sub(1))
            .and_then(|&start| {
                let text = &read.text[start..];
                let line = text.split('\n').next().unwrap_or_default();
                let at = line.char_indices().nth(column)?.0;
                Some(line[at..].starts_with(name.trim_start_matches("r#")))
            })
            .unwrap_or(false)
    });
    if !here {
        return unknown();
    }
    let scope = read.scopes.at((line, column)).clone();
    let call_site = proc_macro2::Span::call_site().start();
    let order = match read
        .scopes
        .attribute_run((call_site.line, call_site.column))
    {
        Some(run) => order::above(&read.text, &run, &scope),
        None => Found::Unknown,
    };
    let inline = read
        .scopes
        .module_path((line, column))
        .iter()
        .map(|(name, _)| name.clone())
        .collect();
    let layout = read
        .layout
        .get_or_init(|| names::module_by_layout(&file).map(Arc::from))
        .clone();
    Around {
        scope,
        order,
        place: Some(Place {
            file,
            inline,
            layout,
        }),
    }
}

fn absolute(path: PathBuf) -> Option<PathBuf> {
    if path.is_relative() {
        Some(std::env::current_dir().ok()?.join(path))
    } else {
        Some(path)
    }
}

/// `f` of the text of the file the macro is called from, when the compiler says which
/// it is (read once per compiler process, as for `around`).
pub fn with_call_site_text<T>(f: impl FnOnce(&str) -> T) -> Option<T> {
    let file = proc_macro2::Span::call_site().local_file()?;
    Some(f(&read(file)?.text))
}

fn read(path: PathBuf) -> Option<Arc<Read>> {
    let path = absolute(path)?;
    let meta = std::fs::metadata(&path).ok()?;
    let stamp = (meta.len(), meta.modified().ok());
    let mut cache = cache().lock().unwrap_or_else(|p| p.into_inner());
    if let Some((seen, scopes)) = cache.get(&path) {
        if *seen == stamp {
            return Some(scopes.clone());
        }
    }
    let text = std::fs::read_to_string(&path).ok()?;
    let line_starts = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let scopes = FileScopes::of_file(&text);
    let entry = Arc::new(Read {
        text,
        line_starts,
        scopes,
        layout: OnceLock::new(),
    });
    cache.insert(path, (stamp, entry.clone()));
    Some(entry)
}
