//! Chess legality against cozy-chess: on every standard FEN both libraries read, fenkit's
//! legality verdict is cozy-chess's, and both read the same pieces and side to move.
//!
//! Rules only one side has are left out of the comparison: fenkit's piece counts (more than 8
//! pawns or 16 pieces) and impossible double checks, cozy-chess's halfmove limit of 100 and its
//! 16-bit fullmove number (a longer one is its `InvalidFullmoveNumber`, found by this target),
//! kings standing side by side (fenkit's `opposite_check`; cozy-chess does not count a king as a
//! checker, found by this target), and
//! castling rights other than the standard ones (king on e1/e8, rook in its corner), which
//! fenkit reads as X-FEN and cozy-chess rejects without its Shredder flag.
#![no_main]

use cozy_chess::{Board, Color, Square};
use fenkit::{Fen, ParseOptions};
use libfuzzer_sys::fuzz_target;

/// fenkit legality codes cozy-chess has no rule for.
const FENKIT_ONLY: [&str; 3] = [
    "fenkit::fen::too_many_pawns",
    "fenkit::fen::too_many_pieces",
    "fenkit::fen::impossible_check",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Standard castling letters only (cozy-chess reads file letters only as Shredder-FEN).
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != 6 || !fields[2].bytes().all(|b| b"KQkq-".contains(&b)) {
        return;
    }
    if fields[4].parse::<u32>().map_or(true, |clock| clock > 100) {
        return;
    }
    if fields[5].parse::<u16>().is_err() {
        return;
    }
    let parsed = Fen::parse(data, &ParseOptions::strict().validated());
    let Some(fen) = parsed.value.clone().or_else(|| Fen::from_ascii(data).ok()) else {
        return;
    };
    if !standard_castling(&fen, fields[2]) {
        return;
    }
    if kings_touch(&fen) {
        return;
    }
    let problems = fen.validate();
    if problems.iter().any(|d| FENKIT_ONLY.contains(&d.code())) {
        return;
    }
    let cozy = Board::from_fen(text, false);
    if let Ok(board) = &cozy {
        for square in Square::ALL {
            let ours = fenkit::chess::Square::new(square.file() as u8, square.rank() as u8)
                .and_then(|at| fen.board.get(at))
                .map(|piece| char::from(piece.letter()));
            let theirs =
                board
                    .piece_on(square)
                    .zip(board.color_on(square))
                    .map(|(piece, color)| {
                        let letter = char::from(piece);
                        if color == Color::White {
                            letter.to_ascii_uppercase()
                        } else {
                            letter
                        }
                    });
            assert_eq!(ours, theirs, "{text}: {square}");
        }
        assert_eq!(
            fen.side_to_move == fenkit::chess::Color::White,
            board.side_to_move() == Color::White,
            "{text}: side to move"
        );
    }
    assert_eq!(
        problems.is_empty(),
        cozy.is_ok(),
        "{text}: fenkit {:?}, cozy-chess {:?}",
        problems.iter().map(|d| d.code()).collect::<Vec<_>>(),
        cozy.err()
    );
});

/// Whether every castling right names a king on its e-file home square and a rook in the
/// corner: the only rights both libraries read the same way.
fn standard_castling(fen: &Fen, field: &str) -> bool {
    use fenkit::chess::{Color as Side, Piece as Man, Role, Square as At};
    let has = |file: u8, rank: u8, color: Side, role: Role| {
        At::new(file, rank).and_then(|at| fen.board.get(at)) == Some(Man { color, role })
    };
    field.bytes().all(|right| match right {
        b'K' => has(4, 0, Side::White, Role::King) && has(7, 0, Side::White, Role::Rook),
        b'Q' => has(4, 0, Side::White, Role::King) && has(0, 0, Side::White, Role::Rook),
        b'k' => has(4, 7, Side::Black, Role::King) && has(7, 7, Side::Black, Role::Rook),
        b'q' => has(4, 7, Side::Black, Role::King) && has(0, 7, Side::Black, Role::Rook),
        _ => true,
    })
}

/// Whether the two kings stand on neighbouring squares (each then attacks the other).
fn kings_touch(fen: &Fen) -> bool {
    use fenkit::chess::{Color as Side, Piece as Man, Role};
    let king = |color| {
        fen.board.by_piece(Man {
            color,
            role: Role::King,
        })
    };
    let (white, black) = (king(Side::White), king(Side::Black));
    if white.count_ones() != 1 || black.count_ones() != 1 {
        return false;
    }
    let (w, b) = (white.trailing_zeros(), black.trailing_zeros());
    let (wf, wr, bf, br) = (w % 8, w / 8, b % 8, b / 8);
    wf.abs_diff(bf) <= 1 && wr.abs_diff(br) <= 1
}
