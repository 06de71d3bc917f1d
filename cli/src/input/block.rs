//! The lines read from a source in one go: a block of lines, or a part of a game file.

use std::io;
use std::sync::Arc;

use fenkit::records::FieldReader;

/// A line of a [`Block`]: where its text is and its number in the source.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    /// 1-based line number in the source.
    pub number: usize,
    /// Where the line starts in the source, in bytes (for edits of the source by offset).
    pub offset: u64,
    pub(super) start: usize,
    pub(super) end: usize,
    /// For a line over the maximum record length, its length (only its first bytes are kept).
    pub too_long: Option<u64>,
}

/// A line of a part ([`Layout::Part`]) over the maximum record length that did not fit in one
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

/// How a [`Block`]'s bytes are laid out.
#[derive(Debug)]
pub enum Layout {
    /// Lines of a file of records (or rows of a table), each cut out, in order.
    Lines(Vec<Line>),
    /// A part of a game file: whole lines as they stand in the source, line ends included, not
    /// cut into lines (the scanner finds them as it reads them).
    Part(Part),
}

impl Default for Layout {
    fn default() -> Self {
        Layout::Lines(Vec::new())
    }
}

/// What a part of a game file knows besides its bytes.
#[derive(Debug, Default)]
pub struct Part {
    /// How many lines of the source come before it.
    pub lines_before: usize,
    /// Its lines over the maximum record length that only keep their first bytes.
    pub long_lines: Vec<LongLine>,
}

/// Whole lines of one source, read in one go; reused from block to block.
#[derive(Debug, Default)]
pub struct Block {
    /// The source the lines come from.
    pub source: Arc<str>,
    pub(super) bytes: Vec<u8>,
    /// How the bytes are laid out: lines, or a part of a game file.
    pub layout: Layout,
    /// How many bytes of the source the block covers (line ends and skipped bytes included).
    pub consumed: u64,
    /// A read error that ended the source after these lines.
    pub error: Option<io::Error>,
    /// A table's field is read: the reader of the block's rows.
    pub fields: Option<FieldReader>,
}

impl Block {
    /// The text of `line` (without its line end).
    pub fn text(&self, line: &Line) -> &[u8] {
        self.bytes.get(line.start..line.end).unwrap_or_default()
    }

    /// The bytes of a part, as they stand in the source (with the first bytes of its long
    /// lines).
    pub fn part_text(&self) -> &[u8] {
        &self.bytes
    }

    /// The block's lines (none in a part).
    pub fn lines(&self) -> &[Line] {
        match &self.layout {
            Layout::Lines(lines) => lines,
            Layout::Part(_) => &[],
        }
    }

    /// The block as a part of a game file, if it is one.
    pub fn part(&self) -> Option<&Part> {
        match &self.layout {
            Layout::Part(part) => Some(part),
            Layout::Lines(_) => None,
        }
    }

    /// The lines, to fill (a part becomes lines).
    pub(super) fn lines_mut(&mut self) -> &mut Vec<Line> {
        if let Layout::Part(_) = self.layout {
            self.layout = Layout::Lines(Vec::new());
        }
        match &mut self.layout {
            Layout::Lines(lines) => lines,
            Layout::Part(_) => unreachable!("the layout was just made lines"),
        }
    }

    /// The part, to fill (lines become a part).
    pub(super) fn part_mut(&mut self) -> &mut Part {
        if let Layout::Lines(_) = self.layout {
            self.layout = Layout::Part(Part::default());
        }
        match &mut self.layout {
            Layout::Part(part) => part,
            Layout::Lines(_) => unreachable!("the layout was just made a part"),
        }
    }

    /// The number of the block's first line.
    pub fn first_number(&self) -> usize {
        match &self.layout {
            Layout::Lines(lines) => lines.first().map_or(1, |line| line.number),
            Layout::Part(part) => part.lines_before + 1,
        }
    }

    /// The text of the block's first line, empty for a line over the maximum record length
    /// (which is read as no text) or longer than `max_record_bytes`.
    pub fn first_text(&self, max_record_bytes: usize) -> &[u8] {
        let part = match &self.layout {
            Layout::Lines(lines) => {
                return lines
                    .first()
                    .filter(|line| line.too_long.is_none())
                    .map_or(&[][..], |line| self.text(line));
            }
            Layout::Part(part) => part,
        };
        if part.long_lines.first().is_some_and(|long| long.start == 0) {
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
        for line in self
            .lines()
            .iter()
            .take(fenkit::records::GAME_FILE_START_LINES)
        {
            start.extend_from_slice(self.text(line));
            start.push(b'\n');
        }
        start
    }

    pub(super) fn clear(&mut self) {
        self.bytes.clear();
        match &mut self.layout {
            Layout::Lines(lines) => lines.clear(),
            Layout::Part(part) => {
                part.lines_before = 0;
                part.long_lines.clear();
            }
        }
        self.consumed = 0;
        self.error = None;
        self.fields = None;
    }
}
