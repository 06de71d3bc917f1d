//! The empty-run writer: adjacent empty cells of a rank written as one number (`3` for three
//! empty squares), as FEN, FEEN and the variant FENs write their boards.

use std::fmt::{self, Write};

/// The empty cells seen since the last piece; [`flush`](Self::flush) writes them as one number
/// before the next piece and at the end of a rank.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct EmptyRun(u64);

impl EmptyRun {
    /// `count` more empty cells.
    pub(crate) fn add(&mut self, count: u64) {
        self.0 = self.0.saturating_add(count);
    }

    /// Writes the run, if any, and starts a new one.
    pub(crate) fn flush(&mut self, out: &mut impl Write) -> fmt::Result {
        if self.0 > 0 {
            write!(out, "{}", self.0)?;
            self.0 = 0;
        }
        Ok(())
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
}
