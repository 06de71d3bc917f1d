//! Chess's building blocks: a square and a piece letter, and the FEN fields as combinators of
//! their own, for a grammar that arranges them differently (a UCI move, a variant FEN with a
//! pocket or check counters, a format of your own): the placement, the side to move, castling,
//! en passant and the two clocks.
//!
//! Each field combinator runs FEN's own rule for the field (the one `Fen::parse` runs: fast
//! first, explained only if it stops) over the field, cut where the field ends, so it has
//! FEN's diagnostics (`fenkit::fen::*`) and dialects with spans relative to the field's start.

use super::accept::{accept, read};
use super::combinator::{Combinator, Read, combinator};
use super::error::{Kind, Rejection};
use super::extent::{ends_field, field_len};
use super::messages;
use super::record::Record;
use crate::chess::fields::{self as rules, Clock};
use crate::chess::placement::{SquareOffsets, placement as placement_rule};
use crate::chess::{Board, CastlingRights, Color, NOTATION, Piece, Square, codes};
use crate::mode::Mode;
use crate::options::ParseOptions;
use crate::primitives::ascii::has_foreign;
use crate::rules::ascii::non_ascii;
use crate::rules::context::{Cx, Step};
use crate::rules::report::{Report, Stop};
use crate::rules::run::{Rule, run};
use crate::span::Span;

/// A piece letter: `PNBRQK` for White, `pnbrqk` for Black (one byte, nothing needed after it),
/// as on the board and in a crazyhouse pocket.
///
/// ```
/// use fenkit::grammar;
/// use fenkit::chess::{Color, Role};
/// use nom::multi::many0;
/// use nom::Parser;
///
/// let (rest, pocket) = many0(grammar::piece()).parse(&b"Qn]"[..])?;
/// assert_eq!(pocket.len(), 2);
/// assert_eq!((pocket[0].color, pocket[0].role), (Color::White, Role::Queen));
/// assert_eq!(rest, b"]");
/// assert!(grammar::piece().parse(&b"x"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn piece() -> Combinator<impl Fn(&[u8]) -> Read<Piece> + Copy + use<>> {
    combinator(|input: &[u8]| match input.first() {
        Some(&letter) => match Piece::from_letter(letter) {
            Some(piece) => Ok((1, piece)),
            None => Err(Rejection::not_here(
                Kind::OneOf,
                messages::no_chess_piece(input),
            )),
        },
        None => Err(Rejection::not_here(
            Kind::Eof,
            messages::no_chess_piece(input),
        )),
    })
}

/// A chess square, `a1` to `h8` (file letter, then rank digit), as in UCI moves and FEN's en
/// passant field. It reads two bytes and needs nothing after them, so `e2e4` is two squares.
///
/// ```
/// use fenkit::grammar;
/// use nom::sequence::pair;
/// use nom::Parser;
///
/// let (rest, (from, to)) = pair(grammar::square(), grammar::square()).parse(&b"e2e4 e7e5"[..])?;
/// assert_eq!((from.to_string(), to.to_string()), ("e2".into(), "e4".into()));
/// assert_eq!(rest, b" e7e5");
/// assert!(grammar::square().parse(&b"i1"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn square() -> Combinator<impl Fn(&[u8]) -> Read<Square> + Copy + use<>> {
    combinator(|input: &[u8]| match Square::read(input) {
        Some((square, rest)) => Ok((input.len() - rest.len(), square)),
        None => Err(Rejection::not_here(
            Kind::OneOf,
            messages::no_chess_square(input),
        )),
    })
}

/// A piece placement read by [`placement`] or [`promoted_placement`]: the board, the pieces
/// marked promoted, and where each square's character stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The pieces on the board.
    pub board: Board,
    /// The squares of the pieces marked `~` (bit 0 = a1, as [`Board::occupied`]); always 0
    /// for [`placement`].
    pub promoted: u64,
    squares: SquareOffsets,
}

impl Placement {
    /// The span of the character that put a piece (or an empty count) on `square`, relative
    /// to the start of the placement: for the spans of a legality step of your own.
    ///
    /// ```
    /// use fenkit::{ParseOptions, grammar};
    /// use fenkit::chess::Square;
    /// use nom::Parser;
    ///
    /// let (_, placement) = grammar::placement(&ParseOptions::strict()).parse(&b"8/8/8/8/4P3/8/8/8 w"[..])?;
    /// let e4 = Square::new(4, 3).unwrap();
    /// assert_eq!(placement.value.span(e4).offset, 9);
    /// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
    /// ```
    pub fn span(&self, square: Square) -> Span {
        self.squares.span(square, &self.board)
    }

    /// Where each square's character stands, the placement starting at `start` of a record:
    /// for the chess legality step on a record that holds this placement.
    pub(crate) fn offsets_at(&self, start: usize) -> SquareOffsets {
        self.squares.starting_at(start)
    }
}

