//! Just enough of semantic versions to decide "fixed" and "major jump".

/// `(major, minor, patch, is_release)`: build metadata (`+…`) is ignored and a
/// pre-release (`-…`) sorts below its release, as in semver. `None` when the text is
/// not a version.
fn parse(version: &str) -> Option<(u64, u64, u64, bool)> {
    let without_build = version.trim().trim_start_matches('v').split('+').next()?;
    let (core, is_release) = match without_build.split_once('-') {
        Some((core, _pre)) => (core, false),
        None => (without_build, true),
    };
    let mut parts = core.split('.').map(|p| p.parse::<u64>().ok());
    let major = parts.next()??;
    let minor = parts.next().unwrap_or(Some(0))?;
    let patch = parts.next().unwrap_or(Some(0))?;
    if parts.next().is_some() {
        return None;
    }
    Some((major, minor, patch, is_release))
}

/// True when `version` is `fixed_in` or later. An unreadable version is never
/// considered fixed: a validator that cannot tell must not say "cleared".
pub fn is_at_least(version: &str, fixed_in: &str) -> bool {
    match (parse(version), parse(fixed_in)) {
        (Some(v), Some(f)) => v >= f,
        _ => false,
    }
}

/// True when `to` has a higher major version than `from` (callers may break).
pub fn is_major_jump(from: &str, to: &str) -> bool {
    match (parse(from), parse(to)) {
        (Some((a, ..)), Some((b, ..))) => b > a,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compares_numerically_not_lexically() {
        assert!(is_at_least("4.17.21", "4.17.21"));
        assert!(is_at_least("4.17.100", "4.17.21"));
        assert!(!is_at_least("4.9.0", "4.17.21"));
        assert!(is_at_least("v2", "1.9.9"));
        assert!(is_at_least("1.2.6+build.7", "1.2.6"));
        // A pre-release of the fixed version may predate the fix.
        assert!(!is_at_least("1.2.6-beta.1", "1.2.6"));
        assert!(is_at_least("1.2.7-beta.1", "1.2.6"));
    }

    #[test]
    fn unreadable_versions_are_never_fixed() {
        assert!(!is_at_least("latest", "1.0.0"));
        assert!(!is_at_least("1.0.0", "one"));
        assert!(!is_at_least("1.2.3.4", "1.0.0"));
    }

    #[test]
    fn major_jumps() {
        assert!(is_major_jump("3.9.0", "4.0.0"));
        assert!(!is_major_jump("4.0.0", "4.9.0"));
        assert!(!is_major_jump("x", "4.0.0"));
    }
}
