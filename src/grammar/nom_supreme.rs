//! fenkit's diagnostics out of nom-supreme's `ErrorTree` (feature `nom-supreme`, with nom 7).
//!
//! With `ErrorTree` as a grammar's error type, a record a fenkit combinator rejected is an
//! external error in the tree; [`diagnostics`] walks the tree and gives every diagnostic of
//! every rejected record, the grammar's own nom errors and `context` labels too, with spans in
//! the whole input, whether the tree holds input slices or, after nom-supreme's
//! `final_parser`, `Location`s or `ByteOffset`s:
//!
//! In your crate, nom 7 is `nom` (`cargo add fenkit nom@7 nom-supreme --features
//! fenkit/nom-supreme`):
//!
//! ```
//! # extern crate nom7 as nom; // fenkit's own tests have nom 7 as `nom7`, nom 8 as `nom`
//! use fenkit::grammar::{self, Record};
//! use fenkit::{Fen, ParseOptions};
//! use nom::IResult;
//! use nom::bytes::complete::tag;
//! use nom::sequence::preceded;
//! use nom_supreme::error::ErrorTree;
//! use nom_supreme::final_parser::{Location, final_parser};
//!
//! fn position(input: &str) -> IResult<&str, Record<Fen>, ErrorTree<&str>> {
//!     preceded(tag("position fen "), grammar::fen(&ParseOptions::strict()))(input)
//! }
//!
//! let input = "position fen 8/8/8/9/8/8/8/k1K5 x - - 0 1";
//! let tree: ErrorTree<Location> = final_parser(position)(input).unwrap_err();
//! assert_eq!(tree.to_string().lines().next(), Some("external error:"));
//!
//! let diagnostics = grammar::nom_supreme::diagnostics(&tree, input.as_bytes());
//! let found: Vec<_> = diagnostics.iter().map(|d| (d.code(), d.span().map(|s| s.offset))).collect();
//! assert_eq!(found, [("fenkit::fen::invalid_digit", Some(19)), ("fenkit::fen::invalid_side_to_move", Some(32))]);
//! ```

use std::error::Error as StdError;
use std::fmt::{Debug, Display};

use nom_supreme::error::{BaseErrorKind, GenericErrorTree, StackContext};
use nom_supreme::final_parser::{ByteOffset, Location};
use nom7::error::ErrorKind;

use super::error::{Rejection, expected_of_kind};
use super::messages;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// Where an `ErrorTree` says a problem is: an input slice (the rest of the input there), or
/// what nom-supreme's `final_parser` made of it.
pub trait Locate {
    /// The byte offset in `whole`, the input the parse started from.
    fn offset_in(&self, whole: &[u8]) -> usize;
}

impl Locate for &[u8] {
    fn offset_in(&self, whole: &[u8]) -> usize {
        whole.len().saturating_sub(self.len())
    }
}

impl Locate for &str {
    fn offset_in(&self, whole: &[u8]) -> usize {
        whole.len().saturating_sub(self.len())
    }
}

impl Locate for ByteOffset {
    fn offset_in(&self, whole: &[u8]) -> usize {
        self.0.min(whole.len())
    }
}

/// nom-supreme's line (from 1) and byte column (from 1).
impl Locate for Location {
    fn offset_in(&self, whole: &[u8]) -> usize {
        let line_start = whole
            .split_inclusive(|&b| b == b'\n')
            .take(self.line.saturating_sub(1))
            .map(<[u8]>::len)
            .sum::<usize>();
        (line_start + self.column.saturating_sub(1)).min(whole.len())
    }
}

/// Every problem in `tree` as a [`Diagnostic`] with spans into `whole`, in the order they occur
/// there: each rejected record's own diagnostics, and the grammar's nom errors
/// (`fenkit::grammar::expected`) and other external errors (`fenkit::grammar::external`), each
/// labelled with the contexts around it.
pub fn diagnostics<L, T, C>(
    tree: &GenericErrorTree<L, T, C, Box<dyn StdError + Send + Sync + 'static>>,
    whole: &[u8],
) -> Vec<Diagnostic>
where
    L: Locate,
    T: Debug,
    C: Display,
{
    let mut found = Vec::new();
    collect(tree, whole, &[], &mut found);
    crate::diagnostic::Diagnostic::sort_by_offset(&mut found);
    found
}

/// The diagnostics of `tree` into `found`, each labelled with `contexts` (offset and name).
fn collect<L, T, C>(
    tree: &GenericErrorTree<L, T, C, Box<dyn StdError + Send + Sync + 'static>>,
    whole: &[u8],
    contexts: &[(usize, String)],
    found: &mut Vec<Diagnostic>,
) where
    L: Locate,
    T: Debug,
    C: Display,
{
    match tree {
        GenericErrorTree::Base { location, kind } => {
            let at = location.offset_in(whole);
            let diagnostics = match kind {
                BaseErrorKind::External(error) => match error.downcast_ref::<Rejection>() {
                    Some(rejection) => rejection.clone().into_diagnostics_at(at),
                    None => vec![messages::external(whole, at, error.to_string())],
                },
                BaseErrorKind::Expected(expectation) => {
                    vec![messages::expected(whole, at, &expectation.to_string())]
                }
                BaseErrorKind::Kind(kind) => {
                    let kind: ErrorKind = *kind;
                    vec![messages::expected(whole, at, expected_of_kind!(kind))]
                }
            };
            found.extend(diagnostics.into_iter().map(|diagnostic| {
                contexts
                    .iter()
                    .fold(diagnostic, |diagnostic, (start, name)| {
                        diagnostic.label(Span::from_range(*start, at), format!("in {name}"))
                    })
            }));
        }
        GenericErrorTree::Stack {
            base,
            contexts: stack,
        } => {
            let mut around = contexts.to_vec();
            // Innermost first, as `grammar::Error` labels them.
            around.splice(
                0..0,
                stack
                    .iter()
                    .filter_map(|(location, context)| match context {
                        StackContext::Context(name) => {
                            Some((location.offset_in(whole), name.to_string()))
                        }
                        StackContext::Kind(_) => None,
                    }),
            );
            collect(base, whole, &around, found);
        }
        GenericErrorTree::Alt(choices) => {
            for choice in choices {
                collect(choice, whole, contexts, found);
            }
        }
    }
}
