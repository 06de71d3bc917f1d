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

/// How many lines [`Block::start`] looks at.
const START_LINES: usize = 64;

/// How many first bytes of a too-long line are kept, to show which line it was.
const TOO_LONG_PREFIX: usize = 32;

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

/// Whole lines of one source, read in one go; reused from block to block.
#[derive(Debug, Default)]
pub struct Block {
    /// The source the lines come from.
    pub source: Arc<str>,
    bytes: Vec<u8>,
    /// The lines, in order.
    pub lines: Vec<Line>,
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
    /// The total size in bytes when known (for the progress bar).
    pub size: Option<u64>,
    /// A block is handed on at this many bytes or lines.
    block_bytes: usize,
    block_lines: usize,
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
        let size = file.metadata().ok().map(|m| m.len());
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
        }
    }

    /// Larger blocks, for a run that holds no reports (see [`QUIET_BLOCK_LINES`]).
    pub fn without_reports(mut self) -> LineReader {
        self.block_bytes = QUIET_BLOCK_BYTES;
        self.block_lines = QUIET_BLOCK_LINES;
        self
    }

    /// Fills `block` with the next whole lines: until it holds [`BLOCK_BYTES`] or [`BLOCK_LINES`]
    /// (or the quiet limits),
    /// or the bytes read so far are used up (so records typed on a terminal are checked at once).
    /// Returns `false` at the end of the source, when the block is empty.
    pub fn fill(&mut self, block: &mut Block) -> bool {
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
