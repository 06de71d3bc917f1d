//! How chess pieces are drawn in a text diagram.

/// How chess pieces are drawn in a text diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Glyphs {
    /// FEN letters: `K` White's king, `p` Black's pawn.
    #[default]
    Letters,
    /// Unicode chess figurines: `♔` White's king, `♟` Black's pawn.
    Figurines,
}
