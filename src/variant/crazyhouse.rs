//! Crazyhouse FEN: a chess FEN whose board is followed by the pockets, `[Qn]` or a ninth rank
//! `/Qn`, and whose promoted pieces are marked `~` (`Q~`), as shakmaty reads it.

use std::fmt;
use std::str::FromStr;

use super::legality;
use super::messages;
use super::pockets::{Material, Pockets};
use super::record::{self, Clocks, Reading};
use super::write;
use crate::chess::{Fen, Role, Square};
use crate::diagnostic::{Diagnostic, ParseError, Parsed};
use crate::options::ParseOptions;
use crate::settings::Variant;
use crate::span::Span;

/// A crazyhouse position: the chess fields, both pockets and the promoted pieces.
///
/// `FromStr` reads strict syntax; [`Crazyhouse::parse`] takes options (lenient mode,
/// validation) and returns every diagnostic; `Display` writes shakmaty's canonical form: the
/// pockets in brackets after the board (`[Qn]`, `[]` when empty), White's pieces first, `~`
/// after each promoted piece, and both clocks.
///
/// ```
/// use fenkit::variant::Crazyhouse;
///
/// let position: Crazyhouse = "4k3/1Q~6/8/8/4b3/8/Kpp5/8/qN b - - 0 1".parse()?;
/// assert_eq!(position.pockets.len(), 2);
/// assert_eq!(position.promoted.count_ones(), 1);
/// assert_eq!(position.to_string(), "4k3/1Q~6/8/8/4b3/8/Kpp5/8[Nq] b - - 0 1");
/// # Ok::<_, fenkit::ParseError>(())
/// ```
///
/// `Debug` lists the promoted pieces by square (`promoted: {g1}`), not as the set's integer.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Crazyhouse {
    /// The chess fields: board, side to move, castling, en passant and clocks.
    pub fen: Fen,
    /// The pieces each side may drop.
    pub pockets: Pockets,
    /// The squares of the pieces that were pawns (bit 0 = a1, as `Board::occupied`): captured,
    /// they go into the pocket as pawns.
    pub promoted: u64,
}

/// The notation name used in diagnostics.
const NOTATION: &str = "crazyhouse";

impl Crazyhouse {
    /// Parses one record with every diagnostic; with `options.validate`, also checks legality:
    /// the chess rules that still hold (one king each, no pawn on a back rank, the side not to
    /// move not in check, castling and en passant), with chess's piece counts replaced by
    /// crazyhouse's (`fenkit::variant::too_much_material`), and no king in a pocket.
    ///
    /// ```
    /// use fenkit::ParseOptions;
    /// use fenkit::variant::Crazyhouse;
    ///
    /// let parsed = Crazyhouse::parse(b"4k3/8/8/8/8/8/8/4K3[Kx] w - - 0 1", &ParseOptions::strict());
    /// let codes: Vec<_> = parsed.diagnostics.iter().map(|d| d.code()).collect();
    /// assert_eq!(codes, ["fenkit::variant::invalid_pocket_piece"]);
    /// ```
    pub fn parse(input: &[u8], options: &ParseOptions) -> Parsed<Crazyhouse> {
        Self::read(input, options, Clocks::Required)
    }

    /// Parses the EPD form of a position: the clocks may be left out (read as `0 1`), as
    /// shakmaty's perft files write positions.
    pub(crate) fn parse_epd_form(input: &[u8], options: &ParseOptions) -> Parsed<Crazyhouse> {
        Self::read(input, options, Clocks::Optional)
    }

    fn read(input: &[u8], options: &ParseOptions, clocks: Clocks) -> Parsed<Crazyhouse> {
        let reading = record::read(input, options, Variant::Crazyhouse, clocks);
        let value = (|| {
            Some(Crazyhouse {
                fen: reading.fen()?,
                pockets: reading.pockets?,
                promoted: reading.placement.as_ref()?.promoted,
            })
        })();
        let legality = match (&value, options.validate) {
            (Some(position), true) => position.legality(input, &reading, options),
            _ => Vec::new(),
        };
        let mut parsed = Parsed::from_sink(value, reading.sink);
        parsed.add(legality);
        parsed
    }

    /// Parses strict syntax from bytes.
    pub fn from_ascii(input: &[u8]) -> Result<Crazyhouse, ParseError> {
        Crazyhouse::parse(input, &ParseOptions::strict()).into_result(NOTATION, input)
    }

    fn legality(
        &self,
        record: &[u8],
        reading: &Reading,
        options: &ParseOptions,
    ) -> Vec<Diagnostic> {
        // Captured pieces change sides, so chess's counts per colour do not hold: crazyhouse's
        // board rules leave them out.
        let variant = Variant::Crazyhouse;
        let mut problems = legality::chess(&self.fen, record, reading, options, variant);
        if let Some(king) = reading.pocket_king {
            problems.push(messages::king_in_pocket(king));
        }
        problems.extend(self.too_much_material(reading.board));
        problems
    }

    /// Crazyhouse's material rule, as shakmaty's: the pieces on the board and in the pockets
    /// are at most those of a chess game (16 pawns, 4 knights, bishops and rooks, 2 queens),
    /// a promoted piece counting as the pawn it was, and at most 64 in all.
    fn too_much_material(&self, board_span: Span) -> Vec<Diagnostic> {
        let board = &self.fen.board;
        let promoted = self.promoted
            & board.occupied()
            & !board.by_role(Role::Pawn)
            & !board.by_role(Role::King);
        let on_board = |role: Role| (board.by_role(role) & !promoted).count_ones() as usize;
        let mut problems = Vec::new();
        let mut report = |found: usize, most: usize, material: Material| {
            if found > most {
                problems.push(messages::too_much_material(
                    found, most, material, board_span,
                ));
            }
        };
        let pawns = promoted.count_ones() as usize
            + board.by_role(Role::Pawn).count_ones() as usize
            + self.pockets.count_role(Role::Pawn);
        report(pawns, 16, Material::Pawns);
        for (role, most) in [
            (Role::Knight, 4),
            (Role::Bishop, 4),
            (Role::Rook, 4),
            (Role::Queen, 2),
        ] {
            let found = on_board(role) + self.pockets.count_role(role);
            report(found, most, Material::Unpromoted(role));
        }
        let all = board.occupied().count_ones() as usize + self.pockets.len();
        report(all, 64, Material::Pieces);
        problems
    }
}

impl FromStr for Crazyhouse {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Crazyhouse, ParseError> {
        Crazyhouse::from_ascii(text.as_bytes())
    }
}

/// The promoted squares by name: the bits of `promoted` as one integer mean nothing to a reader.
impl fmt::Debug for Crazyhouse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Crazyhouse")
            .field("fen", &self.fen)
            .field("pockets", &self.pockets)
            .field("promoted", &PromotedSquares(self.promoted))
            .finish()
    }
}

/// A set of chess squares (bit 0 = a1), listed by name.
struct PromotedSquares(u64);

impl fmt::Debug for PromotedSquares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let squares = (0..64u8)
            .filter(|&index| self.0 & (1 << index) != 0)
            .filter_map(Square::from_index);
        f.debug_set().entries(squares).finish()
    }
}

impl fmt::Display for Crazyhouse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write::placement(&self.fen.board, self.promoted, f)?;
        write!(f, "[{}]", self.pockets)?;
        f.write_str(&write::after_placement(&self.fen))
    }
}
