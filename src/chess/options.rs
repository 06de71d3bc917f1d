//! Chess's options: values only, so that the shared [`ParseOptions`](crate::ParseOptions)
//! can hold them without knowing a rule of chess.

/// Which castling rules the chess validation step applies (FEN and EPD).
///
/// The default reads every right as Chess960 (X-FEN and Shredder-FEN): `K` is the outermost rook
/// on the king's side, wherever king and rook stand. `Standard` is standard chess, as
/// python-chess reads a board with `chess960=False`: `K`/`Q` (and the file letters `H`/`A`) need
/// the king on e1/e8 and the rook in its corner, else `fenkit::fen::castling_not_standard`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Castling {
    /// Chess960 rights (X-FEN, Shredder-FEN): today's behaviour.
    #[default]
    Chess960,
    /// Standard chess: each right needs the king and its rook on their starting squares.
    Standard,
}

/// The chess variant whose rules the validation step applies; the syntax of a variant's
/// additions (crazyhouse pockets, three-check counters) is read by [`crate::variant`].
///
/// Chess960 is not a variant here but a castling rule ([`Castling`]): any variant is played
/// with either.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Variant {
    /// Chess.
    #[default]
    Chess,
    /// Crazyhouse: captured pieces go to the captor's pocket.
    Crazyhouse,
    /// Three-check: three checks win.
    ThreeCheck,
    /// King of the hill: a king on the centre wins.
    KingOfTheHill,
    /// Atomic: a capture explodes the pieces around it.
    Atomic,
    /// Antichess: captures are compulsory, the king is an ordinary piece.
    Antichess,
    /// Horde: White has pawns and no king.
    Horde,
    /// Racing kings: no checks, the first king on the eighth rank wins.
    RacingKings,
}
