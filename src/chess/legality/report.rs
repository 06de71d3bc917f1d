//! The findings turned into diagnostics: each with spans on the record's characters (`Places`),
//! one small function per finding, the words from `messages` (a variant's own from its rules).

use super::findings::{COLORS, CastlingProblem, EnPassantProblem, Findings};
use crate::chess::attacks::{SquareSet, single, squares};
use crate::chess::castling::CastlingLetter;
use crate::chess::fen::Fen;
use crate::chess::messages;
use crate::chess::record::Layout;
use crate::chess::types::{Color, Piece, Role, Square};
use crate::chess::variant_rules::{Checks, VariantFinding, VariantRules};
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// Turns findings into diagnostics with spans into `record`: the kings, pawns and pieces of
/// each colour, then the castling rights, the en passant square and the checks.
pub(super) fn report(
    places: &Places,
    variant: &dyn VariantRules,
    findings: &Findings,
) -> Vec<Diagnostic> {
    let fen = places.fen;
    let mut found = Vec::new();
    let rules = findings.rules;
    if findings.empty_board {
        let placement = places.field(0);
        found.push(variant.word(VariantFinding::EmptyBoard { placement }));
    }
    for (index, color) in COLORS.into_iter().enumerate() {
        let of_color = |sets: &[SquareSet; 2]| sets.get(index).copied().unwrap_or(0);
        let allowed = rules.kings_of(color, findings.mover);
        kings(
            places,
            variant,
            color,
            of_color(&findings.kings),
            allowed,
            &mut found,
        );
        if let Some(limits) = rules.race {
            race_material(places, variant, color, limits, &mut found);
            continue;
        }
        pawns(
            places,
            color,
            of_color(&findings.pawns),
            findings.back_rank_pawns,
            rules.counts && !rules.is_horde(color),
            &mut found,
        );
        let pieces = places.in_record_order(of_color(&findings.pieces));
        if rules.is_horde(color) {
            let most = rules.horde_pieces;
            if let Some(&extra) = pieces.get(most as usize) {
                found.push(variant.word(VariantFinding::HordeTooManyPieces {
                    color,
                    count: pieces.len(),
                    most,
                    extra: places.placed(extra),
                }));
            }
        } else if let (true, Some(&extra)) = (rules.counts, pieces.get(16)) {
            found.push(messages::too_many_pieces(
                color,
                pieces.len(),
                places.placed(extra),
            ));
        }
    }
    for &(color, letter, problem) in findings.castling.iter().flatten() {
        found.push(castling(places, color, letter, problem));
    }
    if findings.forbidden_castling {
        for (color, letter) in fen.castling.iter() {
            let span = places.castling_letter(letter.to_byte(color));
            found.push(variant.word(VariantFinding::NoCastling {
                color,
                letter,
                span,
            }));
        }
    }
    if let (Some(problem), Some(target)) = (findings.en_passant, fen.en_passant) {
        found.push(en_passant(places, problem, target));
    }
    checks(places, variant, findings, &mut found);
    if findings.race_over {
        let kings: Vec<_> = places
            .in_record_order(findings.kings.iter().fold(0, |all, &kings| all | kings))
            .into_iter()
            .map(|king| places.placed(king))
            .collect();
        found.push(variant.word(VariantFinding::RaceOver {
            kings: &kings,
            side_field: places.field(1),
        }));
    }
    found
}

/// Where the parts of the record stand: the spans of the legality diagnostics.
pub(super) struct Places<'a> {
    pub(super) fen: &'a Fen,
    pub(super) record: &'a [u8],
    pub(super) layout: &'a Layout,
}

impl Places<'_> {
    /// The character of the piece on `square`.
    fn at(&self, square: Square) -> Span {
        self.layout.squares.span(square, &self.fen.board)
    }

    /// `square` with its span.
    fn placed(&self, square: Square) -> (Square, Span) {
        (square, self.at(square))
    }

    /// Field `index` of the record (0 for the placement).
    fn field(&self, index: usize) -> Span {
        self.layout.fields.get(index).copied().unwrap_or_default()
    }

    /// The squares of `set` in the order their pieces are written.
    fn in_record_order(&self, set: SquareSet) -> Vec<Square> {
        let mut list: Vec<Square> = squares(set).collect();
        crate::primitives::sort::sort_by_key(&mut list, |&square| {
            (self.at(square).offset as u64, 0)
        });
        list
    }

    /// The letter `byte` in the castling field (the whole field if it is not there).
    fn castling_letter(&self, byte: u8) -> Span {
        let field = self.field(2);
        field
            .of(self.record)
            .iter()
            .position(|&b| b == byte)
            .map_or(field, |i| Span::new(field.offset + i, 1))
    }
}

/// Fewer kings of `color` than the variant's `allowed` (fewest, most), or one diagnostic per
/// king after the most: after the first in chess, each of the horde's.
fn kings(
    places: &Places,
    variant: &dyn VariantRules,
    color: Color,
    kings: SquareSet,
    allowed: (u32, u32),
    found: &mut Vec<Diagnostic>,
) {
    let kings = places.in_record_order(kings);
    let (fewest, most) = allowed;
    if most == 0 {
        for &king in &kings {
            let king = places.placed(king);
            found.push(variant.word(VariantFinding::HordeKing { color, king }));
        }
        return;
    }
    if kings.len() as u64 <= u64::from(most) && kings.len() as u64 >= u64::from(fewest) {
        return;
    }
    match kings.as_slice() {
        [] => found.push(messages::missing_king(color, places.field(0))),
        [first, rest @ ..] => {
            for &extra in rest {
                found.push(messages::too_many_kings(
                    color,
                    kings.len(),
                    places.placed(extra),
                    places.placed(*first),
                ));
            }
        }
    }
}

