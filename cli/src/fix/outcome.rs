//! The values of fixing: what happened to the files, why fixing stopped, and the changes of
//! a file, which its reader finds and its copier makes.

use std::io;

use fenkit::{Notation, Parsed, Position};

use crate::input::Line;
use crate::terminal::shown;

/// What happened to the files.
#[derive(Debug, Default)]
pub struct FixOutcome {
    /// Lines changed (or, with `--check`, that would change).
    pub changed: u64,
    /// Records still invalid, left as they are.
    pub invalid: u64,
    /// Whether a file could not be read or written.
    pub input_failed: bool,
    /// Whether the problems of the records left invalid are said on stderr (`fix` and
    /// `fmt --check`; not the language server's formatting).
    pub say_invalid: bool,
    /// How many records left invalid had their problems said (at most [`MAX_SAID`]).
    pub said: u64,
    /// What is said of the current file, written to stderr once the file is done (so that
    /// writing it never slows the read that the rename depends on).
    pub saying: Vec<u8>,
}

/// The records left invalid whose problems `fix` says; `check` lists the rest. A file of a
/// million broken lines is not copied to stderr, and a file that grows as `fix` reads it (a
/// log being written) is read to its end at `fix`'s speed, not at the terminal's.
const MAX_SAID: u64 = 100;

impl FixOutcome {
    /// A record left invalid, `parsed` from line `line` (`text`) of `source`: counted, and its
    /// problems said as `check --format short` says them, so that `fix` names what it leaves.
    pub(super) fn left_invalid(
        &mut self,
        source: &str,
        line: usize,
        text: &[u8],
        notation: Notation,
        parsed: Parsed<Position>,
    ) {
        self.invalid += 1;
        if !self.say_invalid || self.said >= MAX_SAID {
            return;
        }
        self.said += 1;
        let checked = crate::report::Checked {
            record: crate::input::Record { source, line, text },
            notation,
            detected: false,
            parsed,
        };
        // Writing into memory cannot fail.
        let _ = crate::report::short_record(&mut self.saying, &checked);
    }
}

/// Why fixing stopped.
#[derive(Debug)]
pub enum Failure {
    /// A file could not be read, or was left alone: the message says why; the other files go on.
    File(String),
    /// Standard output could not be written (said once; nothing more is done).
    Output(io::Error),
}

impl Failure {
    /// The failure of the file `name`, escaped for the terminal.
    pub fn file(name: &str, what: impl std::fmt::Display) -> Failure {
        Failure::File(format!("{}: {}", shown(name), shown(&what.to_string())))
    }
}

/// A line the fixes change: its start, `old`, becomes `new` (the rest of the line stays).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineFix {
    /// 1-based line number.
    pub number: usize,
    /// The start of the line as it was: the whole line, or for a FEN tag of a game file, the
    /// line up to the tag's end.
    pub old: Vec<u8>,
    /// What it becomes.
    pub new: Vec<u8>,
}

/// One change of the input: the `replaced` bytes at `offset` become `text`; `before` and
/// `after` are the start of its line as the `--check` list shows it.
#[derive(Debug)]
pub(super) struct Change {
    /// Its line; 0 for no change but a point the copy may reach (see [`Change::settled`]).
    pub(super) number: usize,
    pub(super) offset: u64,
    pub(super) replaced: usize,
    pub(super) text: Vec<u8>,
    pub(super) before: Vec<u8>,
    pub(super) after: Vec<u8>,
}

impl Change {
    /// No change: no change will come before `offset`, so the copy may go on to there (memory
    /// is freed as it goes, for `fix -`).
    pub(super) fn settled(offset: u64) -> Change {
        Change {
            number: 0,
            offset,
            replaced: 0,
            text: Vec::new(),
            before: Vec::new(),
            after: Vec::new(),
        }
    }

    pub(super) fn is_settled(&self) -> bool {
        self.number == 0
    }

    /// The whole line `old` of `line` becomes `new`.
    pub(super) fn whole_line(line: &Line, old: &[u8], new: Vec<u8>) -> Change {
        Change {
            number: line.number,
            offset: line.offset,
            replaced: old.len(),
            text: new.clone(),
            before: old.to_vec(),
            after: new,
        }
    }

    /// The `replaced` bytes at `offset`, in a row over lines that starts at line `number`,
    /// becoming `text`: the row `before` (its lines joined by `\n`) becomes `after`.
    pub(super) fn within_rows(
        number: usize,
        (offset, replaced): (u64, usize),
        text: Vec<u8>,
        before: &[u8],
        after: Vec<u8>,
    ) -> Change {
        Change {
            number,
            offset,
            replaced,
            text,
            before: before.to_vec(),
            after,
        }
    }

    /// The line start `before` (at `line_offset`) becoming `after`, as the bytes that differ.
    pub(super) fn within_line(
        number: usize,
        line_offset: u64,
        before: &[u8],
        after: Vec<u8>,
    ) -> Change {
        let prefix = before
            .iter()
            .zip(&after)
            .take_while(|(a, b)| a == b)
            .count();
        let suffix = before
            .iter()
            .rev()
            .zip(after.iter().rev())
            .take_while(|(a, b)| a == b)
            .count()
            .min(before.len() - prefix)
            .min(after.len() - prefix);
        let text = after
            .get(prefix..after.len() - suffix)
            .unwrap_or_default()
            .to_vec();
        Change {
            number,
            offset: line_offset + prefix as u64,
            replaced: before.len() - prefix - suffix,
            text,
            before: before.to_vec(),
            after,
        }
    }
}
