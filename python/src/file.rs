//! `check_file`: the records of a file (one per line, or the FEN tags of PGN/PDN game files),
//! read in blocks of lines so that memory does not grow with the file, each block on every
//! core with the interpreter's lock released.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::sync::Arc;

use fenkit::pgn::{GameRecord, GameScanner, RecordKind};
use fenkit::{Diagnostic, Notation, Parsed, Span};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;

use crate::input::Input;
use crate::lines::{Line, Lines};
use crate::options::Reading;
use crate::record::{Checked, ParseResult};

/// Lines read per block: enough to keep every core busy, few enough to bound memory.
const BLOCK_LINES: usize = 8192;

/// How many first bytes decide whether a file is a game file.
const START_BYTES: usize = 64 * 1024;

/// What a file holds.
enum Kind {
    /// One record per line; blank lines and `#` or `%` lines are comments.
    Records,
    /// PGN or PDN games, read through their scanner.
    Games(Box<GameScanner>),
}

/// An iterator over the results of a file's records, in file order.
///
/// Lines longer than `max_record_bytes` are not read: each is one
/// `fenkit::input::record_too_long` diagnostic.
#[pyclass(module = "fenkit", name = "FileChecker")]
pub struct FileChecker {
    lines: Lines<BufReader<File>>,
    source: Arc<str>,
    kind: Kind,
    reading: Reading,
    threads: usize,
    max: usize,
    ready: VecDeque<Box<Checked>>,
    done: bool,
}

/// Blank lines and lines starting with `#` or `%` are comments in record files.
fn is_comment(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace) || matches!(line.first(), Some(b'#' | b'%'))
}

impl FileChecker {
    pub fn open(path: &Path, reading: Reading, threads: usize, max: usize) -> PyResult<Self> {
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
        Ok(FileChecker {
            lines: Lines::new(reader, max),
            source: Arc::from(path.to_string_lossy().as_ref()),
            kind,
            reading,
            threads,
            max,
            ready: VecDeque::new(),
            done: false,
        })
    }

    /// Reads the next block of lines into `ready`.
    fn fill(&mut self) -> std::io::Result<()> {
        let mut block: Vec<Line> = Vec::new();
        while block.len() < BLOCK_LINES {
            match self.lines.next_line()? {
                Some(line) => block.push(line),
                None => {
                    self.done = true;
                    break;
                }
            }
        }
        match &mut self.kind {
            Kind::Records => self.fill_records(block)?,
            Kind::Games(scanner) => {
                let mut found = Vec::new();
                for line in block {
                    if let Some(length) = line.too_long {
                        self.ready
                            .push_back(too_long(&self.source, &line, length, self.max));
                    }
                    found.extend(scanner.scan_line(&line.text));
                }
                if self.done {
                    found.extend(scanner.finish());
                }
                for record in found {
                    self.ready.push_back(game_record(&self.source, record));
                }
            }
        }
        Ok(())
    }

    /// The records of a block of a record file, read on every core.
    fn fill_records(&mut self, block: Vec<Line>) -> std::io::Result<()> {
        let mut records: Vec<&Line> = Vec::with_capacity(block.len());
        for line in &block {
            if let Some(length) = line.too_long {
                // Flush what comes before, to keep file order.
                self.read_lines(&std::mem::take(&mut records))?;
                self.ready
                    .push_back(too_long(&self.source, line, length, self.max));
            } else if !is_comment(&line.text) {
                records.push(line);
            }
        }
        self.read_lines(&records)
    }

    /// Reads the records of `lines` on every core.
    fn read_lines(&mut self, lines: &[&Line]) -> std::io::Result<()> {
        let raw: Vec<crate::many::Raw<'_>> = lines
            .iter()
            .map(|line| (line.text.as_slice(), false))
            .collect();
        let read = crate::many::read_all(
            &raw,
            self.reading.notation,
            &self.reading.options,
            self.threads,
        )
        .ok_or_else(|| std::io::Error::other("a thread reading records failed"))?;
        for (mut checked, line) in read.into_iter().zip(lines) {
            checked.source = Some(self.source.clone());
            checked.line = line.number;
            self.ready.push_back(checked);
        }
        Ok(())
    }
}

/// The result of a line over the maximum record length.
fn too_long(source: &Arc<str>, line: &Line, length: u64, max: usize) -> Box<Checked> {
    let diagnostic = Diagnostic::error(
        fenkit::codes::input::RECORD_TOO_LONG,
        format!("this line is {length} bytes long, over the maximum record length of {max} bytes"),
    )
    .label(
        Span::new(0, 0),
        "the line starts here; it was skipped unread",
    )
    .help("split it into one record per line, or raise the limit with `max_record_bytes`");
    Box::new(Checked {
        input: Input::from_slice(&[], false),
        source: Some(source.clone()),
        line: line.number,
        notation: Notation::Fen,
        parsed: Parsed::new(None, vec![diagnostic]),
    })
}

/// A game file's record, as the command line reports it.
fn game_record(source: &Arc<str>, record: GameRecord) -> Box<Checked> {
    let notation = match (record.notation, record.kind) {
        (Some(notation), _) => notation,
        (None, RecordKind::UnclosedComment) => Notation::Pdn,
        (None, _) => Notation::Fen,
    };
    Box::new(Checked {
        input: Input {
            bytes: record.text,
            is_bytes: false,
        },
        source: Some(source.clone()),
        line: record.line,
        notation,
        parsed: record.parsed,
    })
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
            if slf.done {
                return Ok(None);
            }
            let this = &mut *slf;
            py.allow_threads(|| this.fill())
                .map_err(|error| PyOSError::new_err(format!("{}: {error}", this.source)))?;
        }
    }
}
