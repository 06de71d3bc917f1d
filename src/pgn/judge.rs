//! How a FEN of a game is judged: the rules its game's tags chose ([`Rules`]), kept with its
//! record ([`Retrial`]) so that the same tag can be judged again after an edit of its value;
//! and the notation a FEN's shape shows when no tag chose.

use super::messages;
use super::record::{RecordKind, RulesFrom};
pub(super) use super::retrial::{Retrial, Rules};
use super::syntax::{TagPair, read_setup, read_tag};
use crate::any::{Notation, Position, parse_any};
use crate::diagnostic::{Diagnostic, Parsed};
use crate::draughts::{Board, in_line_order, judge_fen_tag};
use crate::options::ParseOptions;

/// A FEN of a game judged: by what, by the rules of which tag, in what notation, and what it
/// holds.
pub(super) struct Judged {
    pub(super) retrial: Retrial,
    pub(super) from: RulesFrom,
    pub(super) notation: Notation,
    pub(super) parsed: Parsed<Position>,
}

impl Retrial {
    /// The record of `kind` read again from `line`, a version of the line it was read from.
    pub(super) fn again(
        &self,
        kind: RecordKind,
        notation: Option<Notation>,
        line: &[u8],
    ) -> Option<Parsed<Position>> {
        match kind {
            RecordKind::FenTag => {
                let tag = read_tag(line, self.start).ok()?;
                (tag.name == b"FEN")
                    .then(|| self.judge(kind, &tag))?
                    .map(|(_, p)| p)
            }
            RecordKind::SetupCommand => {
                let tag = read_setup(line, self.start).ok()?;
                self.judge(kind, &tag).map(|(_, parsed)| parsed)
            }
            RecordKind::BareLine => {
                let record = line.get(self.start..)?;
                let (_, parsed) = parse_any(record, notation, &self.options);
                let diagnostics = parsed
                    .diagnostics
                    .iter()
                    .map(|d| d.clone().shifted(self.start));
                Some(Parsed {
                    diagnostics: diagnostics.collect(),
                    ..parsed
                })
            }
            _ => None,
        }
    }

    /// The FEN of `tag` by these rules: its notation and what it holds.
    pub(super) fn judge(
        &self,
        kind: RecordKind,
        tag: &TagPair<'_>,
    ) -> Option<(Notation, Parsed<Position>)> {
        let options = &self.options;
        let draughts = |board: Option<Board>, unknown: Option<&str>| {
            judge_fen_tag(tag, options, board, unknown).map(Position::Pdn)
        };
        Some(match &self.rules {
            Rules::Unsupported => return None,
            Rules::Draughts(board, unknown) => {
                (Notation::Pdn, draughts(*board, unknown.as_deref()))
            }
            Rules::Chess(castling, variant) => {
                let options = options.with_castling(*castling).with_variant(*variant);
                let parsed = chess(kind, tag, Notation::Fen, &options, self.has_setup);
                (Notation::Fen, parsed)
            }
            Rules::Shape => match notation_of(&tag.value) {
                Notation::Pdn => (Notation::Pdn, draughts(None, None)),
                // A chess game's FEN tag holds a FEN: an EPD-shaped value gets FEN's own
                // diagnostics (extra fields, missing clocks) and fixes, never EPD's.
                Notation::Epd => (
                    Notation::Fen,
                    chess(kind, tag, Notation::Fen, options, self.has_setup),
                ),
                notation => (
                    notation,
                    chess(kind, tag, notation, options, self.has_setup),
                ),
            },
        })
    }
}

/// A chess FEN tag: the value read in `notation`, spans into the line, and the SetUp rule.
fn chess(
    kind: RecordKind,
    tag: &TagPair<'_>,
    notation: Notation,
    options: &ParseOptions,
    has_setup: bool,
) -> Parsed<Position> {
    let (_, parsed) = parse_any(&tag.value, Some(notation), options);
    let setup_missing = !has_setup && kind == RecordKind::FenTag;
    if !setup_missing && tag.diagnostics.is_empty() && parsed.diagnostics.is_empty() {
        // A valid tag, the common case: no diagnostic to move or sort, the value kept as read.
        return parsed;
    }
    let mut diagnostics = tag.diagnostics.clone();
    diagnostics.extend(
        parsed
            .diagnostics
            .into_iter()
            .map(|d| d.map_spans(|span| tag.line_span(span))),
    );
    // Setup commands are PDN's, which has no SetUp tag.
    if setup_missing {
        diagnostics.push(messages::fen_without_setup(tag.value_span));
    }
    let value = parsed
        .value
        .filter(|_| !diagnostics.iter().any(Diagnostic::is_error));
    in_line_order(value, diagnostics, parsed.omitted)
}

/// The notation a FEN's shape shows: [`Notation::detect`], and a draughts FEN also with a
/// lowercase or unknown side to move (`b:w31,k6:b20`, a dialect the draughts reader knows;
/// `X:W31`, which only the draughts reader explains): a letter and a `:` start no chess FEN.
pub(super) fn notation_of(value: &[u8]) -> Notation {
    let start = value
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .unwrap_or(value.len());
    match value.get(start..).unwrap_or_default() {
        [side, b':', ..] if side.is_ascii_alphabetic() || *side == b'?' => Notation::Pdn,
        rest => Notation::detect(rest),
    }
}
