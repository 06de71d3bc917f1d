//! Reading a source into blocks of whole lines, or into parts of a game file.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::Path;
use std::sync::Arc;

use fenkit::records::{FieldReader, TOO_LONG_PREFIX};

use super::rows::RowEnds;

use super::block::{Block, Line, LongLine};
use super::parts::{PartLimits, count_line_ends};

mod direct;

/// A block is handed on once it holds this many bytes (or the reader has no more bytes at hand).
const BLOCK_BYTES: usize = 64 * 1024;

/// ... or this many lines: a block's output is held until its turn to be written, and a line's
/// reports can be a thousand times longer than the line, so this bounds the memory of the
/// output of short invalid lines (512 lines of 32 reports stay near 10 MB).
const BLOCK_LINES: usize = 512;

/// The limits when no report is written (`-q`): blocks eight times larger, so that threads
/// hand blocks to each other (a wake-up each, in the kernel) eight times less often.
const QUIET_BLOCK_BYTES: usize = 8 * BLOCK_BYTES;
const QUIET_BLOCK_LINES: usize = 8 * BLOCK_LINES;

/// An open input, a file or standard input, cut into [`Block`]s of whole lines.
pub struct LineReader {
    pub name: Arc<str>,
    reader: BufReader<Box<dyn Read + Send>>,
    /// Lines started so far.
    line: usize,
    /// Bytes of the source consumed so far.
    position: u64,
    max_record_bytes: usize,
    /// The last line ended with `\r`: a `\n` right after it belongs to the same line end.
    after_cr: bool,
    /// The total size in bytes of a regular file (for the progress bar).
    pub size: Option<u64>,
    /// A block is handed on at this many bytes or lines.
    block_bytes: usize,
    block_lines: usize,
    /// The source is read in parts of whole lines (see [`reading_parts`](Self::reading_parts)).
    parts: bool,
    /// Blocks hold reports: a part is full at `block_lines` lines too, not only at
    /// `block_bytes` (see [`BLOCK_LINES`]).
    holds_reports: bool,
    /// A table's field is read: each block gets a reader of its rows ([`Block::fields`]).
    pub fields: Option<FieldReader>,
    /// Blocks of a CSV or TSV file end between rows (see [`RowEnds`]).
    rows: Option<RowEnds>,
    /// The input was given up (a binary file): no more blocks.
    ended: bool,
    /// The compressed format the input was decoded from.
    pub compression: Option<fenkit::inputs::decompress::Compression>,
    /// A terminal: read as typed, each line checked as it comes.
    typed: bool,
    /// A regular file of records, read straight into its blocks (see [`direct`]).
    direct: bool,
    /// Read straight into a block, the bytes after its last line: the next block's first.
    carried: Vec<u8>,
    /// The mean length of the last block's lines read straight into it (0 before one is).
    line_bytes: usize,
    /// Whether the first block is still being read: it holds at least the lines that decide
    /// whether the input is a game file ([`fenkit::records::starts_game_file`]), however slowly
    /// its bytes come (not on a terminal, whose lines are checked as they are typed).
    deciding: bool,
}

/// Whether `block` may end: it is no source's first (`deciding` false), or its lines tell
/// whether the source is a game file.
fn may_end(deciding: bool, block: &Block) -> bool {
    !deciding || fenkit::records::starts_game_file(&block.start(), false).is_some()
}

/// The line being read: where it starts in the block, and how long it is so far.
struct Partial {
    number: usize,
    offset: u64,
    start: usize,
    length: u64,
}

