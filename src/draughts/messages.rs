//! The wording of every draughts FEN diagnostic, in one place (the tag pair's syntax is
//! worded with PGN's, `crate::pgn::syntax`). The rules decide what
//! is wrong and where; these functions say it (built only on the diagnostic run).

use super::codes;
use crate::diagnostic::{Diagnostic, Severity};
use crate::fix::{Applicability, Fix};
use crate::primitives::ascii::short_quote;
use crate::settings::Color;
use crate::settings::{Board, SquareNotation};
use crate::span::Span;

/// The text under `span` quoted for a message.
fn quoted(record: &[u8], span: Span) -> String {
    short_quote(span.of(record))
}

/// The text under `span` as a string.
fn text(record: &[u8], span: Span) -> String {
    String::from_utf8_lossy(span.of(record)).into_owned()
}

pub(super) fn whitespace(record: &[u8], span: Span, severity: Severity) -> Diagnostic {
    let place = if span.offset == 0 {
        "before"
    } else if span.end() == record.len() {
        "after"
    } else {
        "inside"
    };
    Diagnostic::new(
        codes::WHITESPACE,
        severity,
        format!("whitespace {place} the FEN"),
    )
    .label(span, "whitespace")
    .help("remove the whitespace: a FEN tag value has no spaces (`W:W31,32:B1`)")
    .with_fix(Fix::safe(span, ""))
}

pub(super) fn trailing_dot(span: Span) -> Diagnostic {
    Diagnostic::warning(codes::TRAILING_DOT, "trailing `.` after the FEN")
        .label(span, "not written by PDN 3.0 writers")
        .help("remove the `.`: the grammar reads it, but writers must not emit it")
        .with_fix(Fix::safe(span, ""))
}

pub(super) fn missing_sections(end: Span) -> Diagnostic {
    Diagnostic::error(codes::MISSING_SECTIONS, "the FEN has no piece sections")
        .label(end, "expected `:W` or `:B` here")
        .help("after the side to move come the sections of both colours, e.g. `W:W31-50:B1-20`")
}

pub(super) fn lowercase(record: &[u8], span: Span, what: &str, severity: Severity) -> Diagnostic {
    let upper = quoted(record, span).to_ascii_uppercase();
    Diagnostic::new(
        codes::LOWERCASE,
        severity,
        format!("lowercase {what} {}", quoted(record, span)),
    )
    .label(span, "lowercase")
    .help(format!("write {upper}: draughts FEN letters are uppercase"))
    .with_fix(Fix::safe(span, text(record, span).to_ascii_uppercase()))
}

/// No side to move: before the first `:` at `colon`, or an empty FEN.
pub(super) fn missing_turn(colon: Option<Span>) -> Diagnostic {
    let (span, message) = match colon {
        Some(colon) => (Span::new(colon.offset, 0), "the FEN has no side to move"),
        None => (Span::new(0, 0), "the FEN is empty"),
    };
    Diagnostic::error(codes::MISSING_TURN, message)
        .label(span, "expected `W`, `B` or `?` here")
        .help("a draughts FEN starts with the side to move, e.g. `W:W31-50:B1-20`")
}

pub(super) fn invalid_turn(record: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_TURN,
        format!("{} is not a side to move", quoted(record, span)),
    )
    .label(span, "expected `W`, `B` or `?`")
    .help("the side to move is `W` (White), `B` (Black) or `?` (unknown)")
}

pub(super) fn after_turn(record: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::UNEXPECTED_CHARACTER,
        format!("unexpected {} after the side to move", quoted(record, span)),
    )
    .label(span, "expected `:` before this")
    .help("the side to move is one letter followed by `:`, e.g. `W:W31-50:B1-20`")
}

pub(super) fn no_colour(colon: Span) -> Diagnostic {
    Diagnostic::error(codes::INVALID_COLOUR, "a section has no colour")
        .label(colon, "expected `W` or `B` after this `:`")
        .help("start every section with its colour; an empty board is written `W:W:B`")
}

/// A Lidraughts counter at `span`; `all` holds every counter of the record, which its fix
/// removes together (removing one alone would leave the next on its span). No fix when `all`
/// does not hold it (every section is a counter: removing them would leave no section).
pub(super) fn counter(
    record: &[u8],
    letter: u8,
    span: Span,
    all: &[Span],
    severity: Severity,
) -> Diagnostic {
    let name = if letter == b'H' {
        "halfmove clock"
    } else {
        "fullmove number"
    };
    let diagnostic = Diagnostic::new(
        codes::COUNTERS,
        severity,
        format!("Lidraughts {name} {}", quoted(record, span)),
    )
    .label(span, "not part of PDN FEN")
    .help("PDN FEN has no counters: remove the `:H<n>` and `:F<n>` fields");
    if !all.contains(&span) {
        return diagnostic;
    }
    let removed = all.iter().map(|&counter| (counter, String::new()));
    diagnostic.with_fix(Fix::edits(Applicability::Safe, removed))
}

