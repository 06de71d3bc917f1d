//! The nom-free core of every combinator: a [`Reader`] reads one thing at the front of its input
//! and says how many bytes it took, or rejects the input with fenkit's diagnostics; a
//! [`Combinator`] wraps a reader so that nom 7 and nom 8 grammars can use it as a parser
//! (`super::nom7`, `super::nom8`), over `&[u8]` or `&str`.

use std::marker::PhantomData;

use super::error::{Error, Rejection};
use super::messages;
use crate::diagnostic::Diagnostic;

/// Text a combinator reads: `&[u8]` or `&str`. Sealed: the combinators read bytes, and these
/// two are the inputs nom grammars use.
pub trait Text: Copy + sealed::Sealed {
    /// The text as bytes.
    fn as_bytes(&self) -> &[u8];

    /// The text before and after `at`, or `None` where `at` is past the end or (for `&str`)
    /// inside a character.
    fn split(self, at: usize) -> Option<(Self, Self)>;
}

impl Text for &[u8] {
    fn as_bytes(&self) -> &[u8] {
        self
    }

    fn split(self, at: usize) -> Option<(Self, Self)> {
        self.split_at_checked(at)
    }
}

impl Text for &str {
    fn as_bytes(&self) -> &[u8] {
        str::as_bytes(self)
    }

    fn split(self, at: usize) -> Option<(Self, Self)> {
        self.split_at_checked(at)
    }
}

/// A whole input as it is held (a byte string literal, a `Vec<u8>`, a `str`, a `String`), as
/// the [`Text`] a grammar reads: what `parse_whole` and `parse_partial` take.
pub trait Whole {
    /// The text a grammar over this input reads: `&[u8]` or `&str`.
    type Text<'a>: Text
    where
        Self: 'a;

    /// The input as that text.
    fn text(&self) -> Self::Text<'_>;
}

impl Whole for [u8] {
    type Text<'a> = &'a [u8];

    fn text(&self) -> &[u8] {
        self
    }
}

impl<const N: usize> Whole for [u8; N] {
    type Text<'a> = &'a [u8];

    fn text(&self) -> &[u8] {
        self
    }
}

impl Whole for Vec<u8> {
    type Text<'a> = &'a [u8];

    fn text(&self) -> &[u8] {
        self
    }
}

impl Whole for str {
    type Text<'a> = &'a str;

    fn text(&self) -> &str {
        self
    }
}

impl Whole for String {
    type Text<'a> = &'a str;

    fn text(&self) -> &str {
        self
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for &[u8] {}
    impl Sealed for &str {}
}

/// What a [`Reader`] found at the front of its input: the number of bytes it read and its
/// value, or the input's [`Rejection`] with every diagnostic, spans relative to the input's
/// start.
pub type Read<T> = Result<(usize, T), Rejection>;

/// One thing of a notation read at the front of some text, with no nom type in sight: the
/// core every [`Combinator`] is built on, usable as it is by a parser that is not nom.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use fenkit::grammar::Reader;
///
/// let (len, record) = grammar::fen(&ParseOptions::strict()).read("8/8/8/8/8/8/8/k1K5 b - - 0 1 moves")?;
/// assert_eq!(len, 28);
/// assert_eq!(record.value.to_string(), "8/8/8/8/8/8/8/k1K5 b - - 0 1");
///
/// let rejection = grammar::square().read(&b"e9"[..]).unwrap_err();
/// assert_eq!(rejection.diagnostics()[0].code(), "fenkit::grammar::square");
/// # Ok::<_, fenkit::grammar::Rejection>(())
/// ```
pub trait Reader {
    /// What it reads from input of type `I` (most readers read the same value from either).
    type Output<I: Text>;

    /// Reads one thing at the front of `input`.
    fn read<I: Text>(&self, input: I) -> Read<Self::Output<I>>;
}

/// A fenkit reader as a nom parser: nom 7's `Parser` for every error type the grammar around it
/// uses (feature `nom7`), nom 8's `Parser` with [`Error`] or the error type chosen by
/// [`Combinator::with_error`] (feature `nom8`, on by default). Every combinator of
/// [`crate::grammar`] returns one; it is also a [`Reader`] for code without nom.
///
/// A rejected input is a recoverable nom error (`Err::Error`), so `alt`, `opt` and `many0` go on
/// to their next choice; the error carries the [`Rejection`] through nom's
/// `FromExternalError`.
pub struct Combinator<R, E = Error> {
    reader: R,
    error: PhantomData<fn() -> E>,
}

impl<R, E> Combinator<R, E> {
    pub(crate) fn new(reader: R) -> Self {
        Combinator {
            reader,
            error: PhantomData,
        }
    }

