//! Reading and validating a draughts FEN: one rule reads a record
//! ([`DraughtsFenRecord`]): run with the free sink it is the allocation-free fast path; only a
//! record it stops on is read again by the same rule, collecting every diagnostic (lenient
//! dialects with a warning).

use std::str::FromStr;

use super::fen::{DraughtsFen, NOTATION};
use super::legality;
use super::messages;
use super::pass::DraughtsFenRecord;
use crate::diagnostic::{Diagnostic, ParseError, Parsed};
use crate::mode::Mode;
use crate::options::ParseOptions;
use crate::rules::context::Cx;
use crate::rules::report::Ignore;
use crate::rules::run::{Rule, run};
use crate::settings::Board;

/// The entry points, which run the record rule and the board's checks.
impl DraughtsFen {
    /// Parses one FEN with every diagnostic; with `options.validate`, also checks the position
    /// against its board. The board is `options.draughts_board`, else the default for the
    /// squares the FEN uses.
    ///
    /// Valid strict input takes the fast path and allocates nothing.
    ///
    /// ```
    /// use fenkit::{DraughtsFen, ParseOptions};
    /// use fenkit::draughts::Board;
    ///
    /// let options = ParseOptions::strict().with_draughts_board(Board::English).validated();
    /// let parsed = DraughtsFen::parse(b"W:W31,29,K15:B14,13,12,9.", &options);
    /// assert!(parsed.is_valid());
    /// let codes: Vec<_> = parsed.diagnostics.iter().map(|d| d.code()).collect();
    /// assert_eq!(codes, ["fenkit::pdn::trailing_dot"]);
    /// ```
    pub fn parse(input: &[u8], options: &ParseOptions) -> Parsed<DraughtsFen> {
        let mut rule = DraughtsFenRecord::new(options.draughts_board);
        let mut parsed = run(&mut rule, input, options.mode);
        if let Some(fen) = parsed.value.as_ref().filter(|_| options.validate) {
            // The fast path keeps no spans: a position that may be wrong is read again for
            // them, by the same rule.
            let fast = parsed.diagnostics.is_empty() && parsed.omitted.total() == 0;
            if fast {
                if !rule.overlap && legality::quick_check(Some(fen)) {
                    return parsed;
                }
                rule = by_products(input, options.mode, Some(fen.board));
            }
            let mut problems = legality::check_items(fen, input, &rule.items, &rule.sections);
            if options.draughts_board.is_none() && fits_english(input, options) {
                problems = problems
                    .into_iter()
                    .map(messages::fits_eight_by_eight)
                    .collect();
            }
            parsed.add(problems);
        }
        parsed
    }

    /// Parses strict FEN from bytes on the default board.
    pub fn from_ascii(input: &[u8]) -> Result<DraughtsFen, ParseError> {
        DraughtsFen::parse(input, &ParseOptions::strict()).into_result(NOTATION, input)
    }

    /// Checks the position against its board (duplicate squares, men on their promotion row,
    /// too many pieces, non-playing squares); spans point into this value's canonical text.
    pub fn validate(&self) -> Vec<Diagnostic> {
        self.validate_in(self.to_string().as_bytes())
    }

    /// Checks the position against its board; spans point into `record`, the text this value
    /// was parsed from (in either mode).
    pub fn validate_in(&self, record: &[u8]) -> Vec<Diagnostic> {
        let pass = by_products(record, Mode::Lenient, Some(self.board));
        legality::check_items(self, record, &pass.items, &pass.sections)
    }
}

/// Whether `record`, which broke the rules of the board its squares chose by default (10x10
/// for numbers), is a position of English draughts: the board of most 8x8 files that name no
/// `GameType`, whose help then says how to read them on it.
fn fits_english(record: &[u8], options: &ParseOptions) -> bool {
    let english = options.with_draughts_board(Board::English);
    DraughtsFen::parse(record, &english).is_valid()
}

impl FromStr for DraughtsFen {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<DraughtsFen, ParseError> {
        DraughtsFen::from_ascii(text.as_bytes())
    }
}

/// The record rule after a pass that reads past every problem and keeps no diagnostic: where
/// the items and sections of `record` stand.
fn by_products(record: &[u8], mode: Mode, board: Option<Board>) -> DraughtsFenRecord {
    let mut rule = DraughtsFenRecord::new(board);
    let mut cx = Cx::new(record, mode, Ignore);
    let _ = rule.apply(&mut cx, record);
    rule
}
