//! One record of a text, as every front end reports it.

use std::borrow::Cow;

use crate::any::{Notation, Position};
use crate::diagnostic::Parsed;
use crate::pgn::{GameHeading, GameRecord, RecordKind};

/// One record: where it is, the text its spans index, what it was read as and what it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record<'a> {
    /// The 1-based number of its line.
    pub line: usize,
    /// Its line without the line end, which the spans of its diagnostics index (a game file's
    /// FEN tag that waited for the end of its tag section: the line up to the tag's end; a
    /// line over the maximum length: its first bytes).
    pub text: Cow<'a, [u8]>,
    /// The notation it was read in (or, for a problem of a game's tags, the notation of the
    /// codes it carries).
    pub notation: Notation,
    /// Whether the notation was detected from the record's shape rather than given.
    pub detected: bool,
    /// The position and every diagnostic.
    pub parsed: Parsed<Position>,
    /// A game file's record: its game's event and players, as far as its tags were read
    /// (empty unless [`ReadOptions::headings`](super::ReadOptions::headings) asked for them).
    pub heading: Option<GameHeading>,
}

impl Record<'_> {
    /// The record with a text of its own, to outlive the line it was read from.
    pub fn into_owned(self) -> Record<'static> {
        Record {
            line: self.line,
            text: Cow::Owned(self.text.into_owned()),
            notation: self.notation,
            detected: self.detected,
            parsed: self.parsed,
            heading: self.heading,
        }
    }
}

/// The notation a game-file record is reported in: its own, or, for a problem of the game's
/// tags, the notation of the codes it carries (an open comment is PDN's, a tag's problem
/// FEN's).
pub fn notation_of(record: &GameRecord) -> Notation {
    match (record.notation, record.kind) {
        (Some(notation), _) => notation,
        (None, RecordKind::UnclosedComment) => Notation::Pdn,
        (None, _) => Notation::Fen,
    }
}

/// Hands `record` of a game file to `each`, its text borrowed.
#[inline]
pub(super) fn hand_game_record(record: GameRecord, each: &mut impl FnMut(Record<'_>)) {
    let notation = notation_of(&record);
    let heading = record.heading;
    each(Record {
        line: record.line,
        text: Cow::Borrowed(&record.text),
        notation,
        detected: false,
        parsed: record.parsed,
        heading: Some(heading),
    });
}

/// The UTF-8 byte order mark some writers put before the first line.
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Blank lines and lines starting with `#` or `%` are comments in a file of records.
#[inline]
pub fn is_comment(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace) || matches!(line.first(), Some(b'#' | b'%'))
}

/// The record line `number` of a file of records holds: `None` for a comment
/// ([`is_comment`]), else the line without the byte order mark before line 1 (the rule every
/// front end reads, fixes and formats by).
///
/// `whole` says whether `text` is the whole line; a line over the maximum length is known by
/// its first bytes only, and is a comment only when they make it one whatever follows: when it
/// starts with `#` or `%` (its first bytes being blank says nothing of the rest).
///
/// ```
/// use fenkit::records::record_text;
///
/// assert_eq!(record_text(1, b"\xEF\xBB\xBF8/8/8/8/8/8/8/8 w - -", true), Some(&b"8/8/8/8/8/8/8/8 w - -"[..]));
/// assert_eq!(record_text(1, b"\xEF\xBB\xBF# a comment", true), None);
/// assert_eq!(record_text(2, b"  ", true), None);
/// assert_eq!(record_text(2, b"  ", false), Some(&b"  "[..]));
/// ```
#[inline]
pub fn record_text(number: usize, text: &[u8], whole: bool) -> Option<&[u8]> {
    let text = match text.strip_prefix(BOM) {
        Some(rest) if number == 1 => rest,
        _ => text,
    };
    let comment = if whole {
        is_comment(text)
    } else {
        matches!(text.first(), Some(b'#' | b'%'))
    };
    (!comment).then_some(text)
}
