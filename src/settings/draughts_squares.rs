//! The parts of a draughts position: colours, the side to move, squares and sets of pieces.

use std::fmt;

/// The colour of a piece or of a section of a FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Color {
    /// `W`.
    White,
    /// `B` (Black or Red).
    Black,
}

impl Color {
    /// `W` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// `white` or `black`, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// Whose move it is: the first token of a FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Turn {
    /// `W`.
    White,
    /// `B`.
    Black,
    /// `?`: the side to move is not known.
    Unknown,
}

impl Turn {
    /// `W`, `B` or `?`.
    pub const fn letter(self) -> char {
        match self {
            Turn::White => 'W',
            Turn::Black => 'B',
            Turn::Unknown => '?',
        }
    }
}

/// A square as a FEN writes it: a number (`31`) or a file and a rank (`a1`).
///
/// `Debug` writes it as `Display` does (`31`, `a1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Square {
    /// A numbered playing square, from 1.
    Number(u8),
    /// File and rank, both from 0 (`a1` is file 0, rank 0).
    Alpha {
        /// 0 for `a`.
        file: u8,
        /// 0 for rank 1.
        rank: u8,
    },
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Square::Number(n) => write!(f, "{n}"),
            Square::Alpha { file, rank } => {
                write!(
                    f,
                    "{}{}",
                    char::from(b'a'.saturating_add(file)),
                    u32::from(rank) + 1
                )
            }
        }
    }
}

/// The square as written (`31`, `a1`), not the variant and its fields.
impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of square indices below 128 (see [`super::Board`] for the indexing).
///
/// `Debug` lists the squares by number, as a numeric board numbers them (index + 1): the set
/// alone does not know its board (`DraughtsFen`'s `Debug` names them as its board does).
///
/// ```
/// use fenkit::draughts::SquareSet;
///
/// assert_eq!(format!("{:?}", SquareSet::range(30, 32)), "{31, 32, 33}");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SquareSet(pub u128);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The indices `first..=last` (empty when `last < first` or out of bounds).
    pub const fn range(first: u8, last: u8) -> SquareSet {
        if last < first || last >= 128 {
            return SquareSet(0);
        }
        let upper = if last == 127 {
            u128::MAX
        } else {
            (1u128 << (last + 1)) - 1
        };
        let lower = (1u128 << first) - 1;
        SquareSet(upper & !lower)
    }

    /// The one square `index` (empty when out of bounds).
    #[inline]
    pub(crate) const fn single(index: u8) -> SquareSet {
        if index >= 128 {
            return SquareSet(0);
        }
        // One 64-bit shift and a choice of half: cheaper than a 128-bit shift.
        let bit = 1u64 << (index & 63);
        SquareSet(if index < 64 {
            bit as u128
        } else {
            (bit as u128) << 64
        })
    }

    /// Whether `index` is in the set.
    pub const fn contains(self, index: u8) -> bool {
        index < 128 && self.0 & (1u128 << index) != 0
    }

    /// How many squares.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The indices in ascending order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros();
            bits &= bits - 1;
            u8::try_from(index).ok()
        })
    }
}

/// The squares by number (`{31, 32}`), not the bits as one large integer.
impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|index| u32::from(index) + 1))
            .finish()
    }
}

impl std::ops::BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }
}

impl std::ops::BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }
}

/// The pieces of one colour: men and kings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pieces {
    /// Squares with a man.
    pub men: SquareSet,
    /// Squares with a king.
    pub kings: SquareSet,
}

impl Pieces {
    /// Every occupied square (a square listed as both man and king counts once).
    pub fn all(&self) -> SquareSet {
        self.men | self.kings
    }

    /// How many pieces (a square listed as both man and king counts once).
    pub fn len(&self) -> usize {
        self.all().len() as usize
    }

    /// Whether this colour has no piece.
    pub fn is_empty(&self) -> bool {
        self.all().is_empty()
    }

    /// Adds `set` as men or kings.
    pub(crate) fn add(&mut self, king: bool, set: SquareSet) {
        if king {
            self.kings = self.kings | set;
        } else {
            self.men = self.men | set;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_iteration() {
        for index in 0..=u8::MAX {
            assert_eq!(SquareSet::single(index), SquareSet::range(index, index));
        }
        assert_eq!(SquareSet::range(0, 2).0, 0b111);
        assert_eq!(SquareSet::range(3, 2), SquareSet::EMPTY);
        assert_eq!(SquareSet::range(0, 127).len(), 128);
        assert_eq!(SquareSet::range(5, 7).iter().collect::<Vec<_>>(), [5, 6, 7]);
        assert_eq!(Square::Alpha { file: 7, rank: 7 }.to_string(), "h8");
    }
}
