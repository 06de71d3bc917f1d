//! The old small-field grammars and checkers (oracle).

use nom::IResult;
use nom::combinator::{map, verify};
use nom::error::{ErrorKind, ParseError};

use crate::chess::castling::{CastlingRights, LetterProblem};
use crate::chess::codes;
use crate::chess::types::{Color, Square};
use crate::diagnostic::{Diagnostic, Sink, Span};
use crate::options::Mode;
use crate::primitives::ascii::{has_foreign, quote};
use crate::primitives::number::{
    LeadingZeros, NumberProblem, bounded, check_number, without_leading_zeros,
};
use crate::primitives::syntax::{locate_failure, reject};

/// The largest clock value: FEN clocks are unsigned 32-bit numbers.
pub(crate) const CLOCK_MAX: u64 = u32::MAX as u64;

/// The single space between two strict fields.
pub(crate) fn space<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], (), E> {
    match input {
        [b' ', rest @ ..] => Ok((rest, ())),
        _ => Err(nom::Err::Error(E::from_char(input, ' '))),
    }
}

/// `w` or `b`.
pub(crate) fn side_to_move<'a, E: ParseError<&'a [u8]>>(
    input: &'a [u8],
) -> IResult<&'a [u8], Color, E> {
    match input {
        [b'w', rest @ ..] => Ok((rest, Color::White)),
        [b'b', rest @ ..] => Ok((rest, Color::Black)),
        _ => reject(input, ErrorKind::OneOf),
    }
}

/// `-` or castling letters in canonical order with no repeats and at most two per colour.
pub(crate) fn castling<'a, E: ParseError<&'a [u8]>>(
    input: &'a [u8],
) -> IResult<&'a [u8], CastlingRights, E> {
    if let [b'-', rest @ ..] = input {
        return Ok((rest, CastlingRights::NONE));
    }
    let (standard, rights) = CastlingRights::standard_prefix(input);
    let (field, rest) = input.split_at(standard);
    if !field.is_empty() && !rest.first().is_some_and(u8::is_ascii_alphabetic) {
        return Ok((rest, rights));
    }
    // File letters, or letters out of order: the general rules decide.
    let length = input
        .iter()
        .position(|b| !b.is_ascii_alphabetic())
        .unwrap_or(input.len());
    let (field, rest) = input.split_at(length);
    let mut clean = !field.is_empty();
    let rights = CastlingRights::read(field, |_, _| clean = false);
    if clean {
        Ok((rest, rights))
    } else {
        reject(input, ErrorKind::Verify)
    }
}

/// `-` or a square on rank 3 or 6.
pub(crate) fn en_passant<'a, E: ParseError<&'a [u8]>>(
    input: &'a [u8],
) -> IResult<&'a [u8], Option<Square>, E> {
    match input {
        [b'-', rest @ ..] => Ok((rest, None)),
        [file @ b'a'..=b'h', rank @ (b'3' | b'6'), rest @ ..] => {
            Ok((rest, Square::new(file - b'a', rank - b'1')))
        }
        _ => reject(input, ErrorKind::OneOf),
    }
}

/// The halfmove clock: digits (leading zeros allowed), at most 4294967295.
pub(crate) fn halfmove_clock<'a, E: ParseError<&'a [u8]>>(
    input: &'a [u8],
) -> IResult<&'a [u8], u32, E> {
    map(bounded(CLOCK_MAX, LeadingZeros::Allowed), clock)(input)
}

/// The fullmove number: a positive number without leading zeros, at most 4294967295.
pub(crate) fn fullmove_number<'a, E: ParseError<&'a [u8]>>(
    input: &'a [u8],
) -> IResult<&'a [u8], u32, E> {
    map(
        verify(bounded(CLOCK_MAX, LeadingZeros::Rejected), |&n| n >= 1),
        clock,
    )(input)
}

fn clock(value: u64) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

/// Checks the side-to-move field.
pub(crate) fn check_side(record: &[u8], field: Span, mode: Mode, sink: &mut Sink) -> Option<Color> {
    let text = field.of(record);
    if has_foreign(text) {
        // Reported once by the non-ASCII check, over the whole character.
        return None;
    }
    match text {
        b"w" => Some(Color::White),
        b"b" => Some(Color::Black),
        b"W" | b"B" => {
            let lower = text.to_ascii_lowercase();
            sink.push(
                Diagnostic::new(
                    codes::UPPERCASE_SIDE,
                    mode.dialect_severity(),
                    format!("side to move {} is uppercase", quote(text)),
                )
                .label(field, "uppercase")
                .help(format!("write {}", quote(&lower))),
            );
            Some(if text == b"W" {
                Color::White
            } else {
                Color::Black
            })
        }
        _ => {
            sink.push(
                Diagnostic::error(
                    codes::INVALID_SIDE,
                    format!("{} is not a side to move", quote(text)),
                )
                .label(field, "expected `w` or `b`")
                .help("write `w` (White to move) or `b` (Black to move)"),
            );
            None
        }
    }
}

