//! The records of a text as the package reports them: read by `fenkit::records`, the one
//! rule every front end shares (a text is one record, or a game text whose records are its FEN
//! tags and setup commands), with where each record's line starts in UTF-16 code units.

use std::sync::Arc;

use fenkit::records::{self, GameFiles, ReadOptions, RecordReader};
use fenkit::{Notation, Parsed, Position};

use crate::options::Options;

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

/// How `fenkit::records` reads a text by `reading`: a game text when `notation: "pgn"` asks
/// for one, or when the notation is detected and the text's first token is a tag pair (as the
/// command line decides for a file). A text is read whole: no maximum length.
fn read_options(reading: &Options) -> ReadOptions {
    let game_files = match (reading.games, reading.notation) {
        (true, _) => GameFiles::Always,
        (false, None) => GameFiles::Detected,
        (false, Some(_)) => GameFiles::Never,
    };
    ReadOptions::new(reading.options)
        .notation(reading.notation)
        .game_files(game_files)
        .max_record_bytes(usize::MAX)
}

/// Whether `text` is read as a game text.
pub fn is_game_text(text: &[u8], reading: &Options) -> bool {
    read_options(reading).is_game_file(None, text)
}

/// `text` read as one record, with the diagnostics the reading's code filter keeps.
pub fn record(text: &[u8], reading: &Options) -> (Notation, Parsed<Position>) {
    let record = records::read_one(1, text, &read_options(reading));
    let mut parsed = record.parsed;
    reading.filter.apply(&mut parsed);
    (record.notation, parsed)
}

/// The records of `text`: itself, or those of a game text in text order.
pub fn records(text: &[u8], reading: &Options) -> Vec<Found> {
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
    let starts = line_starts(text);
    let mut reader = RecordReader::new(read_options(reading), true);
    let mut found = Vec::new();
    let mut keep = |record: records::Record<'_>| {
        let mut parsed = record.parsed;
        reading.filter.apply(&mut parsed);
        let line_start = record
            .line
            .checked_sub(1)
            .and_then(|index| starts.get(index));
        found.push(Found {
            line: record.line,
            line_start: line_start.copied().unwrap_or_default(),
            text: Arc::from(record.text.as_ref()),
            notation: record.notation,
            parsed,
        });
    };
    reader.read_text(text, &mut keep);
    reader.finish(&mut keep);
    found
}

/// Where each line of `text` starts, in UTF-16 code units.
fn line_starts(text: &[u8]) -> Vec<usize> {
    let mut starts = Vec::new();
    let (mut at, mut units) = (0, 0);
    for (_, line) in records::lines(text) {
        let offset = (line.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
        units += utf16_len(text.get(at..offset).unwrap_or_default());
        starts.push(units);
        at = offset;
    }
    starts
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
    fn lines_start_where_every_line_end_ends() {
        assert_eq!(line_starts(b"a\r\nb\rc\n\xc3\xa9\nd"), [0, 3, 5, 7, 9]);
        assert_eq!(line_starts("😀\nx".as_bytes()), [0, 3]);
        assert_eq!(line_starts(b""), Vec::<usize>::new());
    }

    #[test]
    fn counts_utf16_units() {
        assert_eq!(utf16_len("a♞𝄞".as_bytes()), 4);
        assert_eq!(utf16_len(b"a\xff"), 2);
    }
}
