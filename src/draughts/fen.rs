//! Draughts FEN, the value of the PDN `[FEN "..."]` tag (docs/notations.md).
//!
//! One rule reads a record ([`super::record::DraughtsFenRecord`]): run with the free sink it is the
//! allocation-free fast path; only a record it stops on is read again by the same rule,
//! collecting every diagnostic (lenient dialects with a warning).

use std::fmt;
use std::str::FromStr;

use super::legality;
use super::messages;
use super::record::DraughtsFenRecord;
use crate::diagnostic::{Diagnostic, ParseError, Parsed};
use crate::mode::Mode;
use crate::options::ParseOptions;
use crate::rules::context::Cx;
use crate::rules::report::Ignore;
use crate::rules::run::{Rule, run};
use crate::settings::Board;
use crate::settings::{Color, Pieces, SquareSet, Turn};

/// A draughts position in PDN FEN: the side to move and the men and kings of each colour, on a
/// given board.
///
/// `FromStr` reads strict FEN on the default board (international 10x10 for numbered squares,
/// Russian 8x8 for alphanumeric ones); [`DraughtsFen::parse`] takes options (lenient mode,
/// board, validation) and returns every diagnostic; `Display` writes the canonical form.
///
/// ```
/// use fenkit::DraughtsFen;
/// use fenkit::draughts::{Color, Turn};
///
/// let fen: DraughtsFen = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29".parse()?;
/// assert_eq!(fen.turn, Turn::Black);
/// assert_eq!(fen.pieces(Color::White).kings.len(), 2);
/// let start: DraughtsFen = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1-20".parse()?;
/// assert_eq!(start.to_string(), "W:W31-50:B1-20");
/// # Ok::<_, fenkit::ParseError>(())
/// ```
///
/// `Debug` names the squares as the board does (`{a1, c1}` on an alphanumeric board, `{31, 32}`
/// on a numeric one).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct DraughtsFen {
    /// The board the squares are on (it decides how they are numbered and written).
    pub board: Board,
    /// Whose move it is (`?` when unknown).
    pub turn: Turn,
    /// White's men and kings.
    pub white: Pieces,
    /// Black's men and kings.
    pub black: Pieces,
    /// The Lidraughts halfmove clock `:H<n>`, read in lenient mode (never written).
    pub halfmove_clock: Option<u32>,
    /// The Lidraughts fullmove number `:F<n>`, read in lenient mode (never written).
    pub fullmove_number: Option<u32>,
}

/// The notation name used in diagnostics and the CLI.
pub(crate) const NOTATION: &str = "pdn";

impl DraughtsFen {
    /// An empty board with `turn` to move.
    pub fn empty(board: Board, turn: Turn) -> DraughtsFen {
        DraughtsFen {
            board,
            turn,
            white: Pieces::default(),
            black: Pieces::default(),
            halfmove_clock: None,
            fullmove_number: None,
        }
    }

    /// The pieces of `color`.
    pub fn pieces(&self, color: Color) -> &Pieces {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

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

/// Each set of pieces with its squares named on this board: a set alone can only number them.
impl fmt::Debug for DraughtsFen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DraughtsFen")
            .field("board", &self.board)
            .field("turn", &self.turn)
            .field("white", &PiecesOn(self.board, &self.white))
            .field("black", &PiecesOn(self.board, &self.black))
            .field("halfmove_clock", &self.halfmove_clock)
            .field("fullmove_number", &self.fullmove_number)
            .finish()
    }
}

/// A colour's pieces, its squares named on `Board`.
struct PiecesOn<'a>(Board, &'a Pieces);

impl fmt::Debug for PiecesOn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let PiecesOn(board, pieces) = *self;
        f.debug_struct("Pieces")
            .field("men", &SquaresOn(board, pieces.men))
            .field("kings", &SquaresOn(board, pieces.kings))
            .finish()
    }
}

/// A set of squares named on `Board`.
struct SquaresOn(Board, SquareSet);

impl fmt::Debug for SquaresOn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let SquaresOn(board, set) = *self;
        f.debug_set()
            .entries(set.iter().map(|index| board.square(index)))
            .finish()
    }
}
