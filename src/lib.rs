//! # fenkit
//!
//! Parse, validate and write the FEN family of board-game position notations, with
//! diagnostics as precise as a compiler's: every problem of a record is reported with a stable
//! code, the byte span of the offending text, a label and a help that says the fix.
//!
//! ```
//! use fenkit::{Fen, ParseOptions};
//!
//! // Strict parsing through FromStr; Display writes the canonical form.
//! let fen: Fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
//! assert_eq!(fen.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//!
//! // Every problem at once, each with its span.
//! let parsed = Fen::parse(b"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR x KQkq e4 0 1", &ParseOptions::strict());
//! let found: Vec<_> = parsed.diagnostics.iter().map(|d| (d.code(), d.span().map(|s| s.offset))).collect();
//! assert_eq!(found, [
//!     ("fenkit::fen::invalid_digit", Some(18)),
//!     ("fenkit::fen::invalid_side_to_move", Some(44)),
//!     ("fenkit::fen::en_passant_rank", Some(52)),
//! ]);
//! # Ok::<_, fenkit::ParseError>(())
//! ```
//!
//! ## Strict and lenient
//!
//! [`Mode::Strict`] (the default) reads the written standard only. [`Mode::Lenient`] also reads
//! the dialects real files contain (missing clocks, fullmove `0`, runs of spaces...), and reports
//! each as a warning: nothing is accepted silently.
//!
//! ## Syntax and legality
//!
//! Parsing checks the notation; [`Fen::validate`] (or [`ParseOptions::validate`]) checks
//! whether the position can exist, with spans on the squares' characters.

#![forbid(unsafe_code)]

mod any;
pub mod chess;
pub mod codes;
mod diagnostic;
pub mod draughts;
pub mod epd;
pub mod feen;
#[doc(hidden)]
pub mod fuzzing;
mod options;
mod primitives;

pub use any::{Notation, Position, parse_any};
pub use chess::Fen;
pub use diagnostic::{
    Diagnostic, Label, MAX_DIAGNOSTICS, ParseError, Parsed, RecordSource, Severity,
    SourcedDiagnostic, Span,
};
pub use draughts::DraughtsFen;
pub use epd::Epd;
pub use feen::Feen;
pub use options::{Mode, ParseOptions};

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
