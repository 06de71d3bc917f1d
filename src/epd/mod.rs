//! EPD and the "modified FEN" of opening books (NOTATIONS.md §2): four position fields, then
//! zero or more operations `opcode operand...;`.
//!
//! The position fields are read by the chess FEN field checkers (so their problems carry
//! `fenkit::fen::*` codes) and validated by the chess legality step. Standard opcodes are typed
//! and checked (integers, strings, SAN moves); unknown opcodes are kept as written.

pub mod codes;
mod opcodes;
mod operations;
mod parse;
mod san;
mod value;

pub use value::{Epd, Operand, Operation};

/// The notation name used in diagnostics and the CLI.
pub(crate) const NOTATION: &str = "epd";
