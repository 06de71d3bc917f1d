//! The validation step: can this position exist? Every check reports with spans on the
//! characters of the record it was parsed from (NOTATIONS.md §1, "Legality").

use super::attacks::{aligned, attackers, is_between, squares};
use super::castling::CastlingLetter;
use super::codes;
use super::fen::{Fen, Layout};
use super::types::{Color, Piece, Role, Square};
use crate::diagnostic::{Diagnostic, Span};

/// Every legality problem of `fen`, with spans into `record`.
pub(crate) fn check(fen: &Fen, record: &[u8]) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let kings = [king_of(fen, Color::White), king_of(fen, Color::Black)];
    if quick_verdict_is_legal(fen, kings) {
        return found;
    }
    let layout = Layout::of(record);
    let context = Context {
        fen,
        record,
        layout: &layout,
    };
    context.check_material(&mut found);
    context.check_castling(&mut found);
    let en_passant_ok = context.check_en_passant(&mut found);
    if let [Some(white), Some(black)] = kings {
        context.check_checks(white, black, en_passant_ok, &mut found);
    }
    found
}

/// The only king of `color`, if it has exactly one.
fn king_of(fen: &Fen, color: Color) -> Option<Square> {
    let mut kings = fen.board.pieces().filter(|(_, piece)| {
        *piece
            == Piece {
                color,
                role: Role::King,
            }
    });
    let (square, _) = kings.next()?;
    kings.next().is_none().then_some(square)
}

/// A fast pass that finds nothing wrong in the common case, so valid positions never build
/// a layout. Any doubt falls through to the full checks.
fn quick_verdict_is_legal(fen: &Fen, kings: [Option<Square>; 2]) -> bool {
    let [Some(white_king), Some(black_king)] = kings else {
        return false;
    };
    let mut pawns = [0u32; 2];
    let mut pieces = [0u32; 2];
    for (square, piece) in fen.board.pieces() {
        let side = piece.color as usize;
        if let (Some(p), Some(n)) = (pawns.get_mut(side), pieces.get_mut(side)) {
            *n += 1;
            if piece.role == Role::Pawn {
                *p += 1;
                if square.rank() == 0 || square.rank() == 7 {
                    return false;
                }
            }
        }
    }
    if pawns.iter().any(|&n| n > 8) || pieces.iter().any(|&n| n > 16) {
        return false;
    }
    if !fen.castling.is_empty() || fen.en_passant.is_some() {
        return false;
    }
    let (mover_king, other_king) = match fen.side_to_move {
        Color::White => (white_king, black_king),
        Color::Black => (black_king, white_king),
    };
    if attackers(&fen.board, other_king, fen.side_to_move) != 0 {
        return false;
    }
    attackers(&fen.board, mover_king, fen.side_to_move.opposite()).count_ones() < 2
}

struct Context<'a> {
    fen: &'a Fen,
    record: &'a [u8],
    layout: &'a Layout,
}

