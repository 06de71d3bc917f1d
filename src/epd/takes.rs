//! What a standard opcode takes, as a value the opcode table and the messages share.

/// What a standard opcode takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Takes {
    /// One integer in `min..=max`.
    Integer { min: i64, max: i64 },
    /// Zero or more moves, each from the position (`am`, `bm`).
    Moves,
    /// Zero or more moves in play order (`pv`).
    Line,
    /// Exactly one move.
    OneMove,
    /// One string or nothing.
    OptionalString,
    /// Exactly one string.
    OneString,
    /// Exactly two strings.
    TwoStrings,
    /// No operand.
    Nothing,
    /// Anything (`noop`).
    Anything,
}
