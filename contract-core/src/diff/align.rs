//! The one alignment of old and new members: symbols, fields, variants, variant
//! fields, methods, trait items, wire fields, wire variants, table rows.
//!
//! Members are first paired by their identity (a name, a row's text). What is left on
//! each side is then offered to `matchers`, in order: a matcher pairs a leftover old
//! member with a leftover new one it considers the same thing under another identity
//! (a rename: same type and visibility, a field read under the old wire name, a row at
//! the same position). Whatever is still unpaired was removed or added. Rule families
//! only classify the result.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;

/// A pair of an old and a new member.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    /// Index in the old list.
    pub old: usize,
    /// Index in the new list.
    pub new: usize,
    /// `None`: paired by identity; `Some(k)`: by the `k`-th matcher.
    pub by: Option<usize>,
}

impl Pair {
    /// Paired by identity (same name).
    pub fn same(&self) -> bool {
        self.by.is_none()
    }
}

/// The alignment of two lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Alignment {
    /// Paired members, in old order.
    pub pairs: Vec<Pair>,
    /// Old members with no partner, in old order.
    pub removed: Vec<usize>,
    /// New members with no partner, in new order.
    pub added: Vec<usize>,
}

impl Alignment {
    /// Pairs made by identity.
    pub fn same(&self) -> impl Iterator<Item = &Pair> {
        self.pairs.iter().filter(|p| p.same())
    }

    /// Pairs made by the matcher at `k`.
    pub fn by(&self, k: usize) -> impl Iterator<Item = &Pair> {
        self.pairs.iter().filter(move |p| p.by == Some(k))
    }

    /// True when the members both sides share keep their relative order.
    pub fn order_kept(&self) -> bool {
        let mut by_new: Vec<&Pair> = self.pairs.iter().collect();
        by_new.sort_by_key(|p| p.new);
        by_new.windows(2).all(|w| w[0].old < w[1].old)
    }
}

/// A matcher: is this leftover old member that leftover new one?
pub type Matcher<'m, T> = &'m dyn Fn(&T, &T) -> bool;

/// Aligns `old` with `new`: by `identity` first (each old member takes the first
/// unpaired new member with its identity, so duplicates pair in order), then each
/// matcher in turn on what is left, old members in order taking the first new one
/// the matcher accepts.
pub fn align<'a, T, K: Hash + Eq>(
    old: &'a [T],
    new: &'a [T],
    identity: impl Fn(&'a T) -> K,
    matchers: &[Matcher<'_, T>],
) -> Alignment {
    let mut free: HashMap<K, VecDeque<usize>> = HashMap::with_capacity(new.len());
    for (j, n) in new.iter().enumerate() {
        free.entry(identity(n)).or_default().push_back(j);
    }
    let mut taken = vec![false; new.len()];
    let mut pairs = Vec::new();
    let mut left = Vec::new();
    for (i, o) in old.iter().enumerate() {
        match free.get_mut(&identity(o)).and_then(VecDeque::pop_front) {
            Some(j) => {
                taken[j] = true;
                pairs.push(Pair {
                    old: i,
                    new: j,
                    by: None,
                });
            }
            None => left.push(i),
        }
    }
    for (k, matcher) in matchers.iter().enumerate() {
        left.retain(|&i| {
            let found = (0..new.len()).find(|&j| !taken[j] && matcher(&old[i], &new[j]));
            match found {
                Some(j) => {
                    taken[j] = true;
                    pairs.push(Pair {
                        old: i,
                        new: j,
                        by: Some(k),
                    });
                    false
                }
                None => true,
            }
        });
    }
    pairs.sort_by_key(|p| p.old);
    Alignment {
        pairs,
        removed: left,
        added: (0..new.len()).filter(|&j| !taken[j]).collect(),
    }
}

/// A map's entries in key order, as [`align_maps`] aligns them.
pub type Entries<'a, V> = Vec<(&'a String, &'a V)>;

/// [`align`] of two maps by key (methods, trait items, symbols): the lists are the
/// maps' entries in key order.
pub fn align_maps<'a, V>(
    old: &'a std::collections::BTreeMap<String, V>,
    new: &'a std::collections::BTreeMap<String, V>,
    matchers: &[Matcher<'_, (&'a String, &'a V)>],
) -> (Entries<'a, V>, Entries<'a, V>, Alignment) {
    let old: Vec<(&String, &V)> = old.iter().collect();
    let new: Vec<(&String, &V)> = new.iter().collect();
    let alignment = align(&old, &new, |(name, _)| *name, matchers);
    (old, new, alignment)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str], idx: &[usize]) -> Vec<String> {
        idx.iter().map(|&i| list[i].to_owned()).collect()
    }

    #[test]
    fn identity_first_then_matchers_in_order() {
        // (name, type)
        let old = [("a", 1), ("b", 2), ("c", 3), ("d", 4)];
        let new = [("a", 1), ("x", 2), ("y", 9), ("d", 5)];
        let same_type = |o: &(&str, i32), n: &(&str, i32)| o.1 == n.1;
        let al = align(&old, &new, |f| f.0, &[&same_type]);
        assert_eq!(
            al.pairs,
            vec![
                Pair {
                    old: 0,
                    new: 0,
                    by: None
                },
                Pair {
                    old: 1,
                    new: 1,
                    by: Some(0)
                },
                Pair {
                    old: 3,
                    new: 3,
                    by: None
                },
            ]
        );
        assert_eq!(al.removed, vec![2]);
        assert_eq!(al.added, vec![2]);
    }

    #[test]
    fn duplicates_pair_in_order_and_the_rest_is_added() {
        let old = ["r", "r", "s"];
        let new = ["r", "s", "r", "r"];
        let al = align(&old, &new, |s| *s, &[]);
        assert_eq!(
            al.pairs.iter().map(|p| (p.old, p.new)).collect::<Vec<_>>(),
            [(0, 0), (1, 2), (2, 1)]
        );
        assert_eq!(names(&new, &al.added), ["r"]);
        assert!(al.removed.is_empty());
        assert!(!al.order_kept(), "s moved before the second r");
    }

    #[test]
    fn a_matcher_takes_each_new_member_once() {
        let old = ["a", "b"];
        let new = ["c"];
        let any = |_: &&str, _: &&str| true;
        let al = align(&old, &new, |s| *s, &[&any]);
        assert_eq!(
            al.pairs,
            vec![Pair {
                old: 0,
                new: 0,
                by: Some(0)
            }]
        );
        assert_eq!(al.removed, vec![1]);
        assert!(al.added.is_empty());
    }

    #[test]
    fn order_kept_looks_at_shared_members_only() {
        let al = align(&["a", "b", "c"], &["a", "x", "c"], |s| *s, &[]);
        assert!(al.order_kept());
        let al = align(&["a", "b"], &["b", "a"], |s| *s, &[]);
        assert!(!al.order_kept());
    }
}
