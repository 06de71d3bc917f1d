//! The notations fenkit reads, as a value; what fenkit knows of each is its row of the table
//! (`table.rs`, which also holds `Notation`'s methods that read the table).

/// The notations fenkit reads; what fenkit knows of each is its row of [`notations`](super::notations)
/// ([`Notation::info`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Notation {
    /// Chess FEN, six fields.
    Fen,
    /// EPD: four position fields and operations (also the "modified FEN" of opening books).
    Epd,
    /// FEEN 1.0.0: placement, pieces in hand, style-turn.
    Feen,
    /// Draughts FEN: a bare value (`W:W31-50:B1-20`), a `[FEN "..."]` tag pair or a
    /// `/FEN "..."/` setup command.
    Pdn,
}
