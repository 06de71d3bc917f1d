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

/// Every input read, in input order, on up to `threads` threads (contiguous chunks: no
/// sorting afterwards); `None` if a thread panicked (a bug in the library), so that no
/// record is silently lost.
pub fn read_all(
    inputs: Vec<Input>,
    notation: Option<Notation>,
    options: &ParseOptions,
    threads: usize,
) -> Option<Vec<Checked>> {
    let threads = threads.min(inputs.len() / RECORDS_PER_THREAD).max(1);
    if threads == 1 {
        return Some(
            inputs
                .into_iter()
                .map(|input| Checked::read(input, notation, options))
                .collect(),
        );
    }
    let chunk = inputs.len().div_ceil(threads);
    let mut chunks: Vec<Vec<Input>> = Vec::with_capacity(threads);
    let mut rest = inputs.into_iter();
    loop {
        let part: Vec<Input> = rest.by_ref().take(chunk).collect();
        if part.is_empty() {
            break;
        }
        chunks.push(part);
    }
    let read = |part: Vec<Input>| -> Vec<Checked> {
        part.into_iter()
            .map(|input| Checked::read(input, notation, options))
            .collect()
    };
    std::thread::scope(|scope| {
        let mut parts = chunks.into_iter();
        let first = parts.next().unwrap_or_default();
        let handles: Vec<_> = parts.map(|part| scope.spawn(move || read(part))).collect();
        let mut all = read(first);
        for handle in handles {
            all.extend(handle.join().ok()?);
        }
        Some(all)
    })
}
