//! The record combinators: one record of a notation, cut out of a larger input where it ends
//! ([`super::extent`]) and read by the notation's own parser, so a record composed into a
//! caller's grammar gets exactly the diagnostics, dialects and legality checks it gets alone.

use super::accept::accept;
use super::combinator::{Combinator, Read, combinator};
use super::extent;
use super::record::Record;
use crate::diagnostic::Parsed;
use crate::options::ParseOptions;
use crate::{DraughtsFen, Epd, Feen, Fen};

/// The combinator of one record: cut where `extent` says it ends, read by the notation's own
/// `parse` with `options`, and accepted or rejected as `notation`'s.
fn record<T, X, P>(
    options: &ParseOptions,
    extent: X,
    notation: &'static str,
    parse: P,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<T>> + Copy + use<T, X, P>>
where
    X: Fn(&[u8]) -> usize + Copy,
    P: Fn(&[u8], &ParseOptions) -> Parsed<T> + Copy,
{
    let options = *options;
    combinator(move |input: &[u8]| {
        // The notation's `parse` is itself the fast path on a valid record (its rules run with
        // the free sink first), so the record is cut where it ends and read by it alone.
        let record = input.get(..extent(input)).unwrap_or(input);
        accept(input, record.len(), parse(record, &options), notation)
    })
}

/// One chess FEN record (docs/notations.md), read as [`Fen::parse`] reads it with `options`.
///
/// The record ends after its sixth field, or after its fourth or fifth when what follows does
/// not start like a clock (so that lenient mode reads `... w - - moves e2e4` with a warning
/// for the missing clocks), and always at a line end or a `"`. Anything after it is the rest.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use nom::Parser;
///
/// let input = b"8/8/8/8/8/8/8/k1K5 b - - 0 1 moves a1a2";
/// let (rest, record) = grammar::fen(&ParseOptions::strict()).with_error::<nom::error::Error<_>>().parse(&input[..])?;
/// assert_eq!(rest, b" moves a1a2");
/// assert_eq!(record.value.to_string(), "8/8/8/8/8/8/8/k1K5 b - - 0 1");
/// # Ok::<_, nom::Err<nom::error::Error<&[u8]>>>(())
/// ```
pub fn fen(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<Fen>> + Copy + use<>> {
    record(options, extent::fen, crate::chess::NOTATION, Fen::parse)
}

/// One EPD record (docs/notations.md), read as [`Epd::parse`] reads it: the rest of the line,
/// without the spaces that end it (its quoted operands may hold spaces and quotes).
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use nom::Parser;
///
/// let input = b"8/8/8/8/8/8/8/k1K5 b - - id \"end\";\nnext line";
/// let (rest, record) = grammar::epd(&ParseOptions::strict()).with_error::<nom::error::Error<_>>().parse(&input[..])?;
/// assert_eq!(rest, b"\nnext line");
/// assert_eq!(record.value.operand("id").map(|id| id.as_str()), Some("end"));
/// # Ok::<_, nom::Err<nom::error::Error<&[u8]>>>(())
/// ```
pub fn epd(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<Epd>> + Copy + use<>> {
    record(options, extent::epd, crate::epd::NOTATION, Epd::parse)
}

/// One FEEN record (docs/notations.md), read as [`Feen::parse`] reads it: three fields.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use nom::Parser;
///
/// let (rest, record) = grammar::feen(&ParseOptions::strict()).parse(&b"K / A/b then more"[..])?;
/// assert_eq!(rest, b" then more");
/// assert_eq!(record.value.to_string(), "K / A/b");
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
///
/// A field ends only at whitespace, a line end or `"`: put a space between a FEEN and what
/// follows it.
pub fn feen(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<Feen>> + Copy + use<>> {
    record(options, extent::feen, crate::feen::NOTATION, Feen::parse)
}

/// One draughts FEN (docs/notations.md), read as [`DraughtsFen::parse`] reads it with `options`
/// (its board included): one field, ending at whitespace, a line end or the `"` that closes a
/// PDN tag value. A gap next to `:`, `,`, `-` or `.` does not end it: whitespace around tokens
/// is a dialect the notation reports (an error in strict mode, a warning in lenient mode).
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use nom::Parser;
///
/// let (rest, record) = grammar::draughts_fen(&ParseOptions::strict()).parse(&b"W:W31-50:B1-20\"]"[..])?;
/// assert_eq!(rest, b"\"]");
/// assert_eq!(record.value.to_string(), "W:W31-50:B1-20");
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn draughts_fen(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<DraughtsFen>> + Copy + use<>> {
    record(
        options,
        extent::draughts_fen,
        crate::draughts::NOTATION,
        DraughtsFen::parse,
    )
}
