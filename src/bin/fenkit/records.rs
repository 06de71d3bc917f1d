//! What the records of a line are: one rule for `check`, `fmt` and `fix`, so the commands never
//! disagree on what a record is.
//!
//! In a file of records, every line that is not a comment is one record. In a PDN game file,
//! a line's records are its FEN tag pairs and setup commands (on the board of their game), and a
//! line that is a draughts FEN on its own (`W:W31-50:B1-20`) is one record too.

use fenkit::draughts::PdnScanner;
use fenkit::{Notation, ParseOptions, Parsed, Position, parse_any};

use crate::input::is_comment;

/// How each record is read: the notation (`None`: detected per record) and the options.
#[derive(Clone, Copy)]
pub struct Reading {
    pub notation: Option<Notation>,
    pub options: ParseOptions,
}

/// How one line of an input is read.
pub enum LineRecords {
    /// A comment or blank line: no record.
    Comment,
    /// One record in the reading's notation (detected when it has none).
    Record,
    /// A draughts FEN standing alone in a PDN file, read on the board of its game.
    BareDraughts(ParseOptions),
    /// The tag pairs and setup commands of a line of a PDN file, found by its scanner.
    PdnLine,
}

impl Reading {
    /// How the line `text` is read; `scanner` is the PDN scanner of a game file.
    pub fn line(&self, text: &[u8], scanner: Option<&PdnScanner>) -> LineRecords {
        match scanner {
            None if is_comment(text) => LineRecords::Comment,
            None => LineRecords::Record,
            Some(scanner) if is_bare_draughts_fen(text) => {
                let mut options = self.options;
                if let Some(board) = scanner.board() {
                    options = options.with_draughts_board(board);
                }
                LineRecords::BareDraughts(options)
            }
            Some(_) => LineRecords::PdnLine,
        }
    }

    /// `text` read as one record: its notation, whether that was detected, what it holds.
    pub fn record(&self, text: &[u8]) -> (Notation, bool, Parsed<Position>) {
        let (notation, parsed) = parse_any(text, self.notation, &self.options);
        (notation, self.notation.is_none(), parsed)
    }

    /// Reads the records of the line `text` and hands each to `each`, with its notation and
    /// whether the notation was detected.
    pub fn each_record(
        &self,
        text: &[u8],
        scanner: Option<&mut PdnScanner>,
        mut each: impl FnMut(Notation, bool, Parsed<Position>),
    ) {
        match (self.line(text, scanner.as_deref()), scanner) {
            (LineRecords::Comment, _) => {}
            (LineRecords::Record, _) => {
                let (notation, detected, parsed) = self.record(text);
                each(notation, detected, parsed);
            }
            (LineRecords::BareDraughts(options), _) => {
                let (notation, parsed) = parse_any(text, Some(Notation::Pdn), &options);
                each(notation, false, parsed);
            }
            (LineRecords::PdnLine, Some(scanner)) => {
                for parsed in scanner.scan_line(text) {
                    each(Notation::Pdn, false, parsed.map(Position::Draughts));
                }
            }
            (LineRecords::PdnLine, None) => {}
        }
    }
}

/// A line of a PDN input that is a draughts FEN on its own (`W:W31-50:B1-20`).
fn is_bare_draughts_fen(line: &[u8]) -> bool {
    matches!(line.trim_ascii_start(), [b'W' | b'B' | b'?', b':', ..])
}
