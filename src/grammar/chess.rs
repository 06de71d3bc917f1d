//! Chess's building blocks: a square and a piece letter, and the FEN fields as combinators of
//! their own, for a grammar that arranges them differently (a UCI move, a variant FEN with a
//! pocket or check counters, a format of your own): the placement, the side to move, castling,
//! en passant and the two clocks.
//!
//! Each field combinator runs FEN's own rule for the field (the one `Fen::parse` runs: fast
//! first, explained only if it stops) over the field, cut where the field ends, so it has
//! FEN's diagnostics (`fenkit::fen::*`) and dialects with spans relative to the field's start.

use nom::IResult;
use nom::error::{ErrorKind, FromExternalError, ParseError};

use super::accept::{accept, read};
use super::error::Rejection;
use super::extent::{ends_field, field_len};
use super::record::Record;
use crate::chess::fields::{self as rules, Clock};
use crate::chess::placement::{SquareOffsets, placement as placement_rule};
use crate::chess::{Board, CastlingRights, Color, NOTATION, Piece, Square, codes};
use crate::diagnostic::Span;
use crate::options::{Mode, ParseOptions};
use crate::primitives::ascii::has_foreign;
use crate::rules::ascii::non_ascii;
use crate::rules::context::{Cx, Step};
use crate::rules::report::{Report, Stop};
use crate::rules::run::{Rule, run};

/// A piece letter: `PNBRQK` for White, `pnbrqk` for Black (one byte, nothing needed after it),
/// as on the board and in a crazyhouse pocket.
///
/// ```
/// use fenkit::grammar;
/// use fenkit::chess::{Color, Role};
/// use nom::multi::many0;
///
/// let (rest, pocket) = many0(grammar::piece::<()>)(b"Qn]")?;
/// assert_eq!(pocket.len(), 2);
/// assert_eq!((pocket[0].color, pocket[0].role), (Color::White, Role::Queen));
/// assert_eq!(rest, b"]");
/// assert!(grammar::piece::<()>(b"x").is_err());
/// # Ok::<_, nom::Err<()>>(())
/// ```
pub fn piece<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Piece, E> {
    match input.split_first() {
        Some((&letter, rest)) => match Piece::from_letter(letter) {
            Some(piece) => Ok((rest, piece)),
            None => Err(nom::Err::Error(E::from_error_kind(input, ErrorKind::OneOf))),
        },
        None => Err(nom::Err::Error(E::from_error_kind(input, ErrorKind::Eof))),
    }
}