/// Each pawn of `color` on a back rank, then a ninth pawn when pawns are `counted`.
fn pawns(
    places: &Places,
    color: Color,
    pawns: SquareSet,
    back_rank_pawns: SquareSet,
    counted: bool,
    found: &mut Vec<Diagnostic>,
) {
    let pawns = places.in_record_order(pawns);
    for &pawn in pawns
        .iter()
        .filter(|pawn| back_rank_pawns & (1 << pawn.index()) != 0)
    {
        found.push(messages::pawn_on_back_rank(color, places.placed(pawn)));
    }
    if let (true, Some(&ninth)) = (counted, pawns.get(8)) {
        found.push(messages::too_many_pawns(
            color,
            pawns.len(),
            places.placed(ninth),
        ));
    }
}

/// A race's material of `color`: each pawn, then each role with more pieces than its
/// `limits` (labelled on the first piece too many).
fn race_material(
    places: &Places,
    variant: &dyn VariantRules,
    color: Color,
    limits: &[(Role, u32)],
    found: &mut Vec<Diagnostic>,
) {
    let board = &places.fen.board;
    let pawns = board.by_piece(Piece {
        color,
        role: Role::Pawn,
    });
    for pawn in places.in_record_order(pawns) {
        let pawn = places.placed(pawn);
        found.push(variant.word(VariantFinding::RacePawn { color, pawn }));
    }
    for &(role, most) in limits {
        let pieces = places.in_record_order(board.by_piece(Piece { color, role }));
        if let Some(&extra) = pieces.get(most as usize) {
            found.push(variant.word(VariantFinding::RaceMaterial {
                piece: Piece { color, role },
                count: pieces.len(),
                most,
                extra: places.placed(extra),
            }));
        }
    }
}

/// The problem of one castling right of `color`, written `letter`.
fn castling(
    places: &Places,
    color: Color,
    letter: CastlingLetter,
    problem: CastlingProblem,
) -> Diagnostic {
    let letter_span = places.castling_letter(letter.to_byte(color));
    let back_rank = color.back_rank();
    let kings = places.fen.board.by_piece(Piece {
        color,
        role: Role::King,
    });
    let king = single(kings);
    let king_file = king.map_or(4, Square::file);
    match problem {
        CastlingProblem::NoKing => messages::castling_without_king(
            color,
            letter,
            letter_span,
            kings.count_ones(),
            king.map(|king| places.placed(king)),
        ),
        CastlingProblem::NoRook => {
            // Where the rook should stand; a file letter naming the king's file names the king.
            let square = match letter {
                CastlingLetter::File(file) if file == king_file => king,
                CastlingLetter::File(file) => Square::new(file, back_rank),
                CastlingLetter::KingSide => Square::new(7, back_rank),
                CastlingLetter::QueenSide => Square::new(0, back_rank),
            };
            messages::castling_without_rook(
                color,
                letter,
                letter_span,
                king_file,
                square.map(|square| places.at(square)),
            )
        }
        CastlingProblem::SameSide(file) => messages::castling_same_side(
            color,
            letter,
            letter_span,
            king_file,
            file,
            Square::new(file, back_rank).map(|square| places.placed(square)),
        ),
    }
}

/// The problem of the en passant square `target`.
fn en_passant(places: &Places, problem: EnPassantProblem, target: Square) -> Diagnostic {
    let mover = places.fen.side_to_move;
    let field = places.field(3);
    match problem {
        EnPassantProblem::WrongRank => {
            messages::en_passant_wrong_rank(target, mover, field, places.field(1))
        }
        EnPassantProblem::NoPawn(square) => {
            messages::en_passant_no_pawn(target, mover, field, places.placed(square))
        }
        EnPassantProblem::Occupied(occupied) => {
            let occupants: Vec<_> = places
                .in_record_order(occupied)
                .into_iter()
                .map(|square| (square, places.fen.board.get(square), places.at(square)))
                .collect();
            messages::en_passant_not_empty(target, field, &occupants)
        }
    }
}

/// The side not to move in check, too many checkers, a check no move can give (with one king
/// of each colour).
fn checks(
    places: &Places,
    variant: &dyn VariantRules,
    findings: &Findings,
    found: &mut Vec<Diagnostic>,
) {
    let fen = places.fen;
    let mover = fen.side_to_move;
    let [white, black] = findings.kings.map(single);
    let (mover_king, other_king) = match mover {
        Color::White => (white, black),
        Color::Black => (black, white),
    };
    if let (Some(other_king), Some(attacker)) =
        (other_king, squares(findings.opposite_check).next())
    {
        found.push(messages::opposite_check(
            mover,
            places.placed(other_king),
            places.placed(attacker),
            places.field(1),
        ));
    }
    let Some(mover_king) = mover_king else {
        return;
    };
    let checkers: Vec<_> = places
        .in_record_order(findings.checkers)
        .into_iter()
        .map(|checker| places.placed(checker))
        .collect();
    let king = places.placed(mover_king);
    if findings.rules.checks == Checks::Racing {
        if !checkers.is_empty() {
            found.push(variant.word(VariantFinding::RaceCheck {
                mover,
                king,
                checkers: &checkers,
            }));
        }
        return;
    }
    if checkers.len() > 2 {
        found.push(messages::too_many_checkers(mover, king, &checkers));
    }
    if findings.impossible_check {
        let en_passant = fen.en_passant.map(|_| places.field(3));
        found.push(messages::impossible_check(
            mover, king, &checkers, en_passant,
        ));
    }
}
