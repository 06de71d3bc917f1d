//! A FEEN position, the value a FEEN record is read into (its entry points, which run the
//! record rule, are in `record.rs`).

use super::board::Placement;
use super::types::{Hands, Piece, Side, Style, StyleTurn};

/// The notation name used in diagnostics and the CLI.
pub(crate) const NOTATION: &str = "feen";

/// A position in FEEN 1.0.0 (Forsyth–Edwards Enhanced Notation, Sashité, mid-2025 revision):
/// a board of any dimension, the pieces in hand and the two players' styles.
///
/// `FromStr` reads strict FEEN; [`Feen::parse`] takes options and returns every diagnostic;
/// `Display` writes the canonical form.
///
/// ```
/// use fenkit::feen::{Feen, Side};
///
/// let text = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL B/ shogi/SHOGI";
/// let feen: Feen = text.parse()?;
/// assert_eq!(feen.side_to_move(), Side::Second);
/// assert_eq!(feen.placement.ranks().len(), 9);
/// assert_eq!(feen.hands.count("B".parse()?), 1);
/// assert_eq!(feen.to_string(), text);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Feen {
    /// The board.
    pub placement: Placement,
    /// The pieces off the board.
    pub hands: Hands,
    /// The players' styles and who is to move.
    pub style_turn: StyleTurn,
}

impl Feen {
    /// The player to move.
    pub fn side_to_move(&self) -> Side {
        self.style_turn.side_to_move()
    }

    /// The style `piece` has: its own side's style, or the other side's when it carries the
    /// derivation marker `'`. Under `CHESS/shogi`, `K` is `CHESS`, `K'` is `shogi`.
    pub fn style_of(&self, piece: Piece) -> &Style {
        self.style_turn.style(piece.style_side())
    }

    /// The piece's GAN identifier (General Actor Notation): its style written in the piece's
    /// case, `:`, and the piece without `'`. Under `CHESS/shogi`, `K'` is `SHOGI:K` and `+p'`
    /// is `chess:+p`.
    ///
    /// ```
    /// use fenkit::feen::Feen;
    ///
    /// let feen: Feen = "K'+p' / CHESS/shogi".parse()?;
    /// let gans: Vec<String> = feen.placement.pieces().map(|(_, _, piece)| feen.gan(piece)).collect();
    /// assert_eq!(gans, ["SHOGI:K", "chess:+p"]);
    /// # Ok::<_, fenkit::ParseError>(())
    /// ```
    pub fn gan(&self, piece: Piece) -> String {
        let style = self.style_of(piece).in_case_of(piece.side());
        format!(
            "{style}:{}{}",
            piece.state().prefix(),
            char::from(piece.letter())
        )
    }
}