pub(super) fn unknown_colour(span: Span) -> Diagnostic {
    Diagnostic::error(codes::UNKNOWN_COLOUR, "`?` as the colour of a section")
        .label(span, "a section's colour is `W` or `B`")
        .help("`?` only marks an unknown side to move: give the section's colour, `W` or `B`")
}

/// A section that starts with a square: `at` is its start, `section` its text.
pub(super) fn section_without_colour(record: &[u8], at: usize, section: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_COLOUR,
        format!("the section {} has no colour", quoted(record, section)),
    )
    .label(Span::new(at, 0), "expected `W` or `B` here")
    .help(if section.len <= 24 {
        let text = text(record, section);
        format!("start the section with its colour: `:W{text}` or `:B{text}`")
    } else {
        // A long list is not worth repeating twice in the help.
        String::from("start the section with its colour: `W` for White's pieces or `B` for Black's")
    })
}

pub(super) fn invalid_colour(record: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_COLOUR,
        format!("{} is not a colour", quoted(record, span)),
    )
    .label(span, "expected `W` or `B`")
    .help("a section starts with its colour, `W` or `B`, e.g. `:W31,32`")
}

pub(super) fn repeated_colour(color: Color, span: Span, first: Span) -> Diagnostic {
    Diagnostic::error(
        codes::REPEATED_COLOUR,
        format!("a second {} section", color.name()),
    )
    .label(span, "repeated here")
    .label(first, "first section of this colour")
    .help(format!(
        "a FEN has one section per colour: merge the two `{}` sections into one",
        color.letter()
    ))
}

pub(super) fn empty_item(comma: Span, place: &str) -> Diagnostic {
    Diagnostic::error(codes::EMPTY_ITEM, format!("empty item {place}"))
        .label(comma, "extra `,`")
        .help("remove the extra `,`: items are separated by exactly one comma")
        .with_fix(Fix::safe(comma, ""))
}

pub(super) fn missing_comma(record: &[u8], next: Span) -> Diagnostic {
    Diagnostic::error(
        codes::MISSING_COMMA,
        format!("no `,` before {}", quoted(record, next)),
    )
    .label(Span::new(next.offset, 0), "expected `,` here")
    .help(format!(
        "insert `,` before {}: the items of a list are separated by commas",
        quoted(record, next)
    ))
}

pub(super) fn unexpected(record: &[u8], span: Span) -> Diagnostic {
    let help = match span.of(record) {
        b"G" | b"P" => {
            "Lidraughts ghost pieces (`G`, `P`) are not part of PDN: remove the captured piece"
        }
        b"." => "a `.` may only end the FEN; remove it",
        b"-" => "a range is written `31-50`: remove the extra `-`",
        _ => "an item is a square (`31`, `a1`), a range (`31-50`) or either with `K` for a king",
    };
    Diagnostic::error(
        codes::UNEXPECTED_CHARACTER,
        format!("unexpected {} in a square list", quoted(record, span)),
    )
    .label(span, "not part of a square")
    .help(help)
}

pub(super) fn missing_square(king: Span) -> Diagnostic {
    Diagnostic::error(codes::MISSING_SQUARE, "`K` with no square after it")
        .label(king, "expected a square after `K`")
        .help("write the king's square after `K`, e.g. `K15`, or remove the `K`")
}

/// `-` at `hyphen` with no square after it; `range` is the text from the first square.
pub(super) fn incomplete_range(record: &[u8], range: Span, hyphen: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INCOMPLETE_RANGE,
        format!("the range {} has no end", quoted(record, range)),
    )
    .label(hyphen, "expected a square after `-`")
    .help("write the last square of the range, e.g. `31-50`, or remove the `-`")
}

pub(super) fn board_notation(
    record: &[u8],
    span: Span,
    notation: SquareNotation,
    board: Board,
) -> Diagnostic {
    let (kind, other) = match notation {
        SquareNotation::Alphanumeric => ("alphanumeric", "numbers its squares"),
        SquareNotation::Numeric => ("numeric", "names its squares like `a1`"),
    };
    Diagnostic::error(
        codes::BOARD_NOTATION,
        format!(
            "{kind} square {} on the {board} board, which {other}",
            quoted(record, span)
        ),
    )
    .label(
        span,
        format!("squares of this board are {}", board.square_range_text()),
    )
    .help(format!(
        "write the squares as {}, or read the FEN on a board with {kind} squares",
        board.square_range_text()
    ))
}

