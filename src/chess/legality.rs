//! The validation step: can this position exist? (docs/notations.md, "Legality".)
//!
//! [`Findings::gather`] applies every rule with mask operations and allocates nothing, so a legal
//! position costs a few hundred instructions. Only when something is wrong does [`report`]
//! turn the findings into diagnostics with spans on the record's characters.

use super::attacks::{SquareSet, aligned, attackers, between, single, squares};
use super::board::PieceSets;
use super::castling::{CastlingLetter, SideRights};
use super::codes;
use super::fen::{Fen, Layout, LayoutSource};
use super::types::{Color, Piece, Role, Square};
use crate::diagnostic::Diagnostic;
use crate::span::Span;

const COLORS: [Color; 2] = [Color::White, Color::Black];
const BACK_RANKS: SquareSet = 0xFF00_0000_0000_00FF;

/// Adds every legality problem of `fen` to `problems`, with spans into `record` (`layout`
/// tells where its parts stand).
///
/// Results are filled where they stand, not returned: a value returned by value is copied
/// right after its fields were written one by one, and reading them back at once stalls.
pub(crate) fn check(
    fen: &Fen,
    record: &[u8],
    layout: &mut LayoutSource<'_>,
    problems: &mut Vec<Diagnostic>,
) {
    let mut findings = Findings::default();
    findings.gather(fen);
    if !findings.is_clean() {
        problems.extend(report(fen, record, layout.get(record), &findings));
    }
}

/// What is wrong with one castling right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CastlingProblem {
    /// The colour has no single king on its back rank between the a- and h-files.
    NoKing,
    /// No rook where the right names.
    NoRook,
    /// A second right on the same side of the king (its rook's file).
    SameSide(u8),
}

/// What is wrong with the en passant square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EnPassantProblem {
    WrongRank,
    /// No pawn of the side not to move in front of it (the square where one should be).
    NoPawn(Square),
    /// The en passant square or the one behind it is occupied.
    Occupied(SquareSet),
}

/// The outcome of every rule, as plain data.
#[derive(Default)]
struct Findings {
    /// Kings of each colour.
    kings: [SquareSet; 2],
    back_rank_pawns: SquareSet,
    pawns: [SquareSet; 2],
    pieces: [SquareSet; 2],
    castling: [Option<(Color, CastlingLetter, CastlingProblem)>; 4],
    en_passant: Option<EnPassantProblem>,
    /// Pieces of the side to move attacking the other king.
    opposite_check: SquareSet,
    /// Pieces giving check to the side to move.
    checkers: SquareSet,
    impossible_check: bool,
}

/// How many squares `set` holds, counted up to three: enough for the rules on checkers, and
/// cheaper than a population count (a dozen instructions on baseline x86-64).
fn count_up_to_three(set: SquareSet) -> u32 {
    let without_one = set & set.wrapping_sub(1);
    let without_two = without_one & without_one.wrapping_sub(1);
    u32::from(set != 0) + u32::from(without_one != 0) + u32::from(without_two != 0)
}

impl Findings {
    /// Applies every rule to `fen` (`self` starts as the default, nothing found).
    fn gather(&mut self, fen: &Fen) {
        let board = &PieceSets::of(&fen.board);
        let findings = self;
        for (index, color) in COLORS.into_iter().enumerate() {
            let mine = board.by_color(color);
            if let (Some(kings), Some(pawns), Some(pieces)) = (
                findings.kings.get_mut(index),
                findings.pawns.get_mut(index),
                findings.pieces.get_mut(index),
            ) {
                *kings = mine & board.by_role(Role::King);
                *pawns = mine & board.by_role(Role::Pawn);
                *pieces = mine;
            }
        }
        findings.back_rank_pawns = board.by_role(Role::Pawn) & BACK_RANKS;
        findings.check_castling(fen, board);
        findings.en_passant = en_passant_problem(fen, board);
        let [white, black] = findings.kings.map(single);
        if let (Some(white), Some(black)) = (white, black) {
            findings.check_checks(fen, board, white, black);
        }
    }

