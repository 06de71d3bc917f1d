//! The chess FEN parser as it was before the one-grammar move (issue 10), kept as an oracle:
//! the fuzz target `fen_oracle` and a proptest compare the new parser with it (verdict, codes,
//! severities, primary spans, both modes). Delete once they agree on long runs.

mod fen;
mod fields;
mod placement;
mod position;

pub use fen::parse;
