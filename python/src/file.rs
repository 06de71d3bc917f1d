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
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fenkit::Notation;
use fenkit::pgn::{GameRecord, GameScanner, RecordKind};
use pyo3::exceptions::{PyOSError, PyTypeError};
use pyo3::prelude::*;

use crate::input::Input;
use crate::interrupt::Pending;
use crate::lines::{Line, Lines, Step};
use crate::messages;
use crate::options::Reading;
use crate::record::{Checked, ParseResult};

/// Lines read per block: enough to keep every core busy, few enough to bound memory.
const BLOCK_LINES: usize = 8192;

/// Bytes read per block at most (a block of long lines, or part of one very long line).
const BLOCK_BYTES: usize = 4 * 1024 * 1024;

/// How many first bytes decide whether a file is a game file.
const START_BYTES: usize = 64 * 1024;

/// What a file holds.
enum Kind {
    /// One record per line; blank lines and `#` or `%` lines are comments.
    Records,
    /// PGN or PDN games, read through their scanner.
    Games(Box<GameScanner>),
}

/// Blank lines and lines starting with `#` or `%` are comments in record files.
fn is_comment(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace) || matches!(line.first(), Some(b'#' | b'%'))
}

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

/// The reading state of a file, moved to the thread that reads its next block and back.
struct Reader {
    lines: Lines<BufReader<File>>,
    source: Arc<str>,
    kind: Kind,
    reading: Reading,
    threads: usize,
    /// Game records read but held back: a FEN tag waits for the end of its tag section, and
    /// what its section's later lines gave (a malformed tag, a line too long) waits with it,
    /// so that every record comes out in file order.
    held: Vec<Box<Checked>>,
    done: bool,
}

/// A block read: the reader back, and the results in file order.
type Filled = (Box<Reader>, io::Result<Vec<Box<Checked>>>);

impl Reader {
    fn open(path: &Path, reading: Reading, threads: usize) -> io::Result<Reader> {
        let mut reader = BufReader::with_capacity(START_BYTES, File::open(path)?);
        let start = reader.fill_buf()?;
        let named = path.extension().is_some_and(|extension| {
            extension.eq_ignore_ascii_case("pgn") || extension.eq_ignore_ascii_case("pdn")
        });
        // As the command line decides: a named game file, `notation="pgn"` or `"pdn"`, or, when
        // the notation is detected, a file whose first token is a tag pair.
        let games = named
            || reading.games
            || reading.notation == Some(Notation::Pdn)
            || (reading.notation.is_none() && fenkit::pgn::is_game_file_start(start));
        let kind = if games {
            Kind::Games(Box::new(
                GameScanner::new(reading.options).without_headings(),
            ))
        } else {
            Kind::Records
        };
        Ok(Reader {
            lines: Lines::new(reader, reading.max_record_bytes),
            source: Arc::from(path.to_string_lossy().as_ref()),
            kind,
            reading,
            threads,
            held: Vec::new(),
            done: false,
        })
    }

    /// Reads the next block of lines: the results it completes, in file order.
    fn fill(&mut self) -> io::Result<Vec<Box<Checked>>> {
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
        let mut out = Vec::new();
        if matches!(self.kind, Kind::Records) {
            self.fill_records(block, &mut out)?;
        } else {
            self.fill_games(block, &mut out);
        }
        Ok(out)
    }

    /// The records of a block of a game file, released once no FEN tag waits before them.
    fn fill_games(&mut self, block: Vec<Line>, out: &mut Vec<Box<Checked>>) {
        let Kind::Games(scanner) = &mut self.kind else {
            return;
        };
        for line in block {
            let found = match line.too_long {
                Some(length) => {
                    let mut checked = Checked::too_long(
                        length,
                        self.reading.max_record_bytes,
                        Some(Notation::Pdn),
                        false,
                        true,
                    );
                    checked.source = Some(self.source.clone());
                    checked.line = line.number;
                    self.held.push(Box::new(self.reading.filtered(checked)));
                    // Counted as a line of the game file, read as nothing (as `fenkit check`).
                    scanner.scan_line(b"")
                }
                None => scanner.scan_line(&line.text),
            };
            let (source, reading) = (&self.source, &self.reading);
            self.held.extend(
                found
                    .into_iter()
                    .map(|record| game_record(source, reading, record)),
            );
            if !scanner.has_waiting() {
                release(&mut self.held, out);
            }
        }
        if self.done {
            let rest = scanner.finish();
            let (source, reading) = (&self.source, &self.reading);
            self.held.extend(
                rest.into_iter()
                    .map(|record| game_record(source, reading, record)),
            );
            release(&mut self.held, out);
        }
    }

    /// The records of a block of a record file, read on every core.
    fn fill_records(&mut self, block: Vec<Line>, out: &mut Vec<Box<Checked>>) -> io::Result<()> {
        let mut records: Vec<&Line> = Vec::with_capacity(block.len());
        for line in &block {
            if let Some(length) = line.too_long {
                // Read what comes before first, to keep file order.
                self.read_lines(&std::mem::take(&mut records), out)?;
                let mut checked = Checked::too_long(
                    length,
                    self.reading.max_record_bytes,
                    self.reading.notation,
                    false,
                    true,
                );
                checked.source = Some(self.source.clone());
                checked.line = line.number;
                out.push(Box::new(self.reading.filtered(checked)));
            } else if !is_comment(&line.text) {
                records.push(line);
            }
        }
        self.read_lines(&records, out)
    }

    /// Reads the records of `lines` on every core.
    fn read_lines(&self, lines: &[&Line], out: &mut Vec<Box<Checked>>) -> io::Result<()> {
        let raw: Vec<crate::many::Raw<'_>> = lines
            .iter()
            .map(|line| crate::many::Raw::Record(line.text.as_slice(), false))
            .collect();
        let read = crate::many::read_all(&raw, &self.reading, self.threads)
            .ok_or_else(|| io::Error::other(messages::READER_FAILED))?;
        for (mut checked, line) in read.into_iter().zip(lines) {
            checked.source = Some(self.source.clone());
            checked.line = line.number;
            out.push(checked);
        }
        Ok(())
    }
}

/// Moves the held records to `out`, in the order of their lines (a stable sort: records of one
/// line keep the order the scanner gave them).
fn release(held: &mut Vec<Box<Checked>>, out: &mut Vec<Box<Checked>>) {
    held.sort_by_key(|checked| checked.line);
    out.append(held);
}

/// A game file's record, as the command line reports it.
fn game_record(source: &Arc<str>, reading: &Reading, record: GameRecord) -> Box<Checked> {
    let notation = match (record.notation, record.kind) {
        (Some(notation), _) => notation,
        (None, RecordKind::UnclosedComment) => Notation::Pdn,
        (None, _) => Notation::Fen,
    };
    Box::new(reading.filtered(Checked {
        input: Input {
            bytes: record.text,
            is_bytes: false,
        },
        source: Some(source.clone()),
        line: record.line,
        notation,
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
        reading: Reading,
        threads: usize,
    ) -> PyResult<Self> {
        let opened = crate::interrupt::run(py, move || Reader::open(&path, reading, threads))?;
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
