//! The one verdict of every combinator: the part of the input a notation's rule read becomes a
//! [`Record`] and the rest, or a [`Rejection`] at the part's start holding every diagnostic.

use nom::IResult;
use nom::error::{ErrorKind, FromExternalError, ParseError};

use super::error::Rejection;
use super::record::Record;
use crate::diagnostic::Parsed;
use crate::options::Mode;
use crate::rules::run::{Rule, run};

/// Runs `rule` over the first `len` bytes of `input` as a record (fast, explained only if it
/// stops) and gives its verdict ([`accept`]).
pub(super) fn read<'a, G, E>(
    input: &'a [u8],
    len: usize,
    rule: &mut G,
    mode: Mode,
    notation: &'static str,
) -> IResult<&'a [u8], Record<G::Output>, E>
where
    G: Rule<'a>,
    E: ParseError<&'a [u8]> + FromExternalError<&'a [u8], Rejection>,
{
    let part = input.get(..len).unwrap_or(input);
    accept(input, part.len(), run(rule, part, mode), notation)
}

/// The first `len` bytes of `input` as `parsed` says: the value with its warnings and the rest,
/// or `notation`'s rejection of the part ([`ErrorKind::Verify`]).
pub(super) fn accept<'a, T, E>(
    input: &'a [u8],
    len: usize,
    parsed: Parsed<T>,
    notation: &'static str,
) -> IResult<&'a [u8], Record<T>, E>
where
    E: ParseError<&'a [u8]> + FromExternalError<&'a [u8], Rejection>,
{
    accept_as(input, len, parsed, notation, ErrorKind::Verify)
}

/// [`accept`], the rejection of the part carrying `kind` (for nom's own error types).
pub(super) fn accept_as<'a, T, E>(
    input: &'a [u8],
    len: usize,
    parsed: Parsed<T>,
    notation: &'static str,
    kind: ErrorKind,
) -> IResult<&'a [u8], Record<T>, E>
where
    E: ParseError<&'a [u8]> + FromExternalError<&'a [u8], Rejection>,
{
    let valid = parsed.is_valid();
    match parsed.value {
        Some(value) if valid => {
            let (part, rest) = input.split_at_checked(len).unwrap_or((input, &[]));
            let record = Record::new(value, parsed.diagnostics, input.len(), part.len());
            Ok((rest, record))
        }
        _ => Err(nom::Err::Error(E::from_external_error(
            input,
            kind,
            Rejection::new(notation, parsed.diagnostics),
        ))),
    }
}