    fn is_clean(&self) -> bool {
        self.kings.iter().all(|&kings| single(kings).is_some())
            && self.back_rank_pawns == 0
            && self.pawns.iter().all(|pawns| pawns.count_ones() <= 8)
            && self.pieces.iter().all(|pieces| pieces.count_ones() <= 16)
            && self.castling.iter().all(Option::is_none)
            && self.en_passant.is_none()
            && self.opposite_check == 0
            && count_up_to_three(self.checkers) <= 2
            && !self.impossible_check
    }

    fn check_castling(&mut self, fen: &Fen, board: &PieceSets) {
        let mut slot = 0;
        for color in COLORS {
            let rights = fen.castling.of(color);
            if rights.is_empty() {
                continue;
            }
            let back_rank = color.back_rank();
            let (kings, rooks) = castling_pieces(board, color);
            if standard_rights_hold(rights, kings, back_rank, rooks) {
                continue;
            }
            for (letter, problem) in right_problems(rights, kings, back_rank, rooks) {
                if let Some(entry) = self.castling.get_mut(slot) {
                    *entry = Some((color, letter, problem));
                    slot += 1;
                }
            }
        }
    }

    fn check_checks(
        &mut self,
        fen: &Fen,
        board: &PieceSets,
        white_king: Square,
        black_king: Square,
    ) {
        let mover = fen.side_to_move;
        let (mover_king, other_king) = match mover {
            Color::White => (white_king, black_king),
            Color::Black => (black_king, white_king),
        };
        self.opposite_check = attackers(board, other_king, mover);
        self.checkers = attackers(board, mover_king, mover.opposite());
        let checkers = self.checkers;
        self.impossible_check = match (
            fen.en_passant.filter(|_| self.en_passant.is_none()),
            count_up_to_three(checkers),
        ) {
            (_, 0) => false,
            (_, 3) => false, // three or more: reported as too many checkers
            (Some(target), n) => {
                // The last move was the double step: it gave every check, directly or by
                // uncovering a line through the square the pawn left.
                let forward: i8 = if mover == Color::White { 1 } else { -1 };
                let pushed = target.offset(0, -forward);
                let source = target.offset(0, forward);
                n > 1
                    || squares(checkers).any(|checker| {
                        Some(checker) != pushed
                            && !source.is_some_and(|source| {
                                between(checker, mover_king) & (1 << source.index()) != 0
                            })
                    })
            }
            (None, 2) => {
                // A double check uncovers a line: one checker must be a slider, and the two
                // cannot stand on one line through the king.
                let sliders = board.by_role(Role::Bishop)
                    | board.by_role(Role::Rook)
                    | board.by_role(Role::Queen);
                let mut both = squares(checkers);
                match (both.next(), both.next()) {
                    (Some(first), Some(second)) => {
                        checkers & sliders == 0 || aligned(first, second, mover_king)
                    }
                    _ => false,
                }
            }
            (None, _) => false,
        };
    }
}

/// What a colour's castling rights depend on: its kings, and its rooks on its back rank (bit 0 =
/// file a).
fn castling_pieces(board: &PieceSets, color: Color) -> (SquareSet, u8) {
    let kings = board.by_piece(Piece {
        color,
        role: Role::King,
    });
    let rooks = board.by_piece(Piece {
        color,
        role: Role::Rook,
    }) >> (8 * color.back_rank());
    (kings, rooks as u8)
}

/// The problem of each castling right of one colour, letter by letter: whose `kings` they are,
/// on `back_rank`, and that rank's `rooks`.
fn right_problems(
    rights: SideRights,
    kings: SquareSet,
    back_rank: u8,
    rooks: u8,
) -> impl Iterator<Item = (CastlingLetter, CastlingProblem)> {
    let king =
        single(kings).filter(|king| king.rank() == back_rank && (1..=6).contains(&king.file()));
    let mut sides_taken = [false; 2];
    rights.letters().filter_map(move |letter| {
        let problem = match king {
            None => CastlingProblem::NoKing,
            Some(king) => match rook_file(letter, king.file(), rooks) {
                None => CastlingProblem::NoRook,
                Some(file) => match sides_taken.get_mut(usize::from(file > king.file())) {
                    Some(taken) if *taken => CastlingProblem::SameSide(file),
                    Some(taken) => {
                        *taken = true;
                        return None;
                    }
                    None => return None,
                },
            },
        };
        Some((letter, problem))
    })
}

