//! The records a line of a game file makes by itself: a line that is no game text, and a tag
//! pair or setup command that does not read; each points into its line, copied once.

use super::{GameScanner, Shared};
use crate::diagnostic::Parsed;
use crate::pgn::record::{GameRecord, RecordKind};
use std::sync::Arc;

impl GameScanner {
    pub(super) fn failed(
        &self,
        text: Arc<[u8]>,
        diagnostic: crate::Diagnostic,
        kind: RecordKind,
    ) -> GameRecord {
        GameRecord {
            kind,
            line: self.lines,
            text,
            game: self.game.number,
            notation: Some(crate::Notation::Pdn),
            rules: None,
            parsed: Parsed::new(None, vec![diagnostic]),
            heading: self.game.heading(),
            retrial: None,
        }
    }

    /// A line that is no game text, read as a record of its own (after the byte order mark at
    /// `start`): counted, and made by [`bare_line`](super::bare_line::bare_line).
    pub(super) fn bare_line(
        &mut self,
        line: &[u8],
        shared: &mut Shared,
        start: usize,
    ) -> GameRecord {
        self.summary.bare_lines += 1;
        let text = shared.of(line);
        crate::pgn::bare_line::bare_line(&self.game, &self.options, self.lines, text, start)
    }
}
