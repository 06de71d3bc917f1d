//! The canonical FEEN writer: fields separated by one space, separators of the depth each
//! was read with, adjacent empty cells as one number, hands aggregated and sorted.

use std::fmt::{self, Write};

use super::board::{Cell, Placement};
use super::feen::Feen;
use super::types::Hands;
use crate::primitives::empty_run::EmptyRun;

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut empty = EmptyRun::default();
        for (index, rank) in self.ranks().iter().enumerate() {
            for cell in rank {
                match cell {
                    Cell::Empty(count) => empty.add(count.get()),
                    Cell::Piece(piece) => {
                        empty.flush(f)?;
                        write!(f, "{piece}")?;
                    }
                }
            }
            empty.flush(f)?;
            if let Some(&depth) = self.separators().get(index) {
                for _ in 0..depth {
                    f.write_char('/')?;
                }
            }
        }
        Ok(())
    }
}

/// The field's text (`Placement("rn/pp//RN/PP")`), as a chess board shows its placement:
/// shorter than nested ranks of cells.
impl fmt::Debug for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Placement").field(&self.to_string()).finish()
    }
}

/// Writes hands canonically.
fn write_hands(hands: &Hands, out: &mut impl Write) -> fmt::Result {
    for (index, side) in hands.sides().into_iter().enumerate() {
        if index == 1 {
            out.write_char('/')?;
        }
        for entry in side {
            if entry.count.get() > 1 {
                write!(out, "{}", entry.count)?;
            }
            write!(out, "{}", entry.piece)?;
        }
    }
    Ok(())
}

impl fmt::Display for Hands {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hands(self, f)
    }
}

/// The field's text (`Hands("3P/+b")`): shorter than two lists of entries.
impl fmt::Debug for Hands {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Hands").field(&self.to_string()).finish()
    }
}

impl fmt::Display for Feen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.placement, self.hands, self.style_turn)
    }
}
