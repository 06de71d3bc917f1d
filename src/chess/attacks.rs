//! Which pieces attack a square: enough move geometry for the legality checks.

use super::types::{Board, Color, Role, Square};

/// A set of squares, bit `n` = square `n` (a1 = 0).
pub(crate) type SquareSet = u64;

const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

fn bit(square: Square) -> SquareSet {
    1u64 << square.index()
}

/// The squares of the pieces of `by` that attack `target`.
pub(crate) fn attackers(board: &Board, target: Square, by: Color) -> SquareSet {
    let mut found = 0;
    let is = |square: Square, roles: &[Role]| {
        board
            .get(square)
            .is_some_and(|piece| piece.color == by && roles.contains(&piece.role))
    };
    let pawn_rank = match by {
        Color::White => -1,
        Color::Black => 1,
    };
    for file in [-1, 1] {
        if let Some(square) = target
            .offset(file, pawn_rank)
            .filter(|&s| is(s, &[Role::Pawn]))
        {
            found |= bit(square);
        }
    }
    for (steps, role) in [(&KNIGHT, Role::Knight), (&KING, Role::King)] {
        for &(files, ranks) in steps {
            if let Some(square) = target.offset(files, ranks).filter(|&s| is(s, &[role])) {
                found |= bit(square);
            }
        }
    }
    for (directions, slider) in [(&ORTHOGONAL, Role::Rook), (&DIAGONAL, Role::Bishop)] {
        for &(files, ranks) in directions {
            if let Some(square) =
                first_piece(board, target, files, ranks).filter(|&s| is(s, &[slider, Role::Queen]))
            {
                found |= bit(square);
            }
        }
    }
    found
}

/// The first occupied square from `from` (exclusive) in one direction.
fn first_piece(board: &Board, from: Square, files: i8, ranks: i8) -> Option<Square> {
    let mut square = from.offset(files, ranks)?;
    while board.get(square).is_none() {
        square = square.offset(files, ranks)?;
    }
    Some(square)
}

/// The squares of a set, from a1 up.
pub(crate) fn squares(set: SquareSet) -> impl Iterator<Item = Square> {
    (0..64u8)
        .filter(move |index| set & (1u64 << index) != 0)
        .filter_map(Square::from_index)
}

/// The direction from `a` to `b` if they share a rank, file or diagonal.
fn direction(a: Square, b: Square) -> Option<(i8, i8)> {
    let files = b.file() as i8 - a.file() as i8;
    let ranks = b.rank() as i8 - a.rank() as i8;
    if a == b || !(files == 0 || ranks == 0 || files.abs() == ranks.abs()) {
        return None;
    }
    Some((files.signum(), ranks.signum()))
}

/// Whether `c` lies on the line through `a` and `b`.
pub(crate) fn aligned(a: Square, b: Square, c: Square) -> bool {
    match (direction(a, b), direction(a, c)) {
        (Some((f1, r1)), Some((f2, r2))) => (f1, r1) == (f2, r2) || (f1, r1) == (-f2, -r2),
        _ => false,
    }
}

/// Whether `between` lies strictly between `a` and `b` on a line.
pub(crate) fn is_between(a: Square, b: Square, between: Square) -> bool {
    let Some((files, ranks)) = direction(a, b) else {
        return false;
    };
    let mut square = a.offset(files, ranks);
    while let Some(current) = square {
        if current == b {
            return false;
        }
        if current == between {
            return true;
        }
        square = current.offset(files, ranks);
    }
    false
}
