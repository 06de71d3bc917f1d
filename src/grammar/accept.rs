//! The one verdict of every combinator: the part of the input a notation's rule read becomes a
//! [`Record`] and its length, or a [`Rejection`] holding every diagnostic.

use super::combinator::Read;
use super::error::Rejection;
use super::record::Record;
use crate::diagnostic::Parsed;
use crate::mode::Mode;
use crate::rules::run::{Rule, run};

/// Runs `rule` over the first `len` bytes of `input` as a record (fast, explained only if it
/// stops) and gives its verdict ([`accept`]).
pub(super) fn read<'a, G: Rule<'a>>(
    input: &'a [u8],
    len: usize,
    rule: &mut G,
    mode: Mode,
    notation: &'static str,
) -> Read<Record<G::Output>> {
    let part = input.get(..len).unwrap_or(input);
    accept(input, part.len(), run(rule, part, mode), notation)
}

/// The first `len` bytes of `input` as `parsed` says: the value with its warnings, or
/// `notation`'s rejection of the part.
pub(super) fn accept<T>(
    input: &[u8],
    len: usize,
    parsed: Parsed<T>,
    notation: &'static str,
) -> Read<Record<T>> {
    let valid = parsed.is_valid();
    match parsed.value {
        Some(value) if valid => {
            let len = len.min(input.len());
            Ok((
                len,
                Record::new(value, parsed.diagnostics, input.len(), len),
            ))
        }
        _ => Err(Rejection::new(notation, parsed.diagnostics)),
    }
}
