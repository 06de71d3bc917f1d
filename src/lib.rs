//! # fenkit
//!
//! Parse, validate and write the FEN family of board-game position notations, with
//! diagnostics as precise as a compiler's: every problem of a record is reported with a stable
//! code, the byte span of the offending text, a label and a help that says the fix.
//!
//! ```
//! use fenkit::{Fen, ParseOptions};
//!
//! fn main() -> miette::Result<()> {
//!     let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
//!     // The value, or every diagnostic as one owned report headed `input:LINE:COLUMN`.
//!     let fen = Fen::parse(text.as_bytes(), &ParseOptions::strict()).into_report("input", 1, text)?;
//!     assert_eq!(fen.to_string(), text);
//!
//!     // One diagnostic as an owned report: it outlives the text, as `?` needs.
//!     let command = String::from("8/8/8/8/8/8/8/k1K5 x - - 0 1");
//!     let parsed = Fen::parse(command.as_bytes(), &ParseOptions::strict());
//!     let report = parsed.diagnostics[0].to_report("uci", 1, command.as_str());
//!     drop(command);
//!     let shown = format!("{report:?}"); // miette's renderer, with its `fancy` feature
//!     assert!(shown.contains("uci:1:20") && shown.contains("expected `w` or `b`"));
//!     Ok(())
//! }
//! ```
//!
//! [`Diagnostic::to_report`] and [`Parsed::into_report`] own their text; a long record is
//! shown as a window around the problem. [`Diagnostic::with_source`] is the borrowing form.
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
//! ## The notations
//!
//! | notation | type | module | `--notation` |
//! | --- | --- | --- | --- |
//! | chess FEN, six fields | [`Fen`] | [`chess`] | `fen` |
//! | EPD and four-field "modified FEN" | [`Epd`] | [`epd`] | `epd` |
//! | Sashité FEEN 1.0.0 | [`Feen`] | [`feen`] | `feen` |
//! | draughts FEN, PDN `[FEN "..."]` tags and `/FEN "..."/` setups | [`DraughtsFen`] | [`draughts`] | `pdn` |
//!
//! [`parse_any`] detects the notation of a record (docs/notations.md) or takes the one given.
//!
//! ```
//! use fenkit::{Epd, Feen, Notation, ParseOptions, parse_any};
//!
//! // EPD: typed operations, the position reused from FEN.
//! let epd: Epd = r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#.parse()?;
//! assert_eq!(epd.operand("bm").map(|m| m.as_str()), Some("Qg6"));
//!
//! // FEEN: any board, pieces in hand, the style of each side.
//! let feen: Feen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL / SHOGI/shogi".parse()?;
//! assert_eq!(feen.to_string(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL / SHOGI/shogi");
//!
//! let (notation, parsed) = parse_any(b"8/8/8/8/8/8/8/8 w - -", None, &ParseOptions::strict());
//! assert_eq!(notation, Notation::Epd);
//! assert!(parsed.is_valid());
//! # Ok::<_, fenkit::ParseError>(())
//! ```
//!
//! Draughts positions are read on a board of the PDN GameType table ([`draughts::Board`]);
//! whole PDN files are read, as PGN files are, by [`pgn::GameScanner`].
//!
//! ```
//! use fenkit::{DraughtsFen, ParseOptions};
//! use fenkit::draughts::Board;
//!
//! let fen: DraughtsFen = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1-20".parse()?;
//! assert_eq!(fen.to_string(), "W:W31-50:B1-20");
//!
//! // On the English 8x8 board (GameType 21), square 33 does not exist.
//! let options = ParseOptions::strict().with_draughts_board(Board::English);
//! let parsed = DraughtsFen::parse(b"B:B1-12:W21-33", &options);
//! assert_eq!(parsed.diagnostics[0].code(), "fenkit::pdn::square_out_of_range");
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
//!
//! ## In your own grammar
//!
//! [`grammar`] holds each notation as a nom combinator that reads one record out of a larger
//! input (a UCI command, a PGN tag) and returns the rest; its error type gives fenkit's
//! diagnostics with spans into your whole input.
//!
//! ## Guides
//!
//! The repository's guides are pages here too, in [`_guide`]: [the library's
//! tour](_guide::library) (with the nom features and `cut`), [the notations](_guide::notations),
//! [the codes](_guide::codes), [the command line](_guide::command_line) and [the
//! editors](_guide::editors).

