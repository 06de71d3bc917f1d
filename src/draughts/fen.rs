//! Draughts FEN, the value of the PDN `[FEN "..."]` tag (docs/notations.md).
//!
//! The value; reading and validating it (`read.rs`) run the record rule and the board's
//! checks, which import the value.

use std::fmt;

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
