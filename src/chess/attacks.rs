//! Which pieces attack a square, with precomputed masks: enough move geometry for the legality
//! checks, at a few instructions per check.

use super::board::PieceSets;
use super::types::{Color, Piece, Role, Square};

pub(crate) use super::types::SquareSet;

/// Knight, king and the eight sliding directions as (files, ranks) steps.
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
/// Directions 0-3 are orthogonal, 4-7 diagonal; even ones go up the board (to higher squares).
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

const fn square_after(square: usize, files: i8, ranks: i8) -> Option<usize> {
    let file = (square % 8) as i8 + files;
    let rank = (square / 8) as i8 + ranks;
    if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
        Some((rank * 8 + file) as usize)
    } else {
        None
    }
}

#[allow(clippy::indexing_slicing)] // evaluated at compile time: an out-of-range index fails the build
const fn step_masks(steps: &[(i8, i8)]) -> [SquareSet; 64] {
    let mut masks = [0; 64];
    let mut square = 0;
    while square < 64 {
        let mut step = 0;
        while step < steps.len() {
            if let Some(target) = square_after(square, steps[step].0, steps[step].1) {
                masks[square] |= 1 << target;
            }
            step += 1;
        }
        square += 1;
    }
    masks
}

#[allow(clippy::indexing_slicing)] // evaluated at compile time: an out-of-range index fails the build
const fn ray_masks() -> [[SquareSet; 64]; 8] {
    let mut masks = [[0; 64]; 8];
    let mut direction = 0;
    while direction < 8 {
        let (files, ranks) = DIRECTIONS[direction];
        let mut square = 0;
        while square < 64 {
            let mut current = square_after(square, files, ranks);
            while let Some(target) = current {
                masks[direction][square] |= 1 << target;
                current = square_after(target, files, ranks);
            }
            square += 1;
        }
        direction += 1;
    }
    masks
}

static KNIGHT_MASKS: [SquareSet; 64] = step_masks(&KNIGHT);
static KING_MASKS: [SquareSet; 64] = step_masks(&KING);
static RAYS: [[SquareSet; 64]; 8] = ray_masks();
/// The squares from which a pawn attacks a square: a white pawn from below, a black one from
/// above.
static PAWN_SOURCES: [[SquareSet; 64]; 2] = [
    step_masks(&[(-1, -1), (1, -1)]),
    step_masks(&[(-1, 1), (1, 1)]),
];

fn mask(table: &[SquareSet; 64], square: Square) -> SquareSet {
    table.get(square.index()).copied().unwrap_or(0)
}

fn ray(direction: usize, square: Square) -> SquareSet {
    RAYS.get(direction).map_or(0, |rays| mask(rays, square))
}

/// The squares from which a pawn of `by` attacks `target`.
fn pawn_sources(target: Square, by: Color) -> SquareSet {
    PAWN_SOURCES
        .get(usize::from(by == Color::Black))
        .map_or(0, |sources| mask(sources, target))
}

/// The squares of the pieces of `by` that attack `target`.
pub(crate) fn attackers(sets: &PieceSets, target: Square, by: Color) -> SquareSet {
    let theirs = |role| sets.by_piece(Piece { color: by, role });
    let occupied = sets.occupied();
    let straight = theirs(Role::Rook) | theirs(Role::Queen);
    let diagonal = theirs(Role::Bishop) | theirs(Role::Queen);
    let mut found = (mask(&KNIGHT_MASKS, target) & theirs(Role::Knight))
        | (mask(&KING_MASKS, target) & theirs(Role::King))
        | (pawn_sources(target, by) & theirs(Role::Pawn));
    // Without a branch per direction (whether a ray is blocked is different in every
    // position, so a branch there is mispredicted often): an empty ray yields no square.
    for direction in 0..8 {
        let sliders = if direction < 4 { straight } else { diagonal };
        let blockers = ray(direction, target) & occupied;
        let nearest = if direction % 2 == 0 {
            // Up the board: the lowest blocker.
            blockers & blockers.wrapping_neg()
        } else {
            // Down the board: the highest (`| 1` keeps the shift in range; `& blockers` then
            // drops it when the ray is empty).
            (1 << (63 - (blockers | 1).leading_zeros())) & blockers
        };
        found |= nearest & sliders;
    }
    found
}

/// The one square of a set that holds exactly one. Tested with `x & (x - 1)`: a population
/// count is a dozen instructions on baseline x86-64, which has no `popcnt`.
pub(crate) fn single(set: SquareSet) -> Option<Square> {
    if set == 0 || set & (set - 1) != 0 {
        return None;
    }
    Square::from_index(set.trailing_zeros() as u8)
}

/// The squares of a set, from a1 up.
pub(crate) fn squares(set: SquareSet) -> impl Iterator<Item = Square> {
    (0..64u8)
        .filter(move |index| set & (1u64 << index) != 0)
        .filter_map(Square::from_index)
}

/// The direction (index into the ray tables) from `a` towards `b`, if they share a line.
fn direction(a: Square, b: Square) -> Option<usize> {
    (0..8).find(|&direction| ray(direction, a) & (1 << b.index()) != 0)
}

/// The squares strictly between `a` and `b` on their line (empty if they share none).
pub(crate) fn between(a: Square, b: Square) -> SquareSet {
    direction(a, b).map_or(0, |d| ray(d, a) & ray(d ^ 1, b))
}

/// Whether `c` lies on the line through `a` and `b`.
pub(crate) fn aligned(a: Square, b: Square, c: Square) -> bool {
    direction(a, b).is_some_and(|d| (ray(d, a) | ray(d ^ 1, a)) & (1 << c.index()) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Fen;

    /// The pieces of `by` that attack `target`, found by walking from each piece on the board.
    fn walked(fen: &Fen, target: Square, by: Color) -> SquareSet {
        let mut found = 0;
        for (from, piece) in fen.board.pieces().filter(|(_, piece)| piece.color == by) {
            let reaches = |steps: &[(i8, i8)], slides: bool| {
                steps.iter().any(|&(files, ranks)| {
                    let mut at = from;
                    while let Some(next) = at.offset(files, ranks) {
                        if next == target {
                            return true;
                        }
                        if !slides || fen.board.get(next).is_some() {
                            return false;
                        }
                        at = next;
                    }
                    false
                })
            };
            let forward = if by == Color::White { 1 } else { -1 };
            let attacks = match piece.role {
                Role::Pawn => reaches(&[(-1, forward), (1, forward)], false),
                Role::Knight => reaches(&KNIGHT, false),
                Role::King => reaches(&KING, false),
                Role::Bishop => reaches(&DIRECTIONS[4..], true),
                Role::Rook => reaches(&DIRECTIONS[..4], true),
                Role::Queen => reaches(&DIRECTIONS, true),
            };
            if attacks {
                found |= 1 << from.index();
            }
        }
        found
    }

    /// On real positions, every square's attackers of both colours are the pieces that reach
    /// it when walked one step at a time.
    #[test]
    fn attackers_are_the_pieces_that_reach_the_square() {
        let positions = include_str!("../../tests/data/chess/generated/random-games-100k.fen");
        for line in positions.lines().step_by(211).take(300) {
            let Ok(fen) = line.parse::<Fen>() else {
                panic!("{line} did not parse");
            };
            let sets = PieceSets::of(&fen.board);
            for target in (0..64).filter_map(Square::from_index) {
                for by in [Color::White, Color::Black] {
                    assert_eq!(
                        attackers(&sets, target, by),
                        walked(&fen, target, by),
                        "{line}: {by:?} on {target}"
                    );
                }
            }
        }
    }
}
