//! The board: what stands on each of the 64 squares.
//!
//! It is kept as one byte per square in the order a FEN placement is read (a8, b8 ... h1), so
//! the parser puts each piece down with one store and the writer reads the squares in order.
//! The sets of squares that legality checks need are derived in one pass ([`PieceSets`]).

use super::types::SquareSet;
use super::types::{Color, Piece, Role, Square};

/// What stands on each of the 64 squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// One [`cell`] per square, in FEN reading order: index `square ^ 56`.
    cells: [u8; 64],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

/// The byte that stands for `piece` on a board: bit 3 is Black, bits 0-2 are the role plus 1
/// (so 0 is an empty square, and the role bits make [`PieceSets::of`] a few mask operations).
pub(crate) const fn cell(piece: Piece) -> u8 {
    (piece.color as u8) << 3 | (piece.role as u8 + 1)
}

/// The piece a [`cell`] stands for.
const fn piece_in(cell: u8) -> Option<Piece> {
    let color = if cell & 8 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let role = match cell & 7 {
        1 => Role::Pawn,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::Rook,
        5 => Role::Queen,
        6 => Role::King,
        _ => return None,
    };
    Some(Piece { color, role })
}

/// Where `square` is kept: FEN reading order flips the ranks.
const fn slot(square: Square) -> usize {
    square.index() ^ 56
}

impl Board {
    /// The empty board.
    pub const fn empty() -> Self {
        Board { cells: [0; 64] }
    }

    /// The cells in FEN reading order, for the placement rule to fill.
    pub(crate) fn cells_mut(&mut self) -> &mut [u8; 64] {
        &mut self.cells
    }

    /// The cells in FEN reading order (a8, b8 ... h1), for the writer.
    pub(crate) const fn cells(&self) -> &[u8; 64] {
        &self.cells
    }

    /// The piece on `square`, if any.
    #[inline]
    pub fn get(&self, square: Square) -> Option<Piece> {
        piece_in(self.cells.get(slot(square)).copied().unwrap_or(0))
    }

    /// Puts `piece` (or nothing) on `square`.
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        if let Some(cell_of_square) = self.cells.get_mut(slot(square)) {
            *cell_of_square = piece.map_or(0, cell);
        }
    }

    /// The squares of `piece` (bit `n` = square `n`, a1 = 0).
    ///
    /// This and the other set queries derive the sets from the 64 squares on each call
    /// (a few dozen instructions).
    pub fn by_piece(&self, piece: Piece) -> u64 {
        PieceSets::of(self).by_piece(piece)
    }

    /// The squares of `color`'s pieces.
    pub fn by_color(&self, color: Color) -> u64 {
        PieceSets::of(self).by_color(color)
    }

    /// The squares of the pieces of `role`, both colours.
    pub fn by_role(&self, role: Role) -> u64 {
        PieceSets::of(self).by_role(role)
    }

    /// Every occupied square.
    pub fn occupied(&self) -> u64 {
        PieceSets::of(self).occupied()
    }

    /// How many pieces stand on the board.
    pub fn len(&self) -> usize {
        self.cells.iter().filter(|&&cell| cell != 0).count()
    }

    /// Whether no piece stands on the board.
    pub fn is_empty(&self) -> bool {
        self.cells.iter().all(|&cell| cell == 0)
    }

    /// Every occupied square with its piece, from a1 to h8.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        (0..64u8).filter_map(|index| {
            let square = Square::from_index(index)?;
            Some((square, self.get(square)?))
        })
    }
}

/// One set of squares (bit `n` = square `n`, a1 = 0) per kind of piece, derived from a board
/// once so that legality checks are mask operations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PieceSets {
    /// Indexed by [`Piece::code`].
    sets: [SquareSet; 12],
    /// Each colour's pieces (White, Black), kept beside the sets: the checks ask for them often.
    colors: [SquareSet; 2],
}

