//! Draughts FEN round trips and the fuzzing properties, run by proptest on every `cargo test`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::draughts::{Board, Pieces, SquareNotation, SquareSet, Turn};
use fenkit::{DraughtsFen, ParseOptions};
use proptest::prelude::*;

fn board() -> impl Strategy<Value = Board> {
    proptest::sample::select(Board::ALL.to_vec())
}

/// A set of squares that exist on `board` (sparse or dense, so ranges get written).
fn squares(board: Board) -> impl Strategy<Value = SquareSet> {
    let count = match board.notation() {
        SquareNotation::Numeric => u32::from(board.square_count()),
        SquareNotation::Alphanumeric => u32::from(board.width()) * u32::from(board.height()),
    };
    let mask = if count >= 128 {
        u128::MAX
    } else {
        (1u128 << count) - 1
    };
    prop_oneof![
        any::<u128>().prop_map(move |bits| SquareSet(bits & mask)),
        (any::<u128>(), any::<u128>()).prop_map(move |(a, b)| SquareSet(a & b & mask)),
        (0..count, 0..count)
            .prop_map(move |(a, b)| SquareSet::range(a.min(b) as u8, a.max(b) as u8)),
    ]
}

fn fen() -> impl Strategy<Value = DraughtsFen> {
    board().prop_flat_map(|board| {
        let turn = prop_oneof![Just(Turn::White), Just(Turn::Black), Just(Turn::Unknown)];
        let pieces =
            || (squares(board), squares(board)).prop_map(|(men, kings)| Pieces { men, kings });
        (turn, pieces(), pieces()).prop_map(move |(turn, white, black)| {
            let mut fen = DraughtsFen::empty(board, turn);
            fen.white = white;
            fen.black = black;
            fen
        })
    })
}

/// Records made of the bytes a draughts FEN or PDN line uses, so most inputs get far.
fn record() -> impl Strategy<Value = Vec<u8>> {
    let alphabet: Vec<u8> = b"WBK?wbkHFGP:,-.0123456789abhij \t\"[]/FEN\xC3\xA9\\".to_vec();
    proptest::collection::vec(proptest::sample::select(alphabet), 0..40)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn written_values_parse_back(fen in fen()) {
        let written = fen.to_string();
        let options = ParseOptions::strict().with_draughts_board(fen.board);
        let parsed = DraughtsFen::parse(written.as_bytes(), &options);
        prop_assert!(parsed.diagnostics.is_empty(), "{written}: {:?}", parsed.diagnostics);
        let value = parsed.value.unwrap();
        prop_assert_eq!(&value, &fen);
        // Canonical input is written back byte for byte.
        prop_assert_eq!(value.to_string(), written);
    }

    #[test]
    fn hand_built_values_never_panic(board in board(), bits in any::<[u128; 4]>()) {
        // Public fields allow squares off the board: writing and validating must not panic.
        let mut fen = DraughtsFen::empty(board, Turn::White);
        fen.white = Pieces { men: SquareSet(bits[0]), kings: SquareSet(bits[1]) };
        fen.black = Pieces { men: SquareSet(bits[2]), kings: SquareSet(bits[3]) };
        let written = fen.to_string();
        let _ = fen.validate();
        fenkit::fuzzing::check_draughts(written.as_bytes());
    }

    #[test]
    fn fuzzing_properties_hold_on_fen_like_bytes(data in record()) {
        fenkit::fuzzing::check_draughts(&data);
    }

    #[test]
    fn fuzzing_properties_hold_on_mutated_fens(fen in fen(), at in 0usize..200, byte in proptest::sample::select(b"WBK:,-.05a ".to_vec())) {
        let mut data = fen.to_string().into_bytes();
        let at = at % (data.len() + 1);
        data.insert(at, byte);
        fenkit::fuzzing::check_draughts(&data);
    }
}
