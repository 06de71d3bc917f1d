//! Checking the records of one block of lines: records files line by line, game files through
//! their scanner, lines over the maximum length as one diagnostic each.

use fenkit::pgn::GameScanner;
use fenkit::{Notation, Parsed};

use super::output::Output;
use super::pipeline::{Job, Lines};
use crate::input::{self, Record, is_comment};
use crate::records::{self, Reading};
use crate::report::Checked;

/// Checks a block of an input whose lines are `lines`: a game file read in order goes on with
/// `scanner`, one read in parts reads the block as a part of its own (kept in the job for the
/// writer to join) when a game can start at its first line.
pub(super) fn check_job(
    job: &mut Job,
    reading: Reading,
    lines: Lines,
    scanner: Option<&mut GameScanner>,
    max_record_bytes: usize,
) {
    if lines != Lines::GamesInParts {
        return check_block(job, reading, scanner, max_record_bytes);
    }
    let lines_before = job.block.first_number() - 1;
    if lines_before > 0 && job.block.first_text(max_record_bytes).first() != Some(&b'[') {
        // No game can start here (a part cut where no game seemed to start): the writer reads
        // it in order.
        return;
    }
    let mut part = reading.games_after(lines_before);
    check_block(job, reading, Some(&mut part), max_record_bytes);
    job.part = Some(part);
}

/// Checks every record of a block and formats its output; with a scanner, the block is part
/// of a game file.
pub(super) fn check_block(
    job: &mut Job,
    reading: Reading,
    mut scanner: Option<&mut GameScanner>,
    max_record_bytes: usize,
) {
    if job.block.raw
        && let Some(scanner) = scanner.as_deref_mut()
    {
        return check_part(job, reading, scanner, max_record_bytes);
    }
    let Job { block, output, .. } = job;
    for line in &block.lines {
        let record = Record {
            source: &block.source,
            line: line.number,
            text: block.text(line),
        };
        if let Some(length) = line.too_long {
            if let Some(scanner) = scanner.as_deref_mut() {
                // Counted as a line of the game file, read as nothing.
                let _ = scanner.scan_line(b"");
            }
            if !is_comment(record.text) {
                let _ = output.emit(too_long(
                    record,
                    length,
                    max_record_bytes,
                    reading,
                    &scanner,
                ));
            }
            continue;
        }
        reading.each_record(line.number, record.text, scanner.as_deref_mut(), |found| {
            let _ = output.emit(Checked::found(record.source, found));
        });
    }
}

/// Checks the records of a part of a game file ([`input::Block::raw`]): the scanner reads its
/// lines where they stand, those over the maximum length aside (read as no text, and reported
/// as a line of records files is).
pub(super) fn check_part(
    job: &mut Job,
    reading: Reading,
    scanner: &mut GameScanner,
    max_record_bytes: usize,
) {
    let Job { block, output, .. } = job;
    let source = &block.source;
    let text = block.part();
    let mut found = Vec::new();
    let emit = |found: &mut Vec<fenkit::pgn::GameRecord>, output: &mut Output| {
        for record in found.drain(..) {
            records::each_found(record, &mut |found| {
                let _ = output.emit(Checked::found(source, found));
            });
        }
    };
    let mut long_lines = block.long_lines.iter();
    let mut at = 0;
    loop {
        let long = long_lines.next();
        let end = long.map_or(text.len(), |long| long.start);
        while at < end {
            let stop = piece_end(text, at, end);
            let lines = text.get(at..stop).unwrap_or_default();
            at += scanner.scan_lines(lines, max_record_bytes, &mut found);
            emit(&mut found, output);
            if at == stop {
                continue;
            }
            if let Some(rest) = text.get(at..end).filter(|rest| !rest.is_empty()) {
                // A line over the maximum length, whole in the part.
                let length = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
                let prefix = rest
                    .get(..length.min(input::TOO_LONG_PREFIX))
                    .unwrap_or_default();
                too_long_game_line(
                    output,
                    source,
                    scanner,
                    prefix,
                    length as u64,
                    max_record_bytes,
                    reading,
                );
                at += length
                    + match rest.get(length..length + 2) {
                        Some(b"\r\n") => 2,
                        _ => usize::from(length < rest.len()),
                    };
            }
        }
        let Some(long) = long else {
            break;
        };
        let prefix = text
            .get(long.start..long.start + long.kept)
            .unwrap_or_default();
        too_long_game_line(
            output,
            source,
            scanner,
            prefix,
            long.length,
            max_record_bytes,
            reading,
        );
        at = long.start + long.kept;
    }
}

/// The records of a part are found and formatted a piece of this many bytes (and the rest of
/// its last line) at a time, so that the records waiting to be formatted stay few however long
/// the part (a part of a single tag section is as long as it gets).
const PIECE_BYTES: usize = 64 * 1024;

/// Where the piece of `text` that starts at `at` ends: after the first `\n` at least
/// [`PIECE_BYTES`] on (whole lines; a `\r\n` is never cut), or at `end`.
fn piece_end(text: &[u8], at: usize, end: usize) -> usize {
    let from = at.saturating_add(PIECE_BYTES);
    if from >= end {
        return end;
    }
    let rest = text.get(from..end).unwrap_or_default();
    memchr::memchr(b'\n', rest).map_or(end, |newline| from + newline + 1)
}

/// A line of a part of a game file over the maximum length: read by the scanner as no text,
/// and reported by its first bytes, as [`check_block`] reports one.
pub(super) fn too_long_game_line(
    output: &mut Output,
    source: &str,
    scanner: &mut GameScanner,
    prefix: &[u8],
    length: u64,
    max_record_bytes: usize,
    reading: Reading,
) {
    let record = Record {
        source,
        line: scanner.lines() + 1,
        text: prefix,
    };
    // Counted as a line of the game file, read as nothing.
    let _ = scanner.scan_line(b"");
    if !is_comment(prefix) {
        let scanner = Some(scanner);
        let _ = output.emit(too_long(
            record,
            length,
            max_record_bytes,
            reading,
            &scanner,
        ));
    }
}

/// The record of a line over the maximum length: only its first bytes, and one diagnostic.
pub(super) fn too_long<'a>(
    record: Record<'a>,
    length: u64,
    max_record_bytes: usize,
    reading: Reading,
    scanner: &Option<&mut GameScanner>,
) -> Checked<'a> {
    let notation = match (reading.notation, scanner) {
        (_, Some(_)) => Notation::Pdn,
        (Some(notation), None) => notation,
        (None, None) => Notation::detect(record.text),
    };
    Checked {
        record,
        notation,
        detected: false,
        parsed: Parsed::new(None, vec![input::record_too_long(length, max_record_bytes)]),
    }
}
