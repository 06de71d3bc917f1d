//! Draughts boards: the geometries of the PDN `GameType` table (docs/notations.md).
//!
//! A board fixes how many squares there are, whether they are numbered (`1`-`50`) or named like
//! chess squares (`a1`), which squares are playing squares, where men are crowned and how many
//! pieces each side starts with. Squares are stored as an index below 128: `number - 1` on a
//! numeric board, `rank * width + file` on an alphanumeric one.

use std::fmt;

use super::draughts_squares::{Color, Square, SquareSet};

/// How a board names its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum SquareNotation {
    /// Playing squares numbered from 1 (`N` in the GameType tag).
    Numeric,
    /// File letter and rank number, like chess (`A` in the GameType tag).
    Alphanumeric,
}

/// A draughts board of the PDN GameType table.
///
/// ```
/// use fenkit::draughts::{Board, SquareNotation};
///
/// let board = Board::from_name_or_game_type("21").unwrap();
/// assert_eq!(board, Board::English);
/// assert_eq!((board.square_count(), board.notation()), (32, SquareNotation::Numeric));
/// assert_eq!(Board::from_name_or_game_type("russian"), Some(Board::Russian));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Board {
    /// GameType 20: international draughts, 10x10, squares 1-50 (the default for numeric FENs).
    #[default]
    International,
    /// GameType 21: English draughts / American checkers, 8x8, squares 1-32.
    English,
    /// GameType 22: Italian draughts, 8x8, squares 1-32.
    Italian,
    /// GameType 23: American pool checkers, 8x8, squares 1-32.
    AmericanPool,
    /// GameType 24: Spanish draughts, 8x8, squares 1-32.
    Spanish,
    /// GameType 25: Russian draughts, 8x8, `a1`-`h8` (the default for alphanumeric FENs).
    Russian,
    /// GameType 26: Brazilian draughts, 8x8, `a1`-`h8`.
    Brazilian,
    /// GameType 27: Canadian draughts, 12x12, squares 1-72.
    Canadian,
    /// GameType 28: Portuguese draughts, 8x8, squares 1-32.
    Portuguese,
    /// GameType 29: Czech draughts, 8x8, `a1`-`h8`.
    Czech,
    /// GameType 30: Turkish draughts, 8x8, all 64 squares `a1`-`h8` play.
    Turkish,
    /// GameType 31: Thai draughts, 8x8, squares 1-32.
    Thai,
    /// GameType 40: Frisian draughts, 10x10, squares 1-50.
    Frisian,
    /// GameType 41: Spantsiretti, 10 files by 8 ranks, `a1`-`j8`.
    Spantsiretti,
}

/// The facts of one board.
struct Spec {
    game_type: u8,
    name: &'static str,
    width: u8,
    height: u8,
    notation: SquareNotation,
    every_square_plays: bool,
    initial_pieces: u8,
}

const fn spec(board: Board) -> Spec {
    use SquareNotation::{Alphanumeric as A, Numeric as N};
    let (game_type, name, width, height, notation, every_square_plays, initial_pieces) = match board
    {
        Board::International => (20, "international", 10, 10, N, false, 20),
        Board::English => (21, "english", 8, 8, N, false, 12),
        Board::Italian => (22, "italian", 8, 8, N, false, 12),
        Board::AmericanPool => (23, "pool", 8, 8, N, false, 12),
        Board::Spanish => (24, "spanish", 8, 8, N, false, 12),
        Board::Russian => (25, "russian", 8, 8, A, false, 12),
        Board::Brazilian => (26, "brazilian", 8, 8, A, false, 12),
        Board::Canadian => (27, "canadian", 12, 12, N, false, 30),
        Board::Portuguese => (28, "portuguese", 8, 8, N, false, 12),
        Board::Czech => (29, "czech", 8, 8, A, false, 12),
        Board::Turkish => (30, "turkish", 8, 8, A, true, 16),
        Board::Thai => (31, "thai", 8, 8, N, false, 8),
        Board::Frisian => (40, "frisian", 10, 10, N, false, 20),
        Board::Spantsiretti => (41, "spantsiretti", 10, 8, A, false, 15),
    };
    Spec {
        game_type,
        name,
        width,
        height,
        notation,
        every_square_plays,
        initial_pieces,
    }
}

impl Board {
    /// Every board, in GameType order.
    pub const ALL: [Board; 14] = [
        Board::International,
        Board::English,
        Board::Italian,
        Board::AmericanPool,
        Board::Spanish,
        Board::Russian,
        Board::Brazilian,
        Board::Canadian,
        Board::Portuguese,
        Board::Czech,
        Board::Turkish,
        Board::Thai,
        Board::Frisian,
        Board::Spantsiretti,
    ];

