//! The tests of the `uci` example, shared by its nom 8 and nom 7 versions (the same grammar,
//! the same diagnostics).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::*;

fn square(name: &str) -> Square {
    grammar::read_whole(&grammar::square(), name).unwrap()
}

fn spans(diagnostics: &[Diagnostic]) -> Vec<(&'static str, usize, usize)> {
    diagnostics
        .iter()
        .map(|d| (d.code(), d.span().unwrap().offset, d.span().unwrap().len))
        .collect()
}

#[test]
fn startpos_with_moves() {
    let (position, warnings) = parse(
        "position startpos moves e2e4 e7e5 g1f3",
        &ParseOptions::strict(),
    )
    .unwrap();
    assert_eq!(position.start(), Fen::starting_position());
    assert!(position.fen.is_none() && warnings.is_empty());
    let to: Vec<_> = position.moves.iter().map(|m| m.to).collect();
    assert_eq!(to, [square("e4"), square("e5"), square("f3")]);
}

#[test]
fn a_fen_ends_after_its_fullmove_number() {
    let command = "position fen 8/4P3/8/8/8/8/8/k1K5 w - - 0 1 moves e7e8q";
    let (position, _) = parse(command, &ParseOptions::strict()).unwrap();
    assert_eq!(
        position.start().to_string(),
        "8/4P3/8/8/8/8/8/k1K5 w - - 0 1"
    );
    let record = position.fen.as_ref().unwrap();
    assert_eq!(
        record.span_in(command.as_bytes()),
        fenkit::Span::new(13, 30)
    );
    assert_eq!(
        position.moves,
        [UciMove {
            from: square("e7"),
            to: square("e8"),
            promotion: Some(Role::Queen)
        }]
    );
}

#[test]
fn a_command_without_moves() {
    let (position, _) = parse(
        "position fen 8/8/8/8/8/8/8/k1K5 b - - 0 1",
        &ParseOptions::strict(),
    )
    .unwrap();
    assert!(position.moves.is_empty());
    assert_eq!(position.start().to_string(), "8/8/8/8/8/8/8/k1K5 b - - 0 1");
}

#[test]
fn fen_errors_point_into_the_command() {
    let command =
        "position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR x KQkq e4 0 1 moves e2e4";
    let diagnostics = parse(command, &ParseOptions::strict()).unwrap_err();
    assert_eq!(
        spans(&diagnostics),
        [
            ("fenkit::fen::invalid_digit", 31, 1),
            ("fenkit::fen::invalid_side_to_move", 57, 1),
            ("fenkit::fen::en_passant_rank", 65, 1),
        ]
    );
    insta::assert_snapshot!(render(command, &diagnostics));
}

#[test]
fn lenient_warnings_point_into_the_command() {
    let command = "position fen 8/8/8/8/8/8/8/k1K5 W - - moves c1b2";
    let strict = parse(command, &ParseOptions::strict()).unwrap_err();
    assert_eq!(
        spans(&strict),
        [
            ("fenkit::fen::uppercase_side_to_move", 32, 1),
            ("fenkit::fen::missing_clocks", 36, 1)
        ]
    );
    let (position, warnings) = parse(command, &ParseOptions::lenient()).unwrap();
    assert_eq!(position.moves.len(), 1);
    assert_eq!(spans(&warnings), spans(&strict));
    assert!(warnings.iter().all(|w| !w.is_error()));
    insta::assert_snapshot!(render(command, &warnings));
}

#[test]
fn errors_of_the_command_itself() {
    let bad_move = "position startpos moves e2e4 e7x5";
    let diagnostics = parse(bad_move, &ParseOptions::strict()).unwrap_err();
    assert_eq!(spans(&diagnostics), [("fenkit::grammar::square", 31, 2)]);
    assert_eq!(diagnostics[0].labels()[1].text, "in a UCI move");
    let bad_start = "position middlegame";
    let diagnostics = parse(bad_start, &ParseOptions::strict()).unwrap_err();
    assert_eq!(spans(&diagnostics)[0], ("fenkit::grammar::expected", 9, 1));
    let trailing = "position startpos please";
    let diagnostics = parse(trailing, &ParseOptions::strict()).unwrap_err();
    assert_eq!(spans(&diagnostics), [("fenkit::grammar::expected", 17, 1)]);
    insta::assert_snapshot!(render(
        bad_move,
        &parse(bad_move, &ParseOptions::strict()).unwrap_err()
    ));
}
