//! Board pictures of parsed positions: a text diagram for terminals (and editors' hovers) and
//! an SVG picture for browsers.
//!
//! ```
//! use fenkit::Fen;
//! use fenkit::diagram::{Glyphs, fen_text};
//!
//! let fen: Fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".parse()?;
//! let text = fen_text(&fen, Glyphs::Letters);
//! assert!(text.contains("2 | . . . . P . . . |"));
//! assert!(text.contains("White to move, castling -, en passant -\n"));
//! # Ok::<_, fenkit::ParseError>(())
//! ```
//!
//! Boards are drawn from White's (the first player's) side: the last rank on top. Text
//! diagrams use ASCII except for the chess figurines of [`Glyphs::Figurines`].

mod chess_text;
mod draughts_geometry;
mod draughts_text;
mod feen_text;
mod svg;

pub use chess_text::{epd_text, fen_text};
pub use draughts_text::draughts_text;
pub use feen_text::feen_text;
pub use svg::svg;

use crate::any::Position;

/// How chess pieces are drawn in a text diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Glyphs {
    /// FEN letters: `K` White's king, `p` Black's pawn.
    #[default]
    Letters,
    /// Unicode chess figurines: `♔` White's king, `♟` Black's pawn.
    Figurines,
}

/// The text diagram of any position (`glyphs` matters for chess boards only).
pub fn text(position: &Position, glyphs: Glyphs) -> String {
    match position {
        Position::Fen(fen) => fen_text(fen, glyphs),
        Position::Epd(epd) => epd_text(epd, glyphs),
        Position::Feen(feen) => feen_text(feen),
        Position::Draughts(fen) => draughts_text(fen),
    }
}
