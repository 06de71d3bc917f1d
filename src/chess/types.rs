//! Colours, pieces and squares: the plain values a chess FEN describes.

use std::fmt;

/// White or Black.
///
/// Written and read as the side-to-move field writes it: `w` or `b` (`W` is refused, as the
/// strict FEN refuses it).
///
/// ```
/// use fenkit::chess::Color;
///
/// assert_eq!("b".parse::<Color>()?, Color::Black);
/// assert_eq!(Color::White.to_string(), "w");
/// assert!("W".parse::<Color>().is_err());
/// # Ok::<_, fenkit::chess::ParseValueError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// Uppercase letters; moves first.
    White,
    /// Lowercase letters.
    Black,
}

impl Color {
    /// The other colour.
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `w` or `b`, as in the side-to-move field.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The colour's back rank: 0 (rank 1) for White, 7 (rank 8) for Black.
    pub const fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    /// `"white"` or `"black"`, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// The kind of a piece.
///
/// Written as its lowercase letter (`n`), as shakmaty's `Role::char` and python-chess's
/// `piece_symbol` write it; read from that letter in either case, since a role has no colour
/// for the case to give.
///
/// ```
/// use fenkit::chess::Role;
///
/// assert_eq!(Role::Knight.to_string(), "n");
/// assert_eq!("n".parse::<Role>()?, Role::Knight);
/// assert_eq!("N".parse::<Role>()?, Role::Knight);
/// assert!("x".parse::<Role>().is_err());
/// # Ok::<_, fenkit::chess::ParseValueError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Role {
    /// `P`
    Pawn,
    /// `N`
    Knight,
    /// `B`
    Bishop,
    /// `R`
    Rook,
    /// `Q`
    Queen,
    /// `K`
    King,
}

impl Role {
    /// Every role, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The role an uppercase FEN letter stands for.
    #[inline]
    pub const fn from_upper(letter: u8) -> Option<Role> {
        match letter {
            b'P' => Some(Role::Pawn),
            b'N' => Some(Role::Knight),
            b'B' => Some(Role::Bishop),
            b'R' => Some(Role::Rook),
            b'Q' => Some(Role::Queen),
            b'K' => Some(Role::King),
            _ => None,
        }
    }

    /// The uppercase FEN letter.
    pub const fn upper(self) -> u8 {
        match self {
            Role::Pawn => b'P',
            Role::Knight => b'N',
            Role::Bishop => b'B',
            Role::Rook => b'R',
            Role::Queen => b'Q',
            Role::King => b'K',
        }
    }

    /// `"pawn"`, `"knight"`..., for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

/// A coloured piece.
///
/// Written and read as its FEN letter: uppercase for White, lowercase for Black.
///
/// ```
/// use fenkit::chess::{Color, Piece, Role};
///
/// let piece: Piece = "k".parse()?;
/// assert_eq!(piece, Piece { color: Color::Black, role: Role::King });
/// assert_eq!(piece.to_string(), "k");
/// assert!("x".parse::<Piece>().is_err());
/// # Ok::<_, fenkit::chess::ParseValueError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// The piece a FEN letter stands for (`P` white pawn, `k` black king...).
    #[inline]
    pub const fn from_letter(letter: u8) -> Option<Piece> {
        use crate::primitives::letter::{Case, letter as classify};
        let (color, upper) = match classify(letter) {
            Some((Case::Upper, upper)) => (Color::White, upper),
            Some((Case::Lower, upper)) => (Color::Black, upper),
            None => return None,
        };
        match Role::from_upper(upper) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// A number from 0 to 11: White's pawn, knight, bishop, rook, queen, king, then Black's.
    pub const fn code(self) -> u8 {
        self.color as u8 * 6 + self.role as u8
    }

    /// The piece numbered `code` (see [`Piece::code`]).
    pub const fn from_code(code: u8) -> Option<Piece> {
        let color = match code / 6 {
            0 => Color::White,
            1 => Color::Black,
            _ => return None,
        };
        let role = match code % 6 {
            0 => Role::Pawn,
            1 => Role::Knight,
            2 => Role::Bishop,
            3 => Role::Rook,
            4 => Role::Queen,
            _ => Role::King,
        };
        Some(Piece { color, role })
    }

    /// The FEN letter.
    pub const fn letter(self) -> u8 {
        match self.color {
            Color::White => self.role.upper(),
            Color::Black => self.role.upper().to_ascii_lowercase(),
        }
    }
}

/// A square: file `a`-`h` and rank `1`-`8`, numbered 0 (a1) to 63 (h8).
///
/// Written and read as its name (`e4`); with serde it is that name too, so only the 64 real
/// squares deserialize.
///
/// ```
/// use fenkit::chess::Square;
///
/// let e4: Square = "e4".parse()?;
/// assert_eq!(e4, Square::E4);
/// assert_eq!((e4.file(), e4.rank(), e4.index()), (4, 3, 28));
/// assert_eq!(Square::H8.to_string(), "h8");
/// assert!("i9".parse::<Square>().is_err());
/// # Ok::<_, fenkit::chess::ParseValueError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Declares `Square::A1`... `Square::H8`, rank by rank.
macro_rules! square_constants {
    ($($rank:literal: $($name:ident)*;)*) => {
        impl Square {
            $($(
                #[doc = concat!("The square ", stringify!($name), ".")]
                pub const $name: Square = Square($rank * 8 + file_of(stringify!($name)));
            )*)*
        }
    };
}

/// The file (0 = a) of a constant's name (`E4` → 4).
const fn file_of(name: &str) -> u8 {
    match name.as_bytes() {
        [file, ..] => file.wrapping_sub(b'A'),
        [] => 0,
    }
}

square_constants! {
    0: A1 B1 C1 D1 E1 F1 G1 H1;
    1: A2 B2 C2 D2 E2 F2 G2 H2;
    2: A3 B3 C3 D3 E3 F3 G3 H3;
    3: A4 B4 C4 D4 E4 F4 G4 H4;
    4: A5 B5 C5 D5 E5 F5 G5 H5;
    5: A6 B6 C6 D6 E6 F6 G6 H6;
    6: A7 B7 C7 D7 E7 F7 G7 H7;
    7: A8 B8 C8 D8 E8 F8 G8 H8;
}

impl Square {
    /// The square written at the start of `bytes` (file letter, rank digit: `e4`) and the bytes
    /// after it: the one reading of a square's two bytes (FEN's en passant field, UCI and SAN
    /// moves, `FromStr`, `grammar::square`).
    #[inline]
    pub(crate) const fn read(bytes: &[u8]) -> Option<(Square, &[u8])> {
        match bytes {
            [file @ b'a'..=b'h', rank @ b'1'..=b'8', rest @ ..] => {
                Some((Square((*rank - b'1') * 8 + (*file - b'a')), rest))
            }
            _ => None,
        }
    }

    /// The square of `file` (0 = a) and `rank` (0 = rank 1), if both are below 8.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square numbered `index` (0 = a1, 63 = h8).
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// 0 (a1) to 63 (h8).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 (file a) to 7 (file h).
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// 0 (rank 1) to 7 (rank 8).
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square `files` and `ranks` away, if it is on the board.
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let file = self.file() as i8 + files;
        let rank = self.rank() as i8 + ranks;
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

/// The name (`e6`), as in a FEN: the index (`Square(44)`) means nothing to a reader.
impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of squares, bit `n` = square `n` (a1 = 0).
pub(crate) type SquareSet = u64;
