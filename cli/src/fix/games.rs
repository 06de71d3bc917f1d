//! The changes of a game file. Its FEN tags come back from the scanner when their tag section
//! ends, after the records of later lines, while the copy of the file goes forward: so the
//! changes wait, in the order of the file, until no record of the lines read is missing.
//!
//! Memory is bounded by what waits, not by the length of a tag section: the scanner holds a few
//! FEN tags at most ([`GameScanner::waiting_lines`]), only their lines' offsets are kept, and
//! the changes found behind them past [`MAX_WAITING_BYTES`] go to an unnamed temporary file,
//! read back in order when the section ends.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};
use std::sync::Arc;

use fenkit::autofix::{Fixed, fix_game_record_keeping};
use fenkit::codes::CodeFilter;
use fenkit::pgn::{GameRecord, GameScanner, RecordKind};

use super::outcome::{Change, Failure, FixOutcome};
use crate::input::Line;
use crate::messages;
use crate::terminal::shown;
use fenkit::records::record_text;

/// The changes waiting in memory for a tag section to end take at most about this much; the
/// next ones go to a temporary file.
const MAX_WAITING_BYTES: usize = 4 << 20;

/// What a waiting change costs besides its bytes (its place in the map, its vectors).
const CHANGE_OVERHEAD: usize = 128;

/// How many bare FEN lines of a file are named; the rest are counted.
const BARE_LINES_NAMED: usize = 10;

pub(super) struct GameChanges {
    name: Arc<str>,
    scanner: GameScanner,
    /// Where the lines of the waiting FEN tags start (and the current line's, while it is
    /// read).
    tag_lines: BTreeMap<usize, u64>,
    /// Changes by offset, and the lines they change.
    waiting: BTreeMap<u64, Change>,
    waiting_bytes: usize,
    changed_lines: BTreeSet<usize>,
    /// The changes that did not fit in memory, in the order of the file.
    spilled: Option<Spill>,
    /// Bare FEN lines the fixes would change, left as they are: the first lines, and how many.
    bare_lines: Vec<usize>,
    bare_count: usize,
    /// The codes `--select` and `--ignore` keep.
    filter: CodeFilter,
}

/// Changes written to an unnamed temporary file, in the order of their offsets.
struct Spill {
    file: BufWriter<File>,
    count: usize,
    last_offset: u64,
}

impl GameChanges {
    /// The changes of the game file `name` (empty for text that is not a file).
    pub(super) fn new(name: Arc<str>, scanner: GameScanner, filter: CodeFilter) -> GameChanges {
        GameChanges {
            name,
            scanner,
            tag_lines: BTreeMap::new(),
            waiting: BTreeMap::new(),
            waiting_bytes: 0,
            changed_lines: BTreeSet::new(),
            spilled: None,
            bare_lines: Vec::new(),
            bare_count: 0,
            filter,
        }
    }

    /// Reads `line` (`text`): the fixes of the records it completes wait in `waiting`.
    pub(super) fn line(
        &mut self,
        line: &Line,
        text: &[u8],
        outcome: &mut FixOutcome,
    ) -> Result<(), Failure> {
        if line.too_long.is_some() {
            // Counted as a line of the file, read as nothing; copied as it is.
            let _ = self.scanner.scan_line(b"");
            if record_text(line.number, text, false).is_some() {
                outcome.invalid += 1;
            }
            return Ok(());
        }
        if memchr::memchr(b'[', text).is_some() {
            self.tag_lines.insert(line.number, line.offset);
        }
        let records = self.scanner.scan_line(text);
        for record in records {
            let offset = match record.line {
                number if number == line.number => Some(line.offset),
                number => self.tag_lines.get(&number).copied(),
            };
            self.record(&record, offset, outcome)?;
        }
        if self.scanner.has_waiting() {
            // Only the waiting FEN tags' lines can still get a record.
            let waiting: BTreeSet<usize> = self.scanner.waiting_lines().collect();
            self.tag_lines.retain(|number, _| waiting.contains(number));
        } else {
            self.tag_lines.clear();
        }
        Ok(())
    }