pub(super) fn mixed_squares(
    record: &[u8],
    span: Span,
    notation: SquareNotation,
    first: Span,
) -> Diagnostic {
    let (kind, first_kind) = match notation {
        SquareNotation::Numeric => ("numeric", "alphanumeric"),
        SquareNotation::Alphanumeric => ("alphanumeric", "numeric"),
    };
    Diagnostic::error(
        codes::MIXED_SQUARES,
        format!(
            "{kind} square {} in a FEN of {first_kind} squares",
            quoted(record, span)
        ),
    )
    .label(span, kind)
    .label(first, format!("the first square is {first_kind}"))
    .help("write every square of a FEN the same way: all numbers (`31`) or all file-rank names (`a1`)")
}

/// The square at `span` whose number (or rank) `digits` starts with a zero.
pub(super) fn leading_zero(record: &[u8], span: Span, digits: Span) -> Diagnostic {
    let written = digits.of(record);
    let trimmed = written
        .iter()
        .position(|&b| b != b'0')
        .and_then(|start| written.get(start..))
        .unwrap_or(b"0");
    let fixed = format!(
        "{}{}",
        text(record, Span::from_range(span.offset, digits.offset)),
        String::from_utf8_lossy(trimmed)
    );
    Diagnostic::warning(
        codes::LEADING_ZERO,
        format!("square {} has a leading zero", quoted(record, span)),
    )
    .label(digits, "leading zero")
    .help(format!("write `{fixed}`"))
    .with_fix(Fix::safe(span, fixed))
}

pub(super) fn square_out_of_range(record: &[u8], span: Span, board: Board) -> Diagnostic {
    Diagnostic::error(
        codes::SQUARE_OUT_OF_RANGE,
        format!("square {} is not on the {board} board", quoted(record, span)),
    )
    .label(span, format!("squares are {}", board.square_range_text()))
    .help(format!(
        "use a square {}, or read the FEN on the board it was written for (e.g. `[GameType \"21\"]` for English 8x8)",
        board.square_range_text()
    ))
}

pub(super) fn alpha_range(record: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::ALPHA_RANGE,
        format!("range {} of alphanumeric squares", quoted(record, span)),
    )
    .label(span, "ranges are for numbered squares only")
    .help("list alphanumeric squares one by one, separated by `,`, e.g. `a1,c1,e1`")
}

pub(super) fn descending_range(record: &[u8], span: Span) -> Diagnostic {
    // Whitespace inside the range is reported on its own; the fix leaves it out.
    let fixed = text(record, span)
        .split('-')
        .map(str::trim)
        .rev()
        .collect::<Vec<_>>()
        .join("-");
    Diagnostic::error(
        codes::DESCENDING_RANGE,
        format!("the range {} runs backwards", quoted(record, span)),
    )
    .label(span, "end below start")
    .help(format!("write the range from low to high: `{fixed}`"))
    .with_fix(Fix::guess(span, fixed))
}

pub(super) fn single_square_range(record: &[u8], span: Span) -> Diagnostic {
    let one = text(record, span)
        .split('-')
        .next()
        .unwrap_or_default()
        .trim()
        .to_string();
    Diagnostic::warning(
        codes::SINGLE_SQUARE_RANGE,
        format!("the range {} has one square", quoted(record, span)),
    )
    .label(span, "one square")
    .help(format!("write `{one}`"))
    .with_fix(Fix::safe(span, one))
}

/// `square` or `squares`, `is` or `are`, for `count` squares.
fn squares_are(count: u32) -> (&'static str, &'static str) {
    if count == 1 {
        ("square", "is")
    } else {
        ("squares", "are")
    }
}

/// A square given twice: `again` where it is given again, `first` where first, each with the
/// piece it is given as (`white man`).
pub(crate) fn duplicate_square(
    squares: &str,
    count: u32,
    again: (Span, &str),
    first: (Span, &str),
) -> Diagnostic {
    let (word, is) = squares_are(count);
    Diagnostic::error(
        codes::DUPLICATE_SQUARE,
        format!("{word} {squares} {is} given twice"),
    )
    .label(again.0, format!("again, as a {}", again.1))
    .label(first.0, format!("first as a {}", first.1))
    .help("a square holds one piece: remove one of the two")
}

