//! The validation step: can this position exist? (docs/notations.md, "Legality".)
//!
//! [`Findings::gather`] applies every rule with mask operations and allocates nothing, so a legal
//! position costs a few hundred instructions. Only when something is wrong does [`report`]
//! turn the findings into diagnostics with spans on the record's characters, one small function
//! per finding; what each says is in `messages`.

use crate::chess::attacks::{SquareSet, aligned, attackers, between, single, squares};
use crate::chess::board::PieceSets;
use crate::chess::castling::{CastlingLetter, SideRights};
use crate::chess::fen::Fen;
use crate::chess::record::LayoutSource;
use crate::chess::types::{Color, Piece, Role, Square};
use crate::chess::variant_rules::{BoardRules, Checks, Kings, VariantRules};
use crate::diagnostic::Diagnostic;

mod findings;
mod report;

use findings::{COLORS, CastlingProblem, EnPassantProblem, Findings};

use report::{Places, report};

const BACK_RANKS: SquareSet = 0xFF00_0000_0000_00FF;
const RANK_1: SquareSet = 0xFF;
const RANK_8: SquareSet = 0xFF00_0000_0000_0000;

/// Adds every legality problem of `fen` under `variant`'s rules to `problems`, with spans
/// into `record` (`layout` tells where its parts stand, in the record as written).
///
/// Results are filled where they stand, not returned: a value returned by value is copied
/// right after its fields were written one by one, and reading them back at once stalls.
pub(crate) fn check(
    fen: &Fen,
    record: &[u8],
    layout: &mut LayoutSource<'_>,
    variant: &dyn VariantRules,
    problems: &mut Vec<Diagnostic>,
) {
    let mut findings = Findings::new(variant.board_rules(), fen.side_to_move);
    findings.gather(fen);
    if !findings.is_clean() {
        let places = Places {
            fen,
            record,
            layout: layout.get(record),
        };
        problems.extend(report(&places, variant, &findings));
    }
}

/// How many squares `set` holds, counted up to three: enough for the rules on checkers, and
/// cheaper than a population count (a dozen instructions on baseline x86-64).
fn count_up_to_three(set: SquareSet) -> u32 {
    let without_one = set & set.wrapping_sub(1);
    let without_two = without_one & without_one.wrapping_sub(1);
    u32::from(set != 0) + u32::from(without_one != 0) + u32::from(without_two != 0)
}

impl Findings {
    /// Nothing found yet, judged by `rules` with `mover` to move.
    fn new(rules: BoardRules, mover: Color) -> Findings {
        Findings {
            rules,
            mover,
            kings: [0; 2],
            back_rank_pawns: 0,
            pawns: [0; 2],
            pieces: [0; 2],
            castling: [None; 4],
            en_passant: None,
            opposite_check: 0,
            checkers: 0,
            impossible_check: false,
            forbidden_castling: false,
            racing_pawns: 0,
            racing_material: false,
            race_over: false,
            empty_board: false,
        }
    }

