//! FEEN's value types: sides, PNN pieces, SNN styles, the style-turn and the pieces in hand.
//! The rules that read them are in the field files (`pnn.rs`, `snn.rs`, `style_turn.rs`,
//! `hands.rs`), with the constructors and `FromStr` impls that run those rules, so the
//! values never import their readers.

use std::cmp::Reverse;
use std::fmt;
use std::num::NonZeroU64;

/// A player: the first (uppercase pieces and style) or the second (lowercase).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    /// The player of the uppercase pieces and the uppercase style, who plays first in the
    /// initial position (and from whose point of view the board is written).
    First,
    /// The player of the lowercase pieces and the lowercase style.
    Second,
}

impl Side {
    /// The other player.
    pub const fn opposite(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// `"first"` or `"second"`, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
        }
    }

    /// The side a letter case belongs to.
    pub(crate) const fn of_case(case: crate::primitives::letter::Case) -> Side {
        match case {
            crate::primitives::letter::Case::Upper => Side::First,
            crate::primitives::letter::Case::Lower => Side::Second,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The state prefix of a piece. The variants are in canonical hand order: `-`, `+`, none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum State {
    /// `-`: weakened, restricted or temporary.
    Diminished,
    /// `+`: promoted, upgraded or empowered.
    Enhanced,
    /// No prefix.
    #[default]
    Normal,
}

impl State {
    /// The state a prefix byte stands for (`Normal` has no prefix).
    #[inline]
    pub(crate) const fn from_prefix(b: u8) -> Option<State> {
        match b {
            b'-' => Some(State::Diminished),
            b'+' => Some(State::Enhanced),
            _ => None,
        }
    }

    /// The prefix as written: `"-"`, `"+"` or `""`.
    pub const fn prefix(self) -> &'static str {
        match self {
            State::Diminished => "-",
            State::Enhanced => "+",
            State::Normal => "",
        }
    }
}

/// One PNN piece, such as `K`, `+p`, `-R'`.
///
/// ```
/// use fenkit::feen::{Piece, Side, State};
///
/// let piece: Piece = "+p'".parse()?;
/// assert_eq!(piece.side(), Side::Second);
/// assert_eq!(piece.state(), State::Enhanced);
/// assert!(piece.is_derived());
/// assert_eq!(piece.to_string(), "+p'");
/// assert!("++K".parse::<Piece>().is_err());
/// # Ok::<_, fenkit::feen::InvalidToken>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub(super) letter: u8,
    pub(super) state: State,
    pub(super) derived: bool,
}

impl Piece {
    /// The piece with this letter (its case gives the side), state and derivation marker;
    /// `None` if `letter` is not an ASCII letter.
    pub const fn new(letter: u8, state: State, derived: bool) -> Option<Piece> {
        if letter.is_ascii_alphabetic() {
            Some(Piece {
                letter,
                state,
                derived,
            })
        } else {
            None
        }
    }

    /// The letter as written: uppercase for the first player, lowercase for the second.
    pub const fn letter(self) -> u8 {
        self.letter
    }

    /// The letter in uppercase: the piece type, whatever the side.
    pub const fn base_letter(self) -> u8 {
        self.letter.to_ascii_uppercase()
    }

    /// Which player the piece belongs to (its letter's case).
    pub const fn side(self) -> Side {
        if self.letter.is_ascii_uppercase() {
            Side::First
        } else {
            Side::Second
        }
    }

    /// Enhanced (`+`), diminished (`-`) or normal.
    pub const fn state(self) -> State {
        self.state
    }

    /// Whether the piece carries the derivation marker `'`: it has the other side's native
    /// style rather than its own side's.
    pub const fn is_derived(self) -> bool {
        self.derived
    }

    /// The side whose style the piece has: its own side, or the other one when derived.
    pub const fn style_side(self) -> Side {
        if self.derived {
            self.side().opposite()
        } else {
            self.side()
        }
    }

    /// The order of pieces of one count within a hand: base letter, then `-`, `+`, none, then
    /// without `'` before with.
    pub(crate) fn hand_key(self) -> (u8, State, bool) {
        (self.base_letter(), self.state, self.derived)
    }

    /// A dense index of the piece's identity on its side (letter, state, marker): 0..156.
    pub(crate) fn identity(self) -> usize {
        let letter = usize::from(self.base_letter().wrapping_sub(b'A')).min(25);
        let state = match self.state {
            State::Diminished => 0,
            State::Enhanced => 1,
            State::Normal => 2,
        };
        letter * 6 + state * 2 + usize::from(self.derived)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.state.prefix())?;
        fmt::Write::write_char(f, char::from(self.letter))?;
        if self.derived {
            fmt::Write::write_char(f, '\'')?;
        }
        Ok(())
    }
}

/// The PNN text (`Piece(+p')`): the letter's byte value means nothing to a reader.
impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piece({self})")
    }
}

/// A piece or style name given to `FromStr` that does not follow its notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a valid {notation} name")]
#[non_exhaustive]
pub struct InvalidToken {
    /// `"PNN"` or `"SNN"`.
    pub notation: &'static str,
    /// The text that was given.
    pub text: String,
}

/// A style name such as `CHESS`, `shogi` or `CHESS960`: which piece set (and rules) a player
/// uses. Its case says the player.
///
/// ```
/// use fenkit::feen::{Side, Style};
///
/// let style: Style = "CHESS960".parse()?;
/// assert_eq!(style.side(), Side::First);
/// assert!("Chess".parse::<Style>().is_err());
/// # Ok::<_, fenkit::feen::InvalidToken>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Style {
    pub(super) name: String,
    pub(super) side: Side,
}