/// Men of `color` on `crowned` squares of their promotion row, in the item `item` (at `span`)
/// of `in_item` squares.
pub(crate) fn man_on_promotion_row(
    color: Color,
    squares: &str,
    crowned: u32,
    in_item: u32,
    span: Span,
    item: &[u8],
) -> Diagnostic {
    let message = if crowned == 1 {
        format!(
            "{} man on square {squares}, its promotion row",
            color.name()
        )
    } else {
        format!(
            "{} men on squares {squares}, their promotion row",
            color.name()
        )
    };
    let help = if in_item == 1 {
        format!(
            "a {} man there would have been crowned: write `K{squares}` or move it",
            color.name()
        )
    } else {
        format!(
            "a {} man there would have been crowned: make those squares kings or remove them from `{}`",
            color.name(),
            String::from_utf8_lossy(item)
        )
    };
    Diagnostic::error(codes::MAN_ON_PROMOTION_ROW, message)
        .label(span, format!("{} promotion row", color.name()))
        .help(help)
}

/// Squares that are not playing squares of `board`.
pub(crate) fn not_playing_square(
    squares: &str,
    count: u32,
    board: Board,
    span: Span,
) -> Diagnostic {
    let (word, is) = squares_are(count);
    Diagnostic::error(
        codes::NOT_PLAYING_SQUARE,
        format!("{word} {squares} {is} not a playing square of the {board} board"),
    )
    .label(span, "not a playing square")
    .help("pieces stand on the squares of `a1`'s colour (`a1`, `c1`, ..., `b2`, ...): check the file and rank")
}

/// `color` has `count` pieces, more than the `limit` of `board`; `span` is its section.
pub(crate) fn too_many_pieces(
    color: Color,
    count: u32,
    limit: u32,
    board: Board,
    span: Span,
) -> Diagnostic {
    Diagnostic::error(
        codes::TOO_MANY_PIECES,
        format!(
            "{} has {count} pieces, more than the {limit} it starts with",
            color.name()
        ),
    )
    .label(span, format!("{count} {} pieces", color.name()))
    .help(format!(
        "a side has at most {limit} pieces on the {board} board: remove {}",
        count - limit
    ))
}

/// A FEN tag whose value, at `value_span` inside its quotes, is empty or `?`.
pub(crate) fn unknown_position(value: &[u8], value_span: Span) -> Diagnostic {
    let quoted = Span::from_range(value_span.offset.saturating_sub(1), value_span.end() + 1);
    Diagnostic::warning(
        codes::UNKNOWN_POSITION,
        format!("the FEN value {} gives no position", short_quote(value)),
    )
    .label(quoted, "unknown position")
    .help("give the position (e.g. `W:W31-50:B1-20`), or leave out the FEN tag when the game starts from the initial position")
}

/// A GameType naming no board: the FEN is read on `board` (the default board when `None`).
pub(crate) fn unknown_game_type(
    game_type: &str,
    board: Option<Board>,
    name_span: Span,
) -> Diagnostic {
    let board = board.map_or_else(
        || String::from("the default board"),
        |b| format!("the {b} board"),
    );
    Diagnostic::warning(
        codes::UNKNOWN_GAME_TYPE,
        format!(
            "GameType {} has no board in fenkit",
            short_quote(game_type.as_bytes())
        ),
    )
    .label(name_span, format!("read on {board}"))
    .help("use a GameType of the PDN table (20-31, 40, 41) or give the board explicitly")
}

/// A PDN record that is a tag pair other than FEN (named `name`), or no tag pair at all.
pub(crate) fn not_a_fen_tag(name: Option<&[u8]>, span: Span) -> Diagnostic {
    let what = match name {
        Some(name) => format!("the tag pair {} holds no position", short_quote(name)),
        None => String::from("the record holds no FEN tag pair"),
    };
    Diagnostic::error(codes::NOT_A_FEN_TAG, what)
        .label(span, "not a FEN tag")
        .help("a PDN record for fenkit is `[FEN \"...\"]`, `/FEN \"...\"/` or a bare FEN such as `W:W31-50:B1-20`")
}

/// A problem on the default board of a record that English draughts reads without one: the
/// help also says how to read it on 8x8.
pub(crate) fn fits_eight_by_eight(diagnostic: Diagnostic) -> Diagnostic {
    let hint = "every square fits 8x8: if this is English draughts (checkers), read it on that board (`--board english`, `board=\"english\"`, or a `[GameType \"21\"]` tag)";
    let help = match diagnostic.help_text() {
        Some(help) => format!("{help}; {hint}"),
        None => hint.to_owned(),
    };
    diagnostic.help(help)
}
