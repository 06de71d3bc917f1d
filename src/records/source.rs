//! The records of a whole source, owned, as an iterator: for a caller that wants them one
//! by one rather than through a callback.

use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::path::Path;

use super::lines::{Line, LineSource};
use super::options::ReadOptions;
use super::reader::RecordReader;
use super::record::Record;
use super::start::GAME_FILE_START_LINES;

/// Every record of `source`, in the order of their lines, read as `options` say: a game file
/// when [`ReadOptions::is_game_file`] says so of `name` and the source's first bytes. Memory
/// does not grow with the source: it is read a line at a time, and a line over the maximum
/// length is never held whole.
///
/// ```
/// use fenkit::records::{self, ReadOptions};
/// use fenkit::{Notation, ParseOptions};
///
/// let text = "# two records\n8/8/8/8/8/8/8/4K2k w - - 0 1\r\nW:W31:B1\n";
/// let options = ReadOptions::new(ParseOptions::strict());
/// let found: Vec<_> = records::read(text.as_bytes(), options, None)?.collect::<Result<_, _>>()?;
/// assert_eq!(found.len(), 2);
/// assert_eq!((found[0].line, found[0].notation), (2, Notation::Fen));
/// assert_eq!((found[1].line, found[1].notation), (3, Notation::Pdn));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read<R: BufRead>(
    source: R,
    options: ReadOptions,
    name: Option<&Path>,
) -> io::Result<Records<R>> {
    let mut lines = LineSource::new(source, options.max_record_bytes);
    // The first lines decide, then are read again.
    let mut first = Vec::new();
    let mut start = Vec::new();
    while first.len() < GAME_FILE_START_LINES {
        let Some(line) = lines.next_line()? else {
            break;
        };
        start.extend_from_slice(line.text);
        start.push(b'\n');
        first.push((line.number, line.text.to_vec(), line.too_long));
    }
    let games = options.is_game_file(name, &start);
    let mut records = Records {
        lines,
        reader: RecordReader::new(options, games),
        ready: VecDeque::new(),
        done: false,
    };
    let ready = &mut records.ready;
    for (number, text, too_long) in first {
        let line = Line {
            number,
            text: &text,
            too_long,
        };
        records
            .reader
            .read_line(line, &mut |record| ready.push_back(record.into_owned()));
    }
    Ok(records)
}

/// The records of a source (see [`read`]).
#[derive(Debug)]
pub struct Records<R> {
    lines: LineSource<R>,
    reader: RecordReader,
    ready: VecDeque<Record<'static>>,
    done: bool,
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = io::Result<Record<'static>>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(record) = self.ready.pop_front() {
                return Some(Ok(record));
            }
            if self.done {
                return None;
            }
            let ready = &mut self.ready;
            let mut keep = |record: Record<'_>| ready.push_back(record.into_owned());
            match self.lines.next_line() {
                Ok(Some(line)) => self.reader.read_line(line, &mut keep),
                Ok(None) => {
                    self.done = true;
                    self.reader.finish(&mut keep);
                }
                Err(error) => {
                    self.done = true;
                    return Some(Err(error));
                }
            }
        }
    }
}
