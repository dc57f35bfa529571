//! Terminal manners: colour only on a terminal and never under `NO_COLOR`; a progress
//! line on stderr only when stderr is a terminal and the work takes more than a moment.

use std::io::{IsTerminal, Write as _};
use std::time::{Duration, Instant};

/// ANSI styling, off unless stdout is a terminal and `NO_COLOR` is unset or empty.
#[derive(Clone, Copy, Debug)]
pub struct Paint {
    on: bool,
}

impl Paint {
    /// Decides from the terminal and the environment.
    pub fn detect(lookup: &impl Fn(&str) -> Option<String>) -> Paint {
        let no_color = lookup("NO_COLOR").is_some_and(|v| !v.is_empty());
        Paint {
            on: std::io::stdout().is_terminal() && !no_color,
        }
    }

    fn wrap(self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    /// Red (breaking, errors).
    pub fn red(self, text: &str) -> String {
        self.wrap("31", text)
    }

    /// Green (match, additions).
    pub fn green(self, text: &str) -> String {
        self.wrap("32", text)
    }

    /// Yellow (additive, warnings).
    pub fn yellow(self, text: &str) -> String {
        self.wrap("33", text)
    }

    /// Bold.
    pub fn bold(self, text: &str) -> String {
        self.wrap("1", text)
    }

    /// Dim (locations, hints).
    pub fn dim(self, text: &str) -> String {
        self.wrap("2", text)
    }
}

/// A one-line progress indicator on stderr.
pub struct Progress {
    enabled: bool,
    started: Instant,
    drawn: bool,
    last: Option<Instant>,
}

/// Below this, nothing is drawn: most workspaces scan faster than a flicker.
const MOMENT: Duration = Duration::from_millis(300);

impl Progress {
    /// Enabled only when stderr is a terminal.
    pub fn new() -> Progress {
        Progress {
            enabled: std::io::stderr().is_terminal(),
            started: Instant::now(),
            drawn: false,
            last: None,
        }
    }

    /// Shows `what` once the work has taken more than a moment (at most 20 times a
    /// second).
    pub fn show(&mut self, what: &str) {
        if !self.enabled || self.started.elapsed() < MOMENT {
            return;
        }
        let now = Instant::now();
        if self
            .last
            .is_some_and(|t| now.duration_since(t) < Duration::from_millis(50))
        {
            return;
        }
        self.last = Some(now);
        let line: String = what.chars().take(100).collect();
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2Kcontract-pin: {line}");
        let _ = err.flush();
        self.drawn = true;
    }

    /// Erases the line, if one was drawn.
    pub fn clear(&mut self) {
        if self.drawn {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
            self.drawn = false;
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}
