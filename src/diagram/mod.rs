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
mod drawable;
mod feen_text;
mod glyphs;
mod svg;

pub use chess_text::{epd_text, fen_text};
pub use draughts_text::draughts_text;
pub use feen_text::feen_text;
pub use svg::svg;

#[cfg(doc)]
use crate::any::Position;
pub use drawable::Drawable;
use drawable::View;
pub use glyphs::Glyphs;

/// The text diagram of any position (`glyphs` matters for chess boards only): a [`Position`]
/// or a parsed value itself ([`Drawable`]).
///
/// ```
/// use fenkit::Fen;
/// use fenkit::diagram::{self, Glyphs};
///
/// let fen: Fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".parse()?;
/// assert_eq!(diagram::text(&fen, Glyphs::Letters), diagram::fen_text(&fen, Glyphs::Letters));
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn text(position: &(impl Drawable + ?Sized), glyphs: Glyphs) -> String {
    match position.view() {
        View::Fen(fen) => fen_text(fen, glyphs),
        View::Epd(epd) => epd_text(epd, glyphs),
        View::Feen(feen) => feen_text(feen),
        View::Pdn(fen) => draughts_text(fen),
    }
}