impl LineReader {
    /// Opens `path` (`-`: standard input); a Zstandard or gzip input, found by its magic
    /// number, is read as the text it holds (`fenkit::inputs::decompress`).
    pub fn open(path: &Path, max_record_bytes: usize) -> io::Result<LineReader> {
        let (name, raw, size): (String, Box<dyn Read + Send>, _) = if path == Path::new("-") {
            (String::from("-"), Box::new(io::stdin()), None)
        } else {
            let file = File::open(path)?;
            // A regular file's size (a named pipe's says nothing of what comes through it).
            let size = file
                .metadata()
                .ok()
                .filter(std::fs::Metadata::is_file)
                .map(|m| m.len());
            (path.display().to_string(), Box::new(file), size)
        };
        // A terminal is read as typed: no bytes are waited for to look for a magic number.
        let typed = path == Path::new("-") && io::stdin().is_terminal();
        let (reader, compression) = if typed {
            (raw, None)
        } else {
            fenkit::inputs::decompress::plain(raw)?
        };
        let mut source = LineReader::new(
            &name,
            reader,
            size.filter(|_| compression.is_none()),
            max_record_bytes,
        );
        source.compression = compression;
        source.typed = typed;
        if typed {
            // Each line is checked as it is typed.
            source.deciding = false;
        }
        Ok(source)
    }

    /// The first bytes of the input not yet read (up to a block's), without reading past them.
    pub fn peek(&mut self) -> &[u8] {
        self.reader.fill_buf().unwrap_or_default()
    }

    /// Whether the input is a terminal, read as typed: a game file on it is read in blocks of
    /// the lines typed so far, never in large parts that would wait for more (a file or a pipe,
    /// compressed or not, is read in parts).
    pub fn is_typed(&self) -> bool {
        self.typed
    }

    /// Reads `reader` (of `size` bytes when known) under the name `name`.
    pub fn new(
        name: &str,
        reader: Box<dyn Read + Send>,
        size: Option<u64>,
        max_record_bytes: usize,
    ) -> LineReader {
        LineReader {
            name: Arc::from(name),
            reader: BufReader::with_capacity(BLOCK_BYTES, reader),
            line: 0,
            position: 0,
            max_record_bytes,
            after_cr: false,
            size,
            block_bytes: BLOCK_BYTES,
            block_lines: BLOCK_LINES,
            parts: false,
            holds_reports: true,
            fields: None,
            rows: None,
            ended: false,
            compression: None,
            typed: false,
            direct: false,
            carried: Vec::new(),
            line_bytes: 0,
            deciding: true,
        }
    }

    /// From its first line on, ends blocks only between the rows of a CSV or TSV file, as
    /// `rows` (a [`FieldReader::rows_only`]) reads them (see [`RowEnds`]).
    pub fn keeping_rows_whole(&mut self, rows: FieldReader) {
        self.rows = Some(RowEnds::new(rows));
    }

    /// Reads nothing more: the input was given up.
    pub fn end(&mut self) {
        self.ended = true;
    }

    /// Larger blocks, for a run that holds no reports (see [`QUIET_BLOCK_LINES`]).
    pub fn without_reports(mut self) -> LineReader {
        self.block_bytes = QUIET_BLOCK_BYTES;
        self.block_lines = QUIET_BLOCK_LINES;
        self.holds_reports = false;
        self
    }

    /// From now on, fills blocks with parts of a game file (see [`fill_part`](Self::fill_part)).
    pub fn reading_parts(&mut self) {
        self.parts = true;
    }

    /// Fills `block` with the next whole lines: until it holds [`BLOCK_BYTES`] or [`BLOCK_LINES`]
    /// (or the quiet limits),
    /// or the bytes read so far are used up (so records typed on a terminal are checked at once).
    /// Returns `false` at the end of the source, when the block is empty.
    pub fn fill(&mut self, block: &mut Block) -> bool {
        if self.ended {
            return false;
        }
        if self.parts {
            return self.fill_part(block);
        }
        if self.direct {
            return self.fill_directly(block);
        }
        let filled = self.fill_lines(block);
        self.deciding = false;
        filled
    }

