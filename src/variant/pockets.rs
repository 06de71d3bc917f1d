//! Crazyhouse pockets: the pieces each side has captured and may drop, written `[Qn]` after
//! the board or as a ninth rank `/Qn`.

use std::fmt;

use crate::chess::{Color, Piece, Role};

/// The pieces in both pockets, counted by colour and role.
///
/// Written as shakmaty writes them: White's pieces first, then Black's, each pawn, knight,
/// bishop, rook, queen, king (`[PNBRQpnbrq]`), so a pocket read in any order is written in
/// this one.
///
/// ```
/// use fenkit::chess::{Color, Piece, Role};
/// use fenkit::variant::Pockets;
///
/// let mut pockets = Pockets::default();
/// pockets.add(Piece { color: Color::Black, role: Role::Knight });
/// pockets.add(Piece { color: Color::White, role: Role::Queen });
/// assert_eq!(pockets.to_string(), "Qn");
/// assert_eq!(pockets.len(), 2);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Pockets {
    /// White's counts then Black's, each in [`Role::ALL`] order.
    counts: [[u8; 6]; 2],
}

impl Pockets {
    /// How many of `piece` are in its colour's pocket.
    pub fn count(&self, piece: Piece) -> u8 {
        self.counts
            .get(piece.color as usize)
            .and_then(|side| side.get(piece.role as usize))
            .copied()
            .unwrap_or(0)
    }

    /// How many pieces of `role` are in both pockets together.
    pub fn count_role(&self, role: Role) -> usize {
        [Color::White, Color::Black]
            .into_iter()
            .map(|color| usize::from(self.count(Piece { color, role })))
            .sum()
    }

    /// Puts one `piece` in its colour's pocket (a count stops at 255).
    pub fn add(&mut self, piece: Piece) {
        if let Some(count) = self
            .counts
            .get_mut(piece.color as usize)
            .and_then(|side| side.get_mut(piece.role as usize))
        {
            *count = count.saturating_add(1);
        }
    }

    /// The number of pieces in both pockets.
    pub fn len(&self) -> usize {
        self.counts
            .iter()
            .flatten()
            .map(|&count| usize::from(count))
            .sum()
    }

    /// Whether both pockets are empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every piece in the pockets, in the written order (a piece twice if counted twice).
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        [Color::White, Color::Black]
            .into_iter()
            .flat_map(move |color| {
                Role::ALL.into_iter().flat_map(move |role| {
                    let piece = Piece { color, role };
                    std::iter::repeat_n(piece, usize::from(self.count(piece)))
                })
            })
    }
}

/// The pocket as a FEN writes it, in brackets (`[Qn]`, `[]` when empty): a table of counts
/// by colour and role would need decoding.
impl fmt::Debug for Pockets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

/// The pocket letters without brackets (`Qn`; empty pockets write nothing).
impl fmt::Display for Pockets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pieces()
            .try_for_each(|piece| fmt::Display::fmt(&char::from(piece.letter()), f))
    }
}

/// What one limit of crazyhouse's material rule counts.
#[derive(Clone, Copy)]
pub(super) enum Material {
    /// Pawns, each promoted piece counted as the pawn it was.
    Pawns,
    /// Pieces of one role that were not promoted.
    Unpromoted(Role),
    /// Every piece, kings included.
    Pieces,
}
