//! The empty-run writer: adjacent empty cells of a rank written as one number (`3` for three
//! empty squares), as FEN, FEEN and the variant FENs write their boards.

use std::fmt::{self, Write};

/// The empty cells seen since the last piece; [`take`](Self::take) gives them as one number
/// to write before the next piece and at the end of a rank. Its methods are `const`, so the
/// chess writer's rank templates, built at compile time, follow the same rule as
/// [`flush`](Self::flush).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct EmptyRun(u64);

impl EmptyRun {
    /// No empty cells yet (a rank's start).
    pub(crate) const fn new() -> Self {
        EmptyRun(0)
    }

    /// `count` more empty cells.
    pub(crate) const fn add(&mut self, count: u64) {
        self.0 = self.0.saturating_add(count);
    }

    /// The number to write now (before a piece, or at the end of a rank), if there were empty
    /// cells, and a new run started.
    pub(crate) const fn take(&mut self) -> Option<u64> {
        match self.0 {
            0 => None,
            count => {
                self.0 = 0;
                Some(count)
            }
        }
    }

    /// Writes the run, if any, and starts a new one.
    pub(crate) fn flush(&mut self, out: &mut impl Write) -> fmt::Result {
        match self.take() {
            Some(count) => write!(out, "{count}"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacent_empty_cells_are_one_number() {
        let mut out = String::new();
        let mut run = EmptyRun::default();
        assert_eq!(run.flush(&mut out), Ok(()));
        assert_eq!(out, "", "no run, nothing written");
        run.add(2);
        run.add(10);
        assert_eq!(run.flush(&mut out), Ok(()));
        out.push('K');
        assert_eq!(run.flush(&mut out), Ok(()));
        assert_eq!(out, "12K");
    }

    #[test]
    fn take_gives_the_run_once() {
        let mut run = EmptyRun::new();
        assert_eq!(run.take(), None);
        run.add(3);
        assert_eq!(run.take(), Some(3));
        assert_eq!(run.take(), None, "taken, a new run starts");
        run.add(u64::MAX);
        run.add(1);
        assert_eq!(run.take(), Some(u64::MAX), "saturates");
    }
}
