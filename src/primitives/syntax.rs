//! Locating where a grammar failed. This is the only module that uses nom-supreme, so a later
//! move to nom 8 touches one place.
//!
//! Every grammar in fenkit is generic over the nom error type. The fast path runs it with an
//! error that never allocates (nom's plain error, or `()` where nothing about the failure is
//! kept); only after a failure does the diagnostic path run the same grammar again with
//! nom-supreme's `ErrorTree` to learn the byte offset and the expectation.

use nom::IResult;
use nom::error::{ErrorKind, ParseError};
use nom_supreme::error::{ErrorTree, GenericErrorTree};
use nom_supreme::final_parser::{ByteOffset, final_parser};

/// A hand-written grammar's failure at `input`, in whatever error type the caller runs it with.
pub(crate) fn reject<'a, T, E: ParseError<&'a [u8]>>(
    input: &'a [u8],
    kind: ErrorKind,
) -> IResult<&'a [u8], T, E> {
    Err(nom::Err::Error(E::from_error_kind(input, kind)))
}

/// The error type of the diagnostic path.
pub(crate) type Tree<'a> = ErrorTree<&'a [u8]>;

/// Where a grammar failed on a whole input, and what it expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    /// Byte offset into the input.
    pub(crate) offset: usize,
    /// What the grammar expected, e.g. `expected an ascii digit`.
    pub(crate) expected: String,
}

/// Runs `grammar` on all of `input`; `None` if it matched, else the furthest failure.
pub(crate) fn locate_failure<'a, O>(
    input: &'a [u8],
    grammar: impl FnMut(&'a [u8]) -> IResult<&'a [u8], O, Tree<'a>>,
) -> Option<Failure> {
    let mut whole = final_parser::<_, _, Tree<'a>, ErrorTree<ByteOffset>>(grammar);
    whole(input).err().map(|tree| furthest(&tree))
}

fn furthest(tree: &ErrorTree<ByteOffset>) -> Failure {
    match tree {
        GenericErrorTree::Base { location, kind } => Failure {
            offset: location.0,
            expected: kind.to_string(),
        },
        GenericErrorTree::Stack { base, .. } => furthest(base),
        GenericErrorTree::Alt(branches) => branches
            .iter()
            .map(furthest)
            .max_by_key(|failure| failure.offset)
            .unwrap_or(Failure {
                offset: 0,
                expected: String::from("something else"),
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitives::number::{LeadingZeros, bounded};

    #[test]
    fn finds_the_offset_of_the_failure() {
        let failure = locate_failure(b"12x", bounded(100, LeadingZeros::Allowed));
        assert_eq!(failure.map(|f| f.offset), Some(2));
        assert_eq!(
            locate_failure(b"12", bounded(100, LeadingZeros::Allowed)),
            None
        );
    }
}
