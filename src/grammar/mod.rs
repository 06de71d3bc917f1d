//! fenkit's notations as combinators, to embed in your own grammar: nom 8, nom 7, or none.
//!
//! Each record combinator consumes exactly one record of its notation from the start of the
//! input and returns the rest, so a UCI command, a PGN tag or a file format of your own can
//! hold a FEN without cutting it out by hand and shifting spans.
//!
//! # Which nom
//!
//! Every combinator returns a [`Combinator`]: a nom-free [`Reader`] at its core (it reads at the
//! front of `&[u8]` or `&str` and returns how many bytes it took and its value, or a
//! [`Rejection`] with every diagnostic), and a nom parser through a feature per nom major:
//!
//! | feature | nom | the combinators are | whole-input helpers |
//! | --- | --- | --- | --- |
//! | `nom8` (default) | 8 (`cargo add nom`) | `nom::Parser`, error type [`Error`] unless [`Combinator::with_error`] picks another | `parse_whole`, `parse_partial` (`nom8`) |
//! | `nom7` | 7 | `nom::Parser` for the error type of the grammar around them | `nom7::parse_whole`, `nom7::parse_partial` |
//! | `nom-supreme` | 7, with nom-supreme | as `nom7`, with `ErrorTree` and `final_parser` | `nom_supreme::diagnostics` |
//! | none | none | [`Reader`]s | [`read_whole`] |
//!
//! The combinators:
//!
//! | combinator | reads | it ends |
//! | --- | --- | --- |
//! | [`fen`] | chess FEN, six fields (lenient: four or five) | after the fullmove number |
//! | [`epd`] | EPD | at the line end |
//! | [`feen`] | FEEN, three fields | after the style-turn field |
//! | [`draughts_fen`] | draughts FEN (PDN) | at whitespace or `"` |
//! | [`placement`] | FEN's piece placement, eight ranks | at whitespace, `"`, `[` or a `/` after rank 1 |
//! | [`promoted_placement`] | the placement with crazyhouse's `~` marks | as [`placement`] |
//! | [`side_to_move`] | FEN's `w` / `b` | at whitespace or `"` |
//! | [`castling`] | FEN's castling field | at whitespace or `"` |
//! | [`en_passant`] | FEN's en passant field | at whitespace or `"` |
//! | [`halfmove_clock`] | FEN's halfmove clock | at whitespace or `"` |
//! | [`fullmove_number`] | FEN's fullmove number | at whitespace or `"` |
//! | [`piece`] | a piece letter `PNBRQK` / `pnbrqk` | after one byte |
//! | [`square`] | a chess square `a1`..`h8` | after two bytes |
//! | [`field`] | one field of a record, any bytes but whitespace and `"` | at whitespace or `"` |
//! | [`gap`] | the whitespace before, between or after fields, judged by FEN's rule | before a byte that is not whitespace |
//! | [`number`] | a bounded number, leading zeros allowed or not | after its digits |
//! | [`quoted_string`] | a `"…"` string with `\"` and `\\` escapes (EPD operand, PGN tag value) | after the closing quote |
//! | [`epd_operation`] | one EPD operation `opcode operand...;` | after the `;` |
//! | [`pnn_piece`] | a FEEN (PNN) piece `[-+]?[A-Za-z]'?` | after the piece |
//! | [`feen_placement`] | FEEN's placement, ranks of any dimension | at whitespace or `"` |
//! | [`feen_hands`] | FEEN's pieces in hand `FIRST/second` | at whitespace or `"` |
//! | [`feen_style_turn`] | FEEN's style-turn `ACTIVE/inactive` | at whitespace or `"` |
//! | [`draughts_square`] | a numbered draughts square on a board | after its digits |
//! | [`square_range`] | a range of draughts squares `31-35` | after the second square |
//! | [`square_list`] | a draughts square list `31-35,K40,41` | before a byte no list holds |
//!
//! Every record field ends at whitespace, a line end or a `"` (so a `[FEN "…"]` tag value ends
//! at its quote); a combinator never skips whitespace before its record (whitespace there is
//! part of the record, and the notation reports it).
//!
//! # Reading a record in your grammar
//!
//! A record combinator (and a field combinator with dialects) takes [`ParseOptions`](crate::ParseOptions) (strict or
//! lenient, validation, draughts board, castling rules) and reads its part exactly as the
//! notation's own `parse` does: a valid strict record takes the same allocation-free fast path,
//! and an invalid one gets the same diagnostics. The building blocks without dialects
//! ([`square`], [`piece`], [`pnn_piece`], [`number`], the draughts squares) take none.
//!
//! ```
//! use fenkit::{ParseOptions, grammar};
//! use nom::bytes::complete::tag;
//! use nom::sequence::preceded;
//! use nom::Parser;
//!
//! let options = ParseOptions::strict();
//! let input = b"position fen 8/8/8/8/8/8/8/k1K5 b - - 0 1 moves a1a2";
//!
//! let mut position = preceded(tag("position fen "), grammar::fen(&options));
//! let (rest, record) = grammar::parse_partial(input, |i| position.parse(i))?;
//! assert_eq!(record.value.to_string(), "8/8/8/8/8/8/8/k1K5 b - - 0 1");
//! assert_eq!(rest, b" moves a1a2");
//! # Ok::<_, Vec<fenkit::Diagnostic>>(())
//! ```
//!
//! # Errors: fenkit's diagnostics, in your input
//!
//! Any nom error type `E: ParseError + FromExternalError<I, Rejection>` works (in nom 8 chosen
//! with [`Combinator::with_error`]), which includes `()` and `nom::error::Error` (they keep only
//! where the record started). With [`Error`], a rejected record keeps its [`Rejection`]:
//! every diagnostic fenkit has for it, mixed with your own nom
//! errors, `context(...)` labels and `map_res` errors. At the end of the parse,
//! [`Error::into_diagnostics`] (or [`parse_whole`]) turns them into [`Diagnostic`](crate::Diagnostic)s whose spans
//! are offsets into your whole input, rendered by miette like any fenkit diagnostic, and
//! [`Diagnostic::report_all`](crate::Diagnostic::report_all) makes all of them one owned
//! `miette::Report`:
//!
//! ```
//! use fenkit::{ParseOptions, grammar, record_text};
//! use nom::bytes::complete::tag;
//! use nom::error::context;
//! use nom::sequence::preceded;
//!
//! let input = b"position fen 8/8/8/9/8/8/8/k1K5 x - - 0 1";
//! let position = context("the position command", preceded(tag("position fen "), grammar::fen(&ParseOptions::strict())));
//! let diagnostics = grammar::parse_whole(input, position).unwrap_err();
//!
//! let found: Vec<_> = diagnostics.iter().map(|d| (d.code(), d.span().map(|s| s.offset))).collect();
//! assert_eq!(found, [("fenkit::fen::invalid_digit", Some(19)), ("fenkit::fen::invalid_side_to_move", Some(32))]);
//! // Each has a label `in the position command` over `position fen `, too.
//! assert_eq!(diagnostics[0].labels()[1].text, "in the position command");
//!
//! // Rendered into the whole input, like any fenkit error.
//! let text = record_text(input);
//! let report = miette::Report::new(diagnostics[0].clone()).with_source_code(text.clone());
//! # let _ = report;
//! # let _ = diagnostics[0].with_source("uci", 1, &text);
//! ```
//!
//! The problems of your own grammar get two codes of their own ([`codes`]):
//! `fenkit::grammar::expected` for a nom error (`tag`, `char`, `eof`...) and
//! `fenkit::grammar::external` for your own error type. Between alternatives, the one that got
//! further into the input wins.
//!
//! # Warnings
//!
//! A lenient record can be valid and still carry warnings (a dialect it was written in): nom
//! passes errors only on failure, so a record combinator returns a [`Record`], the value with
//! its warnings, and [`Record::warnings_in`] gives them with spans into your whole input.
//! [`Record::into_value`] drops them (there are none in strict mode).
//!
//! # One rule, two runs
//!
//! Each combinator here is the rule its notation's own parser uses, not a copy: every rule of
//! every notation is written once, over a sink that either stops at the first problem without
//! building anything (the fast path: a valid record allocates nothing) or keeps every problem
//! and reads on (the diagnostic run, only for input the fast path stopped on). A combinator
//! finds where its part ends (whitespace, `"`, or what its table says), runs the rule fast, and
//! only if it stopped runs the same rule again to explain why.
//!
//! [`crate::variant`] is built the way a user of this module would build a notation of their
//! own: crazyhouse and three-check FENs from [`field`] and [`gap`] (the record split as FEN
//! splits it, with FEN's whitespace diagnostics), [`placement`], [`promoted_placement`],
//! [`side_to_move`], [`castling`], [`en_passant`], the clocks and [`piece`].

mod accept;
mod chess;
pub mod codes;
mod combinator;
mod draughts;
mod epd;
mod error;
pub(crate) mod extent;
mod feen;
mod fields;
mod messages;
#[cfg(feature = "nom7")]
pub mod nom7;
#[cfg(feature = "nom8")]
pub mod nom8;
#[cfg(feature = "nom-supreme")]
pub mod nom_supreme;
mod number;
mod record;
mod records;

pub use chess::{
    Placement, castling, en_passant, fullmove_number, halfmove_clock, piece, placement,
    promoted_placement, side_to_move, square,
};
pub use combinator::{Combinator, Read, Reader, Text, Whole, read_whole};
pub use draughts::{draughts_square, square_list, square_range};
pub use epd::{epd_operation, quoted_string};
pub use error::{Error, Rejection};
pub use feen::{feen_hands, feen_placement, feen_style_turn, pnn_piece};
pub use fields::{Field, Gap, field, gap};
#[cfg(feature = "nom8")]
pub use nom8::{parse_partial, parse_whole};
pub use number::{LeadingZeros, number};
pub use record::Record;
pub use records::{draughts_fen, epd, feen, fen};