/// The common case at once: rights `K` and `Q` only, the colour's one king on the e-file of
/// its back rank and a rook in each corner a right names. The letter-by-letter rule finds
/// these rooks and no problem; any other case is left to it. `rooks` are the back rank's.
fn standard_rights_hold(rights: SideRights, kings: SquareSet, back_rank: u8, rooks: u8) -> bool {
    const H_ROOK: u8 = 1 << 7;
    const A_ROOK: u8 = 1;
    let king_on_e = 1 << (8 * u32::from(back_rank) + 4);
    let needed =
        if rights.king_side { H_ROOK } else { 0 } | if rights.queen_side { A_ROOK } else { 0 };
    rights.files == 0 && kings == king_on_e && rooks & needed == needed
}

/// Why a colour whose king set is `kings` cannot castle at all, and the fix: no king, several,
/// a king off its back rank, or one in a corner (a castling king stands between its rooks).
fn king_not_castling(color: Color, kings: SquareSet) -> (String, &'static str) {
    let name = color.name();
    let back_rank = color.back_rank() + 1;
    match single(kings) {
        None if kings == 0 => (
            format!("{name} has no king"),
            "a side that may castle has a king: remove the right, or put the king on its square",
        ),
        None => (
            format!("{name} has {} kings", kings.count_ones()),
            "a side that may castle has one king: remove the right, or the extra kings",
        ),
        Some(king) if king.rank() + 1 != back_rank => (
            format!("the {name} king is on {king}, not on its back rank (rank {back_rank})"),
            "a side that may castle has its king on its back rank, between its rooks: remove the right",
        ),
        Some(king) => (
            format!("the {name} king is on {king}, in a corner: no rook can stand beyond it"),
            "a king that may castle stands between its rooks, on files b to g: remove the right",
        ),
    }
}

/// The file of the rook a castling letter names, given the king's file and the back-rank rooks.
pub(super) fn rook_file(letter: CastlingLetter, king_file: u8, rooks: u8) -> Option<u8> {
    match letter {
        CastlingLetter::KingSide => {
            let right = rooks & !((2u16 << king_file) - 1) as u8;
            (right != 0).then(|| 7 - right.leading_zeros() as u8)
        }
        CastlingLetter::QueenSide => {
            let left = rooks & ((1u16 << king_file) - 1) as u8;
            (left != 0).then(|| left.trailing_zeros() as u8)
        }
        CastlingLetter::File(file) => {
            (file != king_file && rooks & (1 << file) != 0).then_some(file)
        }
    }
}

fn en_passant_problem(fen: &Fen, board: &PieceSets) -> Option<EnPassantProblem> {
    let target = fen.en_passant?;
    let mover = fen.side_to_move;
    let (expected_rank, forward) = match mover {
        Color::White => (5u8, 1i8),
        Color::Black => (2u8, -1i8),
    };
    if target.rank() != expected_rank {
        return Some(EnPassantProblem::WrongRank);
    }
    let pawn = Piece {
        color: mover.opposite(),
        role: Role::Pawn,
    };
    let pawn_square = target.offset(0, -forward)?;
    if fen.board.get(pawn_square) != Some(pawn) {
        return Some(EnPassantProblem::NoPawn(pawn_square));
    }
    let passed =
        target.offset(0, forward).map_or(0, |s| 1u64 << s.index()) | 1u64 << target.index();
    let occupied = passed & board.occupied();
    (occupied != 0).then_some(EnPassantProblem::Occupied(occupied))
}