    /// The end of the file: the last game's records.
    pub(super) fn finish(&mut self, outcome: &mut FixOutcome) -> Result<(), Failure> {
        for record in self.scanner.finish() {
            let offset = self.tag_lines.get(&record.line).copied();
            self.record(&record, offset, outcome)?;
        }
        self.tag_lines.clear();
        Ok(())
    }

    /// The fix of `record`, whose line starts at `offset`.
    fn record(
        &mut self,
        record: &GameRecord,
        offset: Option<u64>,
        outcome: &mut FixOutcome,
    ) -> Result<(), Failure> {
        match fix_game_record_keeping(record, &self.filter) {
            // Only tag values and setup commands change: a FEN standing alone is reported.
            Fixed::Valid(after)
                if *after != *record.text && record.kind == RecordKind::BareLine =>
            {
                let mut parsed = record.parsed.clone();
                self.filter.apply(&mut parsed);
                if !parsed.is_valid() {
                    self.left_invalid(record, parsed, outcome);
                }
                if self.bare_lines.len() < BARE_LINES_NAMED {
                    self.bare_lines.push(record.line);
                }
                self.bare_count += 1;
            }
            Fixed::Valid(after) if *after != *record.text => {
                // A second change on one line waits for the next run (its line was rewritten).
                match offset.filter(|_| self.changed_lines.insert(record.line)) {
                    Some(offset) => {
                        let change = Change::within_line(record.line, offset, &record.text, after);
                        self.wait(change)?;
                    }
                    None => outcome.invalid += 1,
                }
            }
            Fixed::Valid(_) => {}
            Fixed::Invalid { .. } => {
                let mut parsed = record.parsed.clone();
                self.filter.apply(&mut parsed);
                self.left_invalid(record, parsed, outcome);
            }
        }
        Ok(())
    }

    /// `record`, left invalid with what `parsed` holds: counted and said.
    fn left_invalid(
        &self,
        record: &GameRecord,
        parsed: fenkit::Parsed<fenkit::Position>,
        outcome: &mut FixOutcome,
    ) {
        let notation = fenkit::records::notation_of(record);
        outcome.left_invalid(&self.name, record.line, &record.text, notation, parsed);
    }

    /// Keeps `change` until the records before it are all in: in memory, or past
    /// [`MAX_WAITING_BYTES`] in the temporary file, whose changes stay in the order of the file.
    fn wait(&mut self, change: Change) -> Result<(), Failure> {
        let after_spilled = self
            .spilled
            .as_ref()
            .is_some_and(|spill| change.offset > spill.last_offset);
        let after_held = self
            .waiting
            .last_key_value()
            .is_none_or(|(offset, _)| change.offset > *offset);
        let full = self.waiting_bytes > MAX_WAITING_BYTES;
        if after_spilled || (self.spilled.is_none() && full && after_held) {
            return self
                .spill(&change)
                .map_err(|error| Failure::file(&self.name, messages::fix_waiting_not_kept(error)));
        }
        self.waiting_bytes +=
            change.text.len() + change.before.len() + change.after.len() + CHANGE_OVERHEAD;
        self.waiting.insert(change.offset, change);
        Ok(())
    }

    fn spill(&mut self, change: &Change) -> io::Result<()> {
        let spill = match self.spilled.as_mut() {
            Some(spill) => spill,
            None => self.spilled.insert(Spill {
                file: BufWriter::new(tempfile::tempfile()?),
                count: 0,
                last_offset: 0,
            }),
        };
        let out = &mut spill.file;
        for number in [change.number as u64, change.offset, change.replaced as u64] {
            out.write_all(&number.to_le_bytes())?;
        }
        for bytes in [&change.text, &change.before, &change.after] {
            out.write_all(&(bytes.len() as u64).to_le_bytes())?;
            out.write_all(bytes)?;
        }
        spill.count += 1;
        spill.last_offset = change.offset;
        Ok(())
    }

