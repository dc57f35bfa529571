//! The environment's say, as pure functions of a lookup (`|name| env::var(name).ok()`
//! in the shells, a map in tests).

/// `CONTRACT_PIN_UPDATE`: rewrite every golden.
pub const UPDATE: &str = "CONTRACT_PIN_UPDATE";
/// `CONTRACT_PIN_REPORT`: path of a JSON report.
pub const REPORT: &str = "CONTRACT_PIN_REPORT";
/// `CONTRACT_PIN_COMPILE_CHECK`: `0` skips the compile-time check.
pub const COMPILE_CHECK: &str = "CONTRACT_PIN_COMPILE_CHECK";
/// `CONTRACT_PIN_GOLDEN_DIR`: root of the goldens.
pub const GOLDEN_DIR: &str = "CONTRACT_PIN_GOLDEN_DIR";
/// `CI`: strict mode.
pub const CI: &str = "CI";

/// What the harness should do with the golden.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Compare only.
    Compare,
    /// Rewrite the golden from the current shapes.
    Update,
    /// An update was requested under CI: compare only, and say so loudly.
    UpdateRefusedInCi {
        /// The variable that asked for the update.
        variable: String,
    },
}

impl Mode {
    /// True when the golden may be written.
    pub fn writes(&self) -> bool {
        matches!(self, Mode::Update)
    }
}

/// A variable with a value we do not accept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnvError {
    /// The variable.
    pub variable: String,
    /// Its value.
    pub value: String,
}

impl std::error::Error for EnvError {}

/// The set-specific update variable: `phase5` → `PHASE5_CONTRACT_UPDATE_GOLDEN`.
pub fn set_update_variable(set: &str) -> String {
    let mut name: String = set
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    name.push_str("_CONTRACT_UPDATE_GOLDEN");
    name
}

/// Two different sets that share one update variable (`a-b` and `a_b` both map to
/// `A_B_CONTRACT_UPDATE_GOLDEN`). Such sets are refused wherever two of them meet (one
/// crate, one test binary, one workspace, one policy file):
/// `A_B_CONTRACT_UPDATE_GOLDEN=1` could not say which golden to rewrite.
/// [`crate::message`] words it (its `Display`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The set met first.
    pub a: String,
    /// The set met second.
    pub b: String,
    /// The variable both map to.
    pub variable: String,
}

/// The clash of sets `a` and `b`; `None` when they do not share an update variable.
pub fn update_variable_clash(a: &str, b: &str) -> Option<Clash> {
    let variable = set_update_variable(a);
    (a != b && variable == set_update_variable(b)).then(|| Clash {
        a: a.to_owned(),
        b: b.to_owned(),
        variable,
    })
}

/// The first pair of `sets` (in order) that share an update variable.
pub fn first_clash<'a>(sets: impl IntoIterator<Item = &'a str>) -> Option<Clash> {
    let mut seen: Vec<&str> = Vec::new();
    for set in sets {
        if let Some(clash) = seen.iter().find_map(|s| update_variable_clash(s, set)) {
            return Some(clash);
        }
        seen.push(set);
    }
    None
}

/// Reads a strict boolean: unset or empty → `None`, `1` → true, `0` → false.
pub fn flag(
    lookup: &impl Fn(&str) -> Option<String>,
    variable: &str,
) -> Result<Option<bool>, EnvError> {
    match lookup(variable).as_deref() {
        None | Some("") => Ok(None),
        Some("1") => Ok(Some(true)),
        Some("0") => Ok(Some(false)),
        Some(other) => Err(EnvError {
            variable: variable.to_owned(),
            value: other.to_owned(),
        }),
    }
}

/// `CI` is set and not `false`, `0` or empty.
pub fn is_ci(lookup: &impl Fn(&str) -> Option<String>) -> bool {
    match lookup(CI) {
        None => false,
        Some(v) => !matches!(v.trim().to_ascii_lowercase().as_str(), "" | "0" | "false"),
    }
}

/// The harness mode for `set`. Both update variables are validated even when one is
/// enough, so a typo in either is reported.
pub fn mode(set: &str, lookup: &impl Fn(&str) -> Option<String>) -> Result<Mode, EnvError> {
    let set_variable = set_update_variable(set);
    let general = flag(lookup, UPDATE)?;
    let specific = flag(lookup, &set_variable)?;
    let requested_by = match (general, specific) {
        (Some(true), _) => Some(UPDATE.to_owned()),
        (_, Some(true)) => Some(set_variable),
        _ => None,
    };
    Ok(match requested_by {
        None => Mode::Compare,
        Some(variable) if is_ci(lookup) => Mode::UpdateRefusedInCi { variable },
        Some(_) => Mode::Update,
    })
}

