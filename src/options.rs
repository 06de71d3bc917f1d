//! How to read a record: the mode and validation, shared by every notation, and each
//! notation's own options (chess's castling rules and variant, the draughts board). The option
//! values are defined beneath every notation, in `crate::settings`, so this module names no
//! rule of any notation.

pub use crate::mode::Mode;
pub use crate::settings::{Board, Castling, Variant};

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
    pub draughts_board: Option<Board>,
    /// The castling rules the chess validation step applies (it needs `validate`): standard
    /// chess unless Chess960 is asked for.
    pub castling: Castling,
    /// The chess variant whose rules the validation step applies.
    pub variant: Variant,
}

impl ParseOptions {
    /// Strict syntax only: the default.
    pub const fn strict() -> Self {
        ParseOptions {
            mode: Mode::Strict,
            validate: false,
            draughts_board: None,
            castling: Castling::Standard,
            variant: Variant::Chess,
        }
    }

    /// Lenient syntax only.
    pub const fn lenient() -> Self {
        ParseOptions {
            mode: Mode::Lenient,
            validate: false,
            draughts_board: None,
            castling: Castling::Standard,
            variant: Variant::Chess,
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
    pub const fn with_draughts_board(mut self, board: Board) -> Self {
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
    /// let standard = Fen::parse(chess960, &options);
    /// assert_eq!(standard.diagnostics[0].code(), "fenkit::fen::castling_not_standard");
    /// assert!(Fen::parse(chess960, &options.with_castling(Castling::Chess960)).is_valid());
    /// ```
    #[must_use]
    pub const fn with_castling(mut self, castling: Castling) -> Self {
        self.castling = castling;
        self
    }

    /// The same options, validating chess records by `variant`'s rules.
    #[must_use]
    pub const fn with_variant(mut self, variant: Variant) -> Self {
        self.variant = variant;
        self
    }

    /// Whether lenient dialects are accepted.
    pub const fn is_lenient(&self) -> bool {
        matches!(self.mode, Mode::Lenient)
    }
}
