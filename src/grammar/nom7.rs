//! The combinators as nom 7 parsers (feature `nom7`): [`Combinator`] is a `nom::Parser` over
//! `&[u8]` and `&str` for whatever error type the grammar around it uses, and [`Error`] a nom 7
//! error type.

use nom7::error::{ContextError, ErrorKind, FromExternalError, ParseError};
use nom7::{Err, IResult, InputLength as Input, Parser};

use super::combinator::{Combinator, Reader, Text, Whole};
use super::error::{Error, Kind, Rejection, expected_of_kind, nom_kind};
use crate::diagnostic::Diagnostic;

impl<I, R, E, E2> Parser<I, R::Output<I>, E2> for Combinator<R, E>
where
    I: Text,
    R: Reader,
    E2: ParseError<I> + FromExternalError<I, Rejection>,
{
    fn parse(&mut self, input: I) -> IResult<I, R::Output<I>, E2> {
        self.split(input).map_err(|rejection| {
            let kind = nom_kind!(rejection.kind());
            Err::Error(E2::from_external_error(input, kind, rejection))
        })
    }
}

impl<I: Input> ParseError<I> for Error {
    fn from_error_kind(input: I, kind: ErrorKind) -> Self {
        Error::expected(input.input_len(), expected_of_kind!(kind))
    }

    /// Keeps the deeper error: the kind of an enclosing combinator says less.
    fn append(_input: I, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    fn from_char(input: I, c: char) -> Self {
        Error::expected_char(input.input_len(), c)
    }

    fn or(self, other: Self) -> Self {
        Error::or(self, other)
    }
}

impl<I: Input> ContextError<I> for Error {
    fn add_context(input: I, context: &'static str, other: Self) -> Self {
        other.in_context(input.input_len(), context)
    }
}

/// A [`Rejection`] from a fenkit combinator keeps its diagnostics; any other error is the
/// caller's own and becomes a `fenkit::grammar::external` diagnostic with its message.
impl<I: Input, X: std::error::Error + Send + Sync + 'static> FromExternalError<I, X> for Error {
    fn from_external_error(input: I, _kind: ErrorKind, error: X) -> Self {
        Error::external(input.input_len(), error)
    }
}

/// Runs `parser` on the whole `input`, like nom-supreme's `final_parser`: its output, or the
/// diagnostics of the failure with spans into `input` (trailing input is the error
/// `fenkit::grammar::expected` at its start).
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use nom7::bytes::complete::tag;
/// use nom7::sequence::preceded;
///
/// let position = preceded(tag("position fen "), grammar::fen(&ParseOptions::strict()));
/// let diagnostics = grammar::nom7::parse_whole("position fen 8/8/8/8/8/8/8/9 w - - 0 1", position).unwrap_err();
/// assert_eq!(diagnostics[0].code(), "fenkit::fen::invalid_digit");
/// assert_eq!(diagnostics[0].span().map(|s| s.offset), Some(27));
/// ```
pub fn parse_whole<'a, W, O>(
    input: &'a W,
    parser: impl Parser<W::Text<'a>, O, Error>,
) -> Result<O, Vec<Diagnostic>>
where
    W: Whole + ?Sized,
    W::Text<'a>: Input,
{
    match parse_partial(input, parser)? {
        (rest, output) if rest.input_len() == 0 => Ok(output),
        (rest, _) => {
            let end = Error::expected(rest.input_len(), expected_of_kind!(ErrorKind::Eof));
            Err(end.into_diagnostics(input.text().as_bytes()))
        }
    }
}

/// Runs `parser` on `input`: the rest and the output, or the diagnostics of the failure with
/// spans into `input`.
pub fn parse_partial<'a, W, O>(
    input: &'a W,
    mut parser: impl Parser<W::Text<'a>, O, Error>,
) -> Result<(W::Text<'a>, O), Vec<Diagnostic>>
where
    W: Whole + ?Sized,
    W::Text<'a>: Input,
{
    let input = input.text();
    let result: IResult<_, O, Error> = parser.parse(input);
    match result {
        Ok(done) => Ok(done),
        Err(Err::Error(error) | Err::Failure(error)) => {
            Err(error.into_diagnostics(input.as_bytes()))
        }
        Err(Err::Incomplete(_)) => {
            let more = Error::expected(0, expected_of_kind!(ErrorKind::Complete));
            Err(more.into_diagnostics(input.as_bytes()))
        }
    }
}
