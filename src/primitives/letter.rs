//! Piece letters: every notation here names pieces with ASCII letters whose case says the side.

/// The case of a letter, which says which side a piece belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Case {
    /// Uppercase: White in chess and draughts, the first player in FEEN.
    Upper,
    /// Lowercase: Black, the second player.
    Lower,
}

/// The case and uppercase form of an ASCII letter; `None` for any other byte.
#[inline]
pub(crate) const fn letter(b: u8) -> Option<(Case, u8)> {
    match b {
        b'A'..=b'Z' => Some((Case::Upper, b)),
        b'a'..=b'z' => Some((Case::Lower, b - 32)),
        _ => None,
    }
}
