//! The records of one text, line after line: the one rule every front end reads by.

use std::borrow::Cow;

use super::lines::{Line, line_end_len};
use super::messages::record_too_long;
use super::options::{ReadOptions, TOO_LONG_PREFIX};
use super::record::{Record, hand_game_record, record_text};
use crate::any::{Notation, parse_any};
use crate::diagnostic::Parsed;
use crate::pgn::{FileSummary, GameRecord, GameScanner};

/// Records of over-long lines held behind a waiting FEN tag go out as they are past this
/// many, so that a tag section that never ends cannot pile them up.
const HELD_LIMIT: usize = 1024;

/// The records of a game file are found and handed on a piece of this many bytes (and the
/// rest of its last line) at a time, so that the records waiting to be handed on stay few
/// however long the text.
const PIECE_BYTES: usize = 64 * 1024;

/// Reads the records of one text (a file, a document, a string) line by line, and hands each
/// to a callback, in the order of their lines.
///
/// In a file of records every line that is not a comment (blank, or starting with `#` or `%`)
/// is one record, read as [`ReadOptions::notation`] or detected; a byte order mark before
/// the first line is no part of it. A game file (PGN or PDN) goes through
/// [`GameScanner`](crate::pgn::GameScanner): its records are the FEN tag pairs and setup
/// commands, each judged by its game's rules, the lines that are no game text, and the
/// problems of a game's tags. A line over [`ReadOptions::max_record_bytes`] is one
/// `fenkit::input::record_too_long` record in either, never read (a game's scanner counts
/// it as an empty line); its notation is the one asked for, or PDN in a game file, or the
/// one its first bytes look like.
#[derive(Clone, Debug)]
pub struct RecordReader {
    options: ReadOptions,
    /// A game file's scanner.
    games: Option<GameScanner>,
    /// Lines read so far.
    lines: usize,
    /// Records of over-long lines that wait, with the records after them, for a FEN tag of a
    /// line before them.
    held: Vec<Record<'static>>,
    /// The records a game's scanner found in a piece of text, handed on at once (the room is
    /// kept from piece to piece).
    found: Vec<GameRecord>,
}

impl RecordReader {
    /// A reader of a file of records (`games: false`) or of a game file.
    pub fn new(options: ReadOptions, games: bool) -> RecordReader {
        let games = games.then(|| scanner(&options, 0));
        RecordReader {
            options,
            games,
            lines: 0,
            held: Vec::new(),
            found: Vec::new(),
        }
    }

    /// A reader of the part of a game file after its first `lines` lines, as if the file
    /// began there: a part read on a thread of its own, which the reader of the lines before
    /// goes on from ([`join`](Self::join)) where [`can_split_before`](Self::can_split_before)
    /// allows.
    pub fn game_part(options: ReadOptions, lines: usize) -> RecordReader {
        RecordReader {
            options,
            games: Some(scanner(&options, lines)),
            lines,
            held: Vec::new(),
            found: Vec::new(),
        }
    }

    /// The options it reads by.
    pub fn options(&self) -> &ReadOptions {
        &self.options
    }

    /// Whether it reads a game file.
    pub fn is_game_file(&self) -> bool {
        self.games.is_some()
    }

    /// How many lines were read (or come before a part).
    pub fn lines(&self) -> usize {
        self.games.as_ref().map_or(self.lines, GameScanner::lines)
    }

    /// Whether records of the lines read so far still wait (a game's FEN tag waits for the end
    /// of its tag section): a caller that wants all of them reads on, or calls
    /// [`finish`](Self::finish).
    pub fn is_waiting(&self) -> bool {
        !self.held.is_empty() || self.games.as_ref().is_some_and(GameScanner::has_waiting)
    }

    /// A game file's counts so far (games, FEN tags, setup commands…), for a note on how it
    /// was read.
    pub fn summary(&self) -> Option<FileSummary> {
        self.games.as_ref().map(GameScanner::summary)
    }

    /// Whether a game file may be split before `next_line`, the line after those read (see
    /// [`GameScanner::can_split_before`]); a file of records may be split anywhere.
    pub fn can_split_before(&self, next_line: &[u8]) -> bool {
        self.games
            .as_ref()
            .is_none_or(|games| games.can_split_before(next_line))
    }

    /// Goes on from `part`, the reader of the lines after these (see
    /// [`game_part`](Self::game_part)).
    pub fn join(&mut self, part: RecordReader) {
        if let (Some(games), Some(part_games)) = (self.games.as_mut(), part.games) {
            games.join(part_games);
        }
        self.lines = part.lines.max(self.lines);
        self.held.extend(part.held);
    }

