//! `check_file`: the records of a file (one per line, or the FEN tags of PGN/PDN game files),
//! read in blocks of lines so that memory does not grow with the file, each block on every
//! core.
//!
//! Opening the file and reading each block happen on a thread of their own, the interpreter's
//! lock released ([`crate::interrupt`]): a FIFO no one writes to blocks only the thread that
//! reads it, other Python threads run, and Ctrl-C interrupts the wait. An interrupted block is
//! picked up by the next `next()`.

#![allow(
    clippy::vec_box,
    reason = "results are boxed on the reading threads, so the serial part moves pointers"
)]

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use fenkit::inputs::{decompress, sniff_binary};
use fenkit::records::{
    Field, FieldReader, Record, RecordReader, TableFormat, binary_record, plain_name,
    read_game_file_start,
};
use pyo3::exceptions::{PyOSError, PyTypeError};
use pyo3::prelude::*;

use crate::input::Input;
use crate::interrupt::Pending;
use crate::lines::{Line, Lines, Step};
use crate::messages;
use crate::options::Options;
use crate::record::{Checked, ParseResult};

/// Lines read per block: enough to keep every core busy, few enough to bound memory.
const BLOCK_LINES: usize = 8192;

/// Bytes read per block at most (a block of long lines, or part of one very long line).
const BLOCK_BYTES: usize = 4 * 1024 * 1024;

/// How many bytes of a file are read at a time.
const READ_BYTES: usize = 64 * 1024;

/// A `path` argument: a `str`, `bytes` or `os.PathLike`, as `open()` takes it. Returns the path
/// and the name exceptions carry as their `filename` (what `os.fspath` gives).
pub fn path_of<'py>(value: &Bound<'py, PyAny>) -> PyResult<(PathBuf, Bound<'py, PyAny>)> {
    let os = value.py().import("os")?;
    let name = os
        .call_method1("fspath", (value,))
        .map_err(|_| PyTypeError::new_err(messages::path_argument(value)))?;
    let path = os
        .call_method1("fsdecode", (&name,))?
        .extract::<PathBuf>()?;
    Ok((path, name))
}

/// The `OSError` of `error` on the file `name`: the subclass its errno names
/// (`FileNotFoundError`, `PermissionError`…), with `errno`, `strerror` and `filename` set, as
/// `open()` raises it.
fn os_error(py: Python<'_>, error: &io::Error, name: &Bound<'_, PyAny>) -> PyErr {
    let Some(code) = error.raw_os_error() else {
        return PyOSError::new_err(format!("{}: {error}", name));
    };
    let strerror = py
        .import("os")
        .and_then(|os| os.call_method1("strerror", (code,)))
        .and_then(|text| text.extract::<String>())
        .unwrap_or_else(|_| error.to_string());
    PyOSError::new_err((code, strerror, name.clone().unbind()))
}

/// The text of a file (decoded, when compressed), shareable as the reader's state must be;
/// only the thread that holds the reader reads it, so the lock is never contended.
struct Plain(Mutex<Box<dyn Read + Send>>);

impl Read for Plain {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        match self.0.get_mut() {
            Ok(reader) => reader.read(buffer),
            Err(poisoned) => poisoned.into_inner().read(buffer),
        }
    }
}

/// The reading state of a file, moved to the thread that reads its next block and back.
struct Reader {
    lines: Lines<BufReader<Plain>>,
    source: Arc<str>,
    /// The one rule of what a file's records are, which also orders a game file's records.
    records: RecordReader,
    /// `field=`: the records are a field of each row of a table.
    fields: Option<FieldReader>,
    /// A binary file: its one record, and nothing else read.
    binary: Option<Box<Checked>>,
    reading: Options,
    threads: usize,
    done: bool,
}

/// A block read: the reader back, and the results in file order.
type Filled = (Box<Reader>, io::Result<Vec<Box<Checked>>>);

impl Reader {
    fn open(
        path: &Path,
        reading: Options,
        field: Option<&str>,
        threads: usize,
    ) -> io::Result<Reader> {
        // A Zstandard or gzip file is read as the text it holds, as the command line reads it.
        let (mut plain, compression) = decompress::plain(Box::new(File::open(path)?))?;
        // The first lines decide, as in every front end, then are read again.
        let start = read_game_file_start(&mut plain)?;
        let source: Arc<str> = Arc::from(path.to_string_lossy().as_ref());
        let named = plain_name(path, compression.is_some());
        // As the command line decides: a named game file, `notation="pgn"` or `"pdn"`, or, when
        // the notation is detected, a file whose first token is a tag pair.
        let options = reading.read_options();
        let games = field.is_none() && options.is_game_file(Some(&named), &start);
        let fields = field.map(|field| {
            let format = TableFormat::of(Some(&named), &start);
            FieldReader::new(Field::new(field, format), options)
        });
        let binary = sniff_binary(&start)
            .map(|kind| checked(&source, &reading, binary_record(kind, &start)));
        let plain: Box<dyn Read + Send> = Box::new(io::Cursor::new(start).chain(plain));
        let reader = BufReader::with_capacity(READ_BYTES, Plain(Mutex::new(plain)));
        Ok(Reader {
            lines: Lines::new(reader, reading.max_record_bytes),
            source,
            records: RecordReader::new(options, games),
            fields,
            binary,
            reading,
            threads,
            done: false,
        })
    }

