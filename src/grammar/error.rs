//! The error type of composed grammars: fenkit's diagnostics and the caller's own errors and
//! contexts in one value, turned into [`Diagnostic`]s with offsets into the whole input at the
//! end of the parse. Its nom traits are implemented once per nom major (`super::nom7`,
//! `super::nom8`), on the constructors here.

// Without a nom feature no grammar builds an `Error`: the type stays, for code that names it.
#![cfg_attr(not(any(feature = "nom7", feature = "nom8")), allow(dead_code))]

use std::fmt;

use super::messages;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// The diagnostics of a record a fenkit combinator rejected, spans relative to the record's
/// start. Combinators hand it to the caller's error type through nom's `FromExternalError`,
/// so every nom error type works with them: [`Error`] keeps the diagnostics, nom's own error
/// types keep only where the record started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    notation: &'static str,
    diagnostics: Vec<Diagnostic>,
    kind: Kind,
}

/// What a rejection tells nom's own error types, which keep only a kind: the input was not of
/// the combinator's kind at all, or it was but is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Of its kind, but wrong (nom's `Verify`).
    Verify,
    /// Not a character the combinator starts with (`OneOf`).
    OneOf,
    /// Not the character the combinator starts with (`Char`).
    Char,
    /// No digit (`Digit`).
    Digit,
    /// No whitespace (`Space`).
    Space,
    /// Nothing before whitespace (`TakeTill1`).
    TakeTill1,
    /// No word (`Alpha`).
    Alpha,
    /// Nothing at all (`Eof`).
    Eof,
}

impl Rejection {
    pub(crate) fn new(notation: &'static str, diagnostics: Vec<Diagnostic>) -> Self {
        Rejection {
            notation,
            diagnostics,
            kind: Kind::Verify,
        }
    }

    /// A building block's one diagnostic where its kind of text does not start.
    pub(crate) fn not_here(kind: Kind, diagnostic: Diagnostic) -> Self {
        Rejection {
            notation: "grammar",
            diagnostics: vec![diagnostic],
            kind,
        }
    }

    /// A record that ends `at` a byte inside a character of `&str` input.
    pub(crate) fn inside_character(at: usize) -> Self {
        Rejection::not_here(Kind::Verify, messages::inside_character(at))
    }

    /// The same rejection, reported to nom's own error types as `kind`.
    pub(crate) fn reported_as(mut self, kind: Kind) -> Self {
        self.kind = kind;
        self
    }

    /// What nom's own error types are told.
    #[cfg(any(feature = "nom7", feature = "nom8"))]
    pub(crate) fn kind(&self) -> Kind {
        self.kind
    }

    /// The diagnostics, moved to offsets into a larger input in which the rejected input
    /// starts `at`.
    pub(crate) fn into_diagnostics_at(self, at: usize) -> Vec<Diagnostic> {
        self.diagnostics
            .into_iter()
            .map(|diagnostic| diagnostic.shifted(at))
            .collect()
    }

    /// The notation of the record: `fen`, `epd`, `feen` or `pdn`; `grammar` for a building
    /// block whose kind of text did not start at all.
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
/// It implements nom's `ParseError`, `ContextError` and `FromExternalError` (nom 7 and 8), so it works
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
    /// A nom parser of the caller's failed, expecting this (in words).
    Kind(&'static str),
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
    /// A nom parser of the caller's expected `what` where `remaining` bytes of input were left.
    pub(crate) fn expected(remaining: usize, what: &'static str) -> Self {
        Error::one(remaining, What::Kind(what))
    }

    /// `char(c)` failed where `remaining` bytes were left.
    pub(crate) fn expected_char(remaining: usize, c: char) -> Self {
        Error::one(remaining, What::Char(c))
    }

    /// An external error where `remaining` bytes were left: a [`Rejection`] keeps its
    /// diagnostics, any other error becomes `fenkit::grammar::external` with its message.
    pub(crate) fn external<X: std::error::Error + Send + Sync + 'static>(
        remaining: usize,
        error: X,
    ) -> Self {
        let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(error);
        let what = match boxed.downcast::<Rejection>() {
            Ok(rejection) => What::Record(*rejection),
            Err(other) => What::External(other),
        };
        Error::one(remaining, what)
    }

    /// The branch that got further wins; branches that failed at the same place are kept both.
    pub(crate) fn or(mut self, mut other: Self) -> Self {
        match self.reached().cmp(&other.reached()) {
            std::cmp::Ordering::Less => self,
            std::cmp::Ordering::Greater => other,
            std::cmp::Ordering::Equal => {
                other.problems.append(&mut self.problems);
                other
            }
        }
    }

    /// Adds the caller's `context` label, which started where `remaining` bytes were left.
    pub(crate) fn in_context(mut self, remaining: usize, context: &'static str) -> Self {
        self.contexts.push(Context { remaining, context });
        self
    }

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
                What::Record(rejection) => rejection.into_diagnostics_at(at),
                What::Kind(what) => vec![messages::expected(whole, at, what)],
                What::Char(c) => {
                    let what = format!("`{}`", c.escape_default());
                    vec![messages::expected(whole, at, &what)]
                }
                What::External(error) => {
                    vec![messages::external(whole, at, error.to_string())]
                }
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
        crate::diagnostic::Diagnostic::sort_by_offset(&mut found);
        found
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problems.first().map(|problem| &problem.what) {
            Some(What::Record(rejection)) => fmt::Display::fmt(rejection, f),
            Some(What::Kind(what)) => write!(f, "expected {what}"),
            Some(What::Char(c)) => write!(f, "expected `{}`", c.escape_default()),
            Some(What::External(error)) => fmt::Display::fmt(error, f),
            None => f.write_str("parse error"),
        }
    }
}