/// FEN's piece placement: eight ranks from rank 8 down, with FEN's diagnostics
/// (`fenkit::fen::rank_too_long`...; lenient mode reads `44` for `8` with a warning).
///
/// It ends at whitespace, a line end, `"`, `[`, the end of the input, or at a `/` after the
/// eighth rank, so that a crazyhouse pocket (`[Qn]` or a ninth rank `/Qn`) can follow: the
/// rest then starts at that `[` or `/`. So a ninth rank is the caller's to judge (a whole
/// [`super::fen`] reports it as `fenkit::fen::too_many_ranks`).
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use nom::Parser;
///
/// let options = ParseOptions::strict();
/// let (rest, placement) = grammar::placement(&options).parse(&b"8/8/8/8/8/8/8/4K3[Qn] w"[..])?;
/// assert_eq!(rest, b"[Qn] w");
/// assert_eq!(placement.value.board.occupied().count_ones(), 1);
/// let (rest, _) = grammar::placement(&options).parse(&b"8/8/8/8/8/8/8/4K3/Qn w"[..])?;
/// assert_eq!(rest, b"/Qn w");
/// assert!(grammar::placement(&options).parse(&b"8/8/8/8/8/8/8/4K2 w"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn placement(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<Placement>> + Copy + use<>> {
    placement_with(options.mode, false)
}

/// [`placement`] with crazyhouse's promotion marks: a `~` right after a piece letter marks
/// the piece as promoted (`Q~`: a queen that was a pawn), recorded in
/// [`Placement::promoted`]; a `~` anywhere else is not a piece (`fenkit::fen::invalid_piece`).
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use fenkit::chess::Square;
/// use nom::Parser;
///
/// let mut board = grammar::promoted_placement(&ParseOptions::strict());
/// let (rest, placement) = board.parse(&b"4k3/1Q~6/8/8/8/8/8/4K3[] b"[..])?;
/// let b7 = Square::new(1, 6).unwrap();
/// assert_eq!(placement.value.promoted, 1 << b7.index());
/// assert_eq!(rest, b"[] b");
/// assert!(board.parse(&b"4k3/1~Q6/8/8/8/8/8/4K3 b"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn promoted_placement(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<Placement>> + Copy + use<>> {
    placement_with(options.mode, true)
}

fn placement_with(
    mode: Mode,
    promotion_marks: bool,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<Placement>> + Copy + use<>> {
    combinator(move |input: &[u8]| {
        let mut slashes = 0;
        let end = input
            .iter()
            .position(|&b| {
                slashes += usize::from(b == b'/');
                ends_field(b) || b == b'[' || (b == b'/' && slashes == 8)
            })
            .unwrap_or(input.len());
        let mut rule = PlacementField {
            squares: SquareOffsets::new(),
            board: Board::empty(),
        };
        rule.squares.promotion_marks = promotion_marks;
        let field = input.get(..end).unwrap_or_default();
        let parsed = run(&mut rule, field, mode).map(|board| Placement {
            board,
            promoted: rule.squares.promoted,
            squares: rule.squares,
        });
        accept(input, field.len(), parsed, NOTATION)
    })
}

/// FEN's side to move, `w` or `b`, with FEN's diagnostics: in lenient mode `W` and `B` are
/// read with a warning, anything else is rejected with `fenkit::fen::invalid_side_to_move`.
/// The field ends at whitespace, a line end, `"` or the end of the input.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use fenkit::chess::Color;
/// use nom::Parser;
///
/// let (rest, side) = grammar::side_to_move(&ParseOptions::lenient()).parse(&b"B KQkq"[..])?;
/// assert_eq!((rest, side.value), (&b" KQkq"[..], Color::Black));
/// assert_eq!(side.warnings[0].code(), "fenkit::fen::uppercase_side_to_move");
/// assert!(grammar::side_to_move(&ParseOptions::strict()).parse(&b"B KQkq"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn side_to_move(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<Color>> + Copy + use<>> {
    field(options.mode, Side)
}

/// FEN's castling field: `-` or the letters `KQkq` (X-FEN and Shredder-FEN file letters too),
/// with FEN's diagnostics and dialects (lenient mode reads repeats and any order with a
/// warning). Which rook a letter names is the legality step's question
/// ([`ParseOptions::castling`]), not the field's. It ends at whitespace, `"` or the end.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use nom::Parser;
///
/// let (rest, castling) = grammar::castling(&ParseOptions::strict()).parse(&b"KQkq -"[..])?;
/// assert_eq!(castling.value.iter().count(), 4);
/// assert_eq!(rest, b" -");
/// assert!(grammar::castling(&ParseOptions::strict()).parse(&b"qk -"[..]).is_err());
/// let (_, lenient) = grammar::castling(&ParseOptions::lenient()).parse(&b"qk -"[..])?;
/// assert_eq!(lenient.warnings[0].code(), "fenkit::fen::castling_order");
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn castling(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<CastlingRights>> + Copy + use<>> {
    field(options.mode, Castling)
}

/// FEN's en passant field: `-` or a square on rank 3 or 6. It ends at whitespace, `"` or the
/// end of the input.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use nom::Parser;
///
/// let (rest, square) = grammar::en_passant(&ParseOptions::strict()).parse(&b"e3 0 1"[..])?;
/// assert_eq!(square.value.map(|s| s.to_string()), Some("e3".into()));
/// assert_eq!(rest, b" 0 1");
/// assert!(grammar::en_passant(&ParseOptions::strict()).parse(&b"e4 0 1"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn en_passant(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<Option<Square>>> + Copy + use<>> {
    field(options.mode, EnPassant)
}

