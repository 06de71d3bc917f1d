//! Standard Algebraic Notation, checked as syntax (`Nf3`, `exd5`, `e8=Q+`, `O-O-O#`), and UCI
//! long algebraic moves (`e2e4`, `e7e8q`), which lenient EPD reads and rewrites as SAN.

use crate::chess::{Board, CastlingRights, Color, Piece, Role, Square};

/// The square at the start of `text` and the rest, read by the chess square rule.
fn square(text: &[u8]) -> Option<(Square, &[u8])> {
    Square::read(text)
}

/// Whether `text` is exactly a square.
fn is_square(text: &[u8]) -> bool {
    matches!(square(text), Some((_, [])))
}

/// Whether `text` is one SAN move: castling, a piece move with optional disambiguation and
/// capture, or a pawn move with optional capture and promotion; then an optional `+` or `#`.
pub(crate) fn is_san(text: &[u8]) -> bool {
    let body = match text {
        [body @ .., b'+' | b'#'] => body,
        _ => text,
    };
    match body {
        b"O-O" | b"O-O-O" => true,
        [b'N' | b'B' | b'R' | b'Q' | b'K', rest @ ..] => piece_move(rest),
        _ => pawn_move(body),
    }
}

/// After the piece letter: an optional from-file, from-rank or from-square, an optional `x`,
/// then the target square.
fn piece_move(text: &[u8]) -> bool {
    let Some(split) = text.len().checked_sub(2) else {
        return false;
    };
    let (from, to) = text.split_at(split);
    let from = from.strip_suffix(b"x").unwrap_or(from);
    is_square(to)
        && match from {
            [] | [b'a'..=b'h'] | [b'1'..=b'8'] => true,
            _ => is_square(from),
        }
}

/// An optional `file x`, the target square, an optional `=N`, `=B`, `=R` or `=Q`.
fn pawn_move(text: &[u8]) -> bool {
    let text = match text {
        [body @ .., b'=', b'N' | b'B' | b'R' | b'Q'] => body,
        _ => text,
    };
    match text {
        [b'a'..=b'h', b'x', to @ ..] => is_square(to),
        _ => is_square(text),
    }
}

/// A UCI move: from-square, to-square, optional promotion letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct UciMove {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) promotion: Option<Role>,
}

/// Reads `text` as a UCI move.
pub(crate) fn uci(text: &[u8]) -> Option<UciMove> {
    let (from, rest) = square(text)?;
    let (to, rest) = square(rest)?;
    let promotion = match rest {
        [] => None,
        [b'q'] => Some(Role::Queen),
        [b'r'] => Some(Role::Rook),
        [b'b'] => Some(Role::Bishop),
        [b'n'] => Some(Role::Knight),
        _ => return None,
    };
    Some(UciMove {
        from,
        to,
        promotion,
    })
}

/// A position to write moves in: the board and whose move it is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveContext {
    pub(crate) board: Board,
    pub(crate) side_to_move: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) en_passant: Option<Square>,
}

