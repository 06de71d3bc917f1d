//! The tests of the `pgn_header` example, shared by its nom 8 and nom 7 versions (the same grammar,
//! the same diagnostics).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::*;

const GAME: &str = "[Event \"Endgame study\"]\n[Site \"?\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/1K6/k7 b - - 0 1\"]\n\n1... Ka1 *\n";

fn spans(diagnostics: &[Diagnostic]) -> Vec<(&'static str, usize, usize)> {
    diagnostics
        .iter()
        .map(|d| (d.code(), d.span().unwrap().offset, d.span().unwrap().len))
        .collect()
}

#[test]
fn reads_the_start_position_from_setup_and_fen() {
    let (header, warnings, movetext) = read(GAME, &ParseOptions::strict()).unwrap();
    assert_eq!(header.start().to_string(), "8/8/8/8/8/8/1K6/k7 b - - 0 1");
    assert!(warnings.is_empty());
    assert_eq!(movetext, "1... Ka1 *\n");
    let others: Vec<_> = header
        .others
        .iter()
        .map(|(name, value)| (*name, value.value.as_str()))
        .collect();
    assert_eq!(others, [(&b"Event"[..], "Endgame study"), (b"Site", "?")]);
    let fen = header.fen.as_ref().unwrap();
    assert_eq!(fen.span_in(GAME.as_bytes()), fenkit::Span::new(53, 28));
}

#[test]
fn tag_values_are_read_with_their_escapes_by_fenkit() {
    let game = "[Event \"The \\\"Immortal\\\" \\\\ 1851\"]\n\n1. e4 *\n";
    let (header, warnings, _) = read(game, &ParseOptions::strict()).unwrap();
    assert_eq!(header.others[0].1.value, r#"The "Immortal" \ 1851"#);
    assert!(warnings.is_empty());

    // A bad escape: an error in strict mode, a warning in lenient mode, on its backslash.
    let game = "[Event \"a\\q\"]\n\n1. e4 *\n";
    let errors = read(game, &ParseOptions::strict()).unwrap_err();
    assert_eq!(spans(&errors), [("fenkit::epd::invalid_escape", 9, 1)]);
    let (header, warnings, _) = read(game, &ParseOptions::lenient()).unwrap();
    assert_eq!(header.others[0].1.value, r"a\q");
    assert_eq!(spans(&warnings), [("fenkit::epd::invalid_escape", 9, 1)]);
}

#[test]
fn a_game_without_setup_starts_from_the_initial_position() {
    let game = "[Event \"?\"]\n\n1. e4 *\n";
    let (header, _, movetext) = read(game, &ParseOptions::strict()).unwrap();
    assert_eq!(header.start(), Fen::starting_position());
    assert_eq!(movetext, "1. e4 *\n");
}

#[test]
fn fen_errors_point_into_the_game() {
    let game = GAME.replace("1K6/k7 b", "1K7/k7 B");
    let diagnostics = read(&game, &ParseOptions::strict()).unwrap_err();
    assert_eq!(
        spans(&diagnostics),
        [
            ("fenkit::fen::rank_too_long", 65, 3),
            ("fenkit::fen::uppercase_side_to_move", 72, 1)
        ]
    );
    insta::assert_snapshot!(render("game.pgn", &game, &diagnostics));
}

#[test]
fn lenient_warnings_point_into_the_game() {
    let game = GAME.replace(" b - - 0 1\"", " B - -\"");
    let (header, warnings, _) = read(&game, &ParseOptions::lenient()).unwrap();
    assert_eq!(header.start().to_string(), "8/8/8/8/8/8/1K6/k7 b - - 0 1");
    assert_eq!(
        spans(&warnings),
        [
            ("fenkit::fen::uppercase_side_to_move", 72, 1),
            ("fenkit::fen::missing_clocks", 76, 1)
        ]
    );
    insta::assert_snapshot!(render("game.pgn", &game, &warnings));
}

#[test]
fn errors_of_the_header_itself() {
    let bad_set_up = GAME.replace("[SetUp \"1\"]", "[SetUp \"2\"]");
    let diagnostics = read(&bad_set_up, &ParseOptions::strict()).unwrap_err();
    assert_eq!(spans(&diagnostics), [("fenkit::grammar::external", 43, 1)]);
    assert_eq!(
        diagnostics[0].message(),
        "the SetUp tag is `0` or `1`, not `2`"
    );
    insta::assert_snapshot!(render("game.pgn", &bad_set_up, &diagnostics));

    let no_set_up = GAME.replace("[SetUp \"1\"]\n", "");
    let diagnostics = read(&no_set_up, &ParseOptions::strict()).unwrap_err();
    assert_eq!(spans(&diagnostics), [("fenkit::grammar::external", 0, 1)]);

    let unclosed = GAME.replace("[Site \"?\"]", "[Site \"?\"");
    let diagnostics = read(&unclosed, &ParseOptions::strict()).unwrap_err();
    assert_eq!(spans(&diagnostics), [("fenkit::grammar::expected", 33, 0)]);
    assert_eq!(diagnostics[0].message(), "expected `]`, found a line end");

    // `]` does not end a FEN field (crazyhouse pockets are written in brackets), so a
    // missing closing quote makes `1]` the fullmove number.
    let unquoted = GAME.replace("0 1\"]", "0 1]");
    let diagnostics = read(&unquoted, &ParseOptions::strict()).unwrap_err();
    assert_eq!(
        spans(&diagnostics),
        [("fenkit::fen::invalid_fullmove_number", 81, 1)]
    );
}
