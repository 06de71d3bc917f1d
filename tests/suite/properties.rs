//! The fuzzing properties (`fenkit::fuzzing`) under proptest, so a plain `cargo test` covers
//! what the cargo-fuzz targets check, plus value → text → value round trips.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::Fen;
use fenkit::chess::{Board, CastlingRights, Color, Piece, Role, SideRights, Square};
use proptest::prelude::*;

fn piece() -> impl Strategy<Value = Option<Piece>> {
    let roles = prop::sample::select(Role::ALL.to_vec());
    let colors = prop::sample::select(vec![Color::White, Color::Black]);
    prop::option::weighted(
        0.3,
        (colors, roles).prop_map(|(color, role)| Piece { color, role }),
    )
}

fn side_rights() -> impl Strategy<Value = SideRights> {
    // Up to two rights: any of K, Q and the eight files.
    prop::sample::subsequence((0..10u8).collect::<Vec<_>>(), 0..=2).prop_map(|chosen| {
        let mut rights = SideRights::default();
        for letter in chosen {
            match letter {
                8 => rights.king_side = true,
                9 => rights.queen_side = true,
                file => rights.files |= 1 << file,
            }
        }
        rights
    })
}

fn fen() -> impl Strategy<Value = Fen> {
    (
        prop::collection::vec(piece(), 64),
        any::<bool>(),
        side_rights(),
        side_rights(),
        prop::option::of((0u8..8, any::<bool>())),
        any::<u32>(),
        1u32..,
    )
        .prop_map(
            |(
                squares,
                white,
                white_rights,
                black_rights,
                en_passant,
                halfmove_clock,
                fullmove_number,
            )| {
                let mut board = Board::empty();
                for (index, piece) in squares.into_iter().enumerate() {
                    board.set(Square::from_index(index as u8).unwrap(), piece);
                }
                Fen {
                    board,
                    side_to_move: if white { Color::White } else { Color::Black },
                    castling: CastlingRights {
                        white: white_rights,
                        black: black_rights,
                    },
                    en_passant: en_passant
                        .and_then(|(file, sixth)| Square::new(file, if sixth { 5 } else { 2 })),
                    halfmove_clock,
                    fullmove_number,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn fen_values_round_trip(fen in fen()) {
        let text = fen.to_string();
        let parsed: Fen = text.parse().unwrap();
        prop_assert_eq!(&parsed, &fen);
        prop_assert_eq!(parsed.to_string(), text.clone());
        fenkit::fuzzing::check_fen(text.as_bytes());
    }

    #[test]
    fn fen_properties_hold_on_any_bytes(data in prop::collection::vec(any::<u8>(), 0..120)) {
        fenkit::fuzzing::check_fen(&data);
    }

    #[test]
    fn fen_properties_hold_on_fen_like_text(text in "[rnbqkpRNBQKP0-9/ \twb\\-KQkqA-Ha-h]{0,90}") {
        fenkit::fuzzing::check_fen(text.as_bytes());
    }

    #[test]
    fn fen_properties_hold_on_mutated_records(index in 0usize..60, byte in any::<u8>(), record in prop::sample::select(vec![
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ])) {
        let mut data = record.as_bytes().to_vec();
        let at = index % data.len();
        data[at] = byte;
        fenkit::fuzzing::check_fen(&data);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn epd_properties_hold_on_epd_like_text(text in "[rnbqkpRNBQKP1-8/]{0,20}( [wb] (-|KQkq) (-|e3))?( [a-z][a-z0-9_]{0,3}( [\"A-Za-z0-9+=#x\\\\-]{0,8}){0,3};?){0,4} ?") {
        fenkit::fuzzing::check_epd(text.as_bytes());
    }

    #[test]
    fn epd_properties_hold_on_any_bytes(data in prop::collection::vec(any::<u8>(), 0..120)) {
        fenkit::fuzzing::check_epd(&data);
    }

    #[test]
    fn epd_properties_hold_on_mutated_records(index in 0usize..120, byte in any::<u8>(), record in prop::sample::select(vec![
        r#"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";"#,
        r#"rn1qkb1r/pp2pppp/5n2/3p1b2/3P4/1QN1P3/PP3PPP/R1B1KBNR b KQkq - 1 1 id "CCR02";bm Bc8;"#,
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - pv e1g1 e8c8 a1a8; c0 \"x\\\"y\"",
    ])) {
        let mut data = record.as_bytes().to_vec();
        let at = index % data.len();
        data[at] = byte;
        fenkit::fuzzing::check_epd(&data);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Detection and `parse_any` on text of every notation's alphabet.
    #[test]
    fn parse_any_properties_hold_on_mixed_text(text in "[rnbqkpRNBQKPWB0-9/ :,\\-;\"\\[\\]A-Ea-e'+]{0,60}") {
        fenkit::fuzzing::check_parse_any(text.as_bytes());
    }

    #[test]
    fn parse_any_properties_hold_on_any_bytes(data in prop::collection::vec(any::<u8>(), 0..80)) {
        fenkit::fuzzing::check_parse_any(&data);
    }

    /// PDN files: comments across lines, GameType scope, unclosed `{`.
    #[test]
    fn pdn_file_properties_hold(lines in prop::collection::vec(prop::sample::select(vec![
        "[GameType \"20\"]", "[GameType \"21\"]", "[GameType \"99\"]", "[Event \"x\"]",
        "[FEN \"W:W31-50:B1-20\"]", "[FEN \"B:W18,24,27:B12,16\"]", "[FEN \"W:W99\"]",
        "1. 32-28 19-23 *", "1. 32-28 {a comment", "still a comment } 2. 28x19",
        "{ [FEN \"W:W31:B1\"] }", "% escaped line {", "; comment {", "/FEN \"W:W31:B1\"/",
        "", "\r", "{", "}",
    ]), 0..12)) {
        fenkit::fuzzing::check_pgn_file(lines.join("\n").as_bytes());
    }

    /// Fixing: every fix applies, a fixed record is valid, fixing twice changes nothing.
    #[test]
    fn fix_properties_hold_on_mixed_text(text in "[rnbqkpRNBQKPWB0-9/ :,\\-;\"\\[\\]A-Ea-e.]{0,60}") {
        fenkit::fuzzing::check_fixes(text.as_bytes());
    }

    #[test]
    fn fix_properties_hold_on_records_with_fixes(record in prop::sample::select(vec![
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1",
        "8/8/8/8/8/8/8/44 w - - 0 1",
        "[FEN \"W:W31,32:B1.\"]",
        "2rrk3/8/8/8/8/8/3PPPPP/2RK4 w cd - 0 1",
        "W:W31-50:B1-20.",
    ]), index in 0usize..60, byte in any::<u8>()) {
        let mut data = record.as_bytes().to_vec();
        fenkit::fuzzing::check_fixes(&data);
        let at = index % data.len();
        data[at] = byte;
        fenkit::fuzzing::check_fixes(&data);
    }

    /// Game files: tags in any order, variants, SetUp, bare lines, comments, unclosed `{`.
    #[test]
    fn pgn_file_properties_hold(lines in prop::collection::vec(prop::sample::select(vec![
        "[GameType \"20\"]", "[GameType \"0\"]", "[Variant \"Chess960\"]",
        "[Variant \"Crazyhouse\"]", "[SetUp \"1\"]", "[White \"Polg\u{e1}r\"]",
        "[FEN \"W:W31-50:B1-20\"]", "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]",
        "[FEN \"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1\"]", "[FEN \"x\"]",
        "1. e4 e5 (1... c5 $1) 2. Nf3 *", "1. 32-28 19-23 2-0", "1. e4 {a comment",
        "still a comment } 2. d4", "% escaped {", "; comment {", "/FEN \"W:W31:B1\"/",
        "8/8/8/8/8/8/8/8 w - - 0 1", "b:w31,k6:b20", "random words", "\u{feff}[Event \"x\"]",
        "", "\r", "{", "}",
    ]), 0..12)) {
        fenkit::fuzzing::check_pgn_file(lines.join("\n").as_bytes());
    }
}
