//! Reading records on every core: a slice cut into contiguous chunks, one per thread, the
//! results joined in order (no sorting afterwards).

/// Below this many records per thread, one more thread costs more than it saves.
const RECORDS_PER_THREAD: usize = 256;

/// `read` of each chunk of `items`, on up to `threads` threads, joined in the order of
/// `items`; `None` if a thread panicked (a bug in the library), so that no record is silently
/// lost.
pub fn in_chunks<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    read: impl Fn(&[T]) -> Vec<R> + Sync,
) -> Option<Vec<R>> {
    let threads = threads.min(items.len() / RECORDS_PER_THREAD).max(1);
    if threads == 1 {
        return Some(read(items));
    }
    let chunk = items.len().div_ceil(threads);
    let read = &read;
    std::thread::scope(|scope| {
        let mut parts = items.chunks(chunk);
        let first = parts.next().unwrap_or_default();
        let handles: Vec<_> = parts.map(|part| scope.spawn(move || read(part))).collect();
        let mut all = read(first);
        for handle in handles {
            all.extend(handle.join().ok()?);
        }
        Some(all)
    })
}
