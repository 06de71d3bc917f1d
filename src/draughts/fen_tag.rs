//! The judgement of a draughts FEN tag: the value of a `[FEN "..."]` tag pair or `/FEN "..."/`
//! setup command (read by PGN's syntax, `crate::pgn::syntax`) read as a draughts FEN on its
//! game's board, with spans into the line; and a PDN record for [`crate::parse_any`].

use super::fen::DraughtsFen;
use super::messages;
use crate::diagnostic::{Diagnostic, Omitted, Parsed, capped};
use crate::options::ParseOptions;
use crate::pgn::syntax::{LineItem, TagPair, line_items};
use crate::settings::Board;

/// The draughts FEN of a tag pair or setup command on `game_board` (else the board of
/// `options`), with spans into the line; `unknown_game_type` is a GameType of the game that
/// names no board. The game scanner (`crate::pgn`)
/// and [`parse_record`] judge draughts FEN tags with this one function.
pub(crate) fn judge_fen_tag(
    tag: &TagPair<'_>,
    options: &ParseOptions,
    game_board: Option<Board>,
    unknown_game_type: Option<&str>,
) -> Parsed<DraughtsFen> {
    let mut diagnostics = tag.diagnostics.clone();
    let value: &[u8] = &tag.value;
    if value.is_empty() || value == b"?" {
        diagnostics.push(messages::unknown_position(value, tag.value_span));
        return in_line_order(None, diagnostics, Omitted::default());
    }
    if let Some(game_type) = unknown_game_type {
        diagnostics.push(messages::unknown_game_type(
            game_type,
            options.draughts_board,
            tag.name_span,
        ));
    }
    let options = match game_board.or(options.draughts_board) {
        Some(board) => options.with_draughts_board(board),
        None => *options,
    };
    let parsed = DraughtsFen::parse(value, &options);
    diagnostics.extend(
        parsed
            .diagnostics
            .into_iter()
            .map(|d| d.map_spans(|span| tag.line_span(span))),
    );
    let value = parsed
        .value
        .filter(|_| !diagnostics.iter().any(Diagnostic::is_error));
    in_line_order(value, diagnostics, parsed.omitted)
}

/// The diagnostics of a tag's value (escapes, the FEN, validation) in the order of the line,
/// at most [`crate::MAX_DIAGNOSTICS`].
/// `omitted` counts what the value's own parse left out.
pub(crate) fn in_line_order<T>(
    value: Option<T>,
    mut diagnostics: Vec<Diagnostic>,
    omitted: Omitted,
) -> Parsed<T> {
    crate::diagnostic::Diagnostic::sort_by_offset(&mut diagnostics);
    let (diagnostics, cut) = capped(diagnostics);
    Parsed {
        value,
        diagnostics,
        omitted: omitted.plus(cut),
    }
}

/// Reads a PDN record for [`crate::parse_any`]: the first FEN tag pair or setup command of the
/// line (on the board of a `GameType` tag before it in the same game), else (for a record that
/// does not start with `[`) a bare FEN value.
pub(crate) fn parse_record(record: &[u8], options: &ParseOptions) -> Parsed<DraughtsFen> {
    let start = record
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .unwrap_or(record.len());
    let is_tag = record.get(start) == Some(&b'[');
    if !is_tag && !record.windows(6).any(|window| window == b"/FEN \"") {
        return DraughtsFen::parse(record, options);
    }
    let mut game_board = None;
    let mut unknown_game_type = None;
    let mut in_movetext = false;
    let mut first_tag = None;
    for item in line_items(record) {
        let (read, setup) = match item {
            LineItem::MoveText => {
                in_movetext = true;
                continue;
            }
            LineItem::Tag(read) => (read, false),
            LineItem::Setup(read) => (read, true),
        };
        if !setup && std::mem::replace(&mut in_movetext, false) {
            // A tag pair after move text starts a new game.
            (game_board, unknown_game_type) = (None, None);
        }
        in_movetext |= setup;
        match read {
            Ok(tag) if tag.name == b"FEN".as_slice() => {
                let unknown = unknown_game_type.as_deref();
                return judge_fen_tag(&tag, options, game_board, unknown);
            }
            Ok(tag) if tag.name == b"GameType".as_slice() => {
                let text = String::from_utf8_lossy(&tag.value).into_owned();
                game_board = Board::from_name_or_game_type(&text);
                unknown_game_type = game_board.is_none().then_some(text);
            }
            Ok(tag) => {
                first_tag.get_or_insert((Some(tag.name.to_vec()), tag.name_span));
            }
            Err(failure) if failure.name == Some(b"FEN".as_slice()) => {
                return Parsed::new(None, vec![failure.diagnostic]);
            }
            Err(failure) => {
                let span = failure.diagnostic.span().unwrap_or_default();
                first_tag.get_or_insert((None, span));
            }
        }
    }
    if !is_tag {
        return DraughtsFen::parse(record, options);
    }
    let diagnostic = match first_tag {
        Some((name, span)) => messages::not_a_fen_tag(name.as_deref(), span),
        None => messages::not_a_fen_tag(None, Default::default()),
    };
    Parsed::new(None, vec![diagnostic])
}
