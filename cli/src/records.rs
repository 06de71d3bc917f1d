//! What the records of a line are: one rule for `check`, `fmt`, `fix` and `show`, so the
//! commands never disagree on what a record is.
//!
//! In a file of records, every line that is not a comment is one record. A game file (PGN or
//! PDN) goes line by line through `fenkit::pgn::GameScanner`: its records are the FEN tag pairs
//! and setup commands, each judged by its game's rules and handed back when the game's tag
//! section ends (so a record can belong to an earlier line), the lines that are no game text,
//! and the problems of a game's tags.

use fenkit::pgn::{GameHeading, GameRecord, GameScanner, RecordKind};
use fenkit::{Notation, ParseOptions, Parsed, Position, parse_any};

use std::path::Path;

use crate::args::NotationArg;
use crate::input::{Block, is_comment};

/// How each record is read: the notation (`None`: detected per record), the options, and
/// when an input is a game file.
#[derive(Clone, Copy)]
pub struct Reading {
    pub notation: Option<Notation>,
    pub options: ParseOptions,
    pub game_files: GameFiles,
}

/// Which inputs are game files (PGN or PDN), besides those named `.pgn` or `.pdn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameFiles {
    /// Those whose first significant token (after a byte order mark, blank lines, comments and
    /// `%` lines) is a tag pair.
    Detected,
    /// Every input (`--notation pgn` or `pdn`).
    Always,
    /// None but the named ones (a notation of records was given).
    Named,
}

impl GameFiles {
    /// The game files of `--notation`.
    pub fn of(notation: NotationArg) -> GameFiles {
        match notation {
            NotationArg::Auto => GameFiles::Detected,
            NotationArg::Pgn | NotationArg::Pdn => GameFiles::Always,
            NotationArg::Fen | NotationArg::Epd | NotationArg::Feen => GameFiles::Named,
        }
    }
}

/// One record found on a line, with the line it belongs to.
pub struct Found<'a> {
    /// 1-based number of its line.
    pub line: usize,
    /// Its line (a game file's FEN tag: the line up to the tag's end), which its spans index.
    pub text: &'a [u8],
    pub notation: Notation,
    /// Whether the notation was detected from the record's shape rather than given.
    pub detected: bool,
    pub parsed: Parsed<Position>,
    /// A game file's record: its game's event and players, as far as its tags were read.
    pub heading: Option<GameHeading>,
}

impl Reading {
    /// `text` read as one record: its notation, whether that was detected, what it holds.
    pub fn record(&self, text: &[u8]) -> (Notation, bool, Parsed<Position>) {
        let (notation, parsed) = parse_any(text, self.notation, &self.options);
        (notation, self.notation.is_none(), parsed)
    }

    /// Whether the input `path`, which starts with `first`, is a game file.
    pub fn reads_as_games(&self, path: &Path, first: &Block) -> bool {
        let named = path.extension().is_some_and(|extension| {
            extension.eq_ignore_ascii_case("pgn") || extension.eq_ignore_ascii_case("pdn")
        });
        named
            || match self.game_files {
                GameFiles::Always => true,
                GameFiles::Named => false,
                GameFiles::Detected => fenkit::pgn::is_game_file_start(&first.start()),
            }
    }

    /// A scanner for a game file.
    pub fn games(&self) -> GameScanner {
        GameScanner::new(self.options)
    }

    /// A scanner for a game file whose records are checked, not shown: without headings.
    pub fn games_to_check(&self) -> GameScanner {
        GameScanner::new(self.options).without_headings()
    }

    /// [`games_to_check`](Self::games_to_check) for the part of a game file after its first
    /// `lines` lines.
    pub fn games_after(&self, lines: usize) -> GameScanner {
        GameScanner::after_lines(self.options, lines).without_headings()
    }

    /// Reads the records that line `number`, `text`, completes and hands each to `each`; in a
    /// game file (`games`), every line goes through its scanner.
    pub fn each_record(
        &self,
        number: usize,
        text: &[u8],
        games: Option<&mut GameScanner>,
        mut each: impl FnMut(Found<'_>),
    ) {
        match games {
            None if is_comment(text) => {}
            None => {
                let (notation, detected, parsed) = self.record(text);
                each(Found {
                    line: number,
                    text,
                    notation,
                    detected,
                    parsed,
                    heading: None,
                });
            }
            Some(games) => {
                for record in games.scan_line(text) {
                    each_found(record, &mut each);
                }
            }
        }
    }

    /// The records the end of a game file completes (the last game's FEN tags, a `{` comment
    /// never closed).
    pub fn each_final_record(&self, games: &mut GameScanner, mut each: impl FnMut(Found<'_>)) {
        for record in games.finish() {
            each_found(record, &mut each);
        }
    }
}

/// Hands a game-file record to `each` as the commands report it.
pub fn each_found(record: GameRecord, each: &mut impl FnMut(Found<'_>)) {
    let notation = notation_of(&record);
    let GameRecord {
        line,
        text,
        parsed,
        heading,
        ..
    } = record;
    each(Found {
        line,
        text: &text,
        notation,
        detected: false,
        parsed,
        heading: Some(heading),
    });
}

/// The notation a game-file record is reported in: its own, or, for a problem of the game's
/// tags, the notation of the codes it carries.
pub fn notation_of(record: &GameRecord) -> Notation {
    match (record.notation, record.kind) {
        (Some(notation), _) => notation,
        (None, RecordKind::UnclosedComment) => Notation::Pdn,
        (None, _) => Notation::Fen,
    }
}
