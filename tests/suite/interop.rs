//! Conversions to and from shakmaty and cozy-chess (features `shakmaty`, `cozy-chess`), on
//! every position of the cozy-chess corpus and on the cases each side refuses.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::Fen;

use crate::common;

/// Every line of cozy-chess's `valid.sfens` (Shredder-FEN, six fields) with its fenkit value.
fn valid_sfens() -> Vec<(String, Fen)> {
    let all: Vec<_> = common::data("chess/cozy-chess/valid.sfens")
        .lines()
        .filter(|line| !line.is_empty())
        .map(|line| (line.to_string(), line.parse::<Fen>().expect(line)))
        .collect();
    assert_eq!(all.len(), 10_000);
    all
}

/// The fields of a FEN other than castling, which the other crates keep as rooks, not letters.
fn without_castling(fen: &str) -> Vec<&str> {
    let mut fields: Vec<_> = fen.split(' ').collect();
    fields.remove(2);
    fields
}

#[cfg(feature = "shakmaty")]
mod shakmaty {
    use super::*;
    use ::shakmaty::fen::Fen as ShakmatyFen;
    use ::shakmaty::{CastlingMode, Chess, Setup};
    use fenkit::interop::ConversionError;

    #[test]
    fn every_cozy_position_converts_to_what_shakmaty_reads_and_back() {
        let mut respelled = 0;
        for (line, fen) in valid_sfens() {
            let theirs = ShakmatyFen::from_ascii(line.as_bytes()).unwrap();
            let setup = Setup::from(&fen);
            assert_eq!(&setup, theirs.as_setup(), "{line}");
            let converted = ShakmatyFen::try_from(&fen).unwrap();
            assert_eq!(converted, theirs, "{line}");
            // Back: the same position, castling written as shakmaty writes it (X-FEN).
            let back = Fen::try_from(&converted).unwrap();
            assert_eq!(back.to_string(), theirs.to_string(), "{line}");
            assert_eq!(Setup::from(&back), setup, "{line}");
            assert_eq!(
                without_castling(&back.to_string()),
                without_castling(&line),
                "{line}"
            );
            if back.to_string() == line {
                assert_eq!(back, fen);
            } else {
                respelled += 1;
            }
            // shakmaty agrees the position is playable as Chess960.
            let _: Chess = setup.position(CastlingMode::Chess960).expect(&line);
        }
        // Shredder letters of outermost rooks come back as K/Q; `-` lines come back unchanged.
        assert!(respelled > 1000 && respelled < 10_000, "{respelled}");
    }

    #[test]
    fn standard_letters_round_trip_exactly() {
        for text in [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 12 40",
            "4k3/8/8/8/8/8/8/RR2K1RR w GB - 0 1",
            "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ] {
            let fen: Fen = text.parse().unwrap();
            let theirs = ShakmatyFen::try_from(&fen).unwrap();
            assert_eq!(theirs.to_string(), text);
            assert_eq!(Fen::try_from(&theirs).unwrap(), fen, "{text}");
            assert_eq!(Fen::try_from(Setup::from(fen.clone())).unwrap(), fen);
        }
    }

    #[test]
    fn shredder_outermost_rooks_come_back_as_k_and_q() {
        let fen: Fen = "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1".parse().unwrap();
        let back = Fen::try_from(&Setup::from(&fen)).unwrap();
        assert_eq!(back.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    }

    #[test]
    fn variant_data_and_unwritable_castling_are_refused() {
        let crazyhouse = ShakmatyFen::from_ascii(
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1",
        )
        .unwrap();
        assert!(matches!(
            Fen::try_from(&crazyhouse),
            Err(ConversionError::Variant("pieces in hand"))
        ));
        let promoted = ShakmatyFen::from_ascii(b"4k3/8/8/8/8/8/8/Q~3K3 w - - 0 1").unwrap();
        assert!(matches!(
            Fen::try_from(&promoted),
            Err(ConversionError::Variant("promoted pieces"))
        ));
        let three_check = ShakmatyFen::from_ascii(b"4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1").unwrap();
        assert!(matches!(
            Fen::try_from(&three_check),
            Err(ConversionError::Variant("remaining checks"))
        ));
        let mut setup = Setup::empty();
        setup.castling_rights.add(::shakmaty::Square::E4);
        let error = Fen::try_from(&setup).unwrap_err();
        assert!(matches!(error, ConversionError::Castling(_)));
        assert_eq!(
            error.to_string(),
            "castling rights FEN cannot write: a rook square off the back ranks"
        );
        let mut setup = Setup::empty();
        for square in [
            ::shakmaty::Square::A1,
            ::shakmaty::Square::B1,
            ::shakmaty::Square::H1,
        ] {
            setup.castling_rights.add(square);
        }
        assert!(matches!(
            Fen::try_from(setup),
            Err(ConversionError::Castling(_))
        ));
        // A hand-built fenkit value with three rights for White: shakmaty's FEN cannot hold it.
        let mut fen: Fen = "4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1".parse().unwrap();
        fen.castling.white.files = 0b10;
        assert!(matches!(
            ShakmatyFen::try_from(&fen),
            Err(ConversionError::Castling(_))
        ));
    }
}

#[cfg(feature = "cozy-chess")]
mod cozy {
    use super::*;
    use fenkit::interop::ConversionError;