    /// The same combinator with nom 8 error type `E2` (any `ParseError` +
    /// `FromExternalError<I, Rejection>`: nom's `Error`, `()`, nom-language's `VerboseError`).
    /// nom 7 needs no such call: there the error type comes from the grammar around it.
    pub fn with_error<E2>(self) -> Combinator<R, E2> {
        Combinator::new(self.reader)
    }

    /// Runs the reader and splits `input` after what it read: the rest and the value.
    #[cfg(any(feature = "nom7", feature = "nom8"))]
    pub(crate) fn split<I: Text>(&self, input: I) -> Result<(I, R::Output<I>), Rejection>
    where
        R: Reader,
    {
        let (len, value) = self.reader.read(input)?;
        match input.split(len) {
            Some((_, rest)) => Ok((rest, value)),
            None => Err(Rejection::inside_character(len)),
        }
    }
}

impl<R: Reader, E> Reader for Combinator<R, E> {
    type Output<I: Text> = R::Output<I>;

    fn read<I: Text>(&self, input: I) -> Read<R::Output<I>> {
        self.reader.read(input)
    }
}

impl<R: Clone, E> Clone for Combinator<R, E> {
    fn clone(&self) -> Self {
        Combinator::new(self.reader.clone())
    }
}

impl<R: Copy, E> Copy for Combinator<R, E> {}

impl<R: std::fmt::Debug, E> std::fmt::Debug for Combinator<R, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Combinator").field(&self.reader).finish()
    }
}

/// A function over bytes is a reader of values that do not borrow the input: most
/// combinators are one.
impl<T, F: Fn(&[u8]) -> Read<T>> Reader for F {
    type Output<I: Text> = T;

    fn read<I: Text>(&self, input: I) -> Read<T> {
        self(input.as_bytes())
    }
}

/// The combinator of a function over bytes.
pub(crate) fn combinator<T, F: Fn(&[u8]) -> Read<T>>(read: F) -> Combinator<F> {
    Combinator::new(read)
}

/// Runs `reader` on the whole of `input`, without nom: its value, or every diagnostic with
/// spans into `input` (text left after what it read is the error `fenkit::grammar::expected`
/// at its start).
///
/// ```
/// use fenkit::{ParseOptions, grammar};
///
/// let castling = grammar::read_whole(&grammar::castling(&ParseOptions::strict()), "KQkq")?;
/// assert_eq!(castling.value.to_string(), "KQkq");
/// let diagnostics = grammar::read_whole(&grammar::square(), "e2e4").unwrap_err();
/// assert_eq!(diagnostics[0].code(), "fenkit::grammar::expected");
/// assert_eq!(diagnostics[0].span().map(|s| s.offset), Some(2));
/// # Ok::<_, Vec<fenkit::Diagnostic>>(())
/// ```
pub fn read_whole<'a, W, R>(
    reader: &R,
    input: &'a W,
) -> Result<R::Output<W::Text<'a>>, Vec<Diagnostic>>
where
    W: Whole + ?Sized,
    R: Reader,
{
    let input = input.text();
    let bytes = input.as_bytes();
    match reader.read(input) {
        Ok((len, value)) if len >= bytes.len() => Ok(value),
        Ok((len, _)) => Err(vec![messages::expected(bytes, len, "the end of the input")]),
        Err(rejection) => {
            let mut diagnostics = rejection.into_diagnostics_at(0);
            crate::diagnostic::Diagnostic::sort_by_offset(&mut diagnostics);
            Err(diagnostics)
        }
    }
}

/// What a nom parse of a whole input ended with, whatever the nom: the rest and the output, a
/// failure, or a request for more input (streaming parsers).
#[cfg(any(feature = "nom7", feature = "nom8"))]
pub(crate) enum Ended<I, O> {
    Done(I, O),
    Failed(Error),
    Incomplete,
}

#[cfg(any(feature = "nom7", feature = "nom8"))]
impl<I: Text, O> Ended<I, O> {
    /// The rest and the output, or the diagnostics with spans into `whole`.
    pub(crate) fn partial(self, whole: I) -> Result<(I, O), Vec<Diagnostic>> {
        match self {
            Ended::Done(rest, output) => Ok((rest, output)),
            Ended::Failed(error) => Err(error.into_diagnostics(whole.as_bytes())),
            Ended::Incomplete => {
                Err(Error::expected(0, "more input").into_diagnostics(whole.as_bytes()))
            }
        }
    }

    /// The output if the parse read all of `whole`; text left over is an error at its start.
    pub(crate) fn whole(self, whole: I) -> Result<O, Vec<Diagnostic>> {
        match self.partial(whole)? {
            (rest, output) if rest.as_bytes().is_empty() => Ok(output),
            (rest, _) => {
                let end = Error::expected(rest.as_bytes().len(), "the end of the input");
                Err(end.into_diagnostics(whole.as_bytes()))
            }
        }
    }
}
