//! The nom error type of composed grammars: fenkit's diagnostics and the caller's own errors
//! and contexts in one value, turned into [`Diagnostic`]s with offsets into the whole input at
//! the end of the parse.

use std::fmt;

use nom::InputLength;
use nom::error::{ContextError, ErrorKind, FromExternalError, ParseError};

use super::codes;
use crate::diagnostic::{Diagnostic, Span};
use crate::primitives::ascii::char_span;

/// The diagnostics of a record a fenkit combinator rejected, spans relative to the record's
/// start. Combinators hand it to the caller's error type through nom's [`FromExternalError`],
/// so every nom error type works with them: [`Error`] keeps the diagnostics, nom's own error
/// types keep only where the record started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    notation: &'static str,
    diagnostics: Vec<Diagnostic>,
}

impl Rejection {
    pub(crate) fn new(notation: &'static str, diagnostics: Vec<Diagnostic>) -> Self {
        Rejection {
            notation,
            diagnostics,
        }
    }

    /// The notation of the record: `fen`, `epd`, `feen` or `pdn`.
    pub fn notation(&self) -> &'static str {
        self.notation
    }

    /// Every diagnostic of the record (errors and warnings), spans relative to its start.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let first = self.diagnostics.iter().find(|d| d.is_error());
        match first {
            Some(error) => write!(f, "invalid {}: {}", self.notation, error.message()),
            None => write!(f, "invalid {}", self.notation),
        }
    }
}

impl std::error::Error for Rejection {}

/// The error type for a nom grammar that embeds fenkit's combinators.
///
/// It implements nom's [`ParseError`], [`ContextError`] and [`FromExternalError`], so it works
/// with every nom combinator and mixes three kinds of problem: the diagnostics of a record that
/// a fenkit combinator rejected, the caller's own nom errors (`tag`, `char`, `digit1`...) and
/// the caller's own errors (`map_res`, any `std::error::Error`). `context(...)` adds a label.
///
/// Like nom-supreme's `final_parser` with `ExtractContext`, it holds no slice of the input,
/// only the length of the input that remained where each problem was found; at the end of the
/// parse, [`Error::into_diagnostics`] (or [`super::parse_whole`]) turns that into offsets into
/// the whole input. So it has no lifetime, is `Send + Sync + 'static`, and works over any input
/// type with a length.
///
/// Between the branches of an `alt`, the branch that got further wins, as a reader expects.
#[derive(Debug)]
pub struct Error {
    /// The problems at the furthest point the parse reached (several when alternatives tie).
    problems: Vec<Problem>,
    /// The caller's contexts around the problems, innermost first.
    contexts: Vec<Context>,
}

#[derive(Debug)]
struct Problem {
    /// The length of the input that remained where it was found.
    remaining: usize,
    what: What,
}

#[derive(Debug)]
enum What {
    /// A fenkit record was rejected with these diagnostics.
    Record(Rejection),
    /// A nom parser of the caller's failed.
    Kind(ErrorKind),
    /// `char(c)` failed.
    Char(char),
    /// The caller's own error.
    External(Box<dyn std::error::Error + Send + Sync>),
}

#[derive(Debug)]
struct Context {
    remaining: usize,
    context: &'static str,
}

impl Error {
    fn one(remaining: usize, what: What) -> Self {
        Error {
            problems: vec![Problem { remaining, what }],
            contexts: Vec::new(),
        }
    }

    /// The smallest remaining length of any problem: how far the parse got.
    fn reached(&self) -> usize {
        self.problems
            .iter()
            .map(|problem| problem.remaining)
            .min()
            .unwrap_or(usize::MAX)
    }

    /// Every problem as a [`Diagnostic`] whose spans are offsets into `whole`, the input the
    /// caller's parse started from, in the order they occur there. Render each with
    /// [`Diagnostic::with_source`] on `whole` (e.g. through [`crate::record_text`]).
    pub fn into_diagnostics(self, whole: &[u8]) -> Vec<Diagnostic> {
        let offset_of = |remaining: usize| whole.len().saturating_sub(remaining);
        let mut found = Vec::new();
        for problem in self.problems {
            let at = offset_of(problem.remaining);
            let diagnostics: Vec<Diagnostic> = match problem.what {
                What::Record(rejection) => rejection
                    .diagnostics
                    .into_iter()
                    .map(|diagnostic| diagnostic.shifted(at))
                    .collect(),
                What::Kind(kind) => vec![expected(whole, at, describe(kind))],
                What::Char(c) => vec![expected(whole, at, &format!("`{}`", c.escape_default()))],
                What::External(error) => vec![
                    Diagnostic::error(codes::EXTERNAL, error.to_string())
                        .label(char_span(whole, at), "here"),
                ],
            };
            let in_context = |diagnostic: Diagnostic| {
                self.contexts
                    .iter()
                    .fold(diagnostic, |diagnostic, context| {
                        let start = offset_of(context.remaining);
                        diagnostic.label(
                            Span::from_range(start, at),
                            format!("in {}", context.context),
                        )
                    })
            };
            found.extend(diagnostics.into_iter().map(in_context));
        }
        found.sort_by_key(|d| d.span().map_or(0, |span| span.offset));
        found
    }
}

