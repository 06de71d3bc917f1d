//! The combinators as nom 7 parsers (feature `nom7`): [`Combinator`] is a `nom::Parser` over
//! `&[u8]` and `&str` for whatever error type the grammar around it uses, and [`Error`] a nom 7
//! error type.

use nom7::error::{ErrorKind, FromExternalError, ParseError};
use nom7::{Err, IResult, InputLength as Input, Parser};

use super::combinator::{Combinator, Ended, Reader, Text, Whole};
use super::error::{
    Error, Kind, Rejection, expected_of_kind, nom_error_traits, nom_kind, whole_input_parse,
};
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

nom_error_traits!(nom7, InputLength);

whole_input_parse!(
    /// Runs `parser` on the whole `input`, like nom-supreme's `final_parser`: its output, or the
    /// diagnostics of the failure with spans into `input` (trailing input is the error
    /// `fenkit::grammar::expected` at its start).
    ///
    /// In your crate, nom 7 is `nom` (`cargo add fenkit nom@7 --features fenkit/nom7`):
    ///
    /// ```
    /// # extern crate nom7 as nom; // fenkit's own tests have nom 7 as `nom7`, nom 8 as `nom`
    /// use fenkit::{ParseOptions, grammar};
    /// use nom::bytes::complete::tag;
    /// use nom::sequence::preceded;
    ///
    /// let position = preceded(tag("position fen "), grammar::fen(&ParseOptions::strict()));
    /// let diagnostics = grammar::nom7::parse_whole("position fen 8/8/8/8/8/8/8/9 w - - 0 1", position).unwrap_err();
    /// assert_eq!(diagnostics[0].code(), "fenkit::fen::invalid_digit");
    /// assert_eq!(diagnostics[0].span().map(|s| s.offset), Some(27));
    /// ```
    nom7,
    Parser<W::Text<'a>, O, Error>
);