/// Turns findings into diagnostics with spans into `record`.
fn report(fen: &Fen, record: &[u8], layout: &Layout, findings: &Findings) -> Vec<Diagnostic> {
    let at = |square: Square| layout.squares.span(square, &fen.board);
    let field = |index: usize| layout.fields.get(index).copied().unwrap_or_default();
    let in_record_order = |set: SquareSet| {
        let mut list: Vec<Square> = squares(set).collect();
        list.sort_by_key(|&square| at(square).offset);
        list
    };
    let mut found = Vec::new();

    for (index, color) in COLORS.into_iter().enumerate() {
        let name = color.name();
        let kings = in_record_order(findings.kings.get(index).copied().unwrap_or(0));
        match kings.as_slice() {
            [] => found.push(
                Diagnostic::error(codes::MISSING_KING, format!("{name} has no king"))
                    .label(field(0), format!("no {name} king on the board"))
                    .help(format!(
                        "put exactly one {name} king (`{}`) on the board",
                        char::from(
                            Piece {
                                color,
                                role: Role::King
                            }
                            .letter()
                        )
                    )),
            ),
            [first, rest @ ..] => {
                for &extra in rest {
                    found.push(
                        Diagnostic::error(
                            codes::TOO_MANY_KINGS,
                            format!("{name} has {} kings", kings.len()),
                        )
                        .label(at(extra), format!("second {name} king on {extra}"))
                        .label(at(*first), format!("{name} king on {first}"))
                        .help("each side has exactly one king: remove the extra one"),
                    );
                }
            }
        }
        let pawns = in_record_order(findings.pawns.get(index).copied().unwrap_or(0));
        for &pawn in pawns
            .iter()
            .filter(|pawn| findings.back_rank_pawns & (1 << pawn.index()) != 0)
        {
            found.push(
                Diagnostic::error(
                    codes::PAWN_ON_BACK_RANK,
                    format!("{name} pawn on {pawn}, a back rank"),
                )
                .label(at(pawn), format!("pawn on rank {}", pawn.rank() + 1))
                .help("pawns never stand on rank 1 or 8: they promote on arrival"),
            );
        }
        if let Some(&ninth) = pawns.get(8) {
            found.push(
                Diagnostic::error(
                    codes::TOO_MANY_PAWNS,
                    format!("{name} has {} pawns, at most 8", pawns.len()),
                )
                .label(at(ninth), format!("pawn number 9, on {ninth}"))
                .help("each side starts with 8 pawns and never gains one: remove the extra pawns"),
            );
        }
        let pieces = in_record_order(findings.pieces.get(index).copied().unwrap_or(0));
        if let Some(&seventeenth) = pieces.get(16) {
            found.push(
                Diagnostic::error(
                    codes::TOO_MANY_PIECES,
                    format!("{name} has {} pieces, at most 16", pieces.len()),
                )
                .label(
                    at(seventeenth),
                    format!("piece number 17, on {seventeenth}"),
                )
                .help(
                    "each side starts with 16 pieces and never gains one: remove the extra pieces",
                ),
            );
        }
    }

    for &(color, letter, problem) in findings.castling.iter().flatten() {
        let text = char::from(letter.to_byte(color));
        let castling_field = field(2);
        let letter_span = castling_field
            .of(record)
            .iter()
            .position(|&b| b == letter.to_byte(color))
            .map_or(castling_field, |i| Span::new(castling_field.offset + i, 1));
        let back_rank = color.back_rank();
        let name = color.name();
        let diagnostic = match problem {
            CastlingProblem::NoKing => {
                let kings = fen.board.by_piece(Piece {
                    color,
                    role: Role::King,
                });
                let (reason, help) = king_not_castling(color, kings);
                let mut diagnostic = Diagnostic::error(
                    codes::CASTLING_WITHOUT_KING,
                    format!("castling right `{text}` but {reason}"),
                )
                .label(letter_span, "castling right");
                if let Some(king) = single(kings) {
                    diagnostic = diagnostic.label(at(king), format!("king on {king}"));
                }
                diagnostic.help(help)
            }
            CastlingProblem::NoRook => {
                let king = single(fen.board.by_piece(Piece {
                    color,
                    role: Role::King,
                }));
                let king_file = king.map_or(4, Square::file);
                let (reason, square, label) = match letter {
                    CastlingLetter::File(file) if file == king_file => (
                        format!("it names the file of the {name} king"),
                        king,
                        String::from("the king, not a rook"),
                    ),
                    CastlingLetter::File(file) => {
                        let square = Square::new(file, back_rank);
                        let on = square.map_or_else(String::new, |s| format!(" on {s}"));
                        (
                            format!("no {name} rook stands{on}"),
                            square,
                            format!("no {name} rook here"),
                        )
                    }
                    CastlingLetter::KingSide | CastlingLetter::QueenSide => {
                        let (side, first, last) = if letter == CastlingLetter::KingSide {
                            ("kingside", king_file + 1, 7)
                        } else {
                            ("queenside", 0, king_file.saturating_sub(1))
                        };
                        let from = Square::new(first, back_rank);
                        let to = Square::new(last, back_rank);
                        let files = match (from, to) {
                            (Some(from), Some(to)) if from == to => from.to_string(),
                            (Some(from), Some(to)) => format!("{from}-{to}"),
                            _ => String::from("none"),
                        };
                        (
                            format!("no {name} rook stands on the {side} ({files})"),
                            Square::new(
                                if letter == CastlingLetter::KingSide {
                                    7
                                } else {
                                    0
                                },
                                back_rank,
                            ),
                            format!("no {name} rook on {files}"),
                        )
                    }
                };
                let mut diagnostic = Diagnostic::error(
                    codes::CASTLING_WITHOUT_ROOK,
                    format!("castling right `{text}` but {reason}"),
                )
                .label(letter_span, "castling right");
                if let Some(square) = square {
                    diagnostic = diagnostic.label(at(square), label);
                }
                diagnostic.help(if matches!(letter, CastlingLetter::File(file) if file == king_file) {
                    "a file letter names the file of a castling rook, never the king's: remove the right"
                } else {
                    "remove the castling right, or put the rook on its square"
                })
            }
            CastlingProblem::SameSide(file) => {
                let king_file = single(fen.board.by_piece(Piece {
                    color,
                    role: Role::King,
                }))
                .map_or(4, Square::file);
                let side = if file > king_file {
                    "kingside"
                } else {
                    "queenside"
                };
                let mut diagnostic = Diagnostic::error(
                    codes::CASTLING_WITHOUT_ROOK,
                    format!("castling right `{text}` has no rook of its own: another right already castles the {name} king on the {side}"),
                )
                .label(letter_span, "second right on this side");
                if let Some(square) = Square::new(file, back_rank) {
                    diagnostic = diagnostic.label(at(square), format!("rook on {square}"));
                }
                diagnostic
                    .help("a side castles at most once on each side of its king: remove one right")
            }
        };
        found.push(diagnostic);
    }

    if let (Some(problem), Some(target)) = (findings.en_passant, fen.en_passant) {
        let mover = fen.side_to_move;
        let ep = field(3);
        found.push(match problem {
            EnPassantProblem::WrongRank => {
                let expected = if mover == Color::White { 6 } else { 3 };
                Diagnostic::error(
                    codes::EN_PASSANT_WRONG_RANK,
                    format!("en passant square {target} is on rank {} with {} to move", target.rank() + 1, mover.name()),
                )
                .label(ep, "en passant square")
                .label(field(1), "side to move")
                .help(format!("with {} to move the en passant square is on rank {expected}: check the side to move, or write `-`", mover.name()))
            }
            EnPassantProblem::NoPawn(square) => {
                let owner = mover.opposite().name();
                Diagnostic::error(codes::EN_PASSANT_NO_PAWN, format!("en passant square {target} but no {owner} pawn on {square}"))
                    .label(ep, "en passant square")
                    .label(at(square), format!("expected a {owner} pawn on {square}"))
                    .help("the en passant square is right behind a pawn that just moved two squares: write `-` if none did")
            }
            EnPassantProblem::Occupied(occupied) => {
                let mut diagnostic = Diagnostic::error(codes::EN_PASSANT_NOT_EMPTY, format!("en passant square {target} but a square the pawn passed is occupied"));
                for square in in_record_order(occupied) {
                    let piece = fen.board.get(square).map_or("piece", |p| p.role.name());
                    diagnostic = diagnostic.label(at(square), format!("{piece} on {square}"));
                }
                diagnostic
                    .label(ep, "en passant square")
                    .help("a pawn that just moved two squares passed over the en passant square from the square behind it: both are empty")
            }
        });
    }

    let mover = fen.side_to_move;
    let kings = findings.kings.map(single);
    let (mover_king, other_king) = match (mover, kings) {
        (Color::White, [Some(white), Some(black)]) => (white, black),
        (Color::Black, [Some(white), Some(black)]) => (black, white),
        _ => return found,
    };
    if let Some(attacker) = squares(findings.opposite_check).next() {
        found.push(
            Diagnostic::error(
                codes::OPPOSITE_CHECK,
                format!("the {} king on {other_king} is in check but it is {}'s move", mover.opposite().name(), mover.name()),
            )
            .label(at(other_king), "in check")
            .label(at(attacker), format!("attacked from {attacker}"))
            .label(field(1), "side to move")
            .help("the side that just moved cannot have left its king in check: check the side to move"),
        );
    }
    let checkers = in_record_order(findings.checkers);
    let name = mover.name();
    let with_checkers = |mut diagnostic: Diagnostic| {
        diagnostic = diagnostic.label(at(mover_king), "in check");
        for &checker in &checkers {
            diagnostic = diagnostic.label(at(checker), format!("check from {checker}"));
        }
        diagnostic
    };
    if checkers.len() > 2 {
        found.push(
            with_checkers(Diagnostic::error(
                codes::TOO_MANY_CHECKERS,
                format!(
                    "the {name} king on {mover_king} is checked by {} pieces",
                    checkers.len()
                ),
            ))
            .help("one move gives at most two checks: remove a checking piece"),
        );
    }
    if findings.impossible_check {
        let mut diagnostic = with_checkers(Diagnostic::error(
            codes::IMPOSSIBLE_CHECK,
            format!("no legal move can have left the {name} king on {mover_king} in this check"),
        ));
        if fen.en_passant.is_some() {
            diagnostic = diagnostic.label(field(3), "en passant square");
        }
        found.push(diagnostic.help("the last move cannot have produced these checks: check the checking pieces and the en passant square"));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut for standard rights never passes rights the letter-by-letter rule finds a
    /// problem with, on real positions and on kings and rooks just off their squares.
    #[test]
    fn standard_rights_that_hold_have_no_problem() {
        let text = include_str!("../../tests/data/chess/generated/random-games-100k.fen");
        let edge_cases = [
            "4k3/8/8/4k3/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3KK1R w KQkq - 0 1",
            "r3k1r1/8/8/8/8/8/8/1R2K2R w KQkq - 0 1",
            "4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1",
            "rk5r/8/8/8/8/8/8/R5KR w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
        ];
        let mut shortcuts = 0;
        for record in text.lines().take(20_000).chain(edge_cases) {
            let Ok(fen) = record.parse::<Fen>() else {
                continue;
            };
            let board = PieceSets::of(&fen.board);
            for color in COLORS {
                let rights = fen.castling.of(color);
                let back_rank = color.back_rank();
                let (kings, rooks) = castling_pieces(&board, color);
                if standard_rights_hold(rights, kings, back_rank, rooks) {
                    shortcuts += 1;
                    let problems: Vec<_> =
                        right_problems(rights, kings, back_rank, rooks).collect();
                    assert_eq!(problems, [], "{record}: {color:?}");
                }
            }
        }
        assert!(shortcuts > 1000, "the shortcut was taken {shortcuts} times");
    }
}
