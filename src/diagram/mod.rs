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
use crate::{DraughtsFen, Epd, Feen, Fen};

/// How chess pieces are drawn in a text diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Glyphs {
    /// FEN letters: `K` White's king, `p` Black's pawn.
    #[default]
    Letters,
    /// Unicode chess figurines: `♔` White's king, `♟` Black's pawn.
    Figurines,
}

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

/// A position [`text`] and [`svg`] draw: [`Position`], and each parsed value ([`Fen`],
/// [`Epd`], [`Feen`], [`DraughtsFen`]) borrowed as it is, so none is cloned into a
/// `Position` to be drawn.
///
/// It is sealed: the drawings exist for fenkit's notations only.
pub trait Drawable: sealed::Sealed {}

impl<T: Drawable + ?Sized> Drawable for &T {}
impl<T: sealed::Sealed + ?Sized> sealed::Sealed for &T {
    fn view(&self) -> View<'_> {
        (**self).view()
    }
}

/// Declares each value drawable through one variant of [`View`].
macro_rules! drawable {
    ($($value:ty => $variant:ident,)*) => {$(
        impl Drawable for $value {}
        impl sealed::Sealed for $value {
            fn view(&self) -> View<'_> {
                View::$variant(self)
            }
        }
    )*};
}

drawable! {
    Fen => Fen,
    Epd => Epd,
    Feen => Feen,
    DraughtsFen => Pdn,
}

impl Drawable for Position {}
impl sealed::Sealed for Position {
    fn view(&self) -> View<'_> {
        match self {
            Position::Fen(fen) => View::Fen(fen),
            Position::Epd(epd) => View::Epd(epd),
            Position::Feen(feen) => View::Feen(feen),
            Position::Pdn(fen) => View::Pdn(fen),
            // The chess board of a variant position (its pockets and counters are not drawn).
            Position::Crazyhouse(position) => View::Fen(&position.fen),
            Position::ThreeCheck(position) => View::Fen(&position.fen),
        }
    }
}

use sealed::View;

/// What keeps [`Drawable`] to fenkit's values: its method names a type outside the public API.
mod sealed {
    use crate::{DraughtsFen, Epd, Feen, Fen};

    /// A drawable position, borrowed.
    pub enum View<'a> {
        Fen(&'a Fen),
        Epd(&'a Epd),
        Feen(&'a Feen),
        Pdn(&'a DraughtsFen),
    }

    /// The one method behind [`super::Drawable`].
    pub trait Sealed {
        /// The position to draw.
        fn view(&self) -> View<'_>;
    }
}
