//! Where records come from: `-p` arguments, files and standard input.
//!
//! Files and standard input are read in blocks of whole lines, so memory does not grow with the
//! size of a file. LF, CRLF and a lone CR each end a line (universal newlines). A line longer
//! than the maximum record length is not kept: its first bytes and its length are, and it becomes
//! one `fenkit::input::record_too_long` diagnostic.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fenkit::{Diagnostic, Span};

/// The default maximum record length: no real record comes near it (the longest EPD records of
/// test suites are a few hundred bytes).
pub const DEFAULT_MAX_RECORD_BYTES: usize = 64 * 1024;

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

/// A part of a game file (see [`LineReader::reading_parts`]) that finds no likely start of a
/// game in this many times a block's bytes, or twice its lines, ends at a line end.
const PART_SLACK: usize = 4;

/// How many lines [`Block::start`] looks at.
const START_LINES: usize = 64;

/// How many first bytes of a too-long line are kept, to show which line it was.
pub const TOO_LONG_PREFIX: usize = 32;

/// One record and where it was found.
#[derive(Clone, Copy, Debug)]
pub struct Record<'a> {
    /// `PATH`, `-` for standard input, `-p` for a command-line record.
    pub source: &'a str,
    /// 1-based line in the source (for `-p`, the position of the argument).
    pub line: usize,
    /// The record without its line ending.
    pub text: &'a [u8],
}

/// Blank lines and lines starting with `#` or `%` are comments in record files.
pub fn is_comment(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace) || matches!(line.first(), Some(b'#' | b'%'))
}

/// The diagnostic of a line longer than `max` bytes, pointing at the start of the line.
pub fn record_too_long(length: u64, max: usize) -> Diagnostic {
    Diagnostic::error(
        fenkit::codes::input::RECORD_TOO_LONG,
        format!("this line is {length} bytes long, over the maximum record length of {max} bytes"),
    )
    .label(
        Span::new(0, 0),
        "the line starts here; it was skipped unread",
    )
    .help("split it into one record per line, or raise the limit with `--max-record-bytes`")
}

/// A line of a [`Block`]: where its text is and its number in the source.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    /// 1-based line number in the source.
    pub number: usize,
    /// Where the line starts in the source, in bytes (for edits of the source by offset).
    pub offset: u64,
    start: usize,
    end: usize,
    /// For a line over the maximum record length, its length (only its first bytes are kept).
    pub too_long: Option<u64>,
}

/// A line of a part (see [`Block::raw`]) over the maximum record length that did not fit in one
/// read of the source: only its first bytes are in the part.
#[derive(Clone, Copy, Debug)]
pub struct LongLine {
    /// Where its first bytes are in the part.
    pub start: usize,
    /// How many first bytes are kept.
    pub kept: usize,
    /// Its length in the source (without its line end).
    pub length: u64,
}

/// Whole lines of one source, read in one go; reused from block to block.
#[derive(Debug, Default)]
pub struct Block {
    /// The source the lines come from.
    pub source: Arc<str>,
    bytes: Vec<u8>,
    /// The lines, in order (none in a part).
    pub lines: Vec<Line>,
    /// A part of a game file: whole lines as they stand in the source, line ends included, not
    /// cut into `lines` (the scanner finds them as it reads them).
    pub raw: bool,
    /// Of a part: how many lines of the source come before it.
    pub lines_before: usize,
    /// Of a part: its lines over the maximum record length that only keep their first bytes.
    pub long_lines: Vec<LongLine>,
    /// How many bytes of the source the block covers (line ends and skipped bytes included).
    pub consumed: u64,
    /// A read error that ended the source after these lines.
    pub error: Option<io::Error>,
}

impl Block {
    /// The text of `line` (without its line end).
    pub fn text(&self, line: &Line) -> &[u8] {
        self.bytes.get(line.start..line.end).unwrap_or_default()
    }

    /// The bytes of a part, as they stand in the source (with the first bytes of its long
    /// lines).
    pub fn part(&self) -> &[u8] {
        &self.bytes
    }

    /// The number of the block's first line.
    pub fn first_number(&self) -> usize {
        match self.lines.first() {
            Some(line) if !self.raw => line.number,
            _ => self.lines_before + 1,
        }
    }

    /// The text of the block's first line, empty for a line over the maximum record length
    /// (which is read as no text) or longer than `max_record_bytes`.
    pub fn first_text(&self, max_record_bytes: usize) -> &[u8] {
        if !self.raw {
            return self
                .lines
                .first()
                .filter(|line| line.too_long.is_none())
                .map_or(&[][..], |line| self.text(line));
        }
        if self.long_lines.first().is_some_and(|long| long.start == 0) {
            return &[];
        }
        let end = memchr::memchr2(b'\n', b'\r', &self.bytes).unwrap_or(self.bytes.len());
        if end > max_record_bytes {
            return &[];
        }
        self.bytes.get(..end).unwrap_or_default()
    }

