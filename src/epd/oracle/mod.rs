//! The EPD parser as it was before the one-grammar move (issue 10), kept as an oracle: the
//! fuzz target `epd_oracle` and a proptest compare the new parser with it (value, codes,
//! severities, primary spans, both modes, legality). Delete once they agree on long runs.

mod opcodes;
mod operations;
mod parse;
mod san;

pub use parse::parse;
