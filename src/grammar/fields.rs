//! Building blocks below a whole record: the parts of chess notation a caller's grammar needs
//! on its own (a square for UCI moves, the side to move).

use nom::IResult;
use nom::error::{ErrorKind, FromExternalError, ParseError};

use super::error::Rejection;
use super::record::Record;
use crate::chess::fields::side_to_move as side_rule;
use crate::chess::{Color, Square, codes};
use crate::options::ParseOptions;
use crate::primitives::ascii::has_foreign;
use crate::rules::ascii::non_ascii;
use crate::rules::context::{Cx, Step};
use crate::rules::report::{Report, Stop};
use crate::rules::run::{Rule, run};

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
    let mode = options.mode;
    move |input| {
        let end = input
            .iter()
            .position(|&b| b.is_ascii_whitespace() || b == b'"')
            .unwrap_or(input.len());
        let (field, rest) = input.split_at_checked(end).unwrap_or((input, &[]));
        // FEN's own rule, run as `Fen::parse` runs it: fast first, explained only if it stops.
        let parsed = run(&mut SideField, field, mode);
        match parsed.value {
            Some(color) => Ok((
                rest,
                Record::new(color, parsed.diagnostics, input.len(), field.len()),
            )),
            None => Err(nom::Err::Error(E::from_external_error(
                input,
                ErrorKind::Verify,
                Rejection::new("fen", parsed.diagnostics),
            ))),
        }
    }
}

/// The side-to-move field as a rule of its own: as in a whole FEN, a non-ASCII character is
/// reported once, by the ASCII rule, and the field is not judged again.
struct SideField;

impl<'r> Rule<'r> for SideField {
    type Output = Color;

    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, field: &'r [u8]) -> Step<'r, Color> {
        if has_foreign(field) {
            non_ascii(cx, field, codes::NON_ASCII)?;
            return Err(Stop);
        }
        side_rule(cx, field)
    }
}