    /// Applies every rule to `fen` (`self` starts as [`new`](Self::new), nothing found).
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
        let rules = findings.rules;
        findings.back_rank_pawns = board.by_role(Role::Pawn) & BACK_RANKS;
        if rules.chess {
            // Chess's rules alone, the common case, without asking the variant's table.
            findings.check_castling(fen, board);
            findings.en_passant = en_passant_problem(fen, board);
            if let [Some(white), Some(black)] = findings.kings.map(single) {
                let (mover, other) = match fen.side_to_move {
                    Color::White => (white, black),
                    Color::Black => (black, white),
                };
                findings.check_checks(fen, board, Some(mover), Some(other));
            }
            return;
        }
        if rules.is_horde(Color::White) {
            // The horde's pawns stand on its first rank from the start.
            findings.back_rank_pawns &= !(board.by_color(Color::White) & RANK_1);
        }
        if rules.castling {
            findings.check_castling(fen, board);
        } else {
            findings.forbidden_castling = !fen.castling.of(Color::White).is_empty()
                || !fen.castling.of(Color::Black).is_empty();
        }
        findings.en_passant = en_passant_problem(fen, board);
        // Without kings, a board can be empty; no game reaches it.
        findings.empty_board = rules.kings == Kings::Any && findings.pieces == [0, 0];
        if let Some(limits) = rules.race {
            findings.check_race(fen, board, limits);
        }
        findings.gather_checks(fen, board);
    }

    fn is_clean(&self) -> bool {
        if self.rules.chess {
            // Chess's rules alone, the common case, without asking the variant's table.
            return self.kings.iter().all(|&kings| single(kings).is_some())
                && self.back_rank_pawns == 0
                && self.pawns.iter().all(|pawns| pawns.count_ones() <= 8)
                && self.pieces.iter().all(|pieces| pieces.count_ones() <= 16)
                && self.castling.iter().all(Option::is_none)
                && self.en_passant.is_none()
                && self.opposite_check == 0
                && count_up_to_three(self.checkers) <= 2
                && !self.impossible_check;
        }
        self.kings_hold()
            && self.back_rank_pawns == 0
            && self.counts_hold()
            && self.castling.iter().all(Option::is_none)
            && !self.forbidden_castling
            && self.en_passant.is_none()
            && self.opposite_check == 0
            && match self.rules.checks {
                Checks::Racing => self.checkers == 0,
                _ => count_up_to_three(self.checkers) <= 2 && !self.impossible_check,
            }
            && self.racing_pawns == 0
            && !self.racing_material
            && !self.race_over
            && !self.empty_board
    }

    /// Each side has as many kings as the variant allows.
    fn kings_hold(&self) -> bool {
        COLORS.into_iter().zip(self.kings).all(|(color, kings)| {
            match self.rules.kings_of(color, self.mover) {
                // One king, chess's rule: no population count (a dozen instructions on
                // baseline x86-64).
                (1, 1) => single(kings).is_some(),
                (fewest, most) => (fewest..=most).contains(&kings.count_ones()),
            }
        })
    }

    /// Each side has no more pawns and pieces than the variant allows.
    fn counts_hold(&self) -> bool {
        COLORS
            .into_iter()
            .zip(self.pawns.into_iter().zip(self.pieces))
            .all(|(color, (pawns, pieces))| {
                if self.rules.is_horde(color) {
                    pieces.count_ones() <= self.rules.horde_pieces
                } else {
                    !self.rules.counts || (pawns.count_ones() <= 8 && pieces.count_ones() <= 16)
                }
            })
    }

    /// A race's material and end: no pawn, at most `limits` of a role a side, and not both
    /// kings on rank 8 with Black to move.
    fn check_race(&mut self, fen: &Fen, board: &PieceSets, limits: &[(Role, u32)]) {
        self.racing_pawns = board.by_role(Role::Pawn);
        self.racing_material = COLORS.into_iter().any(|color| {
            limits
                .iter()
                .any(|&(role, most)| board.by_piece(Piece { color, role }).count_ones() > most)
        });
        let kings_home = self.kings.map(|kings| kings & RANK_8 != 0);
        self.race_over = fen.side_to_move == Color::Black && kings_home == [true, true];
    }

    /// The checks the variant looks at, on the kings there are.
    fn gather_checks(&mut self, fen: &Fen, board: &PieceSets) {
        let [white, black] = self.kings.map(single);
        let (mover_king, other_king) = match fen.side_to_move {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        match self.rules.checks {
            Checks::None => {}
            Checks::Atomic => {
                let (Some(mover_king), Some(other_king)) = (mover_king, other_king) else {
                    // A side without a king lost it to the last capture, which may have left
                    // the capturer's king attacked: there is no check to judge.
                    return;
                };
                if next_to(mover_king, other_king) {
                    // Kings side by side: a capture next to a king would blow up both.
                    return;
                }
                self.check_checks(fen, board, Some(mover_king), Some(other_king));
                if fen.en_passant.is_none() {
                    // The other king stepping away can uncover any number of checks.
                    self.checkers = 0;
                    self.impossible_check = false;
                }
            }
            Checks::Chess | Checks::Racing => {
                if self.rules.is_horde(Color::White) || (white.is_some() && black.is_some()) {
                    self.check_checks(fen, board, mover_king, other_king);
                }
                if self.rules.checks == Checks::Racing {
                    // Any check is wrong, reported as such, not as an impossible one.
                    self.impossible_check = false;
                }
            }
        }
    }

    #[inline(always)]
    fn check_castling(&mut self, fen: &Fen, board: &PieceSets) {
        if fen.castling.is_empty() {
            // No right, most positions past the opening: no loop over the colours to run.
            return;
        }
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

    /// The checks on the kings there are: the side not to move's, `other_king`, and the side
    /// to move's, `mover_king` (both are there but in horde).
    #[inline(always)]
    fn check_checks(
        &mut self,
        fen: &Fen,
        board: &PieceSets,
        mover_king: Option<Square>,
        other_king: Option<Square>,
    ) {
        let mover = fen.side_to_move;
        if let Some(other_king) = other_king {
            self.opposite_check = attackers(board, other_king, mover);
        }
        let Some(mover_king) = mover_king else {
            return;
        };
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

/// Whether two squares touch (kings side by side).
fn next_to(a: Square, b: Square) -> bool {
    a.file().abs_diff(b.file()) <= 1 && a.rank().abs_diff(b.rank()) <= 1
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

/// The file of the rook a castling letter names, given the king's file and the back-rank rooks.
pub(in crate::chess) fn rook_file(letter: CastlingLetter, king_file: u8, rooks: u8) -> Option<u8> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut for standard rights never passes rights the letter-by-letter rule finds a
    /// problem with, on real positions and on kings and rooks just off their squares.
    #[test]
    fn standard_rights_that_hold_have_no_problem() {
        let text = include_str!("../../../tests/data/chess/generated/random-games-100k.fen");
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