    /// The board of a name or a GameType, as the CLI's `--board` and the `[GameType "N"]` tag
    /// give it.
    ///
    /// Accepted (case-insensitive): the GameType number `20`-`31`, `40`, `41`, also in the full
    /// tag form `21,B,8,8,N1,0` (only the number is read); and the names `international`,
    /// `english` (also `american`, `checkers`), `italian`, `pool` (also `american-pool`),
    /// `spanish`, `russian`, `brazilian`, `canadian`, `portuguese`, `czech`, `turkish`, `thai`,
    /// `frisian`, `spantsiretti`.
    pub fn from_name_or_game_type(text: &str) -> Option<Board> {
        let text = text.trim();
        let number = text.split(',').next().unwrap_or_default().trim();
        if let Ok(game_type) = number.parse::<u32>() {
            return Board::from_game_type(game_type);
        }
        let name = text.to_ascii_lowercase();
        let alias = match name.as_str() {
            "american" | "checkers" => "english",
            "american-pool" | "american_pool" => "pool",
            other => other,
        };
        Board::ALL.into_iter().find(|board| board.name() == alias)
    }

    /// The board of a PDN GameType number.
    pub fn from_game_type(game_type: u32) -> Option<Board> {
        Board::ALL
            .into_iter()
            .find(|board| u32::from(board.game_type()) == game_type)
    }

    /// The default board for squares written in `notation`: international 10x10 for numbers,
    /// Russian 8x8 for alphanumeric squares (docs/notations.md).
    pub const fn default_for(notation: SquareNotation) -> Board {
        match notation {
            SquareNotation::Numeric => Board::International,
            SquareNotation::Alphanumeric => Board::Russian,
        }
    }

    /// The PDN GameType number.
    pub const fn game_type(self) -> u8 {
        spec(self).game_type
    }

    /// The lowercase name, as [`Board::from_name_or_game_type`] reads it.
    pub const fn name(self) -> &'static str {
        spec(self).name
    }

    /// Files (columns).
    pub const fn width(self) -> u8 {
        spec(self).width
    }

    /// Ranks (rows).
    pub const fn height(self) -> u8 {
        spec(self).height
    }

    /// Numbered or alphanumeric squares.
    pub const fn notation(self) -> SquareNotation {
        spec(self).notation
    }

    /// How many pieces each side has in the initial position: the most a side can have.
    pub const fn initial_pieces(self) -> u8 {
        spec(self).initial_pieces
    }

    /// The number of playing squares.
    pub const fn square_count(self) -> u8 {
        let s = spec(self);
        if s.every_square_plays {
            s.width * s.height
        } else {
            s.height * (s.width / 2)
        }
    }

    /// The index of a square on this board, `None` when it is not on the board or is written in
    /// the other notation.
    pub fn index(self, square: Square) -> Option<u8> {
        match (self.notation(), square) {
            (SquareNotation::Numeric, Square::Number(n)) => {
                (1..=self.square_count()).contains(&n).then(|| n - 1)
            }
            (SquareNotation::Alphanumeric, Square::Alpha { file, rank }) => {
                (file < self.width() && rank < self.height()).then(|| rank * self.width() + file)
            }
            _ => None,
        }
    }

    /// The square at `index` (see the module docs).
    pub const fn square(self, index: u8) -> Square {
        match self.notation() {
            SquareNotation::Numeric => Square::Number(index.saturating_add(1)),
            SquareNotation::Alphanumeric => {
                let width = at_least_one(self.width());
                Square::Alpha {
                    file: index % width,
                    rank: index / width,
                }
            }
        }
    }

    /// Whether the square at `index` is a playing square: every numbered square is; an
    /// alphanumeric square is when it has the colour of `a1` (all squares on the Turkish board).
    pub const fn is_playing(self, index: u8) -> bool {
        match self.square(index) {
            Square::Number(_) => true,
            Square::Alpha { file, rank } => spec(self).every_square_plays || (file + rank) % 2 == 0,
        }
    }

    /// Whether a man of `color` on the square at `index` stands on the row where it is crowned:
    /// White moves towards square 1 (numeric) or rank 8 (alphanumeric), Black the other way.
    /// An index off the board is on no row.
    pub const fn is_promotion_row(self, color: Color, index: u8) -> bool {
        let last = self.height().saturating_sub(1);
        let row = match self.square(index) {
            Square::Number(n) => n.saturating_sub(1) / at_least_one(self.width() / 2),
            Square::Alpha { rank, .. } => match last.checked_sub(rank) {
                Some(row) => row,
                None => return false,
            },
        };
        match color {
            Color::White => row == 0,
            Color::Black => row == last,
        }
    }

    /// Every index where [`Board::is_playing`] holds, as a bitset (looked up, not computed:
    /// the validation step's check of a valid position is then a few bit operations).
    #[inline]
    pub(crate) fn playing_squares(self) -> SquareSet {
        SquareSet(masks(self).playing)
    }

    /// Every index where [`Board::is_promotion_row`] holds for `color`, as a bitset (looked up).
    #[inline]
    pub(crate) fn promotion_rows(self, color: Color) -> SquareSet {
        let masks = masks(self);
        SquareSet(match color {
            Color::White => masks.white_promotion,
            Color::Black => masks.black_promotion,
        })
    }

    /// The range of squares as help texts name it: `1-50`, `a1-h8`.
    pub fn square_range_text(self) -> String {
        match self.notation() {
            SquareNotation::Numeric => format!("1-{}", self.square_count()),
            SquareNotation::Alphanumeric => {
                let last = char::from(b'a' + self.width().saturating_sub(1));
                format!("a1-{last}{}", self.height())
            }
        }
    }
}

