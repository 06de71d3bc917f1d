//! serde never accepts a value the parser would refuse: every serialisable value of the library
//! round-trips through JSON, and the JSON of a value the parser refuses is an error.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::fmt::Debug;

use fenkit::chess::{Board, CastlingRights, Color, Piece, Role, Square};
use fenkit::draughts::{self, Board as DraughtsBoard};
use fenkit::feen::{self, Hands, Placement, Style, StyleTurn};
use fenkit::{DraughtsFen, Feen, Fen, ParseOptions};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// `value` serialises as `json` and reads back as itself.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    assert_eq!(serde_json::to_string(value).unwrap(), json);
    assert_eq!(&serde_json::from_str::<T>(json).unwrap(), value, "{json}");
}

/// Every JSON text of `refused` fails to deserialize as `T`.
fn refused<T: DeserializeOwned + Debug>(refused: &[&str]) {
    for json in refused {
        let result = serde_json::from_str::<T>(json);
        assert!(result.is_err(), "{json} gave {result:?}");
    }
}

#[test]
fn chess_squares_are_their_names() {
    round_trip(&Square::E4, r#""e4""#);
    round_trip(&Square::A1, r#""a1""#);
    round_trip(&Square::H8, r#""h8""#);
    refused::<Square>(&[
        "200", "28", r#""i9""#, r#""E4""#, r#""a0""#, r#""""#, r#""e4 ""#,
    ]);
    // A square inside a position: the en passant field of a parsed FEN.
    let fen: Fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse().unwrap();
    round_trip(&fen.en_passant, r#""d6""#);
}

#[test]
fn chess_boards_are_their_placement_field() {
    let start = Fen::starting_position().board;
    round_trip(&start, r#""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR""#);
    round_trip(&Board::default(), r#""8/8/8/8/8/8/8/8""#);
    refused::<Board>(&[
        r#""9/8/8/8/8/8/8/8""#,
        r#""8/8/8/8/8/8/8""#,
        r#""8/8/8/8/8/8/8/7""#,
        r#""8/8/8/8/8/8/8/8 b""#,
        r#""8/8/8/8/8/8/8/8 w KQkq - 0 1""#,
        r#""x7/8/8/8/8/8/8/8""#,
        r#""""#,
        "64",
    ]);
}

#[test]
fn castling_rights_are_their_field() {
    let fen: Fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    round_trip(&fen.castling, r#""KQkq""#);
    round_trip(&CastlingRights::NONE, r#""-""#);
    let shredder: Fen = "4k3/8/8/8/8/8/8/1R2K2R w HB - 0 1".parse().unwrap();
    round_trip(&shredder.castling, r#""HB""#);
    // Out of canonical order and repeated rights are dialects: refused as the strict parser
    // refuses them.
    refused::<CastlingRights>(&[r#""QK""#, r#""KK""#, r#""x""#, r#""KQkq -""#, r#""""#, "15"]);
}

#[test]
fn chess_pieces_roles_and_colours_keep_their_forms() {
    let piece = Piece {
        color: Color::Black,
        role: Role::Knight,
    };
    round_trip(&piece, r#"{"color":"Black","role":"Knight"}"#);
    round_trip(&Color::White, r#""White""#);
    refused::<Role>(&[r#""Archbishop""#, "1"]);
}

#[test]
fn feen_positions_are_their_canonical_text() {
    let text = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL / SHOGI/shogi";
    let feen: Feen = text.parse().unwrap();
    round_trip(&feen, &format!("\"{text}\""));
    let json = serde_json::to_string(&feen).unwrap();
    assert!(json.len() < 100, "{json}");
    refused::<Feen>(&[
        r#""lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL / SHOGI/SHOGI""#,
        r#""8/8 / C/c extra""#,
        r#""""#,
        r#"{"placement":"8","hands":"/","style_turn":"C/c"}"#,
    ]);
}

#[test]
fn feen_parts_are_their_text() {
    let feen: Feen = "rn/pp//RN/PP 2P/+b C/c".parse().unwrap();
    round_trip(&feen.placement, r#""rn/pp//RN/PP""#);
    round_trip(&feen.hands, r#""2P/+b""#);
    round_trip(&Hands::empty(), r#""/""#);
    round_trip(&feen.style_turn, r#""C/c""#);
    round_trip(&"+p'".parse::<feen::Piece>().unwrap(), r#""+p'""#);
    round_trip(&"SHOGI".parse::<Style>().unwrap(), r#""SHOGI""#);
    refused::<Placement>(&[r#""rn/pp//RN/PP / C/c""#, r#""r0""#, r#""""#]);
    refused::<Hands>(&[r#""P/b x""#, r#""0P/""#, r#""P""#, r#""""#]);
    refused::<StyleTurn>(&[r#""C/C""#, r#""C""#]);
    refused::<feen::Piece>(&[r#""++K""#, r#""1""#, "80", r#"{"letter":200}"#]);
    refused::<Style>(&[r#""Chess""#, r#""""#]);
}

#[test]
fn draughts_positions_carry_their_board() {
    let english = ParseOptions::strict().with_draughts_board(DraughtsBoard::English);
    let fen = DraughtsFen::parse(b"B:B1-12:W21-32", &english)
        .value
        .unwrap();
    round_trip(&fen, r#"{"board":"english","fen":"B:W21-32:B1-12"}"#);
    let russian: DraughtsFen = "W:Wa1,c1:Bh8".parse().unwrap();
    round_trip(&russian, r#"{"board":"russian","fen":"W:Wa1,c1:Bh8"}"#);
    let counters = DraughtsFen::parse(b"W:W31-50:B1-20:H0:F2", &ParseOptions::lenient())
        .value
        .unwrap();
    round_trip(
        &counters,
        r#"{"board":"international","fen":"W:W31-50:B1-20","halfmove_clock":0,"fullmove_number":2}"#,
    );
    refused::<DraughtsFen>(&[
        // Square 33 is not on the English board.
        r#"{"board":"english","fen":"B:B1-12:W21-33"}"#,
        r#"{"board":"international","fen":"X:W31:B1"}"#,
        r#"{"board":"chess","fen":"W:W31:B1"}"#,
        r#"{"fen":"W:W31:B1"}"#,
        r#"{"board":"international","fen":"W:W31:B1","white":{"men":1,"kings":0}}"#,
        r#""W:W31-50:B1-20""#,
    ]);
}

#[test]
fn draughts_squares_are_their_text() {
    round_trip(&draughts::Square::Number(31), r#""31""#);
    round_trip(&draughts::Square::Number(72), r#""72""#);
    round_trip(&draughts::Square::Alpha { file: 0, rank: 0 }, r#""a1""#);
    round_trip(&draughts::Square::Alpha { file: 9, rank: 7 }, r#""j8""#);
    refused::<draughts::Square>(&[
        "200",
        r#""0""#,
        r#""73""#,
        r#""200""#,
        r#""031""#,
        r#""i9""#,
        r#""k1""#,
        r#""a0""#,
        r#""A1""#,
        r#""""#,
        r#"{"Number":200}"#,
    ]);
}
