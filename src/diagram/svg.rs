//! SVG pictures of positions, for browsers and documents: a chess board with figurines, a
//! draughts board of its variant with men and kings, a FEEN board (layers one under another)
//! with the hands. Each square is a `<rect class="square …">`; the picture needs no script,
//! style sheet or font file (figurines come from the system's fonts).

use std::fmt::Write;

use super::chess_text::{chess_legend, figurine};
use super::draughts_geometry::{cell, playing_indices};
use super::draughts_text::turn_legend;
use super::drawable::Drawable;
use super::drawable::View;
use super::feen_text::{MAX_DRAWN_CELLS, hand_text, turn_text};
use crate::Fen;
use crate::chess::{Board, Color, Piece, Square};
use crate::draughts::{DraughtsFen, SquareNotation};
use crate::feen::{Cell, Feen, Side};

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
/// Room for the coordinates left of and below the board.
const MARGIN: u32 = 20;
/// The height of a line of the legend under the board.
const LINE: u32 = 20;

/// The picture of any position, as a standalone SVG document: a
/// [`Position`](crate::Position) or a parsed value itself ([`Drawable`]).
pub fn svg(position: &(impl Drawable + ?Sized)) -> String {
    match position.view() {
        View::Fen(fen) => chess_svg(fen),
        View::Epd(epd) => chess_svg(&epd.to_fen()),
        View::Pdn(fen) => draughts_svg(fen),
        View::Feen(feen) => feen_svg(feen),
    }
}

/// An SVG document `width` by `height` around `body`, with `title` for screen readers.
fn document(width: u32, height: u32, title: &str, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, sans-serif\">\n\
         <title>{}</title>\n<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n{body}</svg>\n",
        escape(title)
    )
}

/// `text` with `&`, `<`, `>`, `"` and `'` escaped for XML.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            c => escaped.push(c),
        }
    }
    escaped
}

/// About how wide a line of the 13-pixel legend is.
fn text_width(text: &str) -> u32 {
    u32::try_from(text.chars().count())
        .unwrap_or(u32::MAX / 8)
        .saturating_mul(8)
}

fn square(body: &mut String, x: u32, y: u32, size: u32, dark: bool) {
    let (class, fill) = if dark {
        ("dark", DARK)
    } else {
        ("light", LIGHT)
    };
    let _ = writeln!(
        body,
        "<rect class=\"square {class}\" x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{fill}\"/>"
    );
}

fn label(body: &mut String, x: u32, y: u32, size: u32, anchor: &str, text: &str) {
    let _ = writeln!(
        body,
        "<text x=\"{x}\" y=\"{y}\" font-size=\"{size}\" text-anchor=\"{anchor}\" fill=\"#333333\">{}</text>",
        escape(text)
    );
}

fn chess_svg(fen: &Fen) -> String {
    const SIZE: u32 = 45;
    let board: &Board = &fen.board;
    let mut body = String::new();
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let x = MARGIN + u32::from(file) * SIZE;
            let y = u32::from(7 - rank) * SIZE;
            square(&mut body, x, y, SIZE, (file + rank) % 2 == 0);
            let piece = Square::new(file, rank).and_then(|at| board.get(at));
            if let Some(piece) = piece {
                chess_piece(&mut body, x + SIZE / 2, y + SIZE / 2, piece);
            }
        }
    }
    for index in 0..8u8 {
        let rank = char::from(b'8' - index).to_string();
        label(
            &mut body,
            MARGIN / 2,
            u32::from(index) * SIZE + SIZE / 2 + 5,
            13,
            "middle",
            &rank,
        );
        let file = char::from(b'a' + index).to_string();
        label(
            &mut body,
            MARGIN + u32::from(index) * SIZE + SIZE / 2,
            8 * SIZE + 15,
            13,
            "middle",
            &file,
        );
    }
    let canonical = fen.to_string();
    let legend = chess_legend(fen);
    label(
        &mut body,
        MARGIN,
        8 * SIZE + MARGIN + 15,
        13,
        "start",
        &legend,
    );
    document(
        MARGIN + 8 * SIZE + 4,
        8 * SIZE + MARGIN + LINE + 4,
        &canonical,
        &body,
    )
}

/// A chess piece as the filled figurine: white with a black outline for White, black for Black.
fn chess_piece(body: &mut String, x: u32, y: u32, piece: Piece) {
    let filled = figurine(Piece {
        color: Color::Black,
        role: piece.role,
    });
    let (fill, stroke) = match piece.color {
        Color::White => ("#ffffff", "#000000"),
        Color::Black => ("#000000", "#000000"),
    };
    let role = piece.role.name();
    let _ = writeln!(
        body,
        "<text class=\"piece {} {role}\" x=\"{x}\" y=\"{}\" font-size=\"38\" text-anchor=\"middle\" \
         fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.2\">{filled}</text>",
        piece.color.name(),
        y + 13
    );
}