/// `n`, or 1 for 0 (a divisor; `Ord::max` is not `const`).
const fn at_least_one(n: u8) -> u8 {
    if n == 0 { 1 } else { n }
}

/// The per-square rules of a board as bitsets over every index below 128.
#[derive(Clone, Copy)]
struct Masks {
    playing: u128,
    white_promotion: u128,
    black_promotion: u128,
}

/// The masks of `board`, built from the per-square rules themselves (so each rule is written
/// once) when the table below is evaluated at compile time.
const fn build_masks(board: Board) -> Masks {
    let mut masks = Masks {
        playing: 0,
        white_promotion: 0,
        black_promotion: 0,
    };
    let mut index = 0u8;
    while index < 128 {
        let bit = 1u128 << index;
        if board.is_playing(index) {
            masks.playing |= bit;
        }
        if board.is_promotion_row(Color::White, index) {
            masks.white_promotion |= bit;
        }
        if board.is_promotion_row(Color::Black, index) {
            masks.black_promotion |= bit;
        }
        index += 1;
    }
    masks
}

/// The masks of every board, by its position in [`Board::ALL`] (the declaration order).
const MASKS: [Masks; Board::ALL.len()] = {
    let mut table = [build_masks(Board::International); Board::ALL.len()];
    let mut at = 0;
    while at < Board::ALL.len() {
        // Evaluated at compile time: an index out of range would not build.
        #[allow(clippy::indexing_slicing)]
        {
            table[at] = build_masks(Board::ALL[at]);
        }
        at += 1;
    }
    table
};

/// The masks of `board`.
#[inline]
fn masks(board: Board) -> Masks {
    // `Board::ALL` is in declaration order (tested), so a board's discriminant is its row.
    MASKS
        .get(board as usize)
        .copied()
        .unwrap_or_else(|| build_masks(board))
}

impl fmt::Display for Board {
    /// The name and GameType, e.g. `international (GameType 20)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (GameType {})", self.name(), self.game_type())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_matches_the_gametype_table() {
        assert_eq!(Board::International.square_count(), 50);
        assert_eq!(Board::Canadian.square_count(), 72);
        assert_eq!(Board::Turkish.square_count(), 64);
        assert_eq!(Board::Spantsiretti.square_count(), 40);
        assert!(Board::ALL.iter().all(|b| match b.notation() {
            SquareNotation::Numeric => u32::from(b.square_count()) <= 128,
            SquareNotation::Alphanumeric => u32::from(b.width()) * u32::from(b.height()) <= 128,
        }));
        assert!(Board::International.is_promotion_row(Color::White, 4));
        assert!(!Board::International.is_promotion_row(Color::White, 5));
        assert!(Board::International.is_promotion_row(Color::Black, 45));
        assert!(Board::English.is_promotion_row(Color::Black, 31));
        for (at, board) in Board::ALL.into_iter().enumerate() {
            assert_eq!(board as usize, at, "{board:?}");
            for index in 0..128 {
                let bit = |set: SquareSet| set.contains(index);
                assert_eq!(bit(board.playing_squares()), board.is_playing(index));
                for color in [Color::White, Color::Black] {
                    assert_eq!(
                        bit(board.promotion_rows(color)),
                        board.is_promotion_row(color, index),
                        "{board:?} {color:?} {index}"
                    );
                }
            }
        }
        assert!(Board::Russian.is_playing(0));
        assert!(!Board::Russian.is_playing(1));
        assert!(Board::Russian.is_promotion_row(Color::White, 63));
        assert_eq!(Board::from_name_or_game_type("40"), Some(Board::Frisian));
        assert_eq!(
            Board::from_name_or_game_type("21,B,8,8,N1,0"),
            Some(Board::English)
        );
        assert_eq!(
            Board::from_name_or_game_type("Checkers"),
            Some(Board::English)
        );
        assert_eq!(Board::from_name_or_game_type("97"), None);
        assert_eq!(Board::Spantsiretti.square_range_text(), "a1-j8");
        // Indices off the board (a hand-built value) are on no row and do not panic.
        assert!(!Board::Russian.is_promotion_row(Color::White, 127));
        assert!(!Board::English.is_promotion_row(Color::Black, 127));
    }
}
