//! The records a line of a game file makes by itself: a line that is no game text, and a tag
//! pair or setup command that does not read; each points into its line, copied once.

use super::{GameScanner, Shared};
use crate::any::parse_any;
use crate::diagnostic::Parsed;
use crate::pgn::judge::{Retrial, notation_of};
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
    /// `start`), in the notation its shape shows, on the board of the current game.
    pub(super) fn bare_line(
        &mut self,
        line: &[u8],
        shared: &mut Shared,
        start: usize,
    ) -> GameRecord {
        self.summary.bare_lines += 1;
        let record = line.get(start..).unwrap_or_default();
        let options = self.game.options(&self.options);
        let (notation, parsed) = parse_any(record, Some(notation_of(record)), &options);
        let parsed = Parsed {
            diagnostics: parsed
                .diagnostics
                .into_iter()
                .map(|d| d.shifted(start))
                .collect(),
            ..parsed
        };
        GameRecord {
            kind: RecordKind::BareLine,
            line: self.lines,
            text: shared.of(line),
            game: self.game.number,
            notation: Some(notation),
            rules: None,
            parsed,
            heading: self.game.heading(),
            retrial: Some(Retrial::bare(start, options)),
        }
    }
}
