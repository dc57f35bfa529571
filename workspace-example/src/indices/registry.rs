//! Which indices the probe checks, and how: freshness checks keyed by [`IndexName`].
//!
//! The process has one default registry (holding the built-in `scip` check). Code
//! changes it with [`register`] / [`unregister`]. Tests change it only inside a
//! [`ScopedRegistry`]: the guard snapshots the registry on entry, every change made
//! while it lives (through the guard or through [`register`] / [`unregister`]) lands
//! in that snapshot, and dropping the guard — also while unwinding from a failed
//! assertion — restores what was there before.
//!
//! The scope belongs to the thread that entered it (the guard is `!Send`). Test
//! harnesses run tests on parallel threads of one process, so a scope that swapped
//! the process-wide registry would leak its changes into whatever test runs at the
//! same time; a per-thread scope cannot.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;
use std::sync::{Arc, LazyLock, PoisonError, RwLock};

use super::freshness::IndexFreshness;
use super::probe::{CheckInput, ProbeError};

/// The name of an index, which is also the stem of its raw slice
/// (`.codegenie/context/raw/<name>.json`): lowercase ASCII letters, digits, `_` and
/// `-`, starting with a letter or digit, so it can never name a path outside that
/// directory.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IndexName(String);

impl IndexName {
    /// Validates `name`.
    pub fn new(name: impl Into<String>) -> Result<IndexName, RegistryError> {
        let name = name.into();
        let mut chars = name.chars();
        let valid = chars
            .next()
            .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
        if valid {
            Ok(IndexName(name))
        } else {
            Err(RegistryError::InvalidName(name))
        }
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for IndexName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Decides the freshness of one index. Closures
/// `Fn(&CheckInput<'_>) -> Result<IndexFreshness, ProbeError>` implement it.
pub trait FreshnessCheck: Send + Sync {
    /// The freshness of `input.index`.
    fn check(&self, input: &CheckInput<'_>) -> Result<IndexFreshness, ProbeError>;
}

impl<F> FreshnessCheck for F
where
    F: Fn(&CheckInput<'_>) -> Result<IndexFreshness, ProbeError> + Send + Sync,
{
    fn check(&self, input: &CheckInput<'_>) -> Result<IndexFreshness, ProbeError> {
        self(input)
    }
}

/// A registry operation that was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegistryError {
    /// The name is not a valid [`IndexName`].
    InvalidName(String),
    /// A check is already registered under the name.
    Duplicate {
        /// The name.
        name: IndexName,
        /// Who registered the existing check.
        existing: &'static str,
        /// Who tried to register another one.
        attempted: &'static str,
    },
}

impl fmt::Display for RegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegistryError::InvalidName(name) => write!(
                f,
                "invalid index name {name:?}: use lowercase ASCII letters, digits, `_` and \
                 `-`, starting with a letter or digit (it is the stem of the raw slice file)"
            ),
            RegistryError::Duplicate {
                name,
                existing,
                attempted,
            } => write!(
                f,
                "a freshness check for index `{name}` is already registered by {existing}; \
                 {attempted} cannot register a second one (unregister the first)"
            ),
        }
    }
}

impl std::error::Error for RegistryError {}

#[derive(Clone)]
struct Registered {
    check: Arc<dyn FreshnessCheck>,
    origin: &'static str,
}

/// Freshness checks by index name, iterated in name order.
#[derive(Clone, Default)]
pub struct FreshnessRegistry {
    checks: BTreeMap<IndexName, Registered>,
}

impl fmt::Debug for FreshnessRegistry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(
                self.checks
                    .iter()
                    .map(|(name, r)| (name.as_str(), r.origin)),
            )
            .finish()
    }
}

impl FreshnessRegistry {
    /// An empty registry.
    pub fn new() -> FreshnessRegistry {
        FreshnessRegistry::default()
    }

    /// The built-in checks: `scip`.
    pub fn builtin() -> FreshnessRegistry {
        let mut registry = FreshnessRegistry::new();
        registry
            .register(
                IndexName::new("scip").expect("`scip` is a valid index name"),
                super::scip::ORIGIN,
                super::scip::scip_freshness,
            )
            .expect("the built-in registry starts empty");
        registry
    }

    /// Registers `check` for `name`; `origin` says who did (shown when two collide).
    pub fn register(
        &mut self,
        name: IndexName,
        origin: &'static str,
        check: impl FreshnessCheck + 'static,
    ) -> Result<(), RegistryError> {
        if let Some(existing) = self.checks.get(&name) {
            return Err(RegistryError::Duplicate {
                name,
                existing: existing.origin,
                attempted: origin,
            });
        }
        let check = Arc::new(check);
        self.checks.insert(name, Registered { check, origin });
        Ok(())
    }

