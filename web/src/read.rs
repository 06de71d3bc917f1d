//! What the records of a text are, in one place so that it can move onto a reader shared by
//! every front end: a text is one record, or a game text (PGN or PDN) whose records are its
//! FEN tags and setup commands, read line by line through `fenkit::pgn::GameScanner` as the
//! command line reads a game file.

use std::sync::Arc;

use fenkit::pgn::{GameRecord, GameScanner, RecordKind};
use fenkit::{Notation, Parsed, Position, parse_any};

use crate::options::Reading;

/// One record of a text.
pub struct Found {
    /// Its 1-based line in the text.
    pub line: usize,
    /// Where its line starts in the text, in UTF-16 code units (what a JavaScript string
    /// indexes).
    pub line_start: usize,
    /// The text its spans index: the whole text for a record, its line for a game's.
    pub text: Arc<[u8]>,
    /// The notation it was read in.
    pub notation: Notation,
    /// The position and every diagnostic.
    pub parsed: Parsed<Position>,
}

/// Whether `text` is read as a game text: `notation: "pgn"`, or a detected notation and a
/// text whose first token is a tag pair (as the command line decides for a file).
pub fn is_game_text(text: &[u8], reading: &Reading) -> bool {
    reading.games || (reading.notation.is_none() && fenkit::pgn::is_game_file_start(text))
}

/// `text` read as one record, with the diagnostics the reading's code filter keeps.
pub fn record(text: &[u8], reading: &Reading) -> (Notation, Parsed<Position>) {
    let (notation, mut parsed) = parse_any(text, reading.notation, &reading.options);
    reading.filter.apply(&mut parsed);
    (notation, parsed)
}

/// The records of `text`: itself, or those of a game text in text order.
pub fn records(text: &[u8], reading: &Reading) -> Vec<Found> {
    if !is_game_text(text, reading) {
        let (notation, parsed) = record(text, reading);
        return vec![Found {
            line: 1,
            line_start: 0,
            text: Arc::from(text),
            notation,
            parsed,
        }];
    }
    let mut scanner = GameScanner::new(reading.options).without_headings();
    let mut starts = Vec::new();
    let mut found = Vec::new();
    for (start, line) in lines(text) {
        starts.push(start);
        found.extend(scanner.scan_line(line));
    }
    found.extend(scanner.finish());
    found
        .into_iter()
        .map(|record| {
            let mut found = game_record(record, &starts);
            reading.filter.apply(&mut found.parsed);
            found
        })
        .collect()
}

/// A game text's record, with where its line starts.
fn game_record(record: GameRecord, starts: &[usize]) -> Found {
    let notation = match (record.notation, record.kind) {
        (Some(notation), _) => notation,
        (None, RecordKind::UnclosedComment) => Notation::Pdn,
        (None, _) => Notation::Fen,
    };
    let line_start = record
        .line
        .checked_sub(1)
        .and_then(|index| starts.get(index))
        .copied()
        .unwrap_or_default();
    Found {
        line: record.line,
        line_start,
        text: record.text,
        notation,
        parsed: record.parsed,
    }
}

/// The lines of `text` (LF, CRLF and a lone CR each end one), each with where it starts in
/// UTF-16 code units.
fn lines(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut rest = text;
    let mut start = 0;
    let mut done = text.is_empty();
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let end = rest.iter().position(|&byte| byte == b'\n' || byte == b'\r');
        let (line, after) = match end {
            Some(end) => {
                let crlf = rest.get(end..end + 2) == Some(b"\r\n");
                let line = rest.get(..end).unwrap_or_default();
                (
                    line,
                    rest.get(end + if crlf { 2 } else { 1 }..)
                        .unwrap_or_default(),
                )
            }
            None => {
                done = true;
                (rest, &[][..])
            }
        };
        let line_start = start;
        start += utf16_len(line) + (rest.len() - after.len() - line.len());
        rest = after;
        if end.is_some() && rest.is_empty() {
            done = true;
        }
        Some((line_start, line))
    })
}

/// How many UTF-16 code units `bytes` is (each byte that is not UTF-8 counts one, as its
/// U+FFFD does).
pub fn utf16_len(bytes: &[u8]) -> usize {
    bytes.utf8_chunks().fold(0, |units, chunk| {
        units + chunk.valid().chars().map(char::len_utf16).sum::<usize>() + chunk.invalid().len()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_lines_at_every_line_end() {
        let found: Vec<_> = lines(b"a\r\nb\rc\n\xc3\xa9\nd").collect();
        let expected: Vec<(usize, &[u8])> = vec![
            (0, b"a"),
            (3, b"b"),
            (5, b"c"),
            (7, "é".as_bytes()),
            (9, b"d"),
        ];
        assert_eq!(found, expected);
        assert_eq!(lines(b"a\n").count(), 1);
        assert_eq!(lines(b"").count(), 0);
    }

    #[test]
    fn counts_utf16_units() {
        assert_eq!(utf16_len("a♞𝄞".as_bytes()), 4);
        assert_eq!(utf16_len(b"a\xff"), 2);
    }
}
