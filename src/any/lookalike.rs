//! Records of another notation read as chess: a crazyhouse or three-check FEN read without its
//! variant, a shogi SFEN or a xiangqi FEN. Read as chess, each gets a cascade of chess
//! diagnostics (extra ranks, pieces that are no chess letters); one diagnostic naming what the
//! record looks like, and how fenkit reads it, says more.
//!
//! Only a record that failed as chess is looked at, and only a whole shape counts: eight ranks
//! of eight squares with a pocket, a three-check counter field, nine ranks of nine shogi
//! squares with a shogi side to move, ten ranks of nine xiangqi squares. A broken chess FEN
//! keeps its own diagnostics.

use crate::primitives::fields::{body, tokens};
use crate::span::Span;

/// What a record read as chess looks like.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Lookalike {
    /// A crazyhouse FEN: its pocket (`[Qn]`, a ninth rank `/Qn`) or promoted pieces (`Q~`).
    Crazyhouse(Span),
    /// A three-check FEN: its counters (`3+3`, `+0+0`).
    ThreeCheck(Span),
    /// A shogi SFEN (its board), and the same position in FEEN when it can be written.
    Shogi(Span, Option<String>),
    /// A xiangqi FEN (its board), and the same position in FEEN.
    Xiangqi(Span, Option<String>),
}

/// The fields of `record`, each with its offset, split as every record is
/// ([`tokens`]: at runs of spaces and tabs, the line end left out).
fn fields(record: &[u8]) -> Vec<(usize, &[u8])> {
    let body = body(record);
    tokens(body)
        .map(|token| (token.field.offset, token.field.of(body)))
        .collect()
}

/// What `record` looks like, when it is one of the lookalikes.
pub(super) fn lookalike(record: &[u8]) -> Option<Lookalike> {
    let fields = fields(record);
    let &(board_at, board) = fields.first()?;
    let side = fields.get(1).map(|&(_, side)| side);
    if let Some(found) = crazyhouse(board_at, board) {
        return Some(found);
    }
    let counters = fields.iter().skip(4).find(|(_, field)| is_counters(field));
    if let (Some(&(at, field)), true) = (counters, is_chess_board(board)) {
        return Some(Lookalike::ThreeCheck(Span::new(at, field.len())));
    }
    let board_span = Span::new(board_at, board.len());
    if let (true, Some(b"b" | b"w")) = (is_board(board, 9, 9, Game::Shogi), side) {
        let hand = fields.get(2).map(|&(_, hand)| hand);
        return Some(Lookalike::Shogi(board_span, shogi_feen(board, side?, hand)));
    }
    if let (true, Some(b"w" | b"r" | b"b")) = (is_board(board, 10, 9, Game::Xiangqi), side) {
        return Some(Lookalike::Xiangqi(board_span, xiangqi_feen(board, side?)));
    }
    None
}

/// A crazyhouse board: eight chess ranks and a pocket after them, or promoted pieces.
fn crazyhouse(at: usize, board: &[u8]) -> Option<Lookalike> {
    if let Some(open) = board.iter().position(|&b| b == b'[') {
        let (ranks, pocket) = board.split_at_checked(open)?;
        let inside = pocket.strip_prefix(b"[")?.strip_suffix(b"]")?;
        let letters = inside == b"-" || inside.iter().all(|&b| is_chess_piece(b));
        return (letters && is_chess_board(ranks))
            .then(|| Lookalike::Crazyhouse(Span::new(at + open, pocket.len())));
    }
    let slashes: Vec<usize> = board
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'/')
        .map(|(index, _)| index)
        .collect();
    if let [.., eighth] = slashes.as_slice() {
        if slashes.len() == 8 {
            let (ranks, pocket) = board.split_at_checked(*eighth)?;
            let letters = pocket.get(1..).unwrap_or_default();
            let pieces = letters == b"-" || letters.iter().all(|&b| is_chess_piece(b));
            // A ninth rank of 8 letters is more likely a rank too many than a pocket, and a
            // trailing `/` a slip: both stay chess's `too_many_ranks`.
            if pieces && !letters.is_empty() && letters.len() != 8 && is_chess_board(ranks) {
                return Some(Lookalike::Crazyhouse(Span::new(at + eighth, pocket.len())));
            }
        }
    }
    let tilde = board.iter().position(|&b| b == b'~')?;
    is_chess_board(board).then(|| Lookalike::Crazyhouse(Span::new(at + tilde, 1)))
}

