//! The text diagram of a FEEN position: each 2D layer of the board (a 1D board is one rank,
//! an n-dimensional one is drawn layer by layer under a heading with the layer's coordinates),
//! then the hands and the styles with the side to move.

use std::fmt::Write;

use crate::feen::{Cell, Feen, Placement, Side};

/// At most this many cells of a rank are drawn; the rest is counted (`… 999 more cells`).
pub(crate) const MAX_DRAWN_CELLS: u64 = 64;

/// The diagram: pieces as PNN (`K`, `+p`, `B'`), `.` for an empty cell, padded to one width.
pub fn feen_text(feen: &Feen) -> String {
    let placement = &feen.placement;
    let width = cell_width(placement);
    let mut text = String::new();
    let layered = placement.dimensions() > 2;
    for (index, rank) in placement.ranks().iter().enumerate() {
        let coordinates = placement.rank_coordinates(index);
        let starts_layer = index == 0
            || placement
                .separators()
                .get(index - 1)
                .is_some_and(|&depth| depth >= 2);
        if layered && starts_layer {
            let layer = coordinates
                .iter()
                .take(coordinates.len().saturating_sub(1))
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            let _ = writeln!(
                text,
                "{}layer [{layer}]",
                if index == 0 { "" } else { "\n" }
            );
        }
        write_rank(&mut text, rank, width);
    }
    let _ = writeln!(text, "first in hand: {}", hand_text(feen, Side::First));
    let _ = writeln!(text, "second in hand: {}", hand_text(feen, Side::Second));
    let _ = writeln!(text, "{}", turn_text(feen));
    text
}

/// `first to move (style CHESS), second plays chess`.
pub(crate) fn turn_text(feen: &Feen) -> String {
    let turn = &feen.style_turn;
    format!(
        "{} to move (style {}), {} plays {}",
        turn.side_to_move().name(),
        turn.active(),
        turn.side_to_move().opposite().name(),
        turn.inactive()
    )
}

/// The widest piece token, so that the columns line up.
fn cell_width(placement: &Placement) -> usize {
    placement
        .pieces()
        .map(|(_, _, piece)| piece.to_string().len())
        .max()
        .unwrap_or(1)
}

fn write_rank(text: &mut String, rank: &[Cell], width: usize) {
    let mut drawn = 0u64;
    let mut cells = Vec::new();
    let total: u64 = rank
        .iter()
        .fold(0, |sum, cell| sum.saturating_add(cell.width()));
    'cells: for cell in rank {
        let (token, count) = match cell {
            Cell::Piece(piece) => (piece.to_string(), 1),
            Cell::Empty(count) => (".".to_string(), count.get()),
        };
        for _ in 0..count {
            if drawn == MAX_DRAWN_CELLS {
                break 'cells;
            }
            cells.push(format!("{token:>width$}"));
            drawn += 1;
        }
    }
    text.push_str(&cells.join(" "));
    if total > drawn {
        let _ = write!(text, " … {} more cells", total - drawn);
    }
    text.push('\n');
}

/// `3P +B` or `-` for an empty hand.
pub(crate) fn hand_text(feen: &Feen, side: Side) -> String {
    let entries = feen.hands.of(side);
    if entries.is_empty() {
        return "-".to_string();
    }
    entries
        .iter()
        .map(|entry| match entry.count.get() {
            1 => entry.piece.to_string(),
            count => format!("{count}{}", entry.piece),
        })
        .collect::<Vec<_>>()
        .join(" ")
}
