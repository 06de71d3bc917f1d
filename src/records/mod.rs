//! What the records of a text are: one rule for every front end (the command line, the
//! language server, the Python and npm packages), so that they never disagree.
//!
//! - Lines end at LF, CRLF or a lone CR; a UTF-8 byte order mark before the first line is no
//!   part of it ([`Line`], [`lines`], [`LineSource`]).
//! - A line longer than [`ReadOptions::max_record_bytes`] is never read: it is one record of
//!   the error `fenkit::input::record_too_long` ([`record_too_long`]), its text the line's
//!   first bytes.
//! - In a file of records, each line that is not a comment ([`is_comment`]: blank, or
//!   starting with `#` or `%`) is one record ([`record_text`]); a line over the maximum
//!   length is a comment only when it starts with `#` or `%`.
//! - A game file (PGN or PDN: so named, or asked for, or detected by its first token,
//!   [`ReadOptions::is_game_file`], within its first [`GAME_FILE_START_LINES`] lines) is read by [`GameScanner`](crate::pgn::GameScanner): its
//!   records are the FEN tags and setup commands judged by their games' rules, the lines that
//!   are no game text and the problems of a game's tags, each reported in a notation
//!   ([`notation_of`]).
//! - Records come in the order of their lines.
//!
//! [`RecordReader`] takes lines, or text in chunks of whole lines, and hands each record to a
//! callback with its text borrowed; [`read`] reads a whole [`BufRead`](std::io::BufRead)
//! source into an iterator of owned [`Record`]s.
//!
//! ```
//! use fenkit::ParseOptions;
//! use fenkit::records::{ReadOptions, RecordReader};
//!
//! let game = b"[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/4K2k w - - 0 1\"]\n\n1. Kd2 *\n";
//! let options = ReadOptions::new(ParseOptions::strict().validated());
//! let mut reader = RecordReader::new(options, options.is_game_file(None, game));
//! let mut found = Vec::new();
//! reader.read_text(game, &mut |record| found.push((record.line, record.parsed.is_valid())));
//! reader.finish(&mut |record| found.push((record.line, record.parsed.is_valid())));
//! assert_eq!(found, [(3, true)]);
//! ```

mod binary;
mod fields;
mod lines;
mod messages;
mod options;
mod reader;
mod record;
mod source;
mod start;

pub use binary::binary_record;
pub use fields::{Field, FieldReader, TableFormat};
pub use lines::{Line, LineSource, lines};
pub use messages::record_too_long;
pub use options::{DEFAULT_MAX_RECORD_BYTES, GameFiles, ReadOptions, TOO_LONG_PREFIX, plain_name};
pub use reader::{RecordReader, read_one};
pub use record::{Record, is_comment, notation_of, record_text};
pub use source::{Records, read};
pub use start::{GAME_FILE_START_LINES, game_file_start, read_game_file_start, starts_game_file};