/// Checks the castling field; lenient mode normalises order and repeats.
pub(crate) fn check_castling(
    record: &[u8],
    field: Span,
    mode: Mode,
    sink: &mut Sink,
) -> Option<CastlingRights> {
    let text = field.of(record);
    if has_foreign(text) {
        // Reported once by the non-ASCII check, over the whole character.
        return None;
    }
    if text == b"-" {
        return Some(CastlingRights::NONE);
    }
    let mut problems = Vec::new();
    let rights = CastlingRights::read(text, |index, problem| problems.push((index, problem)));
    let canonical = quote(crate::chess::write::castling_text(&rights).as_bytes());
    let mut usable = true;
    let mut out_of_order = false;
    for (index, len, problem) in invalid_runs_merged(problems) {
        let at = Span::new(field.offset + index, len);
        let letter = quote(at.of(record));
        match problem {
            LetterProblem::Invalid => {
                usable = false;
                let (message, label) = if len == 1 {
                    (
                        format!("{letter} is not a castling right"),
                        "not a castling letter",
                    )
                } else {
                    (
                        format!("{letter} are not castling rights"),
                        "not castling letters",
                    )
                };
                sink.push(
                    Diagnostic::error(codes::INVALID_CASTLING, message)
                        .label(at, label)
                        .help("castling is `-` or letters `KQkq` (X-FEN and Shredder-FEN also use file letters `A`-`H`, `a`-`h`)"),
                );
            }
            LetterProblem::Repeated => {
                usable &= mode == Mode::Lenient;
                sink.push(
                    Diagnostic::new(
                        codes::CASTLING_REPEATED,
                        mode.dialect_severity(),
                        format!("castling right {letter} is given twice"),
                    )
                    .label(at, "repeated")
                    .help(format!("write {canonical}")),
                );
            }
            LetterProblem::TooMany => {
                usable = false;
                sink.push(
                    Diagnostic::error(
                        codes::CASTLING_TOO_MANY,
                        format!("castling right {letter} is a third right for one colour"),
                    )
                    .label(at, "third right")
                    .help("each colour can castle at most twice: once on each side"),
                );
            }
            LetterProblem::OutOfOrder => out_of_order = true,
        }
    }
    if out_of_order {
        usable &= mode == Mode::Lenient;
        sink.push(
            Diagnostic::new(
                codes::CASTLING_ORDER,
                mode.dialect_severity(),
                format!("castling rights {} are out of order", quote(text)),
            )
            .label(field, "out of order")
            .help(format!(
                "write {canonical}: White before Black, kingside before queenside"
            )),
        );
    }
    usable.then_some(rights)
}

/// The problems of a castling field as `(index, length, problem)`, each run of letters that
/// are not castling letters merged into one problem.
fn invalid_runs_merged(
    problems: Vec<(usize, LetterProblem)>,
) -> Vec<(usize, usize, LetterProblem)> {
    let mut merged: Vec<(usize, usize, LetterProblem)> = Vec::with_capacity(problems.len());
    for (index, problem) in problems {
        match merged.last_mut() {
            Some((start, len, LetterProblem::Invalid))
                if problem == LetterProblem::Invalid && *start + *len == index =>
            {
                *len += 1;
            }
            _ => merged.push((index, 1, problem)),
        }
    }
    merged
}

