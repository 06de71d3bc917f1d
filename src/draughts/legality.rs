//! The validation step: can this position stand on its board? No square twice (within or
//! across colours, both places labelled), no man on its own promotion row, no more pieces than
//! the initial position has, alphanumeric squares only on playing squares (docs/notations.md).

use super::fen::DraughtsFen;
use super::messages;
use super::pass::Item;
use crate::diagnostic::{Diagnostic, MAX_DIAGNOSTICS};
use crate::settings::{Color, Pieces, SquareSet};
use crate::span::Span;

/// A pass over the bitsets that finds nothing wrong in the common case, so valid positions
/// never re-read the record. Any doubt falls through to [`check`].
pub(crate) fn quick_check(fen: Option<&DraughtsFen>) -> bool {
    let Some(fen) = fen else {
        return true;
    };
    let board = fen.board;
    // The per-square rules as bitsets: no loop over the squares.
    let playing = board.playing_squares();
    let clean = |color: Color, pieces: &Pieces| {
        let all = pieces.all();
        (pieces.men & pieces.kings).is_empty()
            && all.len() <= u32::from(board.initial_pieces())
            && (pieces.men & board.promotion_rows(color)).is_empty()
            && (all & playing) == all
    };
    (fen.white.all() & fen.black.all()).is_empty()
        && clean(Color::White, &fen.white)
        && clean(Color::Black, &fen.black)
}

/// Every problem of `fen` on its board, with spans into `record`: `items` and `sections` (each
/// section's colour and text) are where the parse found them.
pub(crate) fn check_items(
    fen: &DraughtsFen,
    record: &[u8],
    items: &[Item],
    sections: &[(Color, Span)],
) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    duplicates(fen, items, &mut found);
    for item in items {
        if found.len() >= MAX_DIAGNOSTICS {
            break;
        }
        promotion_row(fen, record, item, &mut found);
        playing_squares(fen, item, &mut found);
    }
    for color in [Color::White, Color::Black] {
        too_many(fen, color, sections, &mut found);
    }
    found.truncate(MAX_DIAGNOSTICS);
    found
}

/// `31` or `31, 32 and 40` for a message; long lists are cut.
fn square_names(fen: &DraughtsFen, set: SquareSet) -> String {
    let names: Vec<String> = set
        .iter()
        .map(|index| fen.board.square(index).to_string())
        .collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] if names.len() <= 6 => format!("{} and {last}", init.join(", ")),
        _ => format!(
            "{} and {} more",
            names.iter().take(4).cloned().collect::<Vec<_>>().join(", "),
            names.len() - 4
        ),
    }
}

fn describe(item: &Item) -> String {
    let color = item.color.map_or("", Color::name);
    let piece = if item.king { "king" } else { "man" };
    format!("{color} {piece}").trim().to_string()
}

fn duplicates(fen: &DraughtsFen, items: &[Item], found: &mut Vec<Diagnostic>) {
    // The item that first listed each square: one pass, whatever the number of items.
    let mut owner: [Option<usize>; 128] = [None; 128];
    for (index, item) in items.iter().enumerate() {
        if found.len() >= MAX_DIAGNOSTICS {
            return;
        }
        let mut earlier_items: Vec<usize> = Vec::new();
        for square in item.set.iter() {
            match owner.get(usize::from(square)).copied().flatten() {
                Some(earlier) if !earlier_items.contains(&earlier) => earlier_items.push(earlier),
                Some(_) => {}
                None => {
                    if let Some(slot) = owner.get_mut(usize::from(square)) {
                        *slot = Some(index);
                    }
                }
            }
        }
        for earlier_index in earlier_items {
            let Some(earlier) = items.get(earlier_index) else {
                continue;
            };
            let twice = item.set & earlier.set;
            found.push(messages::duplicate_square(
                &square_names(fen, twice),
                twice.len(),
                (item.span, &describe(item)),
                (earlier.span, &describe(earlier)),
            ));
        }
    }
}

fn promotion_row(fen: &DraughtsFen, record: &[u8], item: &Item, found: &mut Vec<Diagnostic>) {
    let Some(color) = item.color.filter(|_| !item.king) else {
        return;
    };
    let crowned = SquareSet(
        item.set
            .iter()
            .filter(|&index| fen.board.is_promotion_row(color, index))
            .fold(0u128, |bits, index| bits | (1u128 << index)),
    );
    if crowned.is_empty() {
        return;
    }
    found.push(messages::man_on_promotion_row(
        color,
        &square_names(fen, crowned),
        crowned.len(),
        item.set.len(),
        item.span,
        item.span.of(record),
    ));
}

fn playing_squares(fen: &DraughtsFen, item: &Item, found: &mut Vec<Diagnostic>) {
    let off = SquareSet(
        item.set
            .iter()
            .filter(|&index| !fen.board.is_playing(index))
            .fold(0u128, |bits, index| bits | (1u128 << index)),
    );
    if off.is_empty() {
        return;
    }
    found.push(messages::not_playing_square(
        &square_names(fen, off),
        off.len(),
        fen.board,
        item.span,
    ));
}

fn too_many(
    fen: &DraughtsFen,
    color: Color,
    sections: &[(Color, Span)],
    found: &mut Vec<Diagnostic>,
) {
    let count = fen.pieces(color).all().len();
    let limit = u32::from(fen.board.initial_pieces());
    if count <= limit {
        return;
    }
    let span = sections
        .iter()
        .find(|(c, _)| *c == color)
        .map_or(Span::default(), |(_, span)| *span);
    found.push(messages::too_many_pieces(
        color, count, limit, fen.board, span,
    ));
}