/// FEN's halfmove clock: a number up to 4294967295 (leading zeros allowed; lenient mode reads
/// `-` as 0 with a warning). It ends at whitespace, `"` or the end of the input.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use nom::Parser;
///
/// let (rest, clock) = grammar::halfmove_clock(&ParseOptions::strict()).parse(&b"12 40"[..])?;
/// assert_eq!((clock.value, rest), (12, &b" 40"[..]));
/// assert!(grammar::halfmove_clock(&ParseOptions::strict()).parse(&b"x 40"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn halfmove_clock(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<u32>> + Copy + use<>> {
    field(options.mode, Halfmove)
}

/// FEN's fullmove number: a number from 1 up to 4294967295 without leading zeros (lenient
/// mode reads `0` and `-` as 1 with a warning). It ends at whitespace, `"` or the end.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use nom::Parser;
///
/// let (rest, number) = grammar::fullmove_number(&ParseOptions::strict()).parse(&b"40 +0+0"[..])?;
/// assert_eq!((number.value, rest), (40, &b" +0+0"[..]));
/// assert!(grammar::fullmove_number(&ParseOptions::strict()).parse(&b"0"[..]).is_err());
/// let (_, lenient) = grammar::fullmove_number(&ParseOptions::lenient()).parse(&b"0"[..])?;
/// assert_eq!(lenient.value, 1);
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn fullmove_number(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<u32>> + Copy + use<>> {
    field(options.mode, Fullmove)
}

/// The field at the start of `input` read by `read_field`, FEN's rule for it.
fn field<F: FieldRule>(
    mode: Mode,
    read_field: F,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<F::Output>> + Copy + use<F>> {
    combinator(move |input: &[u8]| {
        read(
            input,
            field_len(input),
            &mut Judged(read_field),
            mode,
            NOTATION,
        )
    })
}

/// One of FEN's field rules, over a whole field.
trait FieldRule: Copy {
    type Output;
    fn read<'r, R: Report>(self, cx: &mut Cx<'r, R>, field: &'r [u8]) -> Step<'r, Self::Output>;
}

/// A field rule as a record rule: as in a whole FEN, a non-ASCII character is reported once,
/// by the ASCII rule, and the field is not judged again.
struct Judged<F>(F);

impl<'r, F: FieldRule> Rule<'r> for Judged<F> {
    type Output = F::Output;

    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, field: &'r [u8]) -> Step<'r, F::Output> {
        if has_foreign(field) {
            non_ascii(cx, field, codes::NON_ASCII)?;
            return Err(Stop);
        }
        self.0.read(cx, field)
    }
}

/// The placement rule over the placement, leaving where each square stands.
struct PlacementField {
    squares: SquareOffsets,
    board: Board,
}

impl<'r> Rule<'r> for PlacementField {
    type Output = Board;

    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, field: &'r [u8]) -> Step<'r, Board> {
        // The placement rule reads past non-ASCII characters itself (each covers a square).
        if cx.collects() {
            non_ascii(cx, field, codes::NON_ASCII)?;
        }
        let (rest, ()) = placement_rule(cx, field, &mut self.squares, &mut self.board)?;
        Ok((rest, self.board))
    }
}

/// Names FEN's rule for one field as a [`FieldRule`].
macro_rules! field_rule {
    ($name:ident: $output:ty = |$cx:ident, $field:ident| $rule:expr) => {
        #[derive(Clone, Copy)]
        struct $name;

        impl FieldRule for $name {
            type Output = $output;
            fn read<'r, R: Report>(
                self,
                $cx: &mut Cx<'r, R>,
                $field: &'r [u8],
            ) -> Step<'r, $output> {
                $rule
            }
        }
    };
}

field_rule!(Side: Color = |cx, field| rules::side_to_move(cx, field));
field_rule!(Castling: CastlingRights = |cx, field| rules::castling(cx, field));
field_rule!(EnPassant: Option<Square> = |cx, field| rules::en_passant(cx, field));
field_rule!(Halfmove: u32 = |cx, field| rules::clock(cx, field, Clock::Halfmove));
field_rule!(Fullmove: u32 = |cx, field| rules::clock(cx, field, Clock::Fullmove));