/// `N+N` (checks remaining) or `+N+N` (checks given), N from 0 to 3.
fn is_counters(field: &[u8]) -> bool {
    let numbers = field.strip_prefix(b"+").unwrap_or(field);
    matches!(numbers, [b'0'..=b'3', b'+', b'0'..=b'3'])
}

fn is_chess_piece(byte: u8) -> bool {
    b"PNBRQKpnbrqk".contains(&byte)
}

/// Eight ranks of eight squares of chess pieces (`~` marking a promoted one).
fn is_chess_board(board: &[u8]) -> bool {
    is_board(board, 8, 8, Game::Chess)
}

/// The games whose boards are recognised, by their piece letters.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Game {
    Chess,
    Shogi,
    Xiangqi,
}

impl Game {
    fn is_piece(self, byte: u8) -> bool {
        let letters: &[u8] = match self {
            Game::Chess => b"PNBRQK",
            Game::Shogi => b"KRBGSNLP",
            // WXF letters and FEEN's (horse `h`, elephant `e`, general `g`).
            Game::Xiangqi => b"RNBAKCPHEG",
        };
        letters.contains(&byte.to_ascii_uppercase())
    }
}

/// `ranks` ranks of `files` squares each, of `game`'s pieces and digits (`+` before a shogi
/// piece, `~` after a chess one).
fn is_board(board: &[u8], ranks: usize, files: u32, game: Game) -> bool {
    let mut count = 0;
    for rank in board.split(|&b| b == b'/') {
        count += 1;
        let mut squares = 0u32;
        let mut bytes = rank.iter().peekable();
        while let Some(&byte) = bytes.next() {
            match byte {
                b'1'..=b'9' => squares += u32::from(byte - b'0'),
                b'+' if game == Game::Shogi => {
                    if bytes.next_if(|&&next| game.is_piece(next)).is_none() {
                        return false;
                    }
                    squares += 1;
                }
                _ if game.is_piece(byte) => {
                    squares += 1;
                    if game == Game::Chess {
                        bytes.next_if_eq(&&b'~');
                    }
                }
                _ => return false,
            }
        }
        if squares != files {
            return false;
        }
    }
    count == ranks
}

/// The shogi position in FEEN: the board as it is (`+` marks a promoted piece in both), the
/// pieces in hand aggregated, and the styles with the side to move first (`b`, sente, moves
/// first and is uppercase). `None` when FEEN cannot hold it (a malformed hand).
fn shogi_feen(board: &[u8], side: &[u8], hand: Option<&[u8]>) -> Option<String> {
    let mut counts: Vec<(u8, u64)> = Vec::new();
    let mut number: u64 = 0;
    for &byte in hand.filter(|hand| *hand != b"-").unwrap_or_default() {
        match byte {
            b'0'..=b'9' => {
                number = number
                    .checked_mul(10)?
                    .checked_add(u64::from(byte - b'0'))?
            }
            _ if Game::Shogi.is_piece(byte) && !byte.eq_ignore_ascii_case(&b'K') => {
                let add = number.max(1);
                match counts.iter_mut().find(|(piece, _)| *piece == byte) {
                    Some((_, count)) => *count = count.checked_add(add)?,
                    None => counts.push((byte, add)),
                }
                number = 0;
            }
            _ => return None,
        }
    }
    if number != 0 {
        return None;
    }
    // FEEN's canonical order: count descending, then letter.
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let entry = |&(piece, count): &(u8, u64)| match count {
        1 => char::from(piece).to_string(),
        _ => format!("{count}{}", char::from(piece)),
    };
    let first: String = counts
        .iter()
        .filter(|(piece, _)| piece.is_ascii_uppercase())
        .map(entry)
        .collect();
    let second: String = counts
        .iter()
        .filter(|(piece, _)| piece.is_ascii_lowercase())
        .map(entry)
        .collect();
    let turn = if side == b"b" {
        "SHOGI/shogi"
    } else {
        "shogi/SHOGI"
    };
    let board = std::str::from_utf8(board).ok()?;
    Some(format!("{board} {first}/{second} {turn}"))
}