impl MoveContext {
    /// The SAN of a UCI move in this position, and the position after it; `None` if no piece of
    /// the side to move stands on the from-square, or the promotion letter does not fit the move
    /// (only a pawn reaching the last rank promotes, and it must). Check is marked `+`; mate is not detected
    /// (it would need full move generation), so a mating move is written with `+`.
    pub(crate) fn play_uci(&self, uci: UciMove) -> Option<(String, MoveContext)> {
        let board = &self.board;
        let mover = self.side_to_move;
        let piece = board.get(uci.from).filter(|piece| piece.color == mover)?;
        let last_rank = match mover {
            Color::White => 7,
            Color::Black => 0,
        };
        let promotes = piece.role == Role::Pawn && uci.to.rank() == last_rank;
        if promotes != uci.promotion.is_some() {
            return None;
        }
        let target = board.get(uci.to);
        let castles = piece.role == Role::King
            && (target
                == Some(Piece {
                    color: mover,
                    role: Role::Rook,
                })
                || uci.from.file().abs_diff(uci.to.file()) == 2);
        let mut after = *board;
        let mut san = String::new();
        if castles {
            let king_side = uci.to.file() > uci.from.file();
            san.push_str(if king_side { "O-O" } else { "O-O-O" });
            let rank = uci.from.rank();
            let rook_from = if target.is_some() {
                uci.to
            } else {
                Square::new(if king_side { 7 } else { 0 }, rank)?
            };
            after.set(uci.from, None);
            after.set(rook_from, None);
            after.set(
                Square::new(if king_side { 6 } else { 2 }, rank)?,
                Some(piece),
            );
            after.set(
                Square::new(if king_side { 5 } else { 3 }, rank)?,
                Some(Piece {
                    color: mover,
                    role: Role::Rook,
                }),
            );
        } else {
            let en_passant_capture = piece.role == Role::Pawn
                && Some(uci.to) == self.en_passant
                && uci.from.file() != uci.to.file();
            let captures = target.is_some() || en_passant_capture;
            if piece.role == Role::Pawn {
                if captures {
                    san.push(char::from(b'a' + uci.from.file()));
                    san.push('x');
                }
                san.push_str(&uci.to.to_string());
                if let Some(role) = uci.promotion {
                    san.push('=');
                    san.push(char::from(role.upper()));
                }
            } else {
                san.push(char::from(piece.role.upper()));
                san.push_str(&self.disambiguation(piece, uci.from, uci.to));
                if captures {
                    san.push('x');
                }
                san.push_str(&uci.to.to_string());
            }
            after.set(uci.from, None);
            if en_passant_capture {
                after.set(Square::new(uci.to.file(), uci.from.rank())?, None);
            }
            let placed = uci
                .promotion
                .map_or(piece, |role| Piece { color: mover, role });
            after.set(uci.to, Some(placed));
        }
        let next = MoveContext {
            board: after,
            side_to_move: mover.opposite(),
            castling: self.castling,
            en_passant: None,
        };
        if next.in_check(mover.opposite()) {
            san.push('+');
        }
        Some((san, next))
    }

    /// File, rank or both of the from-square when another piece of the same kind also reaches
    /// the target (by its moves on this board, ignoring pins).
    fn disambiguation(&self, piece: Piece, from: Square, to: Square) -> String {
        let others: Vec<Square> = crate::chess::attackers_of(&self.board, to, piece.color)
            .into_iter()
            .filter(|&square| square != from && self.board.get(square) == Some(piece))
            .collect();
        if others.is_empty() {
            return String::new();
        }
        let file = char::from(b'a' + from.file());
        let rank = char::from(b'1' + from.rank());
        if others.iter().all(|other| other.file() != from.file()) {
            file.to_string()
        } else if others.iter().all(|other| other.rank() != from.rank()) {
            rank.to_string()
        } else {
            format!("{file}{rank}")
        }
    }

    fn in_check(&self, color: Color) -> bool {
        let king = Piece {
            color,
            role: Role::King,
        };
        self.board
            .pieces()
            .find(|(_, piece)| *piece == king)
            .is_some_and(|(square, _)| {
                !crate::chess::attackers_of(&self.board, square, color.opposite()).is_empty()
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_moves_read_two_squares_and_a_promotion() {
        let e2 = Square::new(4, 1);
        let read = uci(b"e2e4").map(|m| (Some(m.from), m.promotion));
        assert_eq!(read, Some((e2, None)));
        let promotion = uci(b"a7a8q").and_then(|m| m.promotion);
        assert_eq!(promotion, Some(Role::Queen));
        for bad in ["e2e9", "i2e4", "e2e4k", "e2e4qq", "e2", ""] {
            assert!(uci(bad.as_bytes()).is_none(), "{bad}");
        }
    }

    #[test]
    fn san_syntax() {
        for good in [
            "Nf3", "exd5", "e8=Q+", "O-O-O#", "O-O", "Qh4xe1", "Rdd2", "R1a3", "e4", "Kxh7",
            "Nxe4", "N1xe4", "Ne4e4", "e4=Q", "O-O+", "exd5#",
        ] {
            assert!(is_san(good.as_bytes()), "{good}");
        }
        for bad in [
            "e2e4", "Nf9", "exd", "O-O-O-O", "P e4", "e8=K", "", "Nf3!", "0-0", "O-O-", "Ne4++",
            "Nxxe4", "Ne4=Q", "e8=", "Na1b2c3", "exxd5", "x", "N", "+",
        ] {
            assert!(!is_san(bad.as_bytes()), "{bad}");
        }
    }
}
