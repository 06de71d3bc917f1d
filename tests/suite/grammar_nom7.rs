//! `fenkit::grammar` inside nom 7 grammars (feature `nom7`): the same combinators with nom 7's
//! own error types, `grammar::Error`, and nom-supreme's `ErrorTree` with `final_parser`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::grammar::{self, Record};
use fenkit::{Fen, ParseOptions, Span};
use nom_supreme::error::ErrorTree;
use nom_supreme::final_parser::{ByteOffset, Location, final_parser};
use nom7::IResult;
use nom7::bytes::complete::tag;
use nom7::error::{VerboseError, context};
use nom7::sequence::{pair, preceded};

use crate::common::primary_spans;

#[test]
fn nom_7_error_types_come_from_the_grammar_around() {
    let strict = ParseOptions::strict();
    let mut verbose = preceded(tag("fen "), grammar::fen(&strict));
    let read: IResult<&[u8], Record<Fen>, VerboseError<&[u8]>> =
        verbose(&b"fen 8/8/8/8/8/8/8/k1K5 b - - 0 1 rest"[..]);
    assert_eq!(read.unwrap().0, b" rest");
    let mut squares = pair(grammar::square(), grammar::square());
    let plain: IResult<&str, _, nom7::error::Error<&str>> = squares("e2e9");
    assert!(matches!(plain, Err(nom7::Err::Error(e)) if e.input == "e9"));
}

#[test]
fn fenkit_error_gives_diagnostics_in_the_whole_input() {
    let strict = ParseOptions::strict();
    let parser = context("the setup", preceded(tag("setup "), grammar::fen(&strict)));
    let diagnostics =
        grammar::nom7::parse_whole("setup 8/8/8/8/8/8/8/8 w - - 0 0", parser).unwrap_err();
    assert_eq!(
        primary_spans(&diagnostics),
        [("fenkit::fen::fullmove_zero", 30, 1)]
    );
    let label = &diagnostics[0].labels()[1];
    assert_eq!(
        (label.span, label.text.as_str()),
        (Span::new(0, 6), "in the setup")
    );
    let squares = pair(grammar::square(), grammar::square());
    let bad = grammar::nom7::parse_whole(&b"e7e9"[..], squares).unwrap_err();
    assert_eq!(primary_spans(&bad), [("fenkit::grammar::square", 2, 2)]);
}

fn position(input: &str) -> IResult<&str, Record<Fen>, ErrorTree<&str>> {
    context(
        "the position command",
        preceded(tag("position fen "), grammar::fen(&ParseOptions::strict())),
    )(input)
}

#[test]
fn every_diagnostic_comes_out_of_an_error_tree() {
    let input = "position fen 8/8/8/9/8/8/8/k1K5 x - - 0 1";
    let expected = [
        ("fenkit::fen::invalid_digit", 19, 1),
        ("fenkit::fen::invalid_side_to_move", 32, 1),
    ];
    // The tree as nom leaves it, and after `final_parser` with `Location` and `ByteOffset`.
    let tree = position(input).unwrap_err();
    let nom7::Err::Error(tree) = tree else {
        panic!("a recoverable error")
    };
    let raw = grammar::nom_supreme::diagnostics(&tree, input.as_bytes());
    assert_eq!(primary_spans(&raw), expected);
    assert_eq!(raw[0].labels()[1].text, "in the position command");
    let located: ErrorTree<Location> = final_parser(position)(input).unwrap_err();
    assert_eq!(
        grammar::nom_supreme::diagnostics(&located, input.as_bytes()),
        raw
    );
    let offsets: ErrorTree<ByteOffset> = final_parser(position)(input).unwrap_err();
    assert_eq!(
        grammar::nom_supreme::diagnostics(&offsets, input.as_bytes()),
        raw
    );
    // The grammar's own errors too, and `Location` on a later line.
    let two_lines = "uci\nposition fen x";
    let lines = preceded(tag("uci\n"), position);
    let tree: ErrorTree<Location> = final_parser(lines)(two_lines).unwrap_err();
    let diagnostics = grammar::nom_supreme::diagnostics(&tree, two_lines.as_bytes());
    assert_eq!(diagnostics[0].span().map(|s| s.offset), Some(17));
    let wrong_tag: ErrorTree<Location> = final_parser(position)("position startpos").unwrap_err();
    let diagnostics = grammar::nom_supreme::diagnostics(&wrong_tag, b"position startpos");
    assert_eq!(
        primary_spans(&diagnostics)[0],
        ("fenkit::grammar::expected", 0, 1)
    );
}
