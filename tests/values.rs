//! The library's plain values as a Rust user expects them: chess squares, pieces, roles and
//! colours through `FromStr`/`Display`, and diagnostic codes as public constants.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::chess::{Color, ParseValueError, Piece, Role, Square};
use fenkit::{Epd, Fen, ParseOptions};

#[test]
fn square_constants_name_their_squares() {
    assert_eq!(Square::A1.index(), 0);
    assert_eq!(Square::H1.index(), 7);
    assert_eq!(Square::E4, Square::new(4, 3).unwrap());
    assert_eq!(Square::H8.index(), 63);
    let fen: Fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse().unwrap();
    assert_eq!(fen.en_passant, Some(Square::D6));
    assert_eq!(
        fen.board.get(Square::E1).map(|p| p.to_string()),
        Some("K".into())
    );
}

#[test]
fn every_square_reads_back_its_name() {
    let mut names = Vec::new();
    for rank in '1'..='8' {
        for file in 'a'..='h' {
            let name = format!("{file}{rank}");
            let square: Square = name.parse().unwrap();
            assert_eq!(square.to_string(), name);
            names.push(square.index());
        }
    }
    assert_eq!(names, (0..64).collect::<Vec<_>>());
}

#[test]
fn squares_outside_the_board_are_refused_with_the_text() {
    for text in ["i9", "e9", "i1", "a0", "E4", "e", "e4e", " e4", ""] {
        let error = text.parse::<Square>().unwrap_err();
        assert_eq!(error.text, text);
        assert_eq!(
            error.to_string(),
            format!("{text:?} is not a square (a1 to h8)")
        );
    }
}

#[test]
fn pieces_roles_and_colours_are_their_fen_letters() {
    let letters: String = (0..12)
        .map(|code| Piece::from_code(code).unwrap().to_string())
        .collect();
    assert_eq!(letters, "PNBRQKpnbrqk");
    for letter in letters.chars() {
        let piece: Piece = letter.to_string().parse().unwrap();
        assert_eq!(char::from(piece.letter()), letter);
    }
    let roles: String = Role::ALL.iter().map(Role::to_string).collect();
    assert_eq!(roles, "pnbrqk");
    assert_eq!("Q".parse::<Role>().unwrap(), Role::Queen);
    assert_eq!("w".parse::<Color>().unwrap(), Color::White);
    assert_eq!(Color::Black.to_string(), "b");
    let refused: Vec<ParseValueError> = vec![
        "x".parse::<Piece>().unwrap_err(),
        "Kk".parse::<Piece>().unwrap_err(),
        "".parse::<Role>().unwrap_err(),
        "white".parse::<Color>().unwrap_err(),
        "B".parse::<Color>().unwrap_err(),
    ];
    let expected: Vec<&str> = refused.iter().map(|e| e.expected).collect();
    assert_eq!(
        expected,
        [
            "a FEN piece letter (PNBRQK or pnbrqk)",
            "a FEN piece letter (PNBRQK or pnbrqk)",
            "a role letter (p, n, b, r, q or k)",
            "a side to move (w or b)",
            "a side to move (w or b)",
        ]
    );
}

#[test]
fn diagnostics_match_the_public_code_constants() {
    use fenkit::chess::codes::{INVALID_SIDE, RANK_TOO_LONG};
    let parsed = Fen::parse(
        b"ppppppppp/8/8/8/8/8/8/8 x - - 0 1",
        &ParseOptions::strict(),
    );
    let codes: Vec<&str> = parsed.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, [RANK_TOO_LONG, INVALID_SIDE]);
    assert_eq!(RANK_TOO_LONG, "fenkit::fen::rank_too_long");
    let epd = Epd::parse(
        b"8/8/8/8/8/8/8/8 w - - id \"a\"; id \"b\";",
        &ParseOptions::strict(),
    );
    let codes: Vec<&str> = epd.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, [fenkit::epd::codes::DUPLICATE_OPCODE]);
}