/// A caller's nom parser expected `what` at `at`: the label is on the character found there,
/// or an empty span at a line end or the end of the input.
fn expected(whole: &[u8], at: usize, what: &str) -> Diagnostic {
    let span = char_span(whole, at);
    let (found, span) = match span.of(whole) {
        [] => (String::from("the end of the input"), span),
        [b'\n' | b'\r', ..] => (String::from("a line end"), Span::new(at, 0)),
        text => (format!("`{}`", String::from_utf8_lossy(text)), span),
    };
    Diagnostic::error(codes::EXPECTED, format!("expected {what}, found {found}"))
        .label(span, format!("expected {what}"))
}

/// What a nom parser that failed with `kind` expected, in words.
fn describe(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Tag => "a keyword",
        ErrorKind::Char | ErrorKind::OneOf | ErrorKind::NoneOf => {
            "one of the characters allowed here"
        }
        ErrorKind::Digit => "a digit",
        ErrorKind::HexDigit => "a hexadecimal digit",
        ErrorKind::Alpha => "a letter",
        ErrorKind::AlphaNumeric => "a letter or digit",
        ErrorKind::Space | ErrorKind::MultiSpace => "whitespace",
        ErrorKind::CrLf => "a line end",
        ErrorKind::Eof => "the end of the input",
        ErrorKind::Alt => "one of the alternatives",
        ErrorKind::Many1 | ErrorKind::SeparatedList | ErrorKind::Many1Count => "at least one item",
        ErrorKind::Verify | ErrorKind::MapRes | ErrorKind::MapOpt => "a valid value",
        ErrorKind::Complete => "more input",
        _ => "something else",
    }
}

impl<I: InputLength> ParseError<I> for Error {
    fn from_error_kind(input: I, kind: ErrorKind) -> Self {
        Error::one(input.input_len(), What::Kind(kind))
    }

    /// Keeps the deeper error: the kind of an enclosing combinator says less.
    fn append(_input: I, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    fn from_char(input: I, c: char) -> Self {
        Error::one(input.input_len(), What::Char(c))
    }

    /// The branch that got further wins; branches that failed at the same place are kept both.
    fn or(mut self, mut other: Self) -> Self {
        match self.reached().cmp(&other.reached()) {
            std::cmp::Ordering::Less => self,
            std::cmp::Ordering::Greater => other,
            std::cmp::Ordering::Equal => {
                other.problems.append(&mut self.problems);
                other
            }
        }
    }
}

impl<I: InputLength> ContextError<I> for Error {
    fn add_context(input: I, context: &'static str, mut other: Self) -> Self {
        other.contexts.push(Context {
            remaining: input.input_len(),
            context,
        });
        other
    }
}

/// A [`Rejection`] from a fenkit combinator keeps its diagnostics; any other error is the
/// caller's own and becomes a `fenkit::grammar::external` diagnostic with its message.
impl<I: InputLength, E: std::error::Error + Send + Sync + 'static> FromExternalError<I, E>
    for Error
{
    fn from_external_error(input: I, _kind: ErrorKind, error: E) -> Self {
        let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(error);
        let what = match boxed.downcast::<Rejection>() {
            Ok(rejection) => What::Record(*rejection),
            Err(other) => What::External(other),
        };
        Error::one(input.input_len(), what)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problems.first().map(|problem| &problem.what) {
            Some(What::Record(rejection)) => fmt::Display::fmt(rejection, f),
            Some(What::Kind(kind)) => write!(f, "expected {}", describe(*kind)),
            Some(What::Char(c)) => write!(f, "expected `{}`", c.escape_default()),
            Some(What::External(error)) => fmt::Display::fmt(error, f),
            None => f.write_str("parse error"),
        }
    }
}

impl std::error::Error for Error {}
