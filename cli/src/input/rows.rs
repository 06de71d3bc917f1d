//! Where a block of a CSV or TSV file may end: between two rows, by the row reader's own rule.

use fenkit::records::{FieldReader, Line};

/// Follows the rows of a table as its lines are cut into blocks, so that each block ends
/// between two rows and its reader, starting afresh, reads the same records as one reader of
/// the whole table would: whatever the block's size (`-q` or not), the thread that reads it
/// (`-j`), or how the file is read.
///
/// It is a reader of the table that reads no value ([`FieldReader::rows_only`]), fed the
/// lines up to the header's end, then each line that holds a `"` and each line while a row is
/// open: a row that goes on over lines ends where its reader ends it, and a quote never
/// closed ends its row after the maximum record length, as that reader gives it up. A block
/// ends only between rows, so it holds at most about the maximum record length more than a
/// full one.
#[derive(Clone, Debug)]
pub struct RowEnds {
    rows: FieldReader,
}

impl RowEnds {
    /// Follows the rows of a table as `rows`, a [`FieldReader::rows_only`] from its first
    /// line, reads them.
    pub fn new(rows: FieldReader) -> RowEnds {
        RowEnds { rows }
    }

    /// Whether any line of `bytes` (whole lines after those read) can move a row's end: the
    /// header is not read yet, a row is open, or they hold a `"`.
    pub fn may_change(&self, bytes: &[u8]) -> bool {
        self.reads_all() || memchr::memchr(b'"', bytes).is_some()
    }

    /// Reads the next line: line `number`, `text` (of a line over the maximum record length,
    /// its first bytes, and its length in `too_long`).
    pub fn read(&mut self, number: usize, text: &[u8], too_long: Option<u64>) {
        if self.reads_all() || memchr::memchr(b'"', text).is_some() {
            let line = Line {
                number,
                text,
                too_long,
            };
            self.rows.read_line(line, &mut |_| {});
        }
    }

    /// Whether a block must go on, to end between rows: a row (or the header) is open.
    pub fn is_open(&self) -> bool {
        !self.rows.is_between_rows()
    }

    /// Whether every line is read, not only those with a `"`: until the header is read, and
    /// while a row is open.
    fn reads_all(&self) -> bool {
        !self.rows.is_ready() || self.is_open()
    }
}
