//! Helpers several rule families share. None of these is a family: they compare a
//! part of a shape (a signature, generics, a serde record) and leave the verdict's
//! kind and element to the family that calls them.

pub mod generics;
pub mod signature;
pub mod wire;
pub mod wire_types;

/// Splits `s` at top-level occurrences of `sep` (outside `<>`, `()`, `[]`, `{}`).
pub fn split_top(s: &str, sep: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'<' | b'(' | b'[' | b'{' => depth += 1,
            // `->` is not a closing angle bracket.
            b'>' if i > 0 && bytes[i - 1] == b'-' => {}
            b'>' | b')' | b']' | b'}' => depth -= 1,
            _ => {}
        }
        if depth == 0 && s[i..].starts_with(sep) {
            out.push(s[start..i].to_owned());
            i += sep.len();
            start = i;
            continue;
        }
        i += 1;
    }
    out.push(s[start..].to_owned());
    out
}

#[cfg(test)]
mod tests {
    use super::split_top;

    #[test]
    fn splits_only_at_top_level() {
        assert_eq!(
            split_top("Vec<A, B>: Clone + Fn(u8) -> X", ": "),
            ["Vec<A, B>", "Clone + Fn(u8) -> X"]
        );
        assert_eq!(
            split_top("Clone + Fn(u8, u8) -> X + Send", " + "),
            ["Clone", "Fn(u8, u8) -> X", "Send"]
        );
    }
}