impl Context<'_> {
    fn square_span(&self, square: Square) -> Span {
        self.layout.squares.span(square)
    }

    fn field(&self, index: usize) -> Span {
        self.layout.fields.get(index).copied().unwrap_or_default()
    }

    /// The span of one castling letter in the castling field as written.
    fn castling_letter_span(&self, color: Color, letter: CastlingLetter) -> Span {
        let field = self.field(2);
        let byte = letter.to_byte(color);
        field
            .of(self.record)
            .iter()
            .position(|&b| b == byte)
            .map_or(field, |index| Span::new(field.offset + index, 1))
    }

    fn pieces_of(&self, color: Color, role: Role) -> impl Iterator<Item = Square> + '_ {
        let wanted = Piece { color, role };
        self.fen
            .board
            .pieces()
            .filter(move |(_, piece)| *piece == wanted)
            .map(|(square, _)| square)
    }

    /// Squares of `color`'s pieces in the order they appear in the record.
    fn in_record_order(&self, mut squares: Vec<Square>) -> Vec<Square> {
        squares.sort_by_key(|&square| self.square_span(square).offset);
        squares
    }

    fn check_material(&self, found: &mut Vec<Diagnostic>) {
        for color in [Color::White, Color::Black] {
            let name = color.name();
            let kings = self.in_record_order(self.pieces_of(color, Role::King).collect());
            match kings.as_slice() {
                [] => found.push(
                    Diagnostic::error(codes::MISSING_KING, format!("{name} has no king"))
                        .label(self.field(0), format!("no {name} king on the board"))
                        .help(format!(
                            "put exactly one {name} king (`{}`) on the board",
                            if color == Color::White { 'K' } else { 'k' }
                        )),
                ),
                [first, rest @ ..] => {
                    for &extra in rest {
                        found.push(
                            Diagnostic::error(
                                codes::TOO_MANY_KINGS,
                                format!("{name} has {} kings", kings.len()),
                            )
                            .label(
                                self.square_span(extra),
                                format!("second {name} king on {extra}"),
                            )
                            .label(self.square_span(*first), format!("{name} king on {first}"))
                            .help("each side has exactly one king: remove the extra one"),
                        );
                    }
                }
            }
            let pawns = self.in_record_order(self.pieces_of(color, Role::Pawn).collect());
            for &pawn in &pawns {
                if pawn.rank() == 0 || pawn.rank() == 7 {
                    found.push(
                        Diagnostic::error(
                            codes::PAWN_ON_BACK_RANK,
                            format!("{name} pawn on {pawn}, a back rank"),
                        )
                        .label(
                            self.square_span(pawn),
                            format!("pawn on rank {}", pawn.rank() + 1),
                        )
                        .help("pawns never stand on rank 1 or 8: they promote on arrival"),
                    );
                }
            }
            if let Some(&ninth) = pawns.get(8) {
                found.push(
                    Diagnostic::error(
                        codes::TOO_MANY_PAWNS,
                        format!("{name} has {} pawns, at most 8", pawns.len()),
                    )
                    .label(
                        self.square_span(ninth),
                        format!("pawn number 9, on {ninth}"),
                    )
                    .help(
                        "each side starts with 8 pawns and never gains one: remove the extra pawns",
                    ),
                );
            }
            let all: Vec<Square> = self
                .fen
                .board
                .pieces()
                .filter(|(_, p)| p.color == color)
                .map(|(s, _)| s)
                .collect();
            let all = self.in_record_order(all);
            if let Some(&seventeenth) = all.get(16) {
                found.push(
                    Diagnostic::error(codes::TOO_MANY_PIECES, format!("{name} has {} pieces, at most 16", all.len()))
                        .label(self.square_span(seventeenth), format!("piece number 17, on {seventeenth}"))
                        .help("each side starts with 16 pieces and never gains one: remove the extra pieces"),
                );
            }
        }
    }

    fn check_castling(&self, found: &mut Vec<Diagnostic>) {
        for color in [Color::White, Color::Black] {
            let rights = self.fen.castling.of(color);
            if rights.is_empty() {
                continue;
            }
            let back_rank = color.back_rank();
            let king = king_of(self.fen, color)
                .filter(|king| king.rank() == back_rank && (1..=6).contains(&king.file()));
            let Some(king) = king else {
                for letter in rights.letters() {
                    let letter_span = self.castling_letter_span(color, letter);
                    let mut diagnostic = Diagnostic::error(
                        codes::CASTLING_WITHOUT_KING,
                        format!(
                            "castling right `{}` but the {} king is not on its home rank",
                            char::from(letter.to_byte(color)),
                            color.name()
                        ),
                    )
                    .label(letter_span, "castling right");
                    if let Some(elsewhere) = king_of(self.fen, color) {
                        diagnostic = diagnostic
                            .label(self.square_span(elsewhere), format!("king on {elsewhere}"));
                    }
                    found.push(diagnostic.help("a side that may castle has its king on its back rank (between the rooks): remove the right"));
                }
                continue;
            };
            let rook_files: Vec<u8> = (0..8u8)
                .filter(|&file| {
                    Square::new(file, back_rank)
                        .and_then(|square| self.fen.board.get(square))
                        .is_some_and(|piece| {
                            piece
                                == Piece {
                                    color,
                                    role: Role::Rook,
                                }
                        })
                })
                .collect();
            let mut sides_taken = [false; 2];
            for letter in rights.letters() {
                let rook = match letter {
                    CastlingLetter::KingSide => rook_files
                        .iter()
                        .copied()
                        .filter(|&f| f > king.file())
                        .max(),
                    CastlingLetter::QueenSide => rook_files
                        .iter()
                        .copied()
                        .filter(|&f| f < king.file())
                        .min(),
                    CastlingLetter::File(file) => rook_files
                        .contains(&file)
                        .then_some(file)
                        .filter(|&f| f != king.file()),
                };
                let letter_text = char::from(letter.to_byte(color));
                let letter_span = self.castling_letter_span(color, letter);
                let Some(rook_file) = rook else {
                    let expected = match letter {
                        CastlingLetter::KingSide => Square::new(7, back_rank),
                        CastlingLetter::QueenSide => Square::new(0, back_rank),
                        CastlingLetter::File(file) => Square::new(file, back_rank),
                    };
                    let mut diagnostic = Diagnostic::error(
                        codes::CASTLING_WITHOUT_ROOK,
                        format!(
                            "castling right `{letter_text}` but no {} rook stands where it names",
                            color.name()
                        ),
                    )
                    .label(letter_span, "castling right");
                    if let Some(square) = expected {
                        diagnostic = diagnostic.label(
                            self.square_span(square),
                            format!("no {} rook on {square}", color.name()),
                        );
                    }
                    found.push(
                        diagnostic.help("remove the castling right, or put the rook on its square"),
                    );
                    continue;
                };
                let side = usize::from(rook_file > king.file());
                if let Some(taken) = sides_taken.get_mut(side) {
                    if *taken {
                        let rook_square = Square::new(rook_file, back_rank);
                        let mut diagnostic = Diagnostic::error(
                            codes::CASTLING_WITHOUT_ROOK,
                            format!("castling right `{letter_text}` is a second right on the same side of the {} king", color.name()),
                        )
                        .label(letter_span, "second right on this side");
                        if let Some(square) = rook_square {
                            diagnostic = diagnostic
                                .label(self.square_span(square), format!("rook on {square}"));
                        }
                        found.push(diagnostic.help("a side castles at most once on each side of its king: remove one right"));
                    }
                    *taken = true;
                }
            }
        }
    }

    /// Checks the en passant square; returns whether it is consistent with the board.
    fn check_en_passant(&self, found: &mut Vec<Diagnostic>) -> bool {
        let Some(target) = self.fen.en_passant else {
            return true;
        };
        let mover = self.fen.side_to_move;
        let ep_span = self.field(3);
        let (expected_rank, forward) = match mover {
            Color::White => (5u8, 1i8),
            Color::Black => (2u8, -1i8),
        };
        if target.rank() != expected_rank {
            found.push(
                Diagnostic::error(
                    codes::EN_PASSANT_WRONG_RANK,
                    format!("en passant square {target} is on rank {} with {} to move", target.rank() + 1, mover.name()),
                )
                .label(ep_span, "en passant square")
                .label(self.field(1), "side to move")
                .help(format!(
                    "with {} to move the en passant square is on rank {}: check the side to move, or write `-`",
                    mover.name(),
                    expected_rank + 1
                )),
            );
            return false;
        }
        let mut consistent = true;
        let pawn_square = target.offset(0, -forward);
        let pawn = Piece {
            color: mover.opposite(),
            role: Role::Pawn,
        };
        if let Some(square) = pawn_square
            && self.fen.board.get(square) != Some(pawn)
        {
            found.push(
                    Diagnostic::error(codes::EN_PASSANT_NO_PAWN, format!("en passant square {target} but no {} pawn on {square}", pawn.color.name()))
                        .label(ep_span, "en passant square")
                        .label(self.square_span(square), format!("expected a {} pawn on {square}", pawn.color.name()))
                        .help("the en passant square is right behind a pawn that just moved two squares: write `-` if none did"),
                );
            consistent = false;
        }
        for square in [Some(target), target.offset(0, forward)]
            .into_iter()
            .flatten()
        {
            if let Some(piece) = self.fen.board.get(square) {
                found.push(
                    Diagnostic::error(codes::EN_PASSANT_NOT_EMPTY, format!("en passant square {target} but {square} is occupied"))
                        .label(self.square_span(square), format!("{} {} on {square}", piece.color.name(), piece.role.name()))
                        .label(ep_span, "en passant square")
                        .help("a pawn that just moved two squares passed over the en passant square from the square behind it: both are empty"),
                );
                consistent = false;
            }
        }
        consistent
    }

    fn check_checks(
        &self,
        white_king: Square,
        black_king: Square,
        en_passant_ok: bool,
        found: &mut Vec<Diagnostic>,
    ) {
        let mover = self.fen.side_to_move;
        let (mover_king, other_king) = match mover {
            Color::White => (white_king, black_king),
            Color::Black => (black_king, white_king),
        };
        let board = &self.fen.board;
        if let Some(attacker) = squares(attackers(board, other_king, mover)).next() {
            found.push(
                Diagnostic::error(
                    codes::OPPOSITE_CHECK,
                    format!("the {} king on {other_king} is in check but it is {}'s move", mover.opposite().name(), mover.name()),
                )
                .label(self.square_span(other_king), "in check")
                .label(self.square_span(attacker), format!("attacked from {attacker}"))
                .label(self.field(1), "side to move")
                .help("the side that just moved cannot have left its king in check: check the side to move"),
            );
        }
        let checkers: Vec<Square> =
            squares(attackers(board, mover_king, mover.opposite())).collect();
        let name = mover.name();
        if checkers.len() > 2 {
            let mut diagnostic = Diagnostic::error(
                codes::TOO_MANY_CHECKERS,
                format!(
                    "the {name} king on {mover_king} is checked by {} pieces",
                    checkers.len()
                ),
            )
            .label(self.square_span(mover_king), "in check");
            for &checker in &checkers {
                diagnostic =
                    diagnostic.label(self.square_span(checker), format!("check from {checker}"));
            }
            found.push(
                diagnostic.help("one move gives at most two checks: remove a checking piece"),
            );
            return;
        }
        let impossible = match (
            self.fen.en_passant.filter(|_| en_passant_ok),
            checkers.as_slice(),
        ) {
            (Some(target), _) => {
                let forward: i8 = if mover == Color::White { 1 } else { -1 };
                let pushed = target.offset(0, -forward);
                let source = target.offset(0, forward);
                checkers.len() > 1
                    || checkers.iter().any(|&checker| {
                        Some(checker) != pushed
                            && !source.is_some_and(|source| is_between(checker, mover_king, source))
                    })
            }
            (None, [first, second]) => aligned(*first, *second, mover_king),
            _ => false,
        };
        if impossible {
            let mut diagnostic = Diagnostic::error(
                codes::IMPOSSIBLE_CHECK,
                format!(
                    "no legal move can have left the {name} king on {mover_king} in this check"
                ),
            )
            .label(self.square_span(mover_king), "in check");
            for &checker in &checkers {
                diagnostic =
                    diagnostic.label(self.square_span(checker), format!("check from {checker}"));
            }
            if self.fen.en_passant.is_some() {
                diagnostic = diagnostic.label(self.field(3), "en passant square");
            }
            found.push(diagnostic.help("the last move cannot have produced these checks: check the checking pieces and the en passant square"));
        }
    }
}