impl std::error::Error for Error {}

#[cfg(any(feature = "nom7", feature = "nom8"))]
/// What a nom parser of the caller's that failed with `$kind` (nom's `ErrorKind`, of the major
/// in scope where this is used) expected, in words.
macro_rules! expected_of_kind {
    ($kind:expr) => {
        match $kind {
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
            ErrorKind::Many1 | ErrorKind::SeparatedList | ErrorKind::Many1Count => {
                "at least one item"
            }
            ErrorKind::Verify | ErrorKind::MapRes | ErrorKind::MapOpt => "a valid value",
            ErrorKind::Complete => "more input",
            _ => "something else",
        }
    };
}
#[cfg(any(feature = "nom7", feature = "nom8"))]
pub(super) use expected_of_kind;

#[cfg(any(feature = "nom7", feature = "nom8"))]
/// nom's `ErrorKind` (of the major in scope where this is used) for a rejection's [`Kind`].
macro_rules! nom_kind {
    ($kind:expr) => {
        match $kind {
            Kind::Verify => ErrorKind::Verify,
            Kind::OneOf => ErrorKind::OneOf,
            Kind::Char => ErrorKind::Char,
            Kind::Digit => ErrorKind::Digit,
            Kind::Space => ErrorKind::Space,
            Kind::TakeTill1 => ErrorKind::TakeTill1,
            Kind::Alpha => ErrorKind::Alpha,
            Kind::Eof => ErrorKind::Eof,
        }
    };
}
#[cfg(any(feature = "nom7", feature = "nom8"))]
pub(super) use nom_kind;

#[cfg(any(feature = "nom7", feature = "nom8"))]
/// nom's error traits for [`Error`], written once for both majors: `$nom` is the nom crate in
/// scope, `$len` its trait for input with a length.
macro_rules! nom_error_traits {
    ($nom:ident, $len:ident) => {
        impl<I: $nom::$len> $nom::error::ParseError<I> for Error {
            fn from_error_kind(input: I, kind: $nom::error::ErrorKind) -> Self {
                use $nom::error::ErrorKind;
                Error::expected(input.input_len(), expected_of_kind!(kind))
            }

            /// Keeps the deeper error: the kind of an enclosing combinator says less.
            fn append(_input: I, _kind: $nom::error::ErrorKind, other: Self) -> Self {
                other
            }

            fn from_char(input: I, c: char) -> Self {
                Error::expected_char(input.input_len(), c)
            }

            fn or(self, other: Self) -> Self {
                Error::or(self, other)
            }
        }

        impl<I: $nom::$len> $nom::error::ContextError<I> for Error {
            fn add_context(input: I, context: &'static str, other: Self) -> Self {
                other.in_context(input.input_len(), context)
            }
        }

        /// A [`Rejection`] from a fenkit combinator keeps its diagnostics; any other error is
        /// the caller's own and becomes a `fenkit::grammar::external` diagnostic.
        impl<I: $nom::$len, X: std::error::Error + Send + Sync + 'static>
            $nom::error::FromExternalError<I, X> for Error
        {
            fn from_external_error(input: I, _kind: $nom::error::ErrorKind, error: X) -> Self {
                Error::external(input.input_len(), error)
            }
        }
    };
}
#[cfg(any(feature = "nom7", feature = "nom8"))]
pub(super) use nom_error_traits;

#[cfg(any(feature = "nom7", feature = "nom8"))]
/// `parse_partial` for a nom major, written once: `$nom` is the nom crate in scope and the rest
/// the bound of a parser of `W::Text<'a>` with output `O` and error [`Error`] in that major.
macro_rules! whole_input_parse {
    ($(#[$whole_doc:meta])* $nom:ident, $($parser:tt)+) => {
        $(#[$whole_doc])*
        pub fn parse_whole<'a, W, O>(
            input: &'a W,
            mut parser: impl $($parser)+,
        ) -> Result<O, Vec<Diagnostic>>
        where
            W: Whole + ?Sized,
            W::Text<'a>: Input,
        {
            let input = input.text();
            ended(parser.parse(input)).whole(input)
        }

        /// Runs `parser` on `input`: the rest and the output, or the diagnostics of the failure
        /// with spans into `input`.
        pub fn parse_partial<'a, W, O>(
            input: &'a W,
            mut parser: impl $($parser)+,
        ) -> Result<(W::Text<'a>, O), Vec<Diagnostic>>
        where
            W: Whole + ?Sized,
            W::Text<'a>: Input,
        {
            let input = input.text();
            ended(parser.parse(input)).partial(input)
        }

        /// A nom result as the end of a parse.
        fn ended<I, O>(result: $nom::IResult<I, O, Error>) -> Ended<I, O> {
            match result {
                Ok((rest, output)) => Ended::Done(rest, output),
                Err($nom::Err::Error(error) | $nom::Err::Failure(error)) => Ended::Failed(error),
                Err($nom::Err::Incomplete(_)) => Ended::Incomplete,
            }
        }
    };
}
#[cfg(any(feature = "nom7", feature = "nom8"))]
pub(super) use whole_input_parse;
