//! The known name a misspelt one was meant to be: a set name, a policy key, a delta
//! kind.

/// The known name nearest to `name` by edit distance, when it is near enough to be a
/// typo of it: at most a third of the known name's characters (one at least) inserted,
/// deleted, replaced or swapped with a neighbour (`wrie` for `wire`).
pub fn closest<'a>(name: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    known
        .filter(|k| *k != name)
        .map(|k| (distance(name, k), k))
        .filter(|(d, k)| *d <= (k.chars().count() / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The set name `name` looks like a typo of, among `known`: [`closest`], but never one
/// it differs from in digits only (`d000` and `d001`, `v1` and `v2` are numbered on
/// purpose).
pub fn typo_of<'a>(name: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let letters = |s: &str| {
        s.chars()
            .filter(|c| !c.is_ascii_digit())
            .collect::<String>()
    };
    let own = letters(name);
    closest(name, known.filter(|k| letters(k) != own))
}

/// Optimal string alignment distance, in characters: Levenshtein's with two adjacent
/// characters swapped counting as one edit.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // Three rows: two back (for a swap), one back, and this one.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swap_a_slip_and_a_missing_letter_are_typos() {
        assert_eq!(distance("wrie", "wire"), 1);
        assert_eq!(distance("wire", "wire"), 0);
        assert_eq!(distance("", "api"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
        let known = ["wire", "api", "billing"];
        assert_eq!(closest("wrie", known.into_iter()), Some("wire"));
        assert_eq!(closest("ap", known.into_iter()), Some("api"));
        assert_eq!(closest("biling", known.into_iter()), Some("billing"));
        // Too far, and the name itself.
        assert_eq!(closest("orders", known.into_iter()), None);
        assert_eq!(closest("wire", known.into_iter()), None);
        // Numbered sets are no typos of each other; a letter off still is.
        let numbered = ["d000", "v1", "api2"];
        assert_eq!(typo_of("d001", numbered.into_iter()), None);
        assert_eq!(typo_of("v2", numbered.into_iter()), None);
        assert_eq!(typo_of("apo2", numbered.into_iter()), Some("api2"));
    }
}