fn draughts_svg(fen: &DraughtsFen) -> String {
    const SIZE: u32 = 40;
    let board = fen.board;
    let width = u32::from(board.width());
    let height = u32::from(board.height());
    let alphanumeric = board.notation() == SquareNotation::Alphanumeric;
    let mut body = String::new();
    for row in 0..height {
        for column in 0..width {
            // a1 (bottom left) is dark; playing squares are drawn over in dark below.
            let dark = (column + (height - 1 - row)) % 2 == 0;
            square(&mut body, MARGIN + column * SIZE, row * SIZE, SIZE, dark);
        }
    }
    for index in playing_indices(board) {
        let (row, column) = cell(board, index);
        let x = MARGIN + u32::from(column) * SIZE;
        let y = u32::from(row) * SIZE;
        if !alphanumeric {
            label(
                &mut body,
                x + 3,
                y + 11,
                9,
                "start",
                &board.square(index).to_string(),
            );
        }
        let (center_x, center_y) = (x + SIZE / 2, y + SIZE / 2);
        let (color, king) = if fen.white.kings.contains(index) {
            ("white", true)
        } else if fen.white.men.contains(index) {
            ("white", false)
        } else if fen.black.kings.contains(index) {
            ("black", true)
        } else if fen.black.men.contains(index) {
            ("black", false)
        } else {
            continue;
        };
        let fill = if color == "white" {
            "#fafafa"
        } else {
            "#202020"
        };
        let _ = writeln!(
            body,
            "<circle class=\"piece {color} {}\" cx=\"{center_x}\" cy=\"{center_y}\" r=\"{}\" fill=\"{fill}\" stroke=\"#000000\" stroke-width=\"1.5\"/>",
            if king { "king" } else { "man" },
            SIZE * 2 / 5
        );
        if king {
            let _ = writeln!(
                body,
                "<circle cx=\"{center_x}\" cy=\"{center_y}\" r=\"{}\" fill=\"none\" stroke=\"#d4a017\" stroke-width=\"3\"/>",
                SIZE / 5
            );
        }
    }
    if alphanumeric {
        for row in 0..height {
            label(
                &mut body,
                MARGIN / 2,
                row * SIZE + SIZE / 2 + 5,
                13,
                "middle",
                &(height - row).to_string(),
            );
        }
        for column in 0..width {
            let file =
                char::from(b'a'.saturating_add(u8::try_from(column).unwrap_or(0))).to_string();
            label(
                &mut body,
                MARGIN + column * SIZE + SIZE / 2,
                height * SIZE + 15,
                13,
                "middle",
                &file,
            );
        }
    }
    let turn = turn_legend(fen);
    label(
        &mut body,
        MARGIN,
        height * SIZE + MARGIN + 15,
        13,
        "start",
        &turn,
    );
    let legend_width = MARGIN + text_width(&turn);
    document(
        (MARGIN + width * SIZE + 4).max(legend_width),
        height * SIZE + MARGIN + LINE + 4,
        &fen.to_string(),
        &body,
    )
}

fn feen_svg(feen: &Feen) -> String {
    const SIZE: u32 = 40;
    let placement = &feen.placement;
    let mut body = String::new();
    let mut row = 0u32;
    let mut widest = 1u32;
    for (index, rank) in placement.ranks().iter().enumerate() {
        if index > 0
            && placement
                .separators()
                .get(index - 1)
                .is_some_and(|&d| d >= 2)
        {
            row += 1; // a gap between two layers
        }
        let mut column = 0u64;
        for run in rank {
            let (piece, count) = match run {
                Cell::Piece(piece) => (Some(*piece), 1),
                Cell::Empty(count) => (None, count.get()),
            };
            for _ in 0..count {
                if column >= MAX_DRAWN_CELLS {
                    break;
                }
                let at = u32::try_from(column).unwrap_or(0);
                let x = MARGIN + at * SIZE;
                let y = row * SIZE;
                square(&mut body, x, y, SIZE, (at + row) % 2 == 1);
                if let Some(piece) = piece {
                    let (fill, ink) = match piece.side() {
                        Side::First => ("#fafafa", "#000000"),
                        Side::Second => ("#202020", "#ffffff"),
                    };
                    let _ = writeln!(
                        body,
                        "<circle class=\"piece {}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"#000000\" stroke-width=\"1.5\"/>",
                        piece.side().name(),
                        x + SIZE / 2,
                        y + SIZE / 2,
                        SIZE * 2 / 5
                    );
                    let _ = writeln!(
                        body,
                        "<text x=\"{}\" y=\"{}\" font-size=\"15\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
                        x + SIZE / 2,
                        y + SIZE / 2 + 5,
                        escape(&piece.to_string())
                    );
                }
                column += 1;
            }
        }
        widest = widest.max(u32::try_from(column).unwrap_or(1));
        row += 1;
    }
    let lines = [
        format!("first in hand: {}", hand_text(feen, Side::First)),
        format!("second in hand: {}", hand_text(feen, Side::Second)),
        turn_text(feen),
    ];
    let top = row * SIZE + 15;
    for (index, line) in (0u32..).zip(&lines) {
        label(&mut body, MARGIN, top + index * LINE, 13, "start", line);
    }
    let legend_width = lines.iter().map(|line| text_width(line)).max().unwrap_or(0);
    document(
        (MARGIN + widest * SIZE + 4).max(MARGIN + legend_width),
        row * SIZE + 3 * LINE + 8,
        &feen.to_string(),
        &body,
    )
}