impl PieceSets {
    /// Gathers each bit of the cells into a set of its own (eight squares per multiply), then
    /// combines those four sets into one per piece.
    pub(crate) fn of(board: &Board) -> PieceSets {
        const LOW_BITS: u64 = 0x0101_0101_0101_0101;
        /// Moves bit 0 of byte `i` to bit `56 + i`.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let mut planes = [0u64; 4];
        for (rank_from_top, rank) in board.cells.chunks_exact(8).enumerate() {
            let mut word = [0u8; 8];
            word.copy_from_slice(rank);
            let word = u64::from_le_bytes(word);
            let shift = 8 * (7 - rank_from_top);
            for (bit, plane) in planes.iter_mut().enumerate() {
                let gathered = ((word >> bit) & LOW_BITS).wrapping_mul(GATHER) >> 56;
                *plane |= gathered << shift;
            }
        }
        let [one, two, four, black] = planes;
        let roles = [
            one & !two & !four,
            !one & two & !four,
            one & two & !four,
            !one & !two & four,
            one & !two & four,
            !one & two & four,
        ];
        let mut sets = [0; 12];
        for (index, role) in roles.into_iter().enumerate() {
            if let Some(set) = sets.get_mut(index) {
                *set = role & !black;
            }
            if let Some(set) = sets.get_mut(index + 6) {
                *set = role & black;
            }
        }
        let occupied = one | two | four;
        PieceSets {
            sets,
            colors: [occupied & !black, occupied & black],
        }
    }

    /// The squares of `piece`.
    pub(crate) fn by_piece(&self, piece: Piece) -> SquareSet {
        self.sets
            .get(usize::from(piece.code()))
            .copied()
            .unwrap_or(0)
    }

    /// The squares of `color`'s pieces.
    pub(crate) fn by_color(&self, color: Color) -> SquareSet {
        let [white, black] = self.colors;
        match color {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// The squares of the pieces of `role`, both colours.
    pub(crate) fn by_role(&self, role: Role) -> SquareSet {
        self.by_piece(Piece {
            color: Color::White,
            role,
        }) | self.by_piece(Piece {
            color: Color::Black,
            role,
        })
    }

    /// Every occupied square.
    pub(crate) fn occupied(&self) -> SquareSet {
        let [white, black] = self.colors;
        white | black
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_piece() -> impl Iterator<Item = Piece> {
        [Color::White, Color::Black]
            .into_iter()
            .flat_map(|color| Role::ALL.map(|role| Piece { color, role }))
    }

    #[test]
    fn every_piece_reads_back_from_every_square() {
        for piece in every_piece() {
            for index in 0..64 {
                let Some(square) = Square::from_index(index) else {
                    continue;
                };
                let mut board = Board::empty();
                board.set(square, Some(piece));
                assert_eq!(board.get(square), Some(piece));
                let sets = PieceSets::of(&board);
                for other in every_piece() {
                    let expected = if other == piece { 1u64 << index } else { 0 };
                    assert_eq!(
                        sets.by_piece(other),
                        expected,
                        "{other:?} with {piece:?} on {square}"
                    );
                }
                board.set(square, None);
                assert_eq!(board, Board::empty());
            }
        }
    }

    #[test]
    fn piece_sets_agree_with_the_squares() {
        let mut board = Board::empty();
        let pieces: Vec<Piece> = every_piece().collect();
        for index in 0..64u8 {
            if let (Some(square), Some(&piece)) = (
                Square::from_index(index),
                pieces.get(usize::from(index) * 7 % 13),
            ) {
                board.set(square, Some(piece));
            }
        }
        let sets = PieceSets::of(&board);
        for (index, square) in (0..64u8).filter_map(|i| Some((i, Square::from_index(i)?))) {
            let bit = 1u64 << index;
            match board.get(square) {
                Some(piece) => {
                    assert_ne!(sets.by_piece(piece) & bit, 0);
                    assert_ne!(sets.by_color(piece.color) & bit, 0);
                    assert_ne!(sets.by_role(piece.role) & bit, 0);
                    assert_ne!(sets.occupied() & bit, 0);
                }
                None => assert_eq!(sets.occupied() & bit, 0),
            }
        }
        assert_eq!(
            sets.occupied().count_ones() as usize,
            board.pieces().count()
        );
    }
}