    /// Reads `line`, the next line of the text, and hands `each` the records it completes.
    #[inline]
    pub fn read_line(&mut self, line: Line<'_>, each: &mut impl FnMut(Record<'_>)) {
        self.lines = line.number;
        if let Some(length) = line.too_long {
            return self.too_long(line, length, each);
        }
        if self.games.is_none() {
            return self.read_record(line, each);
        }
        let found = self.games.as_mut().map(|games| games.scan_line(line.text));
        self.hand_on(&mut found.unwrap_or_default(), each);
    }

    /// Reads the whole lines of `text` (the last may have no line end), which follow the
    /// lines read, and hands `each` the records they complete: as [`read_line`] on each line,
    /// a game file faster (its tag pairs and blank lines are read where they stand).
    ///
    /// [`read_line`]: Self::read_line
    pub fn read_text(&mut self, text: &[u8], each: &mut impl FnMut(Record<'_>)) {
        let max = self.options.max_record_bytes;
        let mut at = 0;
        while at < text.len() {
            let rest = text.get(at..).unwrap_or_default();
            if self.games.is_some() && self.held.is_empty() {
                let stop = piece_end(rest);
                let mut found = std::mem::take(&mut self.found);
                let piece = rest.get(..stop).unwrap_or_default();
                let scanned = self
                    .games
                    .as_mut()
                    .map_or(0, |games| games.scan_lines(piece, max, &mut found));
                self.hand_on(&mut found, each);
                self.found = found;
                at += scanned;
                if scanned == stop {
                    continue;
                }
            }
            // One line: over the maximum length in a game file, any line in a file of records.
            let rest = text.get(at..).unwrap_or_default();
            let len = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
            let line = Line::new(self.lines() + 1, rest.get(..len).unwrap_or_default(), max);
            self.read_line(line, each);
            at += len + line_end_len(rest, len);
        }
    }

    /// Ends the text: the records still waiting (a game's last FEN tags, a `{` comment never
    /// closed) go to `each`.
    pub fn finish(&mut self, each: &mut impl FnMut(Record<'_>)) {
        let found = self.games.as_mut().map(GameScanner::finish);
        let found = found.unwrap_or_default();
        if self.held.is_empty() {
            for record in found {
                hand_game_record(record, each);
            }
            return;
        }
        self.hold(found);
        self.release(each);
    }

    /// One record of a file of records.
    #[inline]
    fn read_record(&mut self, line: Line<'_>, each: &mut impl FnMut(Record<'_>)) {
        if let Some(text) = record_text(line.number, line.text, true) {
            each(read_one(line.number, text, &self.options));
        }
    }

    /// The record of a line over the maximum length: its first bytes and one diagnostic.
    fn too_long(&mut self, line: Line<'_>, length: u64, each: &mut impl FnMut(Record<'_>)) {
        let prefix = line.text.get(..TOO_LONG_PREFIX).unwrap_or(line.text);
        let record = record_text(line.number, prefix, false).map(|prefix| {
            let notation = match (self.options.notation, self.games.is_some()) {
                (_, true) => Notation::Pdn,
                (Some(notation), false) => notation,
                (None, false) => Notation::detect(prefix),
            };
            let max = self.options.max_record_bytes;
            let diagnostic = record_too_long(length, max, self.options.raise_with);
            Record {
                line: line.number,
                text: Cow::Borrowed(prefix),
                notation,
                detected: false,
                parsed: Parsed::new(None, vec![diagnostic]),
                heading: None,
            }
        });
        let Some(games) = self.games.as_mut() else {
            if let Some(record) = record {
                each(record);
            }
            return;
        };
        let waiting = games.has_waiting() || !self.held.is_empty();
        if let Some(record) = record {
            if waiting {
                self.held.push(record.into_owned());
            } else {
                each(record);
            }
        }
        // Counted as a line of the game file, read as nothing.
        let mut found = games.scan_line(b"");
        self.hand_on(&mut found, each);
    }

    /// Hands on the records a game's scanner found, in line order: as they come, unless
    /// records of over-long lines wait for a FEN tag before them.
    fn hand_on(&mut self, found: &mut Vec<GameRecord>, each: &mut impl FnMut(Record<'_>)) {
        if self.held.is_empty() {
            for record in found.drain(..) {
                hand_game_record(record, each);
            }
            return;
        }
        self.hold(std::mem::take(found));
        let waiting = self.games.as_ref().is_some_and(GameScanner::has_waiting);
        if !waiting || self.held.len() >= HELD_LIMIT {
            self.release(each);
        }
    }

    fn hold(&mut self, found: Vec<GameRecord>) {
        let held = &mut self.held;
        for record in found {
            hand_game_record(record, &mut |record| held.push(record.into_owned()));
        }
    }

    /// Hands on the held records in line order (a stable sort: records of one line keep the
    /// scanner's order).
    fn release(&mut self, each: &mut impl FnMut(Record<'_>)) {
        crate::primitives::sort::sort_by_key(&mut self.held, |record| (record.line as u64, 0));
        for record in self.held.drain(..) {
            each(record);
        }
    }
}

/// `text` read as one record, as it was given (a record passed by hand, not a line of a file:
/// never a comment, whatever its length), numbered `line`.
#[inline]
pub fn read_one<'a>(line: usize, text: &'a [u8], options: &ReadOptions) -> Record<'a> {
    let (notation, parsed) = parse_any(text, options.notation, &options.parse);
    Record {
        line,
        text: Cow::Borrowed(text),
        notation,
        detected: options.notation.is_none(),
        parsed,
        heading: None,
    }
}

/// A game file's scanner after `lines` lines, with headings when the options ask for them.
fn scanner(options: &ReadOptions, lines: usize) -> GameScanner {
    let scanner = GameScanner::after_lines(options.parse, lines);
    if options.headings {
        scanner
    } else {
        scanner.without_headings()
    }
}

/// Where the piece of `text` that starts it ends: after the first `\n` at least
/// [`PIECE_BYTES`] on (whole lines; a `\r\n` is never cut), or at its end.
fn piece_end(text: &[u8]) -> usize {
    let rest = text.get(PIECE_BYTES..).unwrap_or_default();
    match memchr::memchr(b'\n', rest) {
        Some(newline) => PIECE_BYTES + newline + 1,
        None => text.len(),
    }
}
