//! The fields of a record and the whitespace between them, judged by FEN's rule (the one
//! `Fen::parse`, EPD and FEEN split their records with, `rules::fields`).

use super::accept::read;
use super::combinator::{Combinator, Read, Reader, Text, combinator};
use super::error::{Kind, Rejection};
use super::extent::field_len;
use super::messages;
use super::record::Record;
use crate::chess::fen::NOTATION;
use crate::chess::record::WHITESPACE;
use crate::options::ParseOptions;
use crate::primitives::fields::is_separator;
use crate::rules::context::{Cx, Step};
use crate::rules::fields::{gap as gap_rule, trailing_whitespace};
use crate::rules::report::Report;
use crate::rules::run::Rule;

/// One field of a record: the bytes up to whitespace, a `"` or the end of the input, at least
/// one (where every field combinator here ends its field). It reads no whitespace: [`gap`]
/// reads and judges the whitespace between fields.
///
/// ```
/// use fenkit::grammar;
/// use nom::Parser;
///
/// let (rest, field) = grammar::field().parse(&b"KQkq -"[..])?;
/// assert_eq!((field, rest), (&b"KQkq"[..], &b" -"[..]));
/// let (rest, value) = grammar::field().parse(&b"e3\"]"[..])?;
/// assert_eq!((value, rest), (&b"e3"[..], &b"\"]"[..]));
/// assert!(grammar::field().parse(&b" -"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn field() -> Combinator<Field> {
    Combinator::new(Field)
}

/// The reader of [`field`]: its value is the field itself, `&[u8]` or `&str` as the input.
#[derive(Clone, Copy, Debug)]
pub struct Field;

impl Reader for Field {
    type Output<I: Text> = I;

    fn read<I: Text>(&self, input: I) -> Read<I> {
        let bytes = input.as_bytes();
        let end = field_len(bytes);
        if end == 0 {
            let diagnostic = messages::no_field(bytes);
            return Err(Rejection::not_here(Kind::TakeTill1, diagnostic));
        }
        match input.split(end) {
            Some((field, _)) => Ok((end, field)),
            None => Err(Rejection::inside_character(end)),
        }
    }
}

/// Where whitespace stands in a record of fields, which decides what is standard there (for
/// [`gap`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gap {
    /// Before the first field: none is standard (`fenkit::fen::surrounding_whitespace`).
    BeforeRecord,
    /// Between two fields: one space (`fenkit::fen::field_separator`).
    BetweenFields,
    /// After the last field: none, a line end included (`fenkit::fen::surrounding_whitespace`).
    AfterRecord,
}

/// The whitespace at `place` in a record, judged by FEN's rule for it, the one `Fen::parse`
/// runs (EPD and FEEN split their records with it too): one space between fields and none
/// around the record. In lenient mode other whitespace is read with a warning, in strict mode
/// it is rejected, with FEN's codes and wording (`fenkit::fen::field_separator`,
/// `fenkit::fen::surrounding_whitespace`), each with a fix.
///
/// It reads the spaces and tabs at the start of the input ([`Gap::AfterRecord`]: line ends
/// too) and nothing else: what follows is the caller's. Between fields at least one is needed
/// (none is a nom error, so `opt` and `many0` end at the last field); before and after the
/// record none is the standard.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use fenkit::grammar::Gap;
/// use nom::Parser;
///
/// let lenient = ParseOptions::lenient();
/// let mut two = ((grammar::field(), grammar::gap(&lenient, Gap::BetweenFields), grammar::field()));
/// let (rest, (side, gap, castling)) = two.parse(&b"w\tKQkq -"[..])?;
/// assert_eq!((side, castling, rest), (&b"w"[..], &b"KQkq"[..], &b" -"[..]));
/// assert_eq!(gap.warnings[0].code(), "fenkit::fen::field_separator");
///
/// let strict = ParseOptions::strict();
/// assert!(grammar::gap(&strict, Gap::BetweenFields).parse(&b"  KQkq"[..]).is_err());
/// assert!(grammar::gap(&strict, Gap::BetweenFields).parse(&b"KQkq"[..]).is_err());
/// let (rest, _) = grammar::gap(&strict, Gap::AfterRecord).parse(&b""[..])?;
/// assert!(rest.is_empty());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn gap(
    options: &ParseOptions,
    place: Gap,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<()>> + Copy + use<>> {
    let mode = options.mode;
    combinator(move |input: &[u8]| {
        let is_whitespace =
            |b: u8| is_separator(b) || (place == Gap::AfterRecord && matches!(b, b'\r' | b'\n'));
        let end = input
            .iter()
            .position(|&b| !is_whitespace(b))
            .unwrap_or(input.len());
        if end == 0 && place == Gap::BetweenFields {
            let diagnostic = messages::no_separator(input);
            return Err(Rejection::not_here(Kind::Space, diagnostic));
        }
        read(input, end, &mut GapField(place), mode, NOTATION)
    })
}

/// FEN's whitespace rule over one gap.
struct GapField(Gap);

impl<'r> Rule<'r> for GapField {
    type Output = ();

    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, whitespace: &'r [u8]) -> Step<'r, ()> {
        let none = whitespace.get(..0).unwrap_or_default();
        let end = whitespace.get(whitespace.len()..).unwrap_or_default();
        match self.0 {
            Gap::BeforeRecord => gap_rule(cx, whitespace, true, WHITESPACE)?,
            Gap::BetweenFields => gap_rule(cx, whitespace, false, WHITESPACE)?,
            Gap::AfterRecord => trailing_whitespace(cx, whitespace, none, 1, WHITESPACE)?,
        }
        Ok((end, ()))
    }
}
