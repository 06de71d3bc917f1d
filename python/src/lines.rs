//! A file read line by line in bounded memory: LF, CRLF and a lone CR each end a line
//! (universal newlines), and a line longer than the maximum keeps only its length.
//!
//! Options stops when a budget of bytes is spent, even inside a line, and goes on from there
//! at the next call: a single line of gigabytes is read a few megabytes per call, so its
//! reader can be interrupted.

use std::io::{self, BufRead};

use fenkit::records::TOO_LONG_PREFIX;

/// One line of a file.
pub struct Line {
    /// 1-based line number.
    pub number: usize,
    /// The line without its end (for a line over the maximum, its first bytes).
    pub text: Vec<u8>,
    /// For a line over the maximum, its length in bytes.
    pub too_long: Option<u64>,
}

/// What a call to [`Lines::next_line`] found.
pub enum Step {
    /// A whole line.
    Line(Line),
    /// The budget was spent: call again to read on.
    Paused,
    /// The end of the file.
    End,
}

/// The lines of a reader.
pub struct Lines<R> {
    reader: R,
    max: usize,
    number: usize,
    /// The last line ended with a CR: an LF first thing is the rest of its CRLF.
    after_cr: bool,
    /// The line being read: its text so far (while within the maximum), its length, and
    /// whether it has begun.
    text: Vec<u8>,
    length: u64,
    started: bool,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `reader`, each longer than `max` bytes reported by its length only.
    pub fn new(reader: R, max: usize) -> Self {
        Lines {
            reader,
            max,
            number: 0,
            after_cr: false,
            text: Vec::new(),
            length: 0,
            started: false,
        }
    }

    /// The next line, the end of the file, or a pause once `budget` bytes are read (the
    /// budget is lowered by what was read).
    pub fn next_line(&mut self, budget: &mut usize) -> io::Result<Step> {
        loop {
            if *budget == 0 {
                return Ok(Step::Paused);
            }
            let buffer = self.reader.fill_buf()?;
            if buffer.is_empty() {
                if !self.started {
                    return Ok(Step::End);
                }
                break;
            }
            if self.after_cr {
                self.after_cr = false;
                if buffer.first() == Some(&b'\n') {
                    self.reader.consume(1);
                    continue;
                }
            }
            self.started = true;
            match memchr::memchr2(b'\n', b'\r', buffer) {
                Some(end) => {
                    let part = buffer.get(..end).unwrap_or_default();
                    keep(self.max, &mut self.text, part);
                    self.length += end as u64;
                    self.after_cr = buffer.get(end) == Some(&b'\r');
                    self.reader.consume(end + 1);
                    *budget = budget.saturating_sub(end + 1);
                    break;
                }
                None => {
                    let taken = buffer.len();
                    keep(self.max, &mut self.text, buffer);
                    self.length += taken as u64;
                    self.reader.consume(taken);
                    *budget = budget.saturating_sub(taken);
                }
            }
        }
        self.number += 1;
        let length = std::mem::take(&mut self.length);
        self.started = false;
        let mut text = std::mem::take(&mut self.text);
        let too_long = (length > self.max as u64).then_some(length);
        if too_long.is_some() {
            text.truncate(TOO_LONG_PREFIX);
        }
        Ok(Step::Line(Line {
            number: self.number,
            text,
            too_long,
        }))
    }
}

/// Adds `part` to the line's text as far as a line within `max` bytes, or the first bytes of a
/// longer one, need it.
fn keep(max: usize, text: &mut Vec<u8>, part: &[u8]) {
    let room = max
        .saturating_add(1)
        .max(TOO_LONG_PREFIX)
        .saturating_sub(text.len());
    text.extend_from_slice(part.get(..room.min(part.len())).unwrap_or_default());
}

impl Line {
    /// The line as `fenkit::records` reads it.
    pub fn as_line(&self) -> fenkit::records::Line<'_> {
        fenkit::records::Line {
            number: self.number,
            text: &self.text,
            too_long: self.too_long,
        }
    }
}
