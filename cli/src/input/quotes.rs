//! The quote balance that says which lines of a CSV file are inside a row's quoted field.

/// Whether a quoted CSV field is open at the end of the lines counted so far: RFC 4180 quotes
/// come in pairs (`""` inside a field is two), so a field is open after an odd number of
/// them (`fix` leaves the lines of such a row alone).
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
}
