//! A large file read in parts on several threads: a scanner for the lines after a split, where
//! a file may be split, and the scanners of the parts joined again.

use super::{GameScanner, Section};
use crate::options::ParseOptions;

impl GameScanner {
    /// A scanner for the part of a file that follows its first `lines` lines, as if the file
    /// began there: one of the parts of a large file read at once on several threads (see
    /// [`can_split_before`](Self::can_split_before) and [`join`](Self::join)). Its records
    /// number games from the start of the part.
    pub fn after_lines(options: ParseOptions, lines: usize) -> GameScanner {
        GameScanner {
            lines,
            ..GameScanner::new(options)
        }
    }

    /// Whether the file may be split before `next_line`, the line after those read: a scanner
    /// from [`after_lines`](Self::after_lines) then reads it and all that follows as this one
    /// would. So it is at the start of the file, or between games: no `{` comment open, no tag
    /// section that `next_line` could go on with, and `next_line` starts a tag pair (which
    /// begins a game either way).
    pub fn can_split_before(&self, next_line: &[u8]) -> bool {
        self.lines == 0
            || (self.comment.is_none()
                && self.section != Section::Tags
                && next_line.first() == Some(&b'['))
    }

    /// Goes on from `part`, the scanner that read the lines after these from where
    /// [`can_split_before`](Self::can_split_before) allowed a split: its state (its game
    /// numbered on from these), and the counts of both.
    pub fn join(&mut self, mut part: GameScanner) {
        if part.lines == self.lines {
            // The part read no line: nothing to go on from.
            self.summary.add(&part.summary);
            return;
        }
        part.game.number_after(self.summary.games);
        let mut summary = self.summary;
        summary.add(&part.summary);
        part.summary = summary;
        *self = part;
    }

    /// How many lines were scanned (or come before the part, see
    /// [`after_lines`](Self::after_lines)).
    pub fn lines(&self) -> usize {
        self.lines
    }
}