/// A chess square, `a1` to `h8` (file letter, then rank digit), as in UCI moves and FEN's en
/// passant field. It reads two bytes and needs nothing after them, so `e2e4` is two squares.
///
/// ```
/// use fenkit::grammar;
/// use nom::sequence::pair;
///
/// let (rest, (from, to)) = pair(grammar::square::<()>, grammar::square)(b"e2e4 e7e5")?;
/// assert_eq!((from.to_string(), to.to_string()), ("e2".into(), "e4".into()));
/// assert_eq!(rest, b" e7e5");
/// assert!(grammar::square::<()>(b"i1").is_err());
/// # Ok::<_, nom::Err<()>>(())
/// ```
pub fn square<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Square, E> {
    match Square::read(input) {
        Some((square, rest)) => Ok((rest, square)),
        None => Err(nom::Err::Error(E::from_error_kind(input, ErrorKind::OneOf))),
    }
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
    ///
    /// let (_, placement) = grammar::placement::<()>(&ParseOptions::strict())(b"8/8/8/8/4P3/8/8/8 w")?;
    /// let e4 = Square::new(4, 3).unwrap();
    /// assert_eq!(placement.value.span(e4).offset, 9);
    /// # Ok::<_, nom::Err<()>>(())
    /// ```
    pub fn span(&self, square: Square) -> Span {
        self.squares.span(square, &self.board)
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
///
/// let options = ParseOptions::strict();
/// let (rest, placement) = grammar::placement::<()>(&options)(b"8/8/8/8/8/8/8/4K3[Qn] w")?;
/// assert_eq!(rest, b"[Qn] w");
/// assert_eq!(placement.value.board.occupied().count_ones(), 1);
/// let (rest, _) = grammar::placement::<()>(&options)(b"8/8/8/8/8/8/8/4K3/Qn w")?;
/// assert_eq!(rest, b"/Qn w");
/// assert!(grammar::placement::<()>(&options)(b"8/8/8/8/8/8/8/4K2 w").is_err());
/// # Ok::<_, nom::Err<()>>(())
/// ```
pub fn placement<'a, E>(
    options: &ParseOptions,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], Record<Placement>, E> + use<'a, E>
where
    E: ParseError<&'a [u8]> + FromExternalError<&'a [u8], Rejection>,
{
    placement_with(options.mode, false)
}

/// [`placement`] with crazyhouse's promotion marks: a `~` right after a piece letter marks
/// the piece as promoted (`Q~`: a queen that was a pawn), recorded in
/// [`Placement::promoted`]; a `~` anywhere else is not a piece (`fenkit::fen::invalid_piece`).
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use fenkit::chess::Square;
///
/// let mut board = grammar::promoted_placement::<()>(&ParseOptions::strict());
/// let (rest, placement) = board(b"4k3/1Q~6/8/8/8/8/8/4K3[] b")?;
/// let b7 = Square::new(1, 6).unwrap();
/// assert_eq!(placement.value.promoted, 1 << b7.index());
/// assert_eq!(rest, b"[] b");
/// assert!(board(b"4k3/1~Q6/8/8/8/8/8/4K3 b").is_err());
/// # Ok::<_, nom::Err<()>>(())
/// ```
pub fn promoted_placement<'a, E>(
    options: &ParseOptions,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], Record<Placement>, E> + use<'a, E>
where
    E: ParseError<&'a [u8]> + FromExternalError<&'a [u8], Rejection>,
{
    placement_with(options.mode, true)
}

fn placement_with<'a, E>(
    mode: Mode,
    promotion_marks: bool,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], Record<Placement>, E> + use<'a, E>
where
    E: ParseError<&'a [u8]> + FromExternalError<&'a [u8], Rejection>,
{
    move |input| {
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
    }
}

/// FEN's side to move, `w` or `b`, with FEN's diagnostics: in lenient mode `W` and `B` are
/// read with a warning, anything else is rejected with `fenkit::fen::invalid_side_to_move`.
/// The field ends at whitespace, a line end, `"` or the end of the input.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use fenkit::chess::Color;
///
/// let (rest, side) = grammar::side_to_move::<()>(&ParseOptions::lenient())(b"B KQkq")?;
/// assert_eq!((rest, side.value), (&b" KQkq"[..], Color::Black));
/// assert_eq!(side.warnings[0].code(), "fenkit::fen::uppercase_side_to_move");
/// assert!(grammar::side_to_move::<()>(&ParseOptions::strict())(b"B KQkq").is_err());
/// # Ok::<_, nom::Err<()>>(())
/// ```
pub fn side_to_move<'a, E>(
    options: &ParseOptions,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], Record<Color>, E> + use<'a, E>
where
    E: ParseError<&'a [u8]> + FromExternalError<&'a [u8], Rejection>,
{
    field(options.mode, Side)
}

