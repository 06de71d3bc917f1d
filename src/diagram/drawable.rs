//! What the diagrams draw: the sealed trait [`Drawable`], which fenkit's positions implement.

use crate::any::Position;
use crate::{DraughtsFen, Epd, Feen, Fen};

/// A position [`text`](super::text) and [`svg`](super::svg) draw: [`Position`], and each parsed value ([`Fen`],
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

pub(super) use sealed::View;

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
