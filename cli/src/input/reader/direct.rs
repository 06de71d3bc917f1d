//! Reading a regular file straight into blocks: each read lands in the block's own bytes, and
//! only the start of a line that the block does not end moves on to the next block. The lines
//! are the ones [`LineReader::fill`] cuts out of the buffered reader, without copying every
//! byte from its buffer into the block: a table's rows are long (a lichess puzzle's row is
//! three times its FEN), so that copy was a large share of reading a column.

use std::io::{self, BufRead, Read};

use fenkit::records::{FieldReader, TOO_LONG_PREFIX};

use super::super::block::{Block, Layout, Line};
use super::super::rows::RowEnds;
use super::LineReader;

/// The first read of a block whose line length is not known yet (the first block read so).
const FIRST_READ: usize = 64 * 1024;

/// The least a read asks for: the rest of a line, and a few more to end the block.
const LEAST_READ: usize = 4 * 1024;

impl LineReader {
    /// From the next block on, reads a regular file of records straight into its blocks (see
    /// the module docs). A game file never is: its parts are cut as the buffered reader reads.
    pub fn reading_directly(&mut self) {
        self.direct = self.size.is_some() && !self.parts && !self.typed;
    }

    /// [`fill`](LineReader::fill) of a regular file, its bytes read into `block` itself: first
    /// those carried over from the block before, or still in the buffered reader.
    pub(super) fn fill_directly(&mut self, block: &mut Block) -> bool {
        block.clear();
        block.source.clone_from(&self.name);
        block.fields = self.fields.as_ref().map(FieldReader::part);
        block.bytes.append(&mut self.carried);
        let buffered = self.reader.buffer();
        block.bytes.extend_from_slice(buffered);
        let count = buffered.len();
        self.reader.consume(count);
        // Where the lines cut so far end, and whether the file's end (or an error) was met.
        let mut cut = 0;
        let mut ended = false;
        let mut error = None;
        if std::mem::take(&mut self.after_cr) {
            // The `\n` of a `\r\n` whose `\r` ended the block before.
            if block.bytes.is_empty() {
                (ended, error) = self.read_into(block, 0);
            }
            cut = usize::from(block.bytes.first() == Some(&b'\n'));
        }
        loop {
            let at_end = ended || error.is_some();
            let (next, full) = self.cut_lines(block, cut, at_end, ended);
            cut = next;
            if full || at_end {
                break;
            }
            if block.bytes.len() - cut > self.max_record_bytes {
                // A line over the maximum length, its end not read yet: the buffered reader
                // keeps its first bytes and skips the rest, in bounded memory.
                return self.read_the_rest_buffered(block, cut);
            }
            (ended, error) = self.read_into(block, cut);
        }
        if let Some(error) = error {
            // The unfinished line is dropped: its end is unknown.
            block.bytes.truncate(cut);
            block.error = Some(error);
        }
        self.end_block(block, cut);
        !block.lines().is_empty() || block.error.is_some()
    }

    /// Cuts the whole lines of `block`'s bytes from `from` on, until the block is full (unless
    /// `all`: the file ended, or a read failed, and every line read is the block's; at the
    /// file's `end`, bytes after the last line end are a line too); returns where its last
    /// line ends and whether it is full. Where the bytes can move a row's end, each line is
    /// followed ([`RowEnds`](super::super::rows::RowEnds)).
    fn cut_lines(&mut self, block: &mut Block, from: usize, all: bool, end: bool) -> (usize, bool) {
        let counting = (self.rows.as_ref())
            .is_some_and(|rows| rows.may_change(block.bytes.get(from..).unwrap_or_default()));
        let Block { bytes, layout, .. } = block;
        let Layout::Lines(lines) = layout else {
            return (from, false);
        };
        let mut cut = from;
        loop {
            let rest = bytes.get(cut..).unwrap_or_default();
            let (len, end_len) = match memchr::memchr2(b'\n', b'\r', rest) {
                // A `\r` last: its `\n` may come in the next read.
                Some(at) if at + 1 == rest.len() && rest.get(at) == Some(&b'\r') && !all => {
                    return (cut, false);
                }
                Some(at) if rest.get(at..at + 2) == Some(b"\r\n") => (at, 2),
                Some(at) => (at, 1),
                None if end && !rest.is_empty() => (rest.len(), 0),
                None => return (cut, false),
            };
            self.line += 1;
            let too_long = (len > self.max_record_bytes).then_some(len as u64);
            let kept = if too_long.is_some() {
                len.min(TOO_LONG_PREFIX)
            } else {
                len
            };
            if let Some(rows) = self.rows.as_mut().filter(|_| counting) {
                rows.read(self.line, rest.get(..kept).unwrap_or_default(), too_long);
            }
            lines.push(Line {
                number: self.line,
                offset: self.position + cut as u64,
                start: cut,
                end: cut + kept,
                too_long,
            });
            cut += len + end_len;
            let open = self.rows.as_ref().is_some_and(RowEnds::is_open);
            let full = lines.len() >= self.block_lines || cut >= self.block_bytes;
            if full && !open && !all {
                return (cut, true);
            }
        }
    }

