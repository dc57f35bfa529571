//! Terminal manners. Text is styled with `anstyle` and printed through `anstream`, whose
//! streams decide per stream whether the styles reach it: on a terminal yes; not when
//! the stream is a file or pipe, when `NO_COLOR` is set, or with `--color never`; always
//! with `CLICOLOR_FORCE` or `--color always` (the conventions of
//! <https://no-color.org> and <https://bixense.com/clicolors/>, which cargo and clap
//! follow too). A progress line goes to stderr only when stderr is a terminal and the
//! work takes more than a moment.

use std::io::{IsTerminal, Write as _};
use std::time::{Duration, Instant};

use anstyle::{AnsiColor, Style};

/// `--color`: when to use colour.
pub fn choose(choice: clap::ColorChoice) {
    let choice = match choice {
        clap::ColorChoice::Auto => anstream::ColorChoice::Auto,
        clap::ColorChoice::Always => anstream::ColorChoice::Always,
        clap::ColorChoice::Never => anstream::ColorChoice::Never,
    };
    choice.write_global();
}

/// Styles for text that is printed through `anstream` (which strips them where colour
/// is off); [`Paint::plain`] never styles, for text that is not printed at all.
#[derive(Clone, Copy, Debug)]
pub struct Paint {
    on: bool,
}

impl Paint {
    /// Styled text; whether the styles are shown is the output stream's decision.
    pub fn styled() -> Paint {
        Paint { on: true }
    }

    /// No styling at all.
    #[cfg(test)]
    pub fn plain() -> Paint {
        Paint { on: false }
    }

    fn wrap(self, style: Style, text: &str) -> String {
        if self.on {
            format!("{style}{text}{style:#}")
        } else {
            text.to_owned()
        }
    }

    /// Red (breaking, errors, removed lines).
    pub fn red(self, text: &str) -> String {
        self.wrap(AnsiColor::Red.on_default(), text)
    }

    /// Green (match, added lines).
    pub fn green(self, text: &str) -> String {
        self.wrap(AnsiColor::Green.on_default(), text)
    }

    /// Yellow (additive, warnings).
    pub fn yellow(self, text: &str) -> String {
        self.wrap(AnsiColor::Yellow.on_default(), text)
    }

    /// Bold.
    pub fn bold(self, text: &str) -> String {
        self.wrap(Style::new().bold(), text)
    }

    /// Dim (locations, hints, unchanged lines).
    pub fn dim(self, text: &str) -> String {
        self.wrap(Style::new().dimmed(), text)
    }
}

/// `1 symbol`, `2 symbols`: a count with its noun.
pub fn count(n: usize, singular: &str, plural: &str) -> String {
    if n == 1 {
        format!("1 {singular}")
    } else {
        format!("{n} {plural}")
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
    /// Enabled only when stderr is a terminal (never in a log or a pipe).
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
        // Straight to the terminal: erasing a line is no colour, so no stream strips it.
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

impl contract_scan::Progress for Progress {
    fn show(&mut self, what: &str) {
        Progress::show(self, what);
    }

    fn clear(&mut self) {
        Progress::clear(self);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(0, "set", "sets"), "0 sets");
        assert_eq!(count(1, "set", "sets"), "1 set");
        assert_eq!(count(2, "delta", "deltas"), "2 deltas");
    }

    #[test]
    fn plain_paint_never_styles_and_styled_paint_always_does() {
        assert_eq!(Paint::plain().red("x"), "x");
        let red = Paint::styled().red("x");
        assert!(
            red.starts_with("\x1b[31m") && red.ends_with("\x1b[0m"),
            "{red:?}"
        );
    }
}
