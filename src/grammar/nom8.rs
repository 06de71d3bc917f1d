//! The combinators as nom 8 parsers (feature `nom8`, on by default): [`Combinator`] is a
//! `nom::Parser` over `&[u8]` and `&str`, and [`Error`] a nom 8 error type.

use nom::error::{ErrorKind, FromExternalError, ParseError};
use nom::{Err, Input, Mode, OutputMode, PResult, Parser};

use super::combinator::{Combinator, Ended, Reader, Text, Whole};
use super::error::{
    Error, Kind, Rejection, expected_of_kind, nom_error_traits, nom_kind, whole_input_parse,
};
use crate::diagnostic::Diagnostic;

impl<I, R, E> Parser<I> for Combinator<R, E>
where
    I: Text,
    R: Reader,
    E: ParseError<I> + FromExternalError<I, Rejection>,
{
    type Output = R::Output<I>;
    type Error = E;

    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, Self::Output, E> {
        match self.split(input) {
            Ok((rest, value)) => Ok((rest, OM::Output::bind(|| value))),
            Err(rejection) => Err(Err::Error(OM::Error::bind(|| {
                let kind = nom_kind!(rejection.kind());
                E::from_external_error(input, kind, rejection)
            }))),
        }
    }
}

nom_error_traits!(nom, Input);

whole_input_parse!(
    /// Runs `parser` on the whole `input`, like nom-supreme's `final_parser`: its output, or the
    /// diagnostics of the failure with spans into `input` (trailing input is the error
    /// `fenkit::grammar::expected` at its start).
    ///
    /// ```
    /// use fenkit::{ParseOptions, grammar};
    /// use nom::bytes::complete::tag;
    /// use nom::sequence::preceded;
    ///
    /// let position = preceded(tag("position fen "), grammar::fen(&ParseOptions::strict()));
    /// let diagnostics = grammar::nom8::parse_whole("position fen 8/8/8/8/8/8/8/9 w - - 0 1", position).unwrap_err();
    /// assert_eq!(diagnostics[0].code(), "fenkit::fen::invalid_digit");
    /// assert_eq!(diagnostics[0].span().map(|s| s.offset), Some(27));
    /// ```
    nom,
    Parser<W::Text<'a>, Output = O, Error = Error>
);