/// FEN's castling field: `-` or the letters `KQkq` (X-FEN and Shredder-FEN file letters too),
/// with FEN's diagnostics and dialects (lenient mode reads repeats and any order with a
/// warning). Which rook a letter names is the legality step's question
/// ([`ParseOptions::castling`]), not the field's. It ends at whitespace, `"` or the end.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
///
/// let (rest, castling) = grammar::castling::<()>(&ParseOptions::strict())(b"KQkq -")?;
/// assert_eq!(castling.value.iter().count(), 4);
/// assert_eq!(rest, b" -");
/// assert!(grammar::castling::<()>(&ParseOptions::strict())(b"qk -").is_err());
/// let (_, lenient) = grammar::castling::<()>(&ParseOptions::lenient())(b"qk -")?;
/// assert_eq!(lenient.warnings[0].code(), "fenkit::fen::castling_order");
/// # Ok::<_, nom::Err<()>>(())
/// ```
pub fn castling<'a, E>(
    options: &ParseOptions,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], Record<CastlingRights>, E> + use<'a, E>
where
    E: ParseError<&'a [u8]> + FromExternalError<&'a [u8], Rejection>,
{
    field(options.mode, Castling)
}

/// FEN's en passant field: `-` or a square on rank 3 or 6. It ends at whitespace, `"` or the
/// end of the input.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
///
/// let (rest, square) = grammar::en_passant::<()>(&ParseOptions::strict())(b"e3 0 1")?;
/// assert_eq!(square.value.map(|s| s.to_string()), Some("e3".into()));
/// assert_eq!(rest, b" 0 1");
/// assert!(grammar::en_passant::<()>(&ParseOptions::strict())(b"e4 0 1").is_err());
/// # Ok::<_, nom::Err<()>>(())
/// ```
pub fn en_passant<'a, E>(
    options: &ParseOptions,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], Record<Option<Square>>, E> + use<'a, E>
where
    E: ParseError<&'a [u8]> + FromExternalError<&'a [u8], Rejection>,
{
    field(options.mode, EnPassant)
}

/// FEN's halfmove clock: a number up to 4294967295 (leading zeros allowed; lenient mode reads
/// `-` as 0 with a warning). It ends at whitespace, `"` or the end of the input.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
///
/// let (rest, clock) = grammar::halfmove_clock::<()>(&ParseOptions::strict())(b"12 40")?;
/// assert_eq!((clock.value, rest), (12, &b" 40"[..]));
/// assert!(grammar::halfmove_clock::<()>(&ParseOptions::strict())(b"x 40").is_err());
/// # Ok::<_, nom::Err<()>>(())
/// ```
pub fn halfmove_clock<'a, E>(
    options: &ParseOptions,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], Record<u32>, E> + use<'a, E>
where
    E: ParseError<&'a [u8]> + FromExternalError<&'a [u8], Rejection>,
{
    field(options.mode, Halfmove)
}

/// FEN's fullmove number: a number from 1 up to 4294967295 without leading zeros (lenient
/// mode reads `0` and `-` as 1 with a warning). It ends at whitespace, `"` or the end.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
///
/// let (rest, number) = grammar::fullmove_number::<()>(&ParseOptions::strict())(b"40 +0+0")?;
/// assert_eq!((number.value, rest), (40, &b" +0+0"[..]));
/// assert!(grammar::fullmove_number::<()>(&ParseOptions::strict())(b"0").is_err());
/// let (_, lenient) = grammar::fullmove_number::<()>(&ParseOptions::lenient())(b"0")?;
/// assert_eq!(lenient.value, 1);
/// # Ok::<_, nom::Err<()>>(())
/// ```
pub fn fullmove_number<'a, E>(
    options: &ParseOptions,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], Record<u32>, E> + use<'a, E>
where
    E: ParseError<&'a [u8]> + FromExternalError<&'a [u8], Rejection>,
{
    field(options.mode, Fullmove)
}

/// The field at the start of `input` read by `read_field`, FEN's rule for it.
fn field<'a, E, F: FieldRule>(
    mode: Mode,
    read_field: F,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], Record<F::Output>, E> + use<'a, E, F>
where
    E: ParseError<&'a [u8]> + FromExternalError<&'a [u8], Rejection>,
{
    move |input| {
        read(
            input,
            field_len(input),
            &mut Judged(read_field),
            mode,
            NOTATION,
        )
    }
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
