//! How to read a record: the mode, the castling rules, validation and the draughts board.

pub use crate::mode::Mode;

/// Which castling rules the chess validation step applies (FEN and EPD).
///
/// The default reads every right as Chess960 (X-FEN and Shredder-FEN): `K` is the outermost rook
/// on the king's side, wherever king and rook stand. `Standard` is standard chess, as
/// python-chess reads a board with `chess960=False`: `K`/`Q` (and the file letters `H`/`A`) need
/// the king on e1/e8 and the rook in its corner, else `fenkit::fen::castling_not_standard`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Castling {
    /// Chess960 rights (X-FEN, Shredder-FEN): today's behaviour.
    #[default]
    Chess960,
    /// Standard chess: each right needs the king and its rook on their starting squares.
    Standard,
}

/// Options for parsing one record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ParseOptions {
    /// Strict (default) or lenient.
    pub mode: Mode,
    /// Also check that the position can exist (chess legality, draughts board geometry).
    pub validate: bool,
    /// The draughts board FEN squares are checked against; `None` picks international 10x10
    /// for numbered squares and Russian 8x8 for alphanumeric ones (a PDN `GameType` tag
    /// overrides it for its game).
    pub draughts_board: Option<crate::draughts::Board>,
    /// The castling rules the chess validation step applies (it needs `validate`).
    pub castling: Castling,
}

impl ParseOptions {
    /// Strict syntax only: the default.
    pub const fn strict() -> Self {
        ParseOptions {
            mode: Mode::Strict,
            validate: false,
            draughts_board: None,
            castling: Castling::Chess960,
        }
    }

    /// Lenient syntax only.
    pub const fn lenient() -> Self {
        ParseOptions {
            mode: Mode::Lenient,
            validate: false,
            draughts_board: None,
            castling: Castling::Chess960,
        }
    }

    /// The same options with the given mode.
    #[must_use]
    pub const fn with_mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }

    /// The same options, also running the validation (legality) step.
    #[must_use]
    pub const fn validated(mut self) -> Self {
        self.validate = true;
        self
    }

    /// The same options, reading draughts FENs on `board`.
    #[must_use]
    pub const fn with_draughts_board(mut self, board: crate::draughts::Board) -> Self {
        self.draughts_board = Some(board);
        self
    }

    /// The same options, validating chess castling rights by `castling`'s rules; takes effect
    /// with [`validated`](Self::validated), where the board is checked.
    ///
    /// ```
    /// use fenkit::{Castling, Fen, ParseOptions};
    ///
    /// let chess960 = b"r3k1r1/8/8/8/8/8/8/R3KR2 w KQkq - 0 1"; // K: the rook on f1
    /// let options = ParseOptions::strict().validated();
    /// assert!(Fen::parse(chess960, &options).is_valid());
    /// let standard = Fen::parse(chess960, &options.with_castling(Castling::Standard));
    /// assert_eq!(standard.diagnostics[0].code(), "fenkit::fen::castling_not_standard");
    /// ```
    #[must_use]
    pub const fn with_castling(mut self, castling: Castling) -> Self {
        self.castling = castling;
        self
    }

    /// Whether lenient dialects are accepted.
    pub const fn is_lenient(&self) -> bool {
        matches!(self.mode, Mode::Lenient)
    }
}
