//! A parsed position of any notation.

use std::fmt;

#[cfg(doc)]
use super::Notation;
use crate::chess::Fen;
use crate::draughts::DraughtsFen;
use crate::feen::Feen;
#[cfg(doc)]
use crate::options::Variant;
use crate::variant::{Crazyhouse, ThreeCheck};

/// A parsed position of any notation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Position {
    /// A chess FEN.
    Fen(Fen),
    /// An EPD record.
    Epd(crate::epd::Epd),
    /// A FEEN position.
    Feen(Feen),
    /// A draughts FEN (from a bare value, a tag pair or a setup command): the
    /// [`Notation::Pdn`] position.
    Pdn(DraughtsFen),
    /// A crazyhouse FEN, read as [`Notation::Fen`] with [`Variant::Crazyhouse`].
    Crazyhouse(Crazyhouse),
    /// A three-check FEN, read as [`Notation::Fen`] with [`Variant::ThreeCheck`].
    ThreeCheck(ThreeCheck),
}

impl fmt::Display for Position {
    /// The canonical text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Fen(fen) => fmt::Display::fmt(fen, f),
            Position::Epd(epd) => fmt::Display::fmt(epd, f),
            Position::Feen(feen) => fmt::Display::fmt(feen, f),
            Position::Pdn(fen) => fmt::Display::fmt(fen, f),
            Position::Crazyhouse(position) => fmt::Display::fmt(position, f),
            Position::ThreeCheck(position) => fmt::Display::fmt(position, f),
        }
    }
}
