//! Reading many records at once on every core, the interpreter's lock released.

use std::num::NonZeroUsize;

use fenkit::{Notation, ParseOptions};

use crate::input::Input;
use crate::record::Checked;

/// Below this many records per thread, one more thread costs more than it saves.
const RECORDS_PER_THREAD: usize = 256;

/// How many threads to use: `asked`, else one per core.
pub fn thread_count(asked: Option<NonZeroUsize>) -> usize {
    asked
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get)
}

/// A record to read: its bytes, and whether they were given as `bytes`.
pub type Raw<'a> = (&'a [u8], bool);

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
    notation: Option<Notation>,
    options: &ParseOptions,
    threads: usize,
) -> Option<Vec<Box<Checked>>> {
    let read = |part: &[Raw<'_>]| -> Vec<Box<Checked>> {
        part.iter()
            .map(|&(bytes, is_bytes)| {
                let input = Input::from_slice(bytes, is_bytes);
                Box::new(Checked::read(input, notation, options))
            })
            .collect()
    };
    let threads = threads.min(records.len() / RECORDS_PER_THREAD).max(1);
    if threads == 1 {
        return Some(read(records));
    }
    let chunk = records.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let mut parts = records.chunks(chunk);
        let first = parts.next().unwrap_or_default();
        let handles: Vec<_> = parts.map(|part| scope.spawn(move || read(part))).collect();
        let mut all = read(first);
        for handle in handles {
            all.extend(handle.join().ok()?);
        }
        Some(all)
    })
}
