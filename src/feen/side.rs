//! The two players of a FEEN position. FEEN has exactly two, told apart by letter case.

use std::fmt;

/// A player: the first (uppercase pieces and style) or the second (lowercase).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    /// The player of the uppercase pieces and the uppercase style, who plays first in the
    /// initial position (and from whose point of view the board is written).
    First,
    /// The player of the lowercase pieces and the lowercase style.
    Second,
}

impl Side {
    /// The other player.
    pub const fn opposite(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// `"first"` or `"second"`, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
        }
    }

    /// The side a letter case belongs to.
    pub(crate) const fn of_case(case: crate::primitives::letter::Case) -> Side {
        match case {
            crate::primitives::letter::Case::Upper => Side::First,
            crate::primitives::letter::Case::Lower => Side::Second,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
