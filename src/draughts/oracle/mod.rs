//! The draughts FEN parser as it was before the one-grammar move (issue 10), kept as an
//! oracle: the fuzz target `draughts_oracle` and a proptest compare the new parser with it
//! (value, codes, severities, primary spans, validation, both modes). Delete once they agree
//! on long runs.

mod diagnose;
mod grammar;

pub use grammar::parse;
