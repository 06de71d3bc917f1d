//! Whether a row of a CSV or TSV file goes on past the end of a line, by the row reader's own
//! rules: a quote opens a quoted field only at the start of a field (`1,a"b,c` is a whole row),
//! `""` inside a quoted field is one `"`, and a quoted field closes at a `"` not followed by
//! another. Each line is looked at once, from the state the line before left, so following a
//! row over many lines costs as much as reading them.

/// The quote state of a row at the end of the lines read so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QuoteState {
    /// A quoted field is open: the row goes on in the next line.
    open: bool,
    /// Where the open field's quote is in the line that opened it.
    opened_at: usize,
}

impl QuoteState {
    /// The state before a row's first line: no field open.
    pub fn new() -> QuoteState {
        QuoteState::default()
    }

    /// The state of a row whose quoted field is open at the end of the lines read.
    pub fn open() -> QuoteState {
        QuoteState {
            open: true,
            opened_at: 0,
        }
    }

    /// Whether a quoted field is open after the lines read: the row goes on in the next line.
    pub fn is_open(self) -> bool {
        self.open
    }

    /// Where the open field's quote is in the line that opened it (0 when it was opened before
    /// the last line read, or none is open).
    pub fn opened_at(self) -> usize {
        self.opened_at
    }

    /// Reads the next line of the row, without its line end. A quote after a closed quoted
    /// field (`"a"b`) breaks the row, which then ends with this line, as the reader ends it.
    pub fn read_line(&mut self, line: &[u8], separator: u8) {
        #[cfg(test)]
        scanned::add(line.len());
        let mut at = 0;
        let mut open = self.open;
        self.opened_at = 0;
        loop {
            if open {
                // Inside a quoted field: find the quote that closes it.
                loop {
                    let Some(found) = memchr::memchr(b'"', line.get(at..).unwrap_or_default())
                    else {
                        self.open = true;
                        return;
                    };
                    at += found + 1;
                    if line.get(at) != Some(&b'"') {
                        break;
                    }
                    at += 1;
                }
                open = false;
                match line.get(at) {
                    Some(&byte) if byte == separator => at += 1,
                    // The line's end, or a stray quote: the row ends here.
                    _ => break,
                }
            } else if line.get(at) == Some(&b'"') {
                open = true;
                self.opened_at = at;
                at += 1;
            } else {
                match memchr::memchr(separator, line.get(at..).unwrap_or_default()) {
                    Some(found) => at += found + 1,
                    None => break,
                }
            }
        }
        self.open = false;
        self.opened_at = 0;
    }

    /// The state after `lines`, whole lines joined by `\n`, from a row's start.
    pub fn of_lines(lines: &[u8], separator: u8) -> QuoteState {
        let mut state = QuoteState::new();
        for line in lines.split(|&b| b == b'\n') {
            state.read_line(line, separator);
        }
        state
    }
}

/// How many bytes the row reader's scans have looked at on this thread: a test sees that
/// reading a table costs as much as its size, however its quotes fall.
#[cfg(test)]
pub(crate) mod scanned {
    use std::cell::Cell;

    thread_local! {
        static BYTES: Cell<usize> = const { Cell::new(0) };
    }

    pub(crate) fn add(bytes: usize) {
        BYTES.with(|count| count.set(count.get() + bytes));
    }

    /// The bytes scanned since the last call.
    pub(crate) fn take() -> usize {
        BYTES.with(|count| count.replace(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open_after(lines: &[&str]) -> bool {
        let mut state = QuoteState::new();
        for line in lines {
            state.read_line(line.as_bytes(), b',');
        }
        state.is_open()
    }

    #[test]
    fn a_quote_opens_a_field_only_at_its_start() {
        assert!(!open_after(&["1,a\"b,c"]));
        assert!(open_after(&["1,\"a"]));
        assert!(!open_after(&["1,\"a", "b\",c"]));
        assert!(open_after(&["1,\"a\"\"", "b\"\"\",\"c"]));
        assert!(!open_after(&["\"a\"\"b\",c"]));
        assert!(!open_after(&["\"a\"x,\"b"]), "a stray quote ends the row");
        assert!(open_after(&["\"", "x\",,\""]));
        assert!(!open_after(&["a,\"\""]));
        assert!(!open_after(&["a,\"\"\"\""]));
        assert!(open_after(&["a,\"\"\""]));
    }

    #[test]
    fn where_the_open_quote_is() {
        let mut state = QuoteState::new();
        state.read_line(b"1,a\"b,\"x", b',');
        assert_eq!((state.is_open(), state.opened_at()), (true, 6));
        state.read_line(b"y", b',');
        assert_eq!((state.is_open(), state.opened_at()), (true, 0));
        assert_eq!(QuoteState::of_lines(b"\"a\nb\",\"c", b',').opened_at(), 3);
    }
}