    /// Reads more of the file onto the end of `block`'s bytes, whose lines end at `cut`: about
    /// what the block's room for lines takes, by the length of the lines read so far. Returns
    /// whether the file ended (no byte came), and the error that ended a read (after the bytes
    /// that came before it).
    fn read_into(&mut self, block: &mut Block, cut: usize) -> (bool, Option<io::Error>) {
        let lines = block.lines().len();
        let room = self.block_bytes.saturating_sub(cut);
        let per_line = cut
            .checked_div(lines)
            .map_or(self.line_bytes, |per_line| per_line + 1);
        let wanted = match per_line {
            0 => FIRST_READ.min(room),
            _ => (self.block_lines.saturating_sub(lines) * per_line).min(room),
        };
        let wanted = wanted.max(LEAST_READ);
        block.bytes.reserve(wanted);
        // `read_to_end` reads into the block's spare room without filling it with zeros first.
        let read = self
            .reader
            .get_mut()
            .by_ref()
            .take(wanted as u64)
            .read_to_end(&mut block.bytes);
        match read {
            Ok(count) => (count == 0, None),
            Err(error) => (false, Some(error)),
        }
    }

    /// Ends `block` at `cut`, where its last line ends: the bytes after it are carried to the
    /// next block.
    fn end_block(&mut self, block: &mut Block, cut: usize) {
        self.carried
            .extend_from_slice(block.bytes.get(cut..).unwrap_or_default());
        block.bytes.truncate(cut);
        block.consumed = cut as u64;
        self.position += cut as u64;
        if let Some(per_line) = cut.checked_div(block.lines().len()) {
            self.line_bytes = per_line + 1;
        }
    }

    /// A line too long to hold at `cut`: the block ends before it, and the file is read on
    /// through the buffered reader, from the line's start (which goes back in front of it).
    fn read_the_rest_buffered(&mut self, block: &mut Block, cut: usize) -> bool {
        self.direct = false;
        let start = block.bytes.split_off(cut);
        let file = std::mem::replace(self.reader.get_mut(), Box::new(io::empty()));
        *self.reader.get_mut() = Box::new(io::Cursor::new(start).chain(file));
        self.end_block(block, cut);
        if !block.lines().is_empty() {
            return true;
        }
        // Only the `\n` of a `\r\n` was read: the buffered reader's block covers it too.
        let skipped = block.consumed;
        let more = self.fill(block);
        block.consumed += skipped;
        more
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::super::tests::reader;
    use super::*;

    /// A line as a block holds it: number, text, length over the maximum, offset in the file.
    type Seen = (usize, Vec<u8>, Option<u64>, u64);

    /// The lines of `data` in blocks, read straight from the file from block `direct_from` on
    /// (the blocks before through the buffered reader, and the one where a line too long to
    /// hold sends the reading back there); checks that the blocks cover the file.
    fn lines(data: &[u8], step: usize, max: usize, direct_from: usize) -> Vec<Seen> {
        let mut reader = reader(data, step, max);
        let mut block = Block::default();
        let mut seen = Vec::new();
        let (mut blocks, mut consumed) = (0, 0);
        loop {
            reader.direct |= blocks >= direct_from;
            if !reader.fill(&mut block) {
                break;
            }
            blocks += 1;
            consumed += block.consumed;
            for line in block.lines() {
                let text = block.text(line).to_vec();
                seen.push((line.number, text, line.too_long, line.offset));
            }
        }
        // The blocks cover the file (but for the `\n` of a `\r\n` at its end, read after the
        // last block, by either reader).
        let uncovered = data.len() as u64 - consumed;
        assert!(uncovered == 0 || data.ends_with(b"\r\n") && uncovered == 1);
        seen
    }

    /// The lines read straight, each over the maximum length with the first bytes the
    /// buffered reader kept of it: it keeps those of the read that takes the line over the
    /// maximum, up to [`TOO_LONG_PREFIX`], where a line read straight keeps all of those.
    fn kept(direct: &[Seen], buffered: &[Seen]) -> Vec<Seen> {
        let mut lines = direct.to_vec();
        for (line, other) in lines.iter_mut().zip(buffered) {
            if let Some(length) = line.2 {
                let all = usize::try_from(length).unwrap_or(usize::MAX);
                assert!(line.1.len() <= all.min(TOO_LONG_PREFIX), "{line:?}");
                assert!(line.1.starts_with(&other.1), "{line:?} {other:?}");
                line.1.clone_from(&other.1);
            }
        }
        lines
    }

    #[test]
    fn blocks_read_straight_from_a_file_hold_the_buffered_readers_lines() {
        let long = "x".repeat(70);
        let files = [
            String::from("a\nbb\nccc\n\ndddd\neeeee\nf\ng\nh\n"),
            format!("[A \"1\"]\r\n\r\n[B \"2\"]\r\n{long}\r\n\r\n[C \"3\"]\r\nend"),
            format!("{long}\r\r[D \"4\"]\r\r\r{long}\n\n[E \"5\"]\n{long}"),
            format!("\n\n\n[F]\n \n[G]\n\t\n[H]\n{long}{long}\n\r\n\r[I]\r\n"),
            String::from("no line end"),
            String::from("ends with cr\r"),
            String::new(),
        ];
        for file in &files {
            for step in [1, 2, 3, 7, 64] {
                for max in [4, 10, 33, 1000] {
                    let buffered = lines(file.as_bytes(), step, max, usize::MAX);
                    for direct_from in [0, 1, 2] {
                        let direct = lines(file.as_bytes(), step, max, direct_from);
                        let case = format!("{file:?}, {step} a read, at most {max}");
                        assert_eq!(kept(&direct, &buffered), buffered, "{case}");
                    }
                }
            }
        }
    }
}
