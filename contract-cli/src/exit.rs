//! How a command ends: one enum for every exit code the command documents, so no
//! module hands another a bare number.

/// The exit code of a command (`contract-pin --help` lists them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 0: every contract matches.
    Match,
    /// 1: a breaking delta.
    Breaking,
    /// 2: additive drift only.
    Additive,
    /// 3: usage or golden errors (missing, stale, corrupt, unreferenced, scan errors,
    /// refused updates).
    Error,
    /// 130: `review` stopped by Ctrl-C (128 + SIGINT, as a shell reports an
    /// interrupted command).
    Interrupted,
}

impl Exit {
    /// The process's exit status.
    pub fn code(self) -> u8 {
        match self {
            Exit::Match => 0,
            Exit::Breaking => 1,
            Exit::Additive => 2,
            Exit::Error => 3,
            Exit::Interrupted => 130,
        }
    }

    /// The code in words, as `check --format json` gives it (`verdict`).
    pub fn verdict(self) -> &'static str {
        match self {
            Exit::Match => "match",
            Exit::Breaking => "breaking",
            Exit::Additive => "additive",
            Exit::Error | Exit::Interrupted => "error",
        }
    }
}

impl From<Exit> for std::process::ExitCode {
    fn from(exit: Exit) -> Self {
        std::process::ExitCode::from(exit.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_the_documented_ones() {
        let all = [
            Exit::Match,
            Exit::Breaking,
            Exit::Additive,
            Exit::Error,
            Exit::Interrupted,
        ];
        let codes: Vec<u8> = all.iter().map(|e| e.code()).collect();
        assert_eq!(codes, [0, 1, 2, 3, 130]);
        let words: Vec<&str> = all.iter().map(|e| e.verdict()).collect();
        assert_eq!(words, ["match", "breaking", "additive", "error", "error"]);
    }
}
