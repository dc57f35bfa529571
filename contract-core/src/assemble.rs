//! Merging registered fragments into symbols.

use std::collections::BTreeMap;
use std::fmt;

use crate::shape::{Fragment, Symbol};

/// One registration, as the harness or the CLI found it.
#[derive(Clone, Debug)]
pub struct Registered {
    /// Symbol name.
    pub name: String,
    /// `module_path!()` of the attribute's expansion site.
    pub module: String,
    /// What it contributes.
    pub fragment: Fragment,
}

/// Two registrations that cannot share a symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The symbol name.
    pub name: String,
    /// Where the first one is (`module` and what it pins).
    pub first: String,
    /// Where the second one is.
    pub second: String,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "two pinned items are named `{}` in one set: {} and {}; give one of them \
             `#[contract(name = \"…\")]` or move it to another set",
            self.name, self.first, self.second
        )
    }
}

/// Merges registrations into symbols by name. Items conflict with items of the same
/// name; methods conflict with methods of the same name on the same symbol;
/// implementors merge.
pub fn assemble(registrations: &[Registered]) -> Result<BTreeMap<String, Symbol>, Vec<Conflict>> {
    let mut sorted: Vec<&Registered> = registrations.iter().collect();
    // inventory's order is unspecified: sort so conflicts are reported stably.
    sorted.sort_by(|a, b| (&a.name, &a.module).cmp(&(&b.name, &b.module)));
    let mut symbols: BTreeMap<String, Symbol> = BTreeMap::new();
    let mut item_sites: BTreeMap<String, String> = BTreeMap::new();
    let mut method_sites: BTreeMap<(String, String), String> = BTreeMap::new();
    let mut conflicts = Vec::new();
    for reg in sorted {
        let symbol = symbols.entry(reg.name.clone()).or_default();
        match &reg.fragment {
            Fragment::Item {
                item,
                unresolved,
                path,
            } => {
                // A public-API set's names are paths from the crate root already
                // (`encode::Encode`, defined in `sqlx::encode`, is `sqlx::encode::Encode`).
                let within = match reg.name.contains("::") {
                    true => reg.module.split("::").next().unwrap_or(&reg.module),
                    false => &reg.module,
                };
                let mut site = format!("{} `{within}::{}`", item.kind_name(), reg.name);
                // Two re-exports under one path differ only by what they name.
                if let crate::ItemShape::Reexport(r) = item {
                    site.push_str(&format!(" of `{}`", r.target));
                }
                if let Some(first) = item_sites.get(&reg.name) {
                    conflicts.push(Conflict {
                        name: reg.name.clone(),
                        first: first.clone(),
                        second: site,
                    });
                    continue;
                }
                item_sites.insert(reg.name.clone(), site);
                symbol.item = Some(item.clone());
                symbol.module = Some(reg.module.clone());
                symbol.path.clone_from(path);
                symbol.unresolved.extend(unresolved.iter().cloned());
            }
            Fragment::Methods {
                methods,
                consts,
                types,
                unresolved,
            } => {
                symbol.unresolved.extend(unresolved.iter().cloned());
                // Associated consts and types merge like methods: one name, one site.
                let assoc = consts
                    .keys()
                    .map(|c| (c, "const"))
                    .chain(types.keys().map(|t| (t, "type")));
                for (item, what) in assoc {
                    let site = format!(
                        "associated {what} `{item}` in an impl block in `{}`",
                        reg.module
                    );
                    let key = (reg.name.clone(), format!("{what} {item}"));
                    if let Some(first) = method_sites.get(&key) {
                        conflicts.push(Conflict {
                            name: format!("{}::{}", reg.name, item),
                            first: first.clone(),
                            second: site,
                        });
                        continue;
                    }
                    method_sites.insert(key, site);
                }
                symbol.consts.extend(consts.clone());
                symbol.types.extend(types.clone());
                for (method, shape) in methods {
                    let site = format!("method `{}` in an impl block in `{}`", method, reg.module);
                    let key = (reg.name.clone(), method.clone());
                    if let Some(first) = method_sites.get(&key) {
                        conflicts.push(Conflict {
                            name: format!("{}::{}", reg.name, method),
                            first: first.clone(),
                            second: site,
                        });
                        continue;
                    }
                    method_sites.insert(key, site);
                    symbol.methods.insert(method.clone(), shape.clone());
                }
            }
            Fragment::Implementor { implementor } => {
                symbol.implementors.insert(implementor.clone());
            }
        }
    }
    if conflicts.is_empty() {
        Ok(symbols)
    } else {
        Err(conflicts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{FnShape, ItemShape, Receiver, Type, Value, ValueItemShape};

    fn item(name: &str, module: &str) -> Registered {
        Registered {
            name: name.to_owned(),
            module: module.to_owned(),
            fragment: ItemShape::Const(ValueItemShape::new(
                Type::named("u8"),
                Value::Expr("1".to_owned()),
            ))
            .into(),
        }
    }

    fn methods(name: &str, module: &str, methods: &[&str]) -> Registered {
        Registered {
            name: name.to_owned(),
            module: module.to_owned(),
            fragment: Fragment::Methods {
                unresolved: Default::default(),
                consts: Default::default(),
                types: Default::default(),
                methods: methods
                    .iter()
                    .map(|m| {
                        let shape = FnShape {
                            receiver: Some(Receiver::Ref {
                                lifetime: None,
                                mutable: false,
                            }),
                            ..FnShape::bare()
                        };
                        (m.to_string(), shape)
                    })
                    .collect(),
            },
        }
    }

    #[test]
    fn impl_blocks_merge_into_their_type_and_implementors_merge() {
        let regs = vec![
            item("Orchestrator", "x::a"),
            methods("Orchestrator", "x::a", &["new", "run"]),
            methods("Orchestrator", "x::b", &["validate"]),
            Registered {
                name: "Transform".to_owned(),
                module: "x".to_owned(),
                fragment: Fragment::Implementor {
                    implementor: crate::shape::Implementor::of(Type::named("Bump")),
                },
            },
        ];
        let symbols = assemble(&regs).unwrap();
        let orchestrator = &symbols["Orchestrator"];
        assert_eq!(orchestrator.module.as_deref(), Some("x::a"));
        assert_eq!(
            orchestrator.methods.keys().collect::<Vec<_>>(),
            ["new", "run", "validate"]
        );
        assert_eq!(symbols["Transform"].kind_name(), "implementors");
    }

    #[test]
    fn two_items_with_one_name_conflict_naming_both() {
        let err = assemble(&[item("Id", "x::b"), item("Id", "x::a")]).unwrap_err();
        assert_eq!(err.len(), 1);
        let message = err[0].to_string();
        assert!(
            message.contains("`x::a::Id`") && message.contains("`x::b::Id`"),
            "{message}"
        );
        // A path from the crate root is not joined to its module again.
        let err = assemble(&[item("m::Id", "x::m"), item("m::Id", "x::m")]).unwrap_err();
        let message = err[0].to_string();
        assert!(message.contains("`x::m::Id`"), "{message}");
        let err = assemble(&[methods("T", "m", &["f"]), methods("T", "n", &["f"])]).unwrap_err();
        assert_eq!(err[0].name, "T::f");
        // Two re-exports under one path are told apart by what they name (musli 0.2's
        // `de::Decode`, a derive and a trait, once read as two types).
        let reexport = |target: &str| Registered {
            name: "de::Decode".to_owned(),
            module: "m::de".to_owned(),
            fragment: ItemShape::Reexport(crate::shape::ReexportShape {
                target: Type::parse(target).unwrap(),
                hidden: false,
            })
            .into(),
        };
        let err =
            assemble(&[reexport("dep::macros::Decode"), reexport("dep::de::Decode")]).unwrap_err();
        let message = err[0].to_string();
        assert!(
            message.contains("of `dep::macros::Decode`")
                && message.contains("of `dep::de::Decode`"),
            "{message}"
        );
    }
}