#![forbid(unsafe_code)]

mod any;
pub mod autofix;
pub mod chess;
mod code_info;
pub mod codes;
mod columns;
mod diagnostic;
pub mod diagram;
pub mod draughts;
pub mod epd;
mod explain;
pub mod feen;
mod fix;
#[doc(hidden)]
pub mod fuzzing;
pub mod grammar;
pub mod inputs;
#[cfg(any(feature = "shakmaty", feature = "cozy-chess"))]
pub mod interop;
#[cfg(test)]
mod layers;
mod mode;
mod options;
pub mod pgn;
mod primitives;
pub mod records;
mod registry;
mod rules;
#[cfg(feature = "serde")]
mod serde_text;
mod settings;
mod snippet;
mod span;
pub mod variant;

pub use any::{
    ChessFields, DraughtsFields, FeenFields, Notation, NotationInfo, Position, PositionFields,
    notations, parse_any,
};
pub use chess::Fen;
pub use columns::SpanColumns;
#[cfg(feature = "serde")]
pub use diagnostic::serialized::LocatedDiagnostic;
pub use diagnostic::{
    Diagnostic, Label, MAX_DIAGNOSTICS, Omitted, ParseError, Parsed, RecordSource, Severity,
    SourcedDiagnostic, Span, record_text,
};
#[cfg(feature = "fancy-no-syscall")]
pub use diagnostic::{HumanRenderer, omitted_line};
pub use draughts::DraughtsFen;
pub use epd::Epd;
pub use feen::Feen;
pub use fix::{Applicability, Edit, Fix};
pub use options::{Castling, Mode, ParseOptions, Variant};
pub use primitives::ascii::escape_controls;

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The guides of the repository's `docs/`, one page each, as they read there: what each
/// notation accepts and writes, the library's tour, the codes, the command line and the
/// editors. Their Rust examples are whole programs, each opening with the `cargo add` line of
/// its dependencies, and run as doctests (those that need a feature say so and are run by the
/// repository's `tests/docs/run.py`).
pub mod _guide {
    /// The library's tour: values, diagnostics, nom grammars, features, serde, interop.
    ///
    #[doc = "[notations.md]: crate::_guide::notations"]
    #[doc = "[notations-variants]: crate::_guide::notations#chess-variants"]
    #[doc = "[codes.md]: crate::_guide::codes"]
    #[doc = "[readme-features]: https://docs.rs/crate/fenkit/latest/features"]
    #[doc = "[command-line-json]: crate::_guide::command_line#json"]
    #[doc = include_str!("../docs/library.md")]
    pub mod library {}

    /// What each notation accepts, rejects, warns about and writes.
    ///
    #[doc = "[codes.md]: crate::_guide::codes"]
    #[doc = "[command-line-fixes]: crate::_guide::command_line#fixes"]
    #[doc = "[command-line-game-files]: crate::_guide::command_line#game-files"]
    #[doc = include_str!("../docs/notations.md")]
    pub mod notations {}

    /// Every diagnostic code, and `fenkit explain`.
    ///
    #[doc = "[notations.md]: crate::_guide::notations"]
    #[doc = include_str!("../docs/codes.md")]
    pub mod codes {}

    /// The `fenkit` command (the `fenkit-cli` package): its commands, options and output.
    ///
    #[doc = include_str!("../docs/command-line.md")]
    pub mod command_line {}

    /// `fenkit lsp`, the language server, and its setup in editors.
    ///
    #[doc = "[command-line-game-files]: crate::_guide::command_line#game-files"]
    #[doc = include_str!("../docs/editors.md")]
    pub mod editors {}
}

/// The other guides' examples (`docs/*.md`), compiled and run as doctests like the README's.
#[cfg(doctest)]
pub mod guides {
    /// `docs/performance.md`.
    #[doc = include_str!("../docs/performance.md")]
    pub struct Performance;
    /// `docs/development.md`.
    #[doc = include_str!("../docs/development.md")]
    pub struct Development;
}
