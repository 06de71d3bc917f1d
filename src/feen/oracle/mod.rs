//! The FEEN parser as it was before the one-grammar move (issue 10), kept as an oracle: the
//! fuzz target `feen_oracle` and a proptest compare the new parser with it (value, codes,
//! severities, primary spans, both modes). Delete once they agree on long runs.

mod feen;
mod hands;
mod placement;
mod pnn;
mod snn;
mod style_turn;

use crate::diagnostic::Parsed;
use crate::options::Mode;

/// The old parse of one record: the strict nom grammar, and on failure the re-readers.
pub fn parse(record: &[u8], mode: Mode) -> Parsed<super::Feen> {
    feen::parse(record, mode)
}

/// The old diagnostic path alone (the re-readers, without the grammar first).
pub fn diagnose(record: &[u8], mode: Mode) -> Parsed<super::Feen> {
    feen::diagnose(record, mode)
}
