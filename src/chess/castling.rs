//! Castling rights in the three spellings FEN uses: standard `KQkq`, X-FEN (`K`/`Q` for the
//! outermost rook, a file letter for an inner one) and Shredder-FEN (file letters only).

use super::types::Color;

/// The castling rights of one colour.
///
/// `king_side`/`queen_side` are the letters `K`/`Q` (the outermost rook on that side of the
/// king); `files` holds file letters (bit 0 = file a), which name the rook's file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SideRights {
    /// `K` (or `k`): castling with the outermost rook on the king's side.
    pub king_side: bool,
    /// `Q` (or `q`): castling with the outermost rook on the queen's side.
    pub queen_side: bool,
    /// File letters `A`-`H` (or `a`-`h`): castling with the rook on that file; bit 0 = file a.
    pub files: u8,
}

impl SideRights {
    /// How many rights this colour has.
    pub const fn count(self) -> u32 {
        self.king_side as u32 + self.queen_side as u32 + self.files.count_ones()
    }

    /// Whether this colour may castle at all.
    pub const fn is_empty(self) -> bool {
        !self.king_side && !self.queen_side && self.files == 0
    }

    /// The rights in canonical order: `K`, then file letters from the highest file, then `Q`.
    pub fn letters(self) -> impl Iterator<Item = CastlingLetter> {
        let king = self.king_side.then_some(CastlingLetter::KingSide);
        // The file letters from the highest file down, one step per letter (most rights
        // have none).
        let mut left = self.files;
        let files = std::iter::from_fn(move || {
            let file = 7u32.checked_sub(left.leading_zeros())? as u8;
            left &= !(1 << file);
            Some(CastlingLetter::File(file))
        });
        let queen = self.queen_side.then_some(CastlingLetter::QueenSide);
        king.into_iter().chain(files).chain(queen)
    }

    fn contains(self, letter: CastlingLetter) -> bool {
        match letter {
            CastlingLetter::KingSide => self.king_side,
            CastlingLetter::QueenSide => self.queen_side,
            CastlingLetter::File(file) => self.files & (1 << file) != 0,
        }
    }

    fn insert(&mut self, letter: CastlingLetter) {
        match letter {
            CastlingLetter::KingSide => self.king_side = true,
            CastlingLetter::QueenSide => self.queen_side = true,
            CastlingLetter::File(file) => self.files |= 1 << file,
        }
    }
}

/// One castling letter without its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingLetter {
    /// `K`/`k`.
    KingSide,
    /// `Q`/`q`.
    QueenSide,
    /// A file letter, 0 = `a`.
    File(u8),
}

impl CastlingLetter {
    /// Position in the canonical order within a colour (smaller comes first).
    const fn rank_in_order(self) -> u8 {
        match self {
            CastlingLetter::KingSide => 0,
            CastlingLetter::File(file) => 8 - file,
            CastlingLetter::QueenSide => 9,
        }
    }

    /// The letter as written for `color`.
    pub const fn to_byte(self, color: Color) -> u8 {
        let upper = match self {
            CastlingLetter::KingSide => b'K',
            CastlingLetter::QueenSide => b'Q',
            CastlingLetter::File(file) => b'A' + file,
        };
        match color {
            Color::White => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    }

    /// The colour and letter a castling byte stands for.
    #[inline]
    pub const fn from_byte(byte: u8) -> Option<(Color, CastlingLetter)> {
        match byte {
            b'K' => Some((Color::White, CastlingLetter::KingSide)),
            b'Q' => Some((Color::White, CastlingLetter::QueenSide)),
            b'k' => Some((Color::Black, CastlingLetter::KingSide)),
            b'q' => Some((Color::Black, CastlingLetter::QueenSide)),
            b'A'..=b'H' => Some((Color::White, CastlingLetter::File(byte - b'A'))),
            b'a'..=b'h' => Some((Color::Black, CastlingLetter::File(byte - b'a'))),
            _ => None,
        }
    }
}

/// The bit of each standard castling letter in canonical order (`K` 1, `Q` 2, `k` 4, `q` 8), 0
/// for any other byte: a lookup instead of a branch per letter.
#[allow(clippy::indexing_slicing)] // evaluated at compile time: an out-of-range index fails the build
static STANDARD_LETTER_BITS: [u8; 256] = {
    let mut table = [0; 256];
    table[b'K' as usize] = 1;
    table[b'Q' as usize] = 2;
    table[b'k' as usize] = 4;
    table[b'q' as usize] = 8;
    table
};

/// The castling field: the rights of both colours.
///
/// `Display` writes the field as a FEN does:
///
/// ```
/// use fenkit::Fen;
///
/// let fen: Fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
/// assert_eq!(fen.castling.to_string(), "KQkq");
/// assert_eq!(format!("{:?}", fen.castling), "CastlingRights(KQkq)");
/// let shredder: Fen = "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1".parse()?;
/// assert_eq!(shredder.castling.to_string(), "HAha");
/// assert_eq!(fenkit::chess::CastlingRights::NONE.to_string(), "-");
/// # Ok::<_, fenkit::ParseError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights {
    /// White's rights.
    pub white: SideRights,
    /// Black's rights.
    pub black: SideRights,
}