    /// Hands the waiting changes to `found` once no earlier record can still come; returns
    /// how many lines they change.
    pub(super) fn flush(
        &mut self,
        found: &mut impl FnMut(Change) -> Result<(), Failure>,
    ) -> Result<u64, Failure> {
        if self.scanner.has_waiting() {
            return Ok(0);
        }
        let mut spilled = match self.spilled.take() {
            Some(spill) => Some(Unspill::of(spill).map_err(|error| {
                Failure::file(&self.name, messages::fix_waiting_not_kept(error))
            })?),
            None => None,
        };
        let mut lines = 0;
        loop {
            let next_spilled = match spilled.as_mut() {
                Some(unspill) => unspill.peek().map_err(|error| {
                    Failure::file(&self.name, messages::fix_waiting_not_kept(error))
                })?,
                None => None,
            };
            let held = self.waiting.first_key_value().map(|(offset, _)| *offset);
            let change = match (held, next_spilled) {
                (Some(held), Some(spilled_at)) if held < spilled_at => self.waiting.pop_first(),
                (_, Some(_)) => spilled.as_mut().and_then(Unspill::take),
                (Some(_), None) => self.waiting.pop_first(),
                (None, None) => None,
            };
            let Some(change) = change.map(|change| change.1) else {
                break;
            };
            lines += 1;
            found(change)?;
        }
        self.waiting_bytes = 0;
        self.changed_lines.clear();
        Ok(lines)
    }

    /// Where the copy may go on to: the first offset a change may still come at (`end`, the
    /// end of the lines read, when nothing waits).
    pub(super) fn settled(&self, end: u64) -> u64 {
        let first_tag = self.tag_lines.first_key_value().map(|(_, offset)| *offset);
        let first_change = self.waiting.first_key_value().map(|(offset, _)| *offset);
        [first_tag, first_change]
            .into_iter()
            .flatten()
            .fold(end, u64::min)
    }

    /// Says on stderr which bare FEN lines were left as they are (nothing for text that is not
    /// a file).
    pub(super) fn report_bare_lines(&self) {
        if self.name.is_empty() {
            return;
        }
        let mut stderr = io::stderr().lock();
        for line in &self.bare_lines {
            let _ = writeln!(
                stderr,
                "fenkit: {}:{line}: {}",
                shown(&self.name),
                messages::FIX_BARE_LINE
            );
        }
        if self.bare_count > self.bare_lines.len() {
            let more = self.bare_count - self.bare_lines.len();
            let _ = writeln!(
                stderr,
                "fenkit: {}: {}",
                shown(&self.name),
                messages::fix_more_bare_lines(more)
            );
        }
    }
}

/// The spilled changes read back, one ahead.
struct Unspill {
    file: BufReader<File>,
    left: usize,
    next: Option<(u64, Change)>,
}

impl Unspill {
    fn of(spill: Spill) -> io::Result<Unspill> {
        let mut file = spill
            .file
            .into_inner()
            .map_err(|error| error.into_error())?;
        file.rewind()?;
        Ok(Unspill {
            file: BufReader::new(file),
            left: spill.count,
            next: None,
        })
    }

    /// The offset of the next change, read if need be.
    fn peek(&mut self) -> io::Result<Option<u64>> {
        if self.next.is_none() && self.left > 0 {
            self.left -= 1;
            let change = self.read()?;
            self.next = Some((change.offset, change));
        }
        Ok(self.next.as_ref().map(|(offset, _)| *offset))
    }

    fn take(&mut self) -> Option<(u64, Change)> {
        self.next.take()
    }

    fn read(&mut self) -> io::Result<Change> {
        let mut number = || -> io::Result<u64> {
            let mut bytes = [0; 8];
            self.file.read_exact(&mut bytes)?;
            Ok(u64::from_le_bytes(bytes))
        };
        let (line, offset, replaced) = (number()?, number()?, number()?);
        let mut bytes = || -> io::Result<Vec<u8>> {
            let mut length = [0; 8];
            self.file.read_exact(&mut length)?;
            let length = usize::try_from(u64::from_le_bytes(length)).map_err(io::Error::other)?;
            let mut bytes = vec![0; length];
            self.file.read_exact(&mut bytes)?;
            Ok(bytes)
        };
        let (text, before, after) = (bytes()?, bytes()?, bytes()?);
        Ok(Change {
            number: usize::try_from(line).map_err(io::Error::other)?,
            offset,
            replaced: usize::try_from(replaced).map_err(io::Error::other)?,
            text,
            before,
            after,
        })
    }
}