    #[test]
    fn every_cozy_position_converts_to_the_board_cozy_reads_and_back() {
        for (line, fen) in valid_sfens() {
            let theirs = cozy_chess::Board::from_fen(&line, true).unwrap();
            let board = cozy_chess::Board::try_from(&fen).unwrap();
            assert_eq!(board, theirs, "{line}");
            assert_eq!(format!("{board:#}"), line, "cozy writes it back the same");
            let back = Fen::from(&board);
            assert_eq!(cozy_chess::Board::try_from(&back).unwrap(), board, "{line}");
            assert_eq!(
                without_castling(&back.to_string()),
                without_castling(&line),
                "{line}"
            );
        }
    }

    #[test]
    fn the_start_position_round_trips_exactly() {
        let text = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let fen: Fen = text.parse().unwrap();
        let board = cozy_chess::Board::try_from(&fen).unwrap();
        assert_eq!(board, cozy_chess::Board::from_fen(text, false).unwrap());
        assert_eq!(Fen::from(&board), fen);
        assert_eq!(Fen::from(&board).to_string(), text);
    }

    #[test]
    fn positions_cozy_cannot_play_and_large_clocks_are_refused() {
        let no_king: Fen = "8/8/8/8/8/8/8/8 w - - 0 1".parse().unwrap();
        let error = cozy_chess::Board::try_from(&no_king).unwrap_err();
        assert!(matches!(error, ConversionError::CozyChess(_)));
        assert_eq!(
            error.to_string(),
            "cozy-chess refuses the position: The board is invalid."
        );
        let halfmove: Fen = "4k3/8/8/8/8/8/8/4K3 w - - 256 300".parse().unwrap();
        let error = cozy_chess::Board::try_from(halfmove).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the halfmove clock 256 is too large for cozy-chess"
        );
        let fullmove: Fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 65536".parse().unwrap();
        assert!(matches!(
            cozy_chess::Board::try_from(&fullmove),
            Err(ConversionError::ClockTooLarge {
                clock: "fullmove number",
                value: 65536,
                ..
            })
        ));
        let no_rook: Fen = "4k3/8/8/8/8/8/8/4K3 w K - 0 1".parse().unwrap();
        assert!(matches!(
            cozy_chess::Board::try_from(&no_rook),
            Err(ConversionError::CozyChess(
                cozy_chess::BoardBuilderError::InvalidCastlingRights
            ))
        ));
    }

    #[test]
    fn the_conversion_refuses_what_cozy_refuses_in_its_invalid_corpus() {
        let text = common::data("chess/cozy-chess/invalid.sfens");
        let mut refused = 0;
        for line in text.lines().filter(|line| !line.is_empty()) {
            let Ok(fen) = line.parse::<Fen>() else {
                continue;
            };
            let theirs = cozy_chess::Board::from_fen(line, true);
            let ours = cozy_chess::Board::try_from(&fen);
            assert_eq!(ours.is_ok(), theirs.is_ok(), "{line}");
            if let (Ok(ours), Ok(theirs)) = (ours, theirs) {
                assert_eq!(ours, theirs, "{line}");
            } else {
                refused += 1;
            }
        }
        assert!(refused > 9000, "{refused}");
    }
}
