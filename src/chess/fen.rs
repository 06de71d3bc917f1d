//! A chess FEN position, the value a FEN record is read into (its entry points, which run the
//! record rule and the legality checks, are in `read.rs`).

use super::board::Board;
use super::castling::CastlingRights;
use super::types::{Color, Square};

/// A chess position in Forsyth-Edwards Notation.
///
/// `FromStr` reads strict FEN; [`Fen::parse`] takes options (lenient mode, validation) and
/// returns every diagnostic; `Display` writes the canonical form.
///
/// ```
/// use fenkit::Fen;
///
/// let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse()?;
/// assert_eq!(fen.en_passant.map(|square| square.to_string()), Some("e3".to_string()));
/// assert_eq!(fen.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
/// # Ok::<_, fenkit::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fen {
    /// The pieces on the board.
    pub board: Board,
    /// Whose move it is.
    pub side_to_move: Color,
    /// Who may still castle, and with which rook.
    pub castling: CastlingRights,
    /// The square behind a pawn that just moved two squares, as written.
    pub en_passant: Option<Square>,
    /// Halfmoves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The number of the full move, starting at 1.
    pub fullmove_number: u32,
}

/// The notation name used in diagnostics and the CLI.
pub(crate) const NOTATION: &str = "fen";