/// Checks the en passant field.
pub(crate) fn check_en_passant(
    record: &[u8],
    field: Span,
    sink: &mut Sink,
) -> Option<Option<Square>> {
    let text = field.of(record);
    if has_foreign(text) {
        // Reported once by the non-ASCII check, over the whole character.
        return None;
    }
    if let Ok((_, square)) =
        nom::combinator::all_consuming(en_passant::<nom::error::Error<&[u8]>>)(text)
    {
        return Some(square);
    }
    if let [file @ b'a'..=b'h', rank @ b'1'..=b'8'] = text {
        let file = char::from(*file);
        let rank_span = Span::new(field.offset + 1, 1);
        sink.push(
            Diagnostic::error(codes::EN_PASSANT_RANK, format!("en passant square {} is not on rank 3 or 6", quote(text)))
                .label(rank_span, format!("rank {}", char::from(*rank)))
                .help(format!("the en passant square is behind a pawn that just moved two squares: `{file}3` or `{file}6`, or `-`")),
        );
        return None;
    }
    let help = match text {
        [file @ b'A'..=b'H', rank @ (b'3' | b'6')] => format!(
            "write `{}{}`",
            char::from(file.to_ascii_lowercase()),
            char::from(*rank)
        ),
        _ => String::from(
            "write `-`, or the square behind a pawn that just moved two squares, such as `e3`",
        ),
    };
    sink.push(
        Diagnostic::error(
            codes::INVALID_EN_PASSANT,
            format!("{} is not an en passant square", quote(text)),
        )
        .label(field, "expected `-` or a square")
        .help(help),
    );
    None
}

/// Which clock a field holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Clock {
    Halfmove,
    Fullmove,
}

impl Clock {
    fn name(self) -> &'static str {
        match self {
            Clock::Halfmove => "halfmove clock",
            Clock::Fullmove => "fullmove number",
        }
    }

    /// The value a missing or `-` clock stands for.
    pub(crate) fn default_value(self) -> u32 {
        match self {
            Clock::Halfmove => 0,
            Clock::Fullmove => 1,
        }
    }
}

/// Checks a clock field.
pub(crate) fn check_clock(
    record: &[u8],
    field: Span,
    clock: Clock,
    mode: Mode,
    sink: &mut Sink,
) -> Option<u32> {
    let text = field.of(record);
    if has_foreign(text) {
        // Reported once by the non-ASCII check, over the whole character.
        return None;
    }
    let name = clock.name();
    if text == b"-" {
        let default = clock.default_value();
        sink.push(
            Diagnostic::new(
                codes::DASH_CLOCK,
                mode.dialect_severity(),
                format!("`-` is not a {name}"),
            )
            .label(field, format!("read as {default}"))
            .help(format!("write `{default}`")),
        );
        return Some(default);
    }
    let zeros = match clock {
        Clock::Halfmove => LeadingZeros::Allowed,
        Clock::Fullmove => LeadingZeros::Rejected,
    };
    let code = match clock {
        Clock::Halfmove => codes::INVALID_HALFMOVE,
        Clock::Fullmove => codes::INVALID_FULLMOVE,
    };
    match check_number(text, CLOCK_MAX, zeros) {
        Ok(0) if clock == Clock::Fullmove => {
            sink.push(
                Diagnostic::new(
                    codes::FULLMOVE_ZERO,
                    mode.dialect_severity(),
                    "fullmove number `0`: the first move is number 1",
                )
                .label(field, "read as 1")
                .help("write `1`"),
            );
            Some(1)
        }
        Ok(value) => Some(clock_value(value)),
        Err(NumberProblem::LeadingZero) => {
            // Only the fullmove number rejects leading zeros, and it starts at 1.
            let help = match without_leading_zeros(text) {
                b"0" => String::from("write `1`: the first move is number 1"),
                digits => format!("write {}", quote(digits)),
            };
            sink.push(
                Diagnostic::error(code, format!("{name} {} has a leading zero", quote(text)))
                    .label(field, "leading zero")
                    .help(help),
            );
            None
        }
        Err(NumberProblem::TooLarge) => {
            sink.push(
                Diagnostic::error(
                    codes::CLOCK_TOO_LARGE,
                    format!("{name} {} is larger than 4294967295", quote(text)),
                )
                .label(field, "too large")
                .help("FEN clocks are at most 4294967295"),
            );
            None
        }
        Err(NumberProblem::NotDigits) => {
            // Where the digits stop is where the grammar failed: point at the rest.
            let failure = locate_failure(text, bounded(u64::MAX, LeadingZeros::Allowed));
            let stop = failure.map_or(0, |f| f.offset);
            let span = if stop > 0 && stop < text.len() {
                Span::from_range(field.offset + stop, field.end())
            } else {
                field
            };
            let expected = match clock {
                Clock::Halfmove => "a number of halfmoves such as `0`",
                Clock::Fullmove => "a move number such as `1`",
            };
            sink.push(
                Diagnostic::error(code, format!("{} is not a {name}", quote(text)))
                    .label(
                        span,
                        if stop > 0 {
                            "not a digit"
                        } else {
                            "not a number"
                        },
                    )
                    .help(format!("write {expected}")),
            );
            None
        }
    }
}

fn clock_value(value: u64) -> u32 {
    clock(value)
}
