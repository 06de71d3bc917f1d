//! Chess FEN to FEEN, as the FEEN specification's own examples convert it.
//!
//! - Styles `CHESS/chess`, the side to move first (`chess/CHESS` when Black is to move).
//! - `+` (enhanced) marks what still has a special move: a king whose side may castle, a rook
//!   a castling right names, and a pawn on its starting rank (it may still advance two).
//! - Both hands are empty (`/`).
//! - FEEN has no en passant square and no clocks: an en passant square, and clocks other than
//!   the `0 1` of a position without history, are reported as warnings, never dropped
//!   silently. Their spans point into the FEN's canonical text (`fen.to_string()`).
//!
//! The official start, 1.e4 and 1.e4 c5 examples come out byte for byte; see
//! [`Feen::from_fen`] for the two official examples that contradict their own page.

use std::num::NonZeroU64;

use super::board::{Cell, Placement};
use super::feen::Feen;
use super::messages;
use super::types::Hands;
use super::types::Side;
use super::types::Style;
use super::types::StyleTurn;
use super::types::{Piece as FeenPiece, State};
use crate::chess::{CastlingLetter, Color, Fen, Role, Square};
use crate::diagnostic::{Diagnostic, Parsed};
use crate::primitives::fields::tokens;
use crate::span::Span;

impl Feen {
    /// Converts a chess position as the official FEEN examples do: styles `CHESS/chess` with
    /// the side to move first; `+` on a king whose side may still castle, on a rook a castling
    /// right names, and on a pawn on its starting rank; empty hands.
    ///
    /// Returns a [`Parsed`], as every reader does, so that what was lost is a diagnostic like
    /// any other: the value is always there (the conversion cannot fail), and FEEN cannot hold
    /// the en passant square nor the clocks, each a warning (clocks only when they are not the
    /// `0 1` of a position without history) with a span into the FEN's canonical text
    /// (`fen.to_string()`): render them against that text.
    ///
    /// The official start, 1.e4 and 1.e4 c5 examples come out byte for byte. Two examples of
    /// the same page contradict its own rule, and fenkit follows the rule:
    ///
    /// - "Ruy Lopez" (after 3.Bb5) writes both kings and all four rooks without `+`, although
    ///   both sides may still castle; fenkit writes `+r1bq+kbn+r/...` and `.../+RNBQ+K2+R`.
    /// - "Queen's Gambit" (after 1.d4 d5 2.c4) writes `CHESS/chess`, White to move, although
    ///   Black is to move; fenkit writes `chess/CHESS`.
    ///
    /// ```
    /// use fenkit::{Fen, feen::Feen};
    ///
    /// let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse()?;
    /// let converted = Feen::from_fen(&fen);
    /// let codes: Vec<_> = converted.warnings().map(|w| w.code()).collect();
    /// assert_eq!(codes, ["fenkit::feen::en_passant_dropped"]);
    /// let feen = converted.value.ok_or("a conversion always has a value")?;
    /// assert_eq!(
    ///     feen.to_string(),
    ///     "+rnbq+kbn+r/+p+p+p+p+p+p+p+p/8/8/4P3/8/+P+P+P+P1+P+P+P/+RNBQ+KBN+R / chess/CHESS"
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_fen(fen: &Fen) -> Parsed<Feen> {
        let mut ranks = Vec::with_capacity(8);
        for rank in (0..8u8).rev() {
            let mut cells = Vec::with_capacity(8);
            let mut empty = 0u64;
            for file in 0..8u8 {
                let piece = Square::new(file, rank)
                    .and_then(|square| Some((square, fen.board.get(square)?)));
                let Some((square, piece)) = piece else {
                    empty += 1;
                    continue;
                };
                push_empty(&mut cells, &mut empty);
                let state = if keeps_special_move(fen, square, piece.color, piece.role) {
                    State::Enhanced
                } else {
                    State::Normal
                };
                if let Some(piece) = FeenPiece::new(piece.letter(), state, false) {
                    cells.push(Cell::Piece(piece));
                }
            }
            push_empty(&mut cells, &mut empty);
            ranks.push(cells);
        }
        let (first, second) = (
            Style::known("CHESS", Side::First),
            Style::known("chess", Side::Second),
        );
        let style_turn = match fen.side_to_move {
            Color::White => StyleTurn::from_parts(first, second),
            Color::Black => StyleTurn::from_parts(second, first),
        };
        let feen = Feen {
            placement: Placement::from_parts(ranks, vec![1; 7]),
            hands: Hands::empty(),
            style_turn,
        };
        Parsed::new(Some(feen), dropped(fen))
    }
}

fn push_empty(cells: &mut Vec<Cell>, empty: &mut u64) {
    if let Some(count) = NonZeroU64::new(std::mem::take(empty)) {
        cells.push(Cell::Empty(count));
    }
}

/// Whether the piece on `square` keeps a special move FEEN marks with `+`.
fn keeps_special_move(fen: &Fen, square: Square, color: Color, role: Role) -> bool {
    let back_rank = color.back_rank();
    let rights = fen.castling.of(color);
    match role {
        Role::Pawn => square.rank() == if color == Color::White { 1 } else { 6 },
        Role::King => square.rank() == back_rank && !rights.is_empty(),
        Role::Rook if square.rank() == back_rank && !rights.is_empty() => {
            let Some(king) = king_file(fen, color) else {
                return false;
            };
            let rook_files: Vec<u8> = (0..8u8)
                .filter(|&file| {
                    Square::new(file, back_rank)
                        .and_then(|s| fen.board.get(s))
                        .is_some_and(|p| p.color == color && p.role == Role::Rook)
                })
                .collect();
            rights.letters().any(|letter| {
                let named = match letter {
                    CastlingLetter::KingSide => {
                        rook_files.iter().copied().filter(|&f| f > king).max()
                    }
                    CastlingLetter::QueenSide => {
                        rook_files.iter().copied().filter(|&f| f < king).min()
                    }
                    CastlingLetter::File(file) => Some(file),
                };
                named == Some(square.file())
            })
        }
        _ => false,
    }
}

fn king_file(fen: &Fen, color: Color) -> Option<u8> {
    (0..8u8).find(|&file| {
        Square::new(file, color.back_rank())
            .and_then(|s| fen.board.get(s))
            .is_some_and(|p| p.color == color && p.role == Role::King)
    })
}

/// The warnings for what FEEN cannot hold.
fn dropped(fen: &Fen) -> Vec<Diagnostic> {
    let text = fen.to_string();
    let fields: Vec<Span> = tokens(text.as_bytes()).map(|token| token.field).collect();
    let mut warnings = Vec::new();
    if let (Some(square), Some(&span)) = (fen.en_passant, fields.get(3)) {
        warnings.push(messages::en_passant_dropped(square, span));
    }
    let clocks = match (fen.halfmove_clock, fen.fullmove_number) {
        (0, 1) => None,
        _ => fields.get(4).zip(fields.get(5)),
    };
    if let Some((half, full)) = clocks {
        let span = Span::from_range(half.offset, full.end());
        warnings.push(messages::clocks_dropped(
            fen.halfmove_clock,
            fen.fullmove_number,
            span,
        ));
    }
    warnings
}
