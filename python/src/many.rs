//! Options many records at once on every core, the interpreter's lock released.
//!
//! `check_many` takes its records from the iterable a block at a time (at most
//! [`BLOCK_RECORDS`] records or about [`BLOCK_BYTES`] bytes), reads each block with the lock
//! released and checks for signals between blocks: memory holds one block of records besides
//! the results, and Ctrl-C interrupts within a block's time (milliseconds).

use std::num::NonZeroUsize;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList, PyString};

use crate::input::{Held, Input, TextArg};
use crate::messages;
use crate::options::Options;
use crate::record::{Checked, ParseResult};

/// The most records of one block.
const BLOCK_RECORDS: usize = 32 * 1024;

/// A block ends once it holds this many bytes.
const BLOCK_BYTES: usize = 1024 * 1024;

/// A record longer than this (possible only with a raised `max_record_bytes`) is read on a
/// thread of its own while the caller waits for signals (see [`crate::interrupt`]).
pub const LARGE_RECORD: usize = 1024 * 1024;

/// How many threads to use: `asked`, else one per core; `0` is a `ValueError`.
pub fn thread_count(asked: Option<usize>) -> PyResult<usize> {
    match asked {
        Some(0) => Err(PyValueError::new_err(messages::ZERO_THREADS)),
        Some(count) => Ok(count),
        None => Ok(std::thread::available_parallelism().map_or(1, NonZeroUsize::get)),
    }
}

/// A record to read: its bytes and whether they were given as `bytes`, or the length of a
/// record over the maximum (not read).
#[derive(Clone, Copy)]
pub enum Raw<'a> {
    Record(&'a [u8], bool),
    TooLong(u64, bool),
}

/// Reads one record (or reports it too long), keeping the codes `select` and `ignore` keep.
fn read_one(raw: Raw<'_>, reading: &Options) -> Box<Checked> {
    let (notation, max) = (reading.notation, reading.max_record_bytes);
    Box::new(reading.filtered(match raw {
        Raw::Record(bytes, is_bytes) => Checked::read(
            Input::from_slice(bytes, is_bytes),
            notation,
            &reading.options,
        ),
        Raw::TooLong(length, is_bytes) => Checked::too_long(length, max, notation, is_bytes),
    }))
}

/// Every record read, in input order, on up to `threads` threads (contiguous chunks: no
/// sorting afterwards); `None` if a thread panicked (a bug in the library), so that no
/// record is silently lost. Each result is boxed where it is made: only a pointer moves
/// afterwards, and the copy of each record's bytes is made on the reading threads.
#[allow(
    clippy::vec_box,
    reason = "boxed on the reading threads, so the serial part moves pointers"
)]
pub fn read_all(
    records: &[Raw<'_>],
    reading: &Options,
    threads: usize,
) -> Option<Vec<Box<Checked>>> {
    let read = |part: &[Raw<'_>]| -> Vec<Box<Checked>> {
        part.iter().map(|&raw| read_one(raw, reading)).collect()
    };
    crate::threads::in_chunks(records, threads, read)
}

/// The raw form of held records.
fn raw_of<'a>(held: &'a [Held<'_>]) -> Vec<Raw<'a>> {
    held.iter()
        .map(|held| match held {
            Held::Record(bytes, is_bytes) => Raw::Record(bytes.as_bytes(), *is_bytes),
            Held::TooLong(length, is_bytes) => Raw::TooLong(*length, *is_bytes),
        })
        .collect()
}

/// Reads a block of held records: with the lock released, or, when one of them is over
/// [`LARGE_RECORD`], on a thread of its own while the caller waits for signals.
#[allow(clippy::vec_box, reason = "the results of `read_all`, moved on")]
fn read_block(
    py: Python<'_>,
    held: &[Held<'_>],
    reading: &Options,
    threads: usize,
) -> PyResult<Vec<Box<Checked>>> {
    if held.iter().any(|held| held.byte_count() > LARGE_RECORD) {
        let owned: Vec<(Vec<u8>, Option<u64>, bool)> = held
            .iter()
            .map(|held| match held {
                Held::Record(bytes, is_bytes) => (bytes.as_bytes().to_vec(), None, *is_bytes),
                Held::TooLong(length, is_bytes) => (Vec::new(), Some(*length), *is_bytes),
            })
            .collect();
        let reading = reading.clone();
        return crate::interrupt::run(py, move || {
            let raw: Vec<Raw<'_>> = owned
                .iter()
                .map(|(bytes, too_long, is_bytes)| match too_long {
                    Some(length) => Raw::TooLong(*length, *is_bytes),
                    None => Raw::Record(bytes, *is_bytes),
                })
                .collect();
            read_all(&raw, &reading, threads)
        })?
        .ok_or_else(|| PyRuntimeError::new_err(messages::READER_FAILED));
    }
    let raw = raw_of(held);
    py.allow_threads(|| read_all(&raw, reading, threads))
        .ok_or_else(|| PyRuntimeError::new_err(messages::READER_FAILED))
}

/// `check_many`: every record of `records` read, the results in input order.
pub fn check_many<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    reading: &Options,
    threads: usize,
) -> PyResult<Bound<'py, PyList>> {
    // A str or bytes is one record, not an iterable of one-character records.
    if records.is_instance_of::<PyString>()
        || records.is_instance_of::<PyBytes>()
        || records.is_instance_of::<PyByteArray>()
    {
        return Err(PyTypeError::new_err(messages::one_record_for_many(records)));
    }
    let mut items = records
        .try_iter()
        .map_err(|_| PyTypeError::new_err(messages::not_iterable(records)))?;
    let results = PyList::empty(py);
    let mut index = 0;
    loop {
        let mut held = Vec::new();
        let mut bytes = 0;
        while held.len() < BLOCK_RECORDS && bytes < BLOCK_BYTES {
            let Some(item) = items.next() else {
                break;
            };
            let item = item?;
            let text = item
                .extract::<TextArg<'_>>()
                .map_err(|_| PyTypeError::new_err(messages::record_item(index, &item)))?;
            let record = text.hold(reading.max_record_bytes)?;
            bytes += record.byte_count();
            held.push(record);
            index += 1;
        }
        if held.is_empty() {
            return Ok(results);
        }
        for checked in read_block(py, &held, reading, threads)? {
            results.append(ParseResult::new(checked))?;
        }
        py.check_signals()?;
    }
}
