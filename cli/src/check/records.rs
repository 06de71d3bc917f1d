//! Checking the records of one block: its lines go through `fenkit::records` (the one rule of
//! what a record is), and each record is formatted into the block's output.

use fenkit::records::{FieldReader, Line, ReadOptions, Record, RecordReader};

use super::read::{Job, Lines, Step};
use super::render::Output;
use crate::input::{Layout, Part};

/// Checks a block of an input whose lines are `lines`: a game file read in order goes on with
/// `reader`, the reader of the whole input; one read in parts reads the block as a part of its
/// own (kept in the job for the writer to join) when a game can start at its first line; a
/// file of records needs no reader of its own (its lines depend on no line before).
pub(super) fn check_job(
    job: &mut Job,
    reading: ReadOptions,
    lines: Lines,
    reader: Option<&mut RecordReader>,
) {
    if let Some(mut fields) = job.block.fields.take() {
        return check_fields(job, &mut fields);
    }
    if job.step == Step::Again {
        // The writer's reader, which the block's part could not join: the block read again
        // from where the file read in order stands.
        if let Some(mut reader) = job.part.take() {
            job.output.clear();
            check_block(job, &mut reader);
            job.part = Some(reader);
        }
        return;
    }
    match (lines, reader) {
        (Lines::GamesInParts, _) => {
            let lines_before = job.block.first_number() - 1;
            let first = job.block.first_text(reading.max_record_bytes);
            if lines_before > 0 && first.first() != Some(&b'[') {
                // No game can start here (a part cut where no game seemed to start): the
                // writer has it read in order.
                return;
            }
            let mut part = RecordReader::game_part(reading, lines_before);
            check_block(job, &mut part);
            job.part = Some(part);
        }
        (_, Some(reader)) => check_block(job, reader),
        (_, None) => check_block(job, &mut RecordReader::new(reading, false)),
    }
}

/// Checks every record of a block with `reader` and formats its output.
pub(super) fn check_block(job: &mut Job, reader: &mut RecordReader) {
    let Job { block, output, .. } = job;
    let source = block.source.clone();
    let mut emit = |record: Record<'_>| output.record(&source, record);
    match &block.layout {
        Layout::Lines(lines) => {
            for line in lines {
                let line = Line {
                    number: line.number,
                    text: block.text(line),
                    too_long: line.too_long,
                };
                reader.read_line(line, &mut emit);
            }
        }
        Layout::Part(part) => read_part(block.part_text(), part, reader, &mut emit),
    }
}

/// Checks the rows of a block of a table (`--field`): its rows are whole in it.
fn check_fields(job: &mut Job, fields: &mut FieldReader) {
    let Job { block, output, .. } = job;
    let source = block.source.clone();
    let mut emit = |record: Record<'_>| output.record(&source, record);
    for line in block.lines() {
        let line = Line {
            number: line.number,
            text: block.text(line),
            too_long: line.too_long,
        };
        fields.read_line(line, &mut emit);
    }
    fields.finish(&mut emit);
}

/// Reads a part of a game file (its `text`, [`Layout::Part`]): its lines where they stand, and
/// those over the maximum length that kept only their first bytes.
fn read_part(
    text: &[u8],
    part: &Part,
    reader: &mut RecordReader,
    emit: &mut impl FnMut(Record<'_>),
) {
    let mut at = 0;
    for long in &part.long_lines {
        reader.read_text(text.get(at..long.start).unwrap_or_default(), emit);
        let line = Line {
            number: reader.lines() + 1,
            text: text
                .get(long.start..long.start + long.kept)
                .unwrap_or_default(),
            too_long: Some(long.length),
        };
        reader.read_line(line, emit);
        at = long.start + long.kept;
    }
    reader.read_text(text.get(at..).unwrap_or_default(), emit);
}

/// The records a game file's end completes (its last game's FEN tags, a `{` comment never
/// closed), formatted into `output`.
pub(super) fn finish(reader: &mut RecordReader, source: &str, output: &mut Output) {
    reader.finish(&mut |record| output.record(source, record));
}
