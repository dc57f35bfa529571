//! The item mix of the benches as Rust source text, before and after a few percent
//! of edits: std only, so benches of other packages (the CLI's) include it by path.

/// The edit planned for item `i` in the "after" snapshot: 1.4 % of the items change
/// shape (one of each kind), 0.4 % are removed, 0.2 % are renamed and 0.5 % are
/// added at the end.
#[derive(Clone, Copy, PartialEq)]
pub enum Edit {
    None,
    Change,
    Remove,
    Rename,
}

pub fn edit_of(i: usize) -> Edit {
    match i % 500 {
        50 | 153 | 254 | 356 | 409 | 457 | 459 => Edit::Change,
        125 | 375 => Edit::Remove,
        300 => Edit::Rename,
        _ => Edit::None,
    }
}

/// Source text of item `i` (one or two Rust items), as written before or after the
/// edit planned for it.
pub fn item_source(i: usize, after: bool) -> Vec<String> {
    let changed = after && edit_of(i) == Edit::Change;
    let name = if after && edit_of(i) == Edit::Rename {
        format!("Renamed{i}")
    } else {
        format!("Item{i}")
    };
    match i % 10 {
        0..=2 => {
            let count = 5 + i % 8;
            let mut fields = String::new();
            for f in 0..count {
                let ty = match (f + i) % 6 {
                    0 => "u64",
                    1 => "String",
                    2 => "Option<String>",
                    3 => "Vec<u32>",
                    4 => "bool",
                    _ => "std::collections::BTreeMap<String, i64>",
                };
                let ty = if changed && f == 0 { "u128" } else { ty };
                if f % 4 == 1 {
                    fields.push_str("    #[serde(default)]\n");
                }
                fields.push_str(&format!("    pub field_{f}: {ty},\n"));
            }
            if changed {
                fields.push_str("    #[serde(default)]\n    pub added: Option<u32>,\n");
            }
            vec![format!(
                "/// Doc.\n#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]\n\
                 #[serde(rename_all = \"camelCase\")]\npub struct {name} {{\n{fields}}}\n"
            )]
        }
        3 => {
            let extra = if changed {
                "    pub fn clear(&mut self) {}\n"
            } else {
                ""
            };
            vec![
                format!(
                    "#[derive(Clone, Debug, Default)]\n#[non_exhaustive]\n\
                     pub struct {name}<T: Clone = String> where T: Send {{\n\
                     pub items: Vec<T>,\n    pub next: Option<String>,\n    cursor: usize,\n}}\n"
                ),
                format!(
                    "impl<T: Clone + Send> {name}<T> {{\n\
                     pub fn new() -> Self {{ todo!() }}\n\
                     pub fn push(&mut self, item: T) -> &mut Self {{ todo!() }}\n\
                     pub fn get(&self, index: usize) -> Option<&T> {{ todo!() }}\n\
                     fn private(&self) {{}}\n{extra}}}\n"
                ),
            ]
        }
        4 | 5 => {
            let added = if changed { "    Cancelled,\n" } else { "" };
            vec![format!(
                "#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]\n\
                 #[serde(tag = \"type\", rename_all = \"snake_case\")]\npub enum {name} {{\n\
                 Pending,\n    Running {{ progress: u8, #[serde(default)] note: Option<String> }},\n\
                 Done(Box<Vec<u64>>),\n    #[serde(rename = \"failed\")]\n    Failed {{ code: i32 }},\n{added}}}\n"
            )]
        }
        6 => {
            let required = if changed {
                "    fn flush(&mut self) -> std::io::Result<()>;\n"
            } else {
                ""
            };
            vec![format!(
                "pub trait {name}: Send + Sync {{\n    type Output;\n    const LIMIT: usize = 8;\n\
                 fn run(&self, input: &[u8]) -> Result<Self::Output, String>;\n\
                 fn name(&self) -> &str {{ \"x\" }}\n\
                 fn each<F: FnMut(&str)>(&self, f: F) where F: Send;\n{required}}}\n"
            )]
        }
        7 | 8 => {
            let param = if changed { ", strict: bool" } else { "" };
            let lower = name.to_lowercase();
            vec![format!(
                "pub fn {lower}<'a, T: AsRef<str>>(items: &'a [T], limit: usize{param}) -> Vec<&'a str> {{ todo!() }}\n"
            )]
        }
        _ if i % 20 == 9 => {
            let value = if changed { 4 } else { 3 };
            let upper = name.to_uppercase();
            vec![format!("pub const {upper}: u32 = {value};\n")]
        }
        _ => {
            let target = if changed {
                "std::collections::HashMap<String, Vec<u64>>"
            } else {
                "std::collections::BTreeMap<String, Vec<u64>>"
            };
            vec![format!("pub type {name} = {target};\n")]
        }
    }
}