    /// [`fill`](Self::fill), line by line.
    fn fill_lines(&mut self, block: &mut Block) -> bool {
        block.clear();
        block.source.clone_from(&self.name);
        block.fields = self.fields.as_ref().map(FieldReader::part);
        let mut partial: Option<Partial> = None;
        loop {
            if partial.is_none()
                && !block.lines().is_empty()
                && !self.rows.as_ref().is_some_and(RowEnds::is_open)
                && may_end(self.deciding, block)
                && (block.bytes.len() >= self.block_bytes
                    || block.lines().len() >= self.block_lines
                    || self.reader.buffer().is_empty())
            {
                return true;
            }
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    // The unfinished line is dropped: its end is unknown.
                    if let Some(partial) = partial {
                        block.bytes.truncate(partial.start);
                    }
                    block.error = Some(error);
                    return true;
                }
            };
            if buffer.is_empty() {
                if let Some(partial) = partial {
                    self.push_line(block, partial);
                }
                return !block.lines().is_empty();
            }
            if std::mem::take(&mut self.after_cr) && buffer.first() == Some(&b'\n') {
                self.consume(block, 1);
                continue;
            }
            if partial.is_none() {
                let taken = self.whole_lines(block);
                if taken > 0 {
                    self.consume(block, taken);
                    continue;
                }
            }
            let buffer = self.reader.buffer();
            let line_end = memchr::memchr2(b'\n', b'\r', buffer);
            let chunk_len = line_end.unwrap_or(buffer.len());
            let chunk = buffer.get(..chunk_len).unwrap_or_default();
            let current = partial.get_or_insert_with(|| {
                self.line += 1;
                Partial {
                    number: self.line,
                    offset: self.position,
                    start: block.bytes.len(),
                    length: 0,
                }
            });
            let was_kept = current.length <= self.max_record_bytes as u64;
            current.length += chunk_len as u64;
            if current.length <= self.max_record_bytes as u64 {
                block.bytes.extend_from_slice(chunk);
            } else if was_kept {
                // Over the limit: keep only the first bytes, to show which line it was.
                let kept = block.bytes.len() - current.start;
                block
                    .bytes
                    .truncate(current.start + kept.min(TOO_LONG_PREFIX));
                let more = TOO_LONG_PREFIX.saturating_sub(kept).min(chunk.len());
                block
                    .bytes
                    .extend_from_slice(chunk.get(..more).unwrap_or_default());
            }
            let consumed = match line_end {
                Some(at) => {
                    self.after_cr = buffer.get(at) == Some(&b'\r');
                    if let Some(partial) = partial.take() {
                        self.push_line(block, partial);
                    }
                    chunk_len + 1
                }
                None => chunk_len,
            };
            self.consume(block, consumed);
        }
    }

    /// Moves on `count` bytes of the source, which `block` covers.
    fn consume(&mut self, block: &mut Block, count: usize) {
        self.reader.consume(count);
        block.consumed += count as u64;
        self.position += count as u64;
    }

    /// Takes the whole lines at the start of the reader's buffer into `block` at once (one
    /// search over the buffer, one copy), up to the block's limits; returns how many bytes of
    /// the buffer they cover. A line over the maximum length, or one the buffer does not end,
    /// is left to the byte-by-byte path of [`fill`](Self::fill).
    fn whole_lines(&mut self, block: &mut Block) -> usize {
        let buffer = self.reader.buffer();
        let base = block.bytes.len();
        let deciding = self.deciding;
        let mut taken = 0;
        // Rows are followed line by line only where the buffer can move their ends.
        let counting = self
            .rows
            .as_ref()
            .is_some_and(|rows| rows.may_change(buffer));
        for end in memchr::memchr2_iter(b'\n', b'\r', buffer) {
            if end < taken {
                // The `\n` of a `\r\n` already taken.
                continue;
            }
            let open = self.rows.as_ref().is_some_and(RowEnds::is_open);
            let full = (block.lines().len() >= self.block_lines
                || base + taken >= self.block_bytes)
                && may_end(deciding, block)
                && !open;
            let crlf_unknown = buffer.get(end) == Some(&b'\r') && end + 1 == buffer.len();
            if full || end - taken > self.max_record_bytes || crlf_unknown {
                break;
            }
            self.line += 1;
            if let Some(rows) = self.rows.as_mut().filter(|_| counting) {
                rows.read(self.line, buffer.get(taken..end).unwrap_or_default(), None);
            }
            block.lines_mut().push(Line {
                number: self.line,
                offset: self.position + taken as u64,
                start: base + taken,
                end: base + end,
                too_long: None,
            });
            let crlf = buffer.get(end..end + 2) == Some(b"\r\n");
            taken = end + if crlf { 2 } else { 1 };
        }
        block
            .bytes
            .extend_from_slice(buffer.get(..taken).unwrap_or_default());
        taken
    }

    /// Fills `block` with the next part of a game file: whole lines as they stand in the
    /// source, read in large pieces and not cut into lines, at least a block's bytes and then up
    /// to the likely start of a game (a line that starts with `[` after a blank line), so that
    /// each part can be read on its own from its first tag pair on. A part that finds none in
    /// [`PART_SLACK`] times a block's bytes ends at a line end. A line over the maximum length
    /// that spans a whole read keeps only its first bytes ([`LongLine`]); the scanner finds
    /// the shorter ones. Returns `false` at the end of the source, when the part is empty.
    fn fill_part(&mut self, block: &mut Block) -> bool {
        block.clear();
        block.source.clone_from(&self.name);
        block.part_mut().lines_before = self.line;
        // The line being read: where it starts in the part, and its bytes there so far.
        let mut line_start = 0;
        let mut line_length = 0;
        // A long line whose rest is being skipped.
        let mut skipping: Option<LongLine> = None;
        let mut lines = 0;
        let limits = PartLimits {
            bytes: self.block_bytes,
            lines: self.holds_reports.then_some(self.block_lines),
        };
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    // The unfinished line is dropped: its end is unknown.
                    block.bytes.truncate(line_start);
                    block.error = Some(error);
                    return true;
                }
            };
            if buffer.is_empty() {
                // The last line has no line end.
                if let Some(long) = skipping {
                    block.part_mut().long_lines.push(long);
                }
                if skipping.is_some() || line_length > 0 {
                    self.line += 1;
                }
                return !block.bytes.is_empty()
                    || block.part().is_some_and(|part| !part.long_lines.is_empty());
            }
            if std::mem::take(&mut self.after_cr) && buffer.first() == Some(&b'\n') {
                self.consume(block, 1);
                continue;
            }
            if let Some(long) = &mut skipping {
                let end = memchr::memchr2(b'\n', b'\r', buffer);
                let rest = end.unwrap_or(buffer.len());
                long.length += rest as u64;
                let Some(end) = end else {
                    self.consume(block, rest);
                    continue;
                };
                block.part_mut().long_lines.push(*long);
                skipping = None;
                self.line += 1;
                lines += 1;
                self.after_cr = buffer.get(end) == Some(&b'\r');
                self.consume(block, end + 1);
                (line_start, line_length) = (block.bytes.len(), 0);
                continue;
            }
            let after_cr = block.bytes.last() == Some(&b'\r');
            let (taken, ends) = limits.part_end(block, lines, buffer, after_cr);
            let piece = buffer.get(..taken).unwrap_or_default();
            block.bytes.extend_from_slice(piece);
            let ended = count_line_ends(piece, after_cr);
            self.line += ended;
            lines += ended;
            match memchr::memrchr2(b'\n', b'\r', piece) {
                Some(last) => {
                    line_start = block.bytes.len() - taken + last + 1;
                    line_length = taken - last - 1;
                }
                None => line_length += taken,
            }
            self.consume(block, taken);
            if ends {
                // A `\n` at the start of the next read belongs to a `\r` that ends the part.
                self.after_cr = block.bytes.last() == Some(&b'\r');
                return true;
            }
            if line_length > self.max_record_bytes {
                // Over the maximum length and not ended in this read: only its first bytes,
                // those [`fill`](Self::fill) keeps (it keeps none of the reads after the one
                // that takes the line over the limit).
                let kept = line_length.min(TOO_LONG_PREFIX);
                block.bytes.truncate(line_start + kept);
                skipping = Some(LongLine {
                    start: line_start,
                    kept,
                    length: line_length as u64,
                });
            }
        }
    }

    fn push_line(&mut self, block: &mut Block, partial: Partial) {
        let too_long = (partial.length > self.max_record_bytes as u64).then_some(partial.length);
        if let Some(rows) = &mut self.rows {
            let text = block.bytes.get(partial.start..).unwrap_or_default();
            rows.read(partial.number, text, too_long);
        }
        let end = block.bytes.len();
        block.lines_mut().push(Line {
            number: partial.number,
            offset: partial.offset,
            start: partial.start,
            end,
            too_long,
        });
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;

    /// A source that hands out `step` bytes a read, so that lines and line ends fall across
    /// reads.
    struct Trickle {
        data: Vec<u8>,
        at: usize,
        step: usize,
    }

    impl Read for Trickle {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            let rest = self.data.get(self.at..).unwrap_or_default();
            let count = self.step.min(buffer.len()).min(rest.len());
            buffer[..count].copy_from_slice(&rest[..count]);
            self.at += count;
            Ok(count)
        }
    }

    /// A line as the commands see it: its number, its text (the first bytes of a line over the
    /// maximum length) and the length of a line over it.
    type Seen = (usize, Vec<u8>, Option<u64>);

    pub(super) fn reader(data: &[u8], step: usize, max: usize) -> LineReader {
        let source = Trickle {
            data: data.to_vec(),
            at: 0,
            step,
        };
        let mut reader = LineReader::new("test", Box::new(source), Some(0), max);
        // Small blocks: many of them.
        reader.block_bytes = 40;
        reader.block_lines = 3;
        reader
    }

    fn lines_in_blocks(data: &[u8], step: usize, max: usize) -> Vec<Seen> {
        let mut reader = reader(data, step, max);
        let mut block = Block::default();
        let mut seen = Vec::new();
        while reader.fill(&mut block) {
            for line in block.lines() {
                seen.push((line.number, block.text(line).to_vec(), line.too_long));
            }
        }
        seen
    }

    /// The lines of each part, cut as the game-file scanner cuts them, a line over `max` kept
    /// by its first bytes.
    fn lines_in_parts(data: &[u8], step: usize, max: usize, reports: bool) -> Vec<Seen> {
        let mut reader = reader(data, step, max);
        reader.holds_reports = reports;
        reader.reading_parts();
        let mut block = Block::default();
        let mut seen: Vec<Seen> = Vec::new();
        while reader.fill(&mut block) {
            let Some(part) = block.part() else {
                panic!("a game file is read in parts")
            };
            assert_eq!(part.lines_before, seen.len(), "{seen:?}");
            let text = block.part_text();
            let mut at = 0;
            let mut long_lines = part.long_lines.iter().peekable();
            while at < text.len() || long_lines.peek().is_some() {
                let number = seen.len() + 1;
                if let Some(long) = long_lines.next_if(|long| long.start == at) {
                    let prefix = text[long.start..long.start + long.kept].to_vec();
                    seen.push((number, prefix, Some(long.length)));
                    at += long.kept;
                    continue;
                }
                let rest = &text[at..];
                let len = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
                let line = &rest[..len];
                if len > max {
                    seen.push((number, line[..len.min(32)].to_vec(), Some(len as u64)));
                } else {
                    seen.push((number, line.to_vec(), None));
                }
                at += len
                    + if rest.get(len..len + 2) == Some(b"\r\n") {
                        2
                    } else {
                        1
                    };
            }
        }
        seen
    }

    #[test]
    fn parts_hold_the_lines_that_blocks_hold() {
        let long = "x".repeat(70);
        let files = [
            String::from("[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n"),
            format!("[A \"1\"]\r\n\r\n[B \"2\"]\r\n{long}\r\n\r\n[C \"3\"]\r\nend"),
            format!("{long}\r\r[D \"4\"]\r\r\r{long}\n\n[E \"5\"]\n{long}"),
            format!("\n\n\n[F]\n \n[G]\n\t\n[H]\n{long}{long}\n\r\n\r[I]\r\n"),
            String::from("no line end"),
            String::new(),
        ];
        for file in &files {
            for step in [1, 2, 3, 7, 64] {
                for max in [4, 10, 33, 1000] {
                    let blocks = lines_in_blocks(file.as_bytes(), step, max);
                    for reports in [true, false] {
                        let parts = lines_in_parts(file.as_bytes(), step, max, reports);
                        assert_eq!(parts, blocks, "{file:?}, {step} a read, at most {max}");
                    }
                }
            }
        }
    }
}
