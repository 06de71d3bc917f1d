//! PGN and PDN game files: every position of a file, each judged by the rules its game's tags
//! choose.
//!
//! [`GameScanner`] reads a file one line at a time, or many whole lines at once (the caller
//! keeps the blocks, and may read a large file in parts on several threads), and returns
//! [`GameRecord`]s: each `[FEN "..."]` tag, each PDN setup command
//! `/FEN "..."/`, each line that is no game text (a FEN standing alone is reported, never
//! skipped), and the problems of a game's tags. Tag pairs, `{...}` comments over lines, `;`
//! comments, `%` escape lines and move text are PGN's syntax, shared by chess and draughts;
//! tag values and move text may hold any bytes (old files are Latin-1), only a FEN value is
//! held to its notation.
//!
//! # How a FEN's rules are chosen
//!
//! Tags come in any order (lichess writes `[FEN]` before `[SetUp]` and `[Variant]`), so a FEN
//! tag is judged when its game's tag section ends: at the first move-text token, the next
//! game's tags, or [`GameScanner::finish`].
//!
//! - `[GameType "N"]` chooses draughts and its board (`20` international, `21` English, ...);
//!   `0` is chess.
//! - `[Variant]` chooses chess rules ([`crate::Variant::from_name`], lichess's and
//!   python-chess's spellings): standard (`Standard`, empty, `From Position`) or a variant
//!   (`Crazyhouse`, `Antichess`, `Racing Kings`, `3check`, ...) with the castling of the
//!   options, or Chess960 (`Chess960`, `fischerandom`, `Chess 960`, ...) with Chess960
//!   castling. A crazyhouse or three-check FEN is read with its pockets or counters. Any
//!   other name is `fenkit::pgn::unsupported_variant` on its value, and the game's FEN is not
//!   judged by the wrong rules.
//! - With neither, the FEN's shape decides ([`crate::Notation::detect`]; a lowercase
//!   `b:w31,k6:b20` is draughts too), and the record says so ([`RulesFrom::Shape`]).
//!
//! # Decisions where the standards are silent
//!
//! - **SetUp.** PGN (9.7) pairs `[FEN]` with `[SetUp "1"]`: in a chess game a FEN tag without
//!   it is the warning `fenkit::pgn::fen_without_setup`, a `SetUp "1"` without FEN the error
//!   `fenkit::pgn::setup_without_fen`. PDN 3.0 does not list SetUp and draughts files mostly
//!   leave it out (or write `Setup`), so draughts games (by GameType or by the FEN's shape)
//!   are not held to it.
//! - **Move text** is: move numbers, SAN, UCI and drops, draughts
//!   moves, NAGs, suffixes and evaluation signs, `(` `)` variations and results. A line with any
//!   other token, and no tag pair or setup command, is a [`RecordKind::BareLine`] read as a
//!   record of its own in the notation its shape shows.
//! - **Bounded memory.** A game keeps at most 16 FEN tags (each up to 8 KB of its line) waiting
//!   for the end of its tag section; a FEN tag beyond that is judged at once by the tags read
//!   before it.
//! - A malformed tag pair is reported only when it is a FEN tag (`fenkit::pdn::tag_syntax`); a
//!   `{` still open at the end is `fenkit::pdn::unclosed_comment`.
//!
//! PGN's syntax itself (tag pairs, setup commands, comments) is `pgn::syntax`'s, beneath the
//! notations, so that a draughts `[FEN "..."]` record is read with it too; its public readers
//! are [`read_tag`] and [`read_setup`].
//!
//! ```
//! use fenkit::ParseOptions;
//! use fenkit::pgn::{GameScanner, RecordKind, RulesFrom};
//!
//! let file = br#"[Event "Rapid"]
//! [FEN "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1"]
//! [SetUp "1"]
//! [Variant "Chess960"]
//!
//! 1. d4 d5 {a quiet start} 1/2-1/2
//!
//! [Event "Blitz"]
//! [Variant "Shogi"]
//!
//! *
//! "#;
//! let mut scanner = GameScanner::new(ParseOptions::strict().validated());
//! let mut records = Vec::new();
//! for line in file.split(|&b| b == b'\n') {
//!     records.extend(scanner.scan_line(line));
//! }
//! records.extend(scanner.finish());
//!
//! // The FEN tag of line 2, judged by Chess960 rules when the tags ended.
//! assert_eq!(records[0].kind, RecordKind::FenTag);
//! assert_eq!((records[0].line, records[0].rules), (2, Some(RulesFrom::Variant)));
//! assert!(records[0].parsed.is_valid());
//!
//! // Shogi: one error on the Variant tag's value.
//! assert_eq!(records[1].kind, RecordKind::UnsupportedVariant);
//! let diagnostic = &records[1].parsed.diagnostics[0];
//! assert_eq!(diagnostic.code(), "fenkit::pgn::unsupported_variant");
//! let span = diagnostic.span().unwrap();
//! assert_eq!(span.of(&records[1].text), b"Shogi");
//!
//! assert_eq!(
//!     scanner.summary().to_string(),
//!     "read as PGN: 2 games, 1 FEN tag, rules from [Variant]"
//! );
//! ```

pub mod codes;

mod bare_line;
mod detect;
mod game;
mod judge;
mod lines;
mod messages;
mod movetext;
mod record;
#[doc(hidden)]
pub mod reference;
mod retrial;
mod scanner;
mod skip;
pub(crate) mod syntax;
mod variant;

pub(crate) use detect::first_token_is_tag;
pub use detect::is_game_file_start;
pub use record::{FileSummary, GameHeading, GameRecord, RecordKind, RulesFrom};
pub use scanner::GameScanner;
pub use syntax::{TagFailure, TagPair, read_setup, read_tag};