/// Whether the macro checks items against the golden at compile time: on unless
/// `CONTRACT_PIN_COMPILE_CHECK=0`, and off in update mode (the golden is about to be
/// rewritten).
pub fn compile_check(
    set: &str,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<bool, EnvError> {
    if flag(lookup, COMPILE_CHECK)? == Some(false) {
        return Ok(false);
    }
    Ok(!mode(set, lookup)?.writes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name: &str| map.get(name).cloned()
    }

    #[test]
    fn no_variables_means_compare() {
        assert_eq!(mode("phase5", &env(&[])), Ok(Mode::Compare));
        assert_eq!(
            mode("phase5", &env(&[("PHASE5_CONTRACT_UPDATE_GOLDEN", "0")])),
            Ok(Mode::Compare)
        );
    }

    #[test]
    fn either_update_variable_updates() {
        assert_eq!(
            mode("phase5", &env(&[("CONTRACT_PIN_UPDATE", "1")])),
            Ok(Mode::Update)
        );
        assert_eq!(
            mode("phase5", &env(&[("PHASE5_CONTRACT_UPDATE_GOLDEN", "1")])),
            Ok(Mode::Update)
        );
        // Another set's variable does not update this one.
        assert_eq!(
            mode("phase6", &env(&[("PHASE5_CONTRACT_UPDATE_GOLDEN", "1")])),
            Ok(Mode::Compare)
        );
    }

    #[test]
    fn ci_refuses_updates() {
        for ci in ["true", "1", "yes"] {
            assert_eq!(
                mode(
                    "phase5",
                    &env(&[("CI", ci), ("PHASE5_CONTRACT_UPDATE_GOLDEN", "1")])
                ),
                Ok(Mode::UpdateRefusedInCi {
                    variable: "PHASE5_CONTRACT_UPDATE_GOLDEN".to_owned()
                })
            );
        }
        for not_ci in ["false", "0", ""] {
            assert_eq!(
                mode(
                    "phase5",
                    &env(&[("CI", not_ci), ("CONTRACT_PIN_UPDATE", "1")])
                ),
                Ok(Mode::Update)
            );
        }
    }

    #[test]
    fn values_other_than_0_and_1_are_errors() {
        let err = mode("phase5", &env(&[("CONTRACT_PIN_UPDATE", "yes")])).unwrap_err();
        assert_eq!(err.variable, "CONTRACT_PIN_UPDATE");
        assert!(err.to_string().contains("use 1 (on) or 0 (off)"));
        assert!(mode("phase5", &env(&[("PHASE5_CONTRACT_UPDATE_GOLDEN", "true")])).is_err());
    }

    #[test]
    fn set_variable_names() {
        assert_eq!(
            set_update_variable("phase5"),
            "PHASE5_CONTRACT_UPDATE_GOLDEN"
        );
        assert_eq!(
            set_update_variable("my-api"),
            "MY_API_CONTRACT_UPDATE_GOLDEN"
        );
    }

    #[test]
    fn sets_sharing_an_update_variable_clash() {
        let clash = update_variable_clash("a-b", "a_b").unwrap().to_string();
        assert!(clash.contains("`a-b` and `a_b`"), "{clash}");
        assert!(clash.contains("A_B_CONTRACT_UPDATE_GOLDEN"), "{clash}");
        assert!(!clash.contains("  "), "one space between words: {clash}");
        assert_eq!(update_variable_clash("a-b", "a-b"), None, "one set");
        assert_eq!(update_variable_clash("a-b", "a-c"), None);
        assert_eq!(first_clash(["x", "a_b", "y"]), None);
        assert!(first_clash(["x", "a_b", "y", "a-b"])
            .unwrap()
            .to_string()
            .contains("`a_b` and `a-b`"));
    }

    #[test]
    fn compile_check_is_off_when_disabled_or_updating() {
        assert_eq!(compile_check("s", &env(&[])), Ok(true));
        assert_eq!(
            compile_check("s", &env(&[("CONTRACT_PIN_COMPILE_CHECK", "0")])),
            Ok(false)
        );
        assert_eq!(
            compile_check("s", &env(&[("CONTRACT_PIN_UPDATE", "1")])),
            Ok(false)
        );
        assert!(compile_check("s", &env(&[("CONTRACT_PIN_COMPILE_CHECK", "no")])).is_err());
    }
}