/// The xiangqi position in FEEN, with FEEN's letters: chariot `r`, horse `h`, elephant `e`,
/// advisor `a`, general `g`, cannon `c`, soldier `p` (red, `w` or `r`, moves first and is
/// uppercase).
fn xiangqi_feen(board: &[u8], side: &[u8]) -> Option<String> {
    let board: String = board
        .iter()
        .map(|&byte| {
            let letter = match byte.to_ascii_lowercase() {
                b'n' => b'h',
                b'b' => b'e',
                b'k' => b'g',
                other => other,
            };
            let letter = if byte.is_ascii_uppercase() {
                letter.to_ascii_uppercase()
            } else {
                letter
            };
            char::from(letter)
        })
        .collect();
    let turn = if side == b"b" {
        "xiangqi/XIANGQI"
    } else {
        "XIANGQI/xiangqi"
    };
    Some(format!("{board} / {turn}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_lookalike_is_recognised() {
        let zh = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1";
        assert_eq!(lookalike(zh), Some(Lookalike::Crazyhouse(Span::new(43, 3))));
        let zh = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1";
        assert_eq!(lookalike(zh), Some(Lookalike::Crazyhouse(Span::new(43, 4))));
        let zh = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq - 0 1";
        assert!(matches!(lookalike(zh), Some(Lookalike::Crazyhouse(_))));
        let zh = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBQ~R w KQkq - 0 1";
        assert_eq!(lookalike(zh), Some(Lookalike::Crazyhouse(Span::new(42, 1))));
        let three = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
        assert_eq!(
            lookalike(three),
            Some(Lookalike::ThreeCheck(Span::new(53, 3)))
        );
        let three = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0";
        assert_eq!(
            lookalike(three),
            Some(Lookalike::ThreeCheck(Span::new(57, 4)))
        );
        let shogi = b"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        assert_eq!(
            lookalike(shogi),
            Some(Lookalike::Shogi(
                Span::new(0, 57),
                Some(String::from(
                    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL / SHOGI/shogi"
                ))
            ))
        );
        let xiangqi = b"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(
            lookalike(xiangqi),
            Some(Lookalike::Xiangqi(
                Span::new(0, 59),
                Some(String::from(
                    "rheagaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAGAEHR / XIANGQI/xiangqi"
                ))
            ))
        );
    }

    #[test]
    fn shogi_hands_are_aggregated_in_feen_order() {
        let feen = shogi_feen(b"9/9/9/9/4k4/9/9/9/4K4", b"w", Some(b"P2Pbp3G"));
        assert_eq!(
            feen.as_deref(),
            Some("9/9/9/9/4k4/9/9/9/4K4 3G3P/bp shogi/SHOGI")
        );
        assert_eq!(shogi_feen(b"9", b"b", Some(b"2")), None);
    }

    #[test]
    fn broken_chess_fens_are_no_lookalike() {
        for record in [
            &b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1"[..],
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/PPPPPPPP w KQkq - 0 1",
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
            b"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1",
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+4 0 1",
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq e4 0 1",
            b"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
            b"",
            b"8/8/8/8/8/8/8/8[",
        ] {
            assert_eq!(
                lookalike(record),
                None,
                "{}",
                String::from_utf8_lossy(record)
            );
        }
    }
}