    /// Removes the check for `name`; whether there was one.
    pub fn unregister(&mut self, name: &IndexName) -> bool {
        self.checks.remove(name).is_some()
    }

    /// Removes every check.
    pub fn clear(&mut self) {
        self.checks.clear();
    }

    /// The registered names, in order.
    pub fn names(&self) -> Vec<IndexName> {
        self.checks.keys().cloned().collect()
    }

    /// Who registered the check for `name`.
    pub fn origin(&self, name: &IndexName) -> Option<&'static str> {
        self.checks.get(name).map(|r| r.origin)
    }

    /// Number of checks.
    pub fn len(&self) -> usize {
        self.checks.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.checks.is_empty()
    }

    /// Checks in name order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&IndexName, &dyn FreshnessCheck)> {
        self.checks.iter().map(|(n, r)| (n, &*r.check))
    }
}

static DEFAULT: LazyLock<RwLock<FreshnessRegistry>> =
    LazyLock::new(|| RwLock::new(FreshnessRegistry::builtin()));

thread_local! {
    /// Open scopes of this thread, innermost last.
    static SCOPES: RefCell<Vec<FreshnessRegistry>> = const { RefCell::new(Vec::new()) };
}

/// Applies `f` to the registry in effect on this thread: the innermost open scope, or
/// the process default.
fn with_effective<R>(f: impl FnOnce(&mut FreshnessRegistry) -> R) -> R {
    let mut f = Some(f);
    let scoped = SCOPES.with_borrow_mut(|scopes| {
        scopes
            .last_mut()
            .map(|top| (f.take().expect("called once"))(top))
    });
    match scoped {
        Some(r) => r,
        None => {
            let mut default = DEFAULT.write().unwrap_or_else(PoisonError::into_inner);
            (f.take().expect("called once"))(&mut default)
        }
    }
}

/// A copy of the registry in effect on this thread (what the probe runs).
pub fn current() -> FreshnessRegistry {
    with_effective(|r| r.clone())
}

/// Registers `check` for `name` in the registry in effect on this thread.
pub fn register(
    name: IndexName,
    origin: &'static str,
    check: impl FreshnessCheck + 'static,
) -> Result<(), RegistryError> {
    with_effective(|r| r.register(name, origin, check))
}

/// Unregisters `name` from the registry in effect on this thread.
pub fn unregister(name: &IndexName) -> bool {
    with_effective(|r| r.unregister(name))
}

/// A scope in which this thread's registry may be changed freely: entering snapshots
/// the registry in effect, dropping restores it. Scopes nest; drop them in reverse
/// order of entry (which ordinary scoping does).
#[must_use = "the scope ends (and the registry is restored) when the guard is dropped"]
pub struct ScopedRegistry {
    depth: usize,
    _not_send: PhantomData<*const ()>,
}

impl ScopedRegistry {
    /// Enters a scope starting from a snapshot of the registry in effect.
    pub fn enter() -> ScopedRegistry {
        let snapshot = current();
        let depth = SCOPES.with_borrow_mut(|scopes| {
            scopes.push(snapshot);
            scopes.len()
        });
        ScopedRegistry {
            depth,
            _not_send: PhantomData,
        }
    }

    /// Removes every check (the "clean registry" window).
    pub fn clear(&self) {
        self.with_own(FreshnessRegistry::clear);
    }

    /// Registers `check` for `name` inside this scope.
    pub fn register(
        &self,
        name: IndexName,
        origin: &'static str,
        check: impl FreshnessCheck + 'static,
    ) -> Result<(), RegistryError> {
        self.with_own(|r| r.register(name, origin, check))
    }

    /// Unregisters `name` inside this scope.
    pub fn unregister(&self, name: &IndexName) -> bool {
        self.with_own(|r| r.unregister(name))
    }

    /// The registry of this scope as it is now.
    pub fn snapshot(&self) -> FreshnessRegistry {
        self.with_own(|r| r.clone())
    }

    /// Applies `f` to this scope's registry (not to a scope nested inside it).
    fn with_own<R>(&self, f: impl FnOnce(&mut FreshnessRegistry) -> R) -> R {
        SCOPES.with_borrow_mut(|scopes| {
            let own = scopes
                .get_mut(self.depth - 1)
                .expect("an outer registry scope ended before this one");
            f(own)
        })
    }
}

impl Drop for ScopedRegistry {
    fn drop(&mut self) {
        SCOPES.with_borrow_mut(|scopes| {
            // Restores the state of entry even if an inner guard leaked (mem::forget).
            scopes.truncate(self.depth - 1);
        });
    }
}

impl fmt::Debug for ScopedRegistry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScopedRegistry")
            .field("depth", &self.depth)
            .finish()
    }
}