    /// Reads the next block of lines: the results it completes, in file order.
    fn fill(&mut self) -> io::Result<Vec<Box<Checked>>> {
        if let Some(binary) = self.binary.take() {
            self.done = true;
            return Ok(vec![binary]);
        }
        let mut block: Vec<Line> = Vec::new();
        let mut budget = BLOCK_BYTES;
        while block.len() < BLOCK_LINES {
            match self.lines.next_line(&mut budget)? {
                Step::Line(line) => block.push(line),
                Step::Paused => break,
                Step::End => {
                    self.done = true;
                    break;
                }
            }
        }
        if let Some(fields) = self.fields.as_mut() {
            let (source, reading) = (&self.source, &self.reading);
            let mut out = Vec::new();
            let mut keep = |record: Record<'_>| out.push(checked(source, reading, record));
            for line in &block {
                fields.read_line(line.as_line(), &mut keep);
            }
            if self.done {
                fields.finish(&mut keep);
            }
            return Ok(out);
        }
        if !self.records.is_game_file() {
            return self.read_records(&block);
        }
        let mut out = Vec::new();
        let (source, reading) = (&self.source, &self.reading);
        let mut keep = |record: Record<'_>| out.push(checked(source, reading, record));
        for line in &block {
            self.records.read_line(line.as_line(), &mut keep);
        }
        if self.done {
            self.records.finish(&mut keep);
        }
        Ok(out)
    }

    /// The records of a block of a file of records, read on every core (each line's record
    /// depends on no other line).
    fn read_records(&self, block: &[Line]) -> io::Result<Vec<Box<Checked>>> {
        let read = |part: &[Line]| -> Vec<Box<Checked>> {
            let mut records = self.records.clone();
            let mut out = Vec::with_capacity(part.len());
            for line in part {
                records.read_line(line.as_line(), &mut |record| {
                    out.push(checked(&self.source, &self.reading, record));
                });
            }
            out
        };
        crate::threads::in_chunks(block, self.threads, read)
            .ok_or_else(|| io::Error::other(messages::READER_FAILED))
    }
}

/// A record of the file `source`, as Python reports it.
fn checked(source: &Arc<str>, reading: &Options, record: Record<'_>) -> Box<Checked> {
    Box::new(reading.filtered(Checked {
        input: Input::from_slice(&record.text, false),
        source: Some(source.clone()),
        line: record.line,
        notation: record.notation,
        parsed: record.parsed,
        ignored: 0,
    }))
}

/// An iterator over the results of a file's records, in file order.
///
/// Lines longer than `max_record_bytes` are not read: each is one
/// `fenkit::input::record_too_long` diagnostic.
#[pyclass(module = "fenkit", name = "FileChecker")]
pub struct FileChecker {
    /// The reading state, `None` while a block is read, and after the end or an error.
    reader: Option<Box<Reader>>,
    /// The block being read.
    pending: Option<Pending<Filled>>,
    ready: VecDeque<Box<Checked>>,
    /// The path as given (through `os.fspath`): the `filename` of an `OSError`.
    name: Py<PyAny>,
}

impl FileChecker {
    /// Opens `path` on a thread of its own (a FIFO may block), waiting for it interruptibly.
    pub fn open(
        py: Python<'_>,
        path: PathBuf,
        name: Bound<'_, PyAny>,
        reading: Options,
        field: Option<String>,
        threads: usize,
    ) -> PyResult<Self> {
        let opened = crate::interrupt::run(py, move || {
            Reader::open(&path, reading, field.as_deref(), threads)
        })?;
        let reader = opened.map_err(|error| os_error(py, &error, &name))?;
        Ok(FileChecker {
            reader: Some(Box::new(reader)),
            pending: None,
            ready: VecDeque::new(),
            name: name.unbind(),
        })
    }
}

#[pymethods]
impl FileChecker {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(mut slf: PyRefMut<'_, Self>, py: Python<'_>) -> PyResult<Option<ParseResult>> {
        loop {
            if let Some(checked) = slf.ready.pop_front() {
                return Ok(Some(ParseResult::new(checked)));
            }
            if slf.pending.is_none() {
                let Some(mut reader) = slf.reader.take() else {
                    return Ok(None);
                };
                if reader.done {
                    return Ok(None);
                }
                slf.pending = Some(Pending::spawn(move || {
                    let filled = reader.fill();
                    (reader, filled)
                })?);
            }
            let Some(pending) = slf.pending.as_mut() else {
                return Ok(None);
            };
            // Interrupted, the block stays pending for the next call.
            let (reader, filled) = pending.wait(py)?;
            slf.pending = None;
            match filled {
                Ok(results) => {
                    slf.ready.extend(results);
                    slf.reader = Some(reader);
                }
                Err(error) => return Err(os_error(py, &error, slf.name.bind(py))),
            }
            py.check_signals()?;
        }
    }
}