impl Style {
    /// A style whose name is known to be SNN of `side`'s case.
    pub(crate) fn known(name: &str, side: Side) -> Style {
        Style {
            name: name.to_string(),
            side,
        }
    }

    /// The name as written.
    pub fn as_str(&self) -> &str {
        &self.name
    }

    /// The player whose style it is: uppercase names the first, lowercase the second.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The same name in the other case (`CHESS` for `chess`): how GAN writes the style of a
    /// derived piece.
    pub fn in_case_of(&self, side: Side) -> String {
        match side {
            Side::First => self.name.to_ascii_uppercase(),
            Side::Second => self.name.to_ascii_lowercase(),
        }
    }
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// Which style each player has, and who is to move.
///
/// ```
/// use fenkit::feen::{Side, StyleTurn};
///
/// let turn: StyleTurn = "chess/MAKRUK".parse()?;
/// assert_eq!(turn.side_to_move(), Side::Second);
/// assert_eq!(turn.style(Side::First).as_str(), "MAKRUK");
/// assert_eq!(turn.to_string(), "chess/MAKRUK");
/// # Ok::<_, fenkit::feen::InvalidToken>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StyleTurn {
    pub(super) active: Style,
    pub(super) inactive: Style,
}

impl StyleTurn {
    /// The styles of the player to move and of the other; `None` if both have the same case.
    pub fn new(active: Style, inactive: Style) -> Option<StyleTurn> {
        (active.side() != inactive.side()).then_some(StyleTurn { active, inactive })
    }

    /// Styles known to be of different cases.
    pub(crate) fn from_parts(active: Style, inactive: Style) -> StyleTurn {
        StyleTurn { active, inactive }
    }

    /// The style of the player to move (written first).
    pub fn active(&self) -> &Style {
        &self.active
    }

    /// The style of the player not to move (written second).
    pub fn inactive(&self) -> &Style {
        &self.inactive
    }

    /// The player to move: the case of the first style.
    pub fn side_to_move(&self) -> Side {
        self.active.side()
    }

    /// The native style of `side`: the uppercase name for the first player, the lowercase one
    /// for the second.
    pub fn style(&self, side: Side) -> &Style {
        if self.active.side() == side {
            &self.active
        } else {
            &self.inactive
        }
    }
}

impl std::fmt::Display for StyleTurn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.active, self.inactive)
    }
}

/// A piece in hand and how many of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HandEntry {
    /// The piece (its case is its holder's).
    pub piece: Piece,
    /// How many of it the player holds.
    pub count: NonZeroU64,
}

impl HandEntry {
    /// The canonical order of entries in a hand.
    pub(crate) fn order_key(&self) -> (Reverse<u64>, (u8, State, bool)) {
        (Reverse(self.count.get()), self.piece.hand_key())
    }
}

/// The pieces both players hold off the board, always in canonical form (aggregated and
/// sorted), so that equal hands are equal values and write the same text.
///
/// ```
/// use fenkit::feen::{Hands, Piece};
///
/// let pawn: Piece = "P".parse()?;
/// let bishop: Piece = "+b".parse()?;
/// let hands = Hands::new([(pawn, 2), (bishop, 1), (pawn, 1)]).unwrap();
/// assert_eq!(hands.count(pawn), 3);
/// assert_eq!(hands.to_string(), "3P/+b");
/// # Ok::<_, fenkit::feen::InvalidToken>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Hands {
    pub(super) first: Vec<HandEntry>,
    pub(super) second: Vec<HandEntry>,
}

impl Hands {
    /// No piece in either hand (written `/`).
    pub fn empty() -> Hands {
        Hands::default()
    }

    /// The hands holding these pieces: each goes to the player of its case; identical pieces
    /// are added up and zero counts ignored. `None` if a total exceeds `u64::MAX`.
    pub fn new(pieces: impl IntoIterator<Item = (Piece, u64)>) -> Option<Hands> {
        let mut hands = Hands::empty();
        for (piece, count) in pieces {
            hands.add(piece, count)?;
        }
        hands.sort();
        Some(hands)
    }

    fn add(&mut self, piece: Piece, count: u64) -> Option<()> {
        let Some(count) = NonZeroU64::new(count) else {
            return Some(());
        };
        let side = match piece.side() {
            Side::First => &mut self.first,
            Side::Second => &mut self.second,
        };
        match side.iter_mut().find(|entry| entry.piece == piece) {
            Some(entry) => entry.count = entry.count.checked_add(count.get())?,
            None => side.push(HandEntry { piece, count }),
        }
        Some(())
    }

    fn sort(&mut self) {
        self.first.sort_by_key(HandEntry::order_key);
        self.second.sort_by_key(HandEntry::order_key);
    }

    /// The hand of `side`, in canonical order.
    pub fn of(&self, side: Side) -> &[HandEntry] {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }

    /// Hands from sides known to be canonical.
    pub(crate) fn from_sides(first: Vec<HandEntry>, second: Vec<HandEntry>) -> Hands {
        Hands { first, second }
    }

    /// Both hands, the first player's first.
    pub(crate) fn sides(&self) -> [&[HandEntry]; 2] {
        [&self.first, &self.second]
    }

    /// How many of `piece` its player holds.
    pub fn count(&self, piece: Piece) -> u64 {
        self.of(piece.side())
            .iter()
            .find(|entry| entry.piece == piece)
            .map_or(0, |entry| entry.count.get())
    }

    /// Whether neither player holds a piece.
    pub fn is_empty(&self) -> bool {
        self.first.is_empty() && self.second.is_empty()
    }
}