    /// The start of the block's text, its lines joined by `\n` (for a look at how an input
    /// begins).
    pub fn start(&self) -> Vec<u8> {
        let mut start = Vec::new();
        for line in self.lines.iter().take(START_LINES) {
            start.extend_from_slice(self.text(line));
            start.push(b'\n');
        }
        start
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.lines.clear();
        self.raw = false;
        self.lines_before = 0;
        self.long_lines.clear();
        self.consumed = 0;
        self.error = None;
    }
}

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
    /// The total size in bytes of a regular file (for the progress bar; a game file is read
    /// in parts only then).
    pub size: Option<u64>,
    /// A block is handed on at this many bytes or lines.
    block_bytes: usize,
    block_lines: usize,
    /// The source is read in parts of whole lines (see [`reading_parts`](Self::reading_parts)).
    parts: bool,
    /// Blocks hold reports: a part is full at `block_lines` lines too, not only at
    /// `block_bytes` (see [`BLOCK_LINES`]).
    holds_reports: bool,
}

/// The line being read: where it starts in the block, and how long it is so far.
struct Partial {
    number: usize,
    offset: u64,
    start: usize,
    length: u64,
}

impl LineReader {
    pub fn open(path: &Path, max_record_bytes: usize) -> io::Result<LineReader> {
        if path == Path::new("-") {
            return Ok(LineReader::new(
                "-",
                Box::new(io::stdin()),
                None,
                max_record_bytes,
            ));
        }
        let file = File::open(path)?;
        // A regular file's size (a named pipe's says nothing of what comes through it).
        let size = file
            .metadata()
            .ok()
            .filter(std::fs::Metadata::is_file)
            .map(|m| m.len());
        Ok(LineReader::new(
            &path.display().to_string(),
            Box::new(file),
            size,
            max_record_bytes,
        ))
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
        }
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
        if self.parts {
            return self.fill_part(block);
        }
        block.clear();
        block.source.clone_from(&self.name);
        let mut partial: Option<Partial> = None;
        loop {
            if partial.is_none()
                && !block.lines.is_empty()
                && (block.bytes.len() >= self.block_bytes
                    || block.lines.len() >= self.block_lines
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
                return !block.lines.is_empty();
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
        let mut taken = 0;
        for end in memchr::memchr2_iter(b'\n', b'\r', buffer) {
            if end < taken {
                // The `\n` of a `\r\n` already taken.
                continue;
            }
            let full = block.lines.len() >= self.block_lines || base + taken >= self.block_bytes;
            let crlf_unknown = buffer.get(end) == Some(&b'\r') && end + 1 == buffer.len();
            if full || end - taken > self.max_record_bytes || crlf_unknown {
                break;
            }
            self.line += 1;
            block.lines.push(Line {
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
        block.raw = true;
        block.lines_before = self.line;
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
                    block.long_lines.push(long);
                }
                if skipping.is_some() || line_length > 0 {
                    self.line += 1;
                }
                return !block.bytes.is_empty() || !block.long_lines.is_empty();
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
                block.long_lines.push(*long);
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

    fn push_line(&self, block: &mut Block, partial: Partial) {
        block.lines.push(Line {
            number: partial.number,
            offset: partial.offset,
            start: partial.start,
            end: block.bytes.len(),
            too_long: (partial.length > self.max_record_bytes as u64).then_some(partial.length),
        });
    }
}

/// When a part of a game file is full: at `bytes` bytes, or at `lines` lines where blocks hold
/// reports (whose memory grows with the lines).
#[derive(Clone, Copy, Debug)]
struct PartLimits {
    bytes: usize,
    lines: Option<usize>,
}

impl PartLimits {
    /// How many bytes of `buffer` the part in `block`, of `lines` lines so far, takes, and
    /// whether it ends after them: before the first likely start of a game once the part is
    /// full, else at a line end once it holds [`PART_SLACK`] times the bytes or twice the lines
    /// of a full one. `after_cr`: the part ends with a `\r`.
    fn part_end(self, block: &Block, lines: usize, buffer: &[u8], after_cr: bool) -> (usize, bool) {
        let held = block.bytes.len();
        let line_limit = |limit: usize| {
            let more = limit.checked_sub(lines)?;
            after_line_ends(buffer, more, after_cr)
        };
        let full = self.bytes.saturating_sub(held);
        let full = self
            .lines
            .and_then(line_limit)
            .map_or(full, |at| at.min(full));
        let over_lines = self
            .lines
            .and_then(|limit| line_limit(limit.saturating_mul(2)));
        let end = over_lines.unwrap_or(buffer.len());
        let after = buffer.get(full..end).unwrap_or_default();
        for candidate in memchr::memchr_iter(b'[', after) {
            let at = full + candidate;
            if held + at > 0 && starts_game(block.part(), buffer, at) {
                return (at, true);
            }
        }
        if let Some(at) = over_lines {
            return (at, true);
        }
        if held + buffer.len() >= self.bytes.saturating_mul(PART_SLACK)
            && let Some(last) = memchr::memrchr2(b'\n', b'\r', buffer)
        {
            return (last + 1, true);
        }
        (buffer.len(), false)
    }
}

/// Where the `count`-th line of `buffer` ends, its line end included, when `buffer` ends that
/// many (0: at its start); `after_cr`: the byte before `buffer` was a `\r`.
fn after_line_ends(buffer: &[u8], count: usize, after_cr: bool) -> Option<usize> {
    let mut ended = 0;
    let mut at = usize::from(after_cr && buffer.first() == Some(&b'\n'));
    while ended < count {
        let end = at + memchr::memchr2(b'\n', b'\r', buffer.get(at..)?)?;
        at = end
            + if buffer.get(end..end + 2) == Some(b"\r\n") {
                2
            } else {
                1
            };
        ended += 1;
    }
    Some(at)
}

/// Whether the `[` at `at` of `buffer`, read after `before`, likely starts a game: it starts a
/// line after a blank one (empty, or spaces and tabs).
fn starts_game(before: &[u8], buffer: &[u8], at: usize) -> bool {
    // The byte `back` bytes before the `[`.
    let byte = |back: usize| match at.checked_sub(back) {
        Some(i) => buffer.get(i).copied(),
        None => before
            .len()
            .checked_sub(back - at)
            .and_then(|i| before.get(i).copied()),
    };
    let mut back = 1;
    match byte(back) {
        Some(b'\n') if byte(back + 1) == Some(b'\r') => back += 2,
        Some(b'\n' | b'\r') => back += 1,
        _ => return false,
    }
    while matches!(byte(back), Some(b' ' | b'\t')) {
        back += 1;
    }
    matches!(byte(back), Some(b'\n' | b'\r'))
}

/// How many lines `bytes` ends, where `\n`, `\r\n` and a lone `\r` each end a line;
/// `after_cr`: the byte before them was a `\r` (a `\n` first then ends no line of its own).
fn count_line_ends(bytes: &[u8], after_cr: bool) -> usize {
    let count = |wanted: u8| count_byte(bytes, wanted);
    let newlines = count(b'\n');
    let joined = usize::from(after_cr && bytes.first() == Some(&b'\n'));
    if memchr::memchr(b'\r', bytes).is_none() {
        return newlines - joined;
    }
    let pairs = bytes.windows(2).filter(|pair| pair == b"\r\n").count();
    newlines + count(b'\r') - pairs - joined
}

/// How many bytes of `bytes` are `wanted`: counted in byte-wide lanes over pieces of at most
/// 255 bytes, which the compiler turns into vector compares and adds.
fn count_byte(bytes: &[u8], wanted: u8) -> usize {
    bytes
        .chunks(255)
        .map(|piece| {
            let hits = piece
                .iter()
                .fold(0u8, |hits, &b| hits.wrapping_add(u8::from(b == wanted)));
            usize::from(hits)
        })
        .sum()
}

/// With no input named and a terminal as stdin, says on stderr that records are read from it,
/// rather than waiting in silence.
pub fn say_when_a_terminal_is_read() {
    if io::stdin().is_terminal() {
        let _ = writeln!(
            io::stderr(),
            "fenkit: reading records from standard input, one per line (end with Ctrl-D; \
             `fenkit help` shows the usage)"
        );
    }
}

/// The inputs named on the command line, in order: `-p` records first, then paths.
pub fn paths_or_stdin(paths: &[PathBuf], has_positions: bool) -> Vec<PathBuf> {
    if paths.is_empty() && !has_positions {
        vec![PathBuf::from("-")]
    } else {
        paths.to_vec()
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

    fn reader(data: &[u8], step: usize, max: usize) -> LineReader {
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
            for line in &block.lines {
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
            assert!(block.raw);
            assert_eq!(block.lines_before, seen.len(), "{seen:?}");
            let text = block.part();
            let mut at = 0;
            let mut long_lines = block.long_lines.iter().peekable();
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

    #[test]
    fn counts_line_ends_as_lines_are_cut() {
        for (bytes, after_cr, count) in [
            (&b"a\nb\n"[..], false, 2),
            (b"a\r\nb\r", false, 2),
            (b"\nb\r", true, 1),
            (b"\r\r\n\n", false, 3),
            (b"", true, 0),
        ] {
            assert_eq!(count_line_ends(bytes, after_cr), count, "{bytes:?}");
        }
        let many = b"ab\n".repeat(1000);
        assert_eq!(count_byte(&many, b'\n'), 1000);
    }
}