/// What is wrong with one castling letter, relative to the letters before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LetterProblem {
    /// Not a castling letter at all.
    Invalid,
    /// The same right was already given.
    Repeated,
    /// The colour already has two rights.
    TooMany,
    /// Comes after a letter that should follow it.
    OutOfOrder,
}

impl CastlingRights {
    /// No rights (`-`).
    pub const NONE: CastlingRights = CastlingRights {
        white: SideRights {
            king_side: false,
            queen_side: false,
            files: 0,
        },
        black: SideRights {
            king_side: false,
            queen_side: false,
            files: 0,
        },
    };

    /// The rights of `color`.
    pub const fn of(&self, color: Color) -> SideRights {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    fn of_mut(&mut self, color: Color) -> &mut SideRights {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// Whether nobody may castle.
    pub const fn is_empty(&self) -> bool {
        self.white.is_empty() && self.black.is_empty()
    }

    /// Every right in canonical order: White's, then Black's.
    pub fn iter(&self) -> impl Iterator<Item = (Color, CastlingLetter)> {
        let white = self.white.letters().map(|l| (Color::White, l));
        let black = self.black.letters().map(|l| (Color::Black, l));
        white.chain(black)
    }

    /// The longest run of standard letters in canonical order (`KQkq`, `Kq`...) at the start of
    /// `input`: how many bytes it takes, and the rights. The common case, read without the
    /// general rules.
    #[inline]
    pub(crate) fn standard_prefix(input: &[u8]) -> (usize, CastlingRights) {
        // Each letter's bit; a letter must have a higher bit than every letter before it (any
        // other byte has bit 0, which never is).
        let mut seen = 0u8;
        let mut length = 0;
        for &byte in input {
            let bit = STANDARD_LETTER_BITS
                .get(usize::from(byte))
                .copied()
                .unwrap_or(0);
            if bit <= seen {
                break;
            }
            seen |= bit;
            length += 1;
        }
        let side = |king: u8, queen: u8| SideRights {
            king_side: seen & king != 0,
            queen_side: seen & queen != 0,
            files: 0,
        };
        let rights = CastlingRights {
            white: side(1, 2),
            black: side(4, 8),
        };
        (length, rights)
    }

    /// Reads a castling field letter by letter, calling `problem` for each letter that breaks
    /// the strict rules; every valid letter is kept (so lenient input is normalised).
    pub(crate) fn read(
        field: &[u8],
        mut problem: impl FnMut(usize, LetterProblem),
    ) -> CastlingRights {
        let mut rights = CastlingRights::NONE;
        let mut last: Option<(Color, CastlingLetter)> = None;
        for (index, &byte) in field.iter().enumerate() {
            let Some((color, letter)) = CastlingLetter::from_byte(byte) else {
                problem(index, LetterProblem::Invalid);
                continue;
            };
            let side = rights.of_mut(color);
            if side.contains(letter) {
                problem(index, LetterProblem::Repeated);
                continue;
            }
            if side.count() >= 2 {
                problem(index, LetterProblem::TooMany);
                continue;
            }
            if let Some((last_color, last_letter)) = last {
                let out_of_order =
                    (last_color, last_letter.rank_in_order()) > (color, letter.rank_in_order());
                if out_of_order {
                    problem(index, LetterProblem::OutOfOrder);
                }
            }
            side.insert(letter);
            last = Some((color, letter));
        }
        rights
    }
}
