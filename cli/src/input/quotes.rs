//! The quote balance that keeps a CSV row's lines in one block.

/// Whether a quoted CSV field is open at the end of the lines counted so far: RFC 4180 quotes
/// come in pairs (`""` inside a field is two), so a field is open after an odd number of
/// them. A block ends only where none is open, so that every row is whole in one block and
/// blocks can be read on any thread.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuoteBalance {
    open: bool,
}

impl QuoteBalance {
    /// Counts the quotes of one more line.
    pub fn count(&mut self, line: &[u8]) {
        if memchr::memchr_iter(b'"', line).count() % 2 == 1 {
            self.open = !self.open;
        }
    }

    /// Whether a quoted field is open after the lines counted.
    pub fn is_open(self) -> bool {
        self.open
    }

    /// Whether a block of `held` bytes must go on to close a quote: only up to `most` bytes,
    /// past which a quote is taken as never closed (the row's reader reports it).
    pub fn holds(self, held: usize, most: usize) -> bool {
        self.open && held < most
    }
}
