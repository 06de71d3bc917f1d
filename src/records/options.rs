//! How the records of a text are read: the notation, the parse options, which texts are game
//! files, the maximum record length.

use std::path::{Path, PathBuf};

use crate::any::Notation;
use crate::options::ParseOptions;

/// The default maximum record length: no real record comes near it (the longest EPD records
/// of test suites are a few hundred bytes), and a line longer than it is never held whole.
pub const DEFAULT_MAX_RECORD_BYTES: usize = 64 * 1024;

/// How many first bytes of a line over the maximum record length are kept, to show which line
/// it was.
pub const TOO_LONG_PREFIX: usize = 32;

/// Which texts are game files (PGN or PDN), besides those whose name ends in `.pgn` or
/// `.pdn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameFiles {
    /// Those whose first significant token (after a byte order mark, blank lines, comments
    /// and `%` lines) is a tag pair ([`crate::pgn::is_game_file_start`]) within their first
    /// [`GAME_FILE_START_LINES`](super::GAME_FILE_START_LINES) lines.
    Detected,
    /// Every text (the notation PGN or PDN was asked for).
    Always,
    /// Only the named ones (a notation of records was asked for).
    Named,
    /// None, whatever the name (a text known to be records).
    Never,
}

/// How to read the records of a text: what [`RecordReader`](super::RecordReader) and
/// [`read`](super::read) take.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct ReadOptions {
    /// The notation of every record, `None` to detect it record by record.
    pub notation: Option<Notation>,
    /// The mode, validation and notation settings each record is parsed with.
    pub parse: ParseOptions,
    /// Which texts are game files.
    pub game_files: GameFiles,
    /// A longer line is one `fenkit::input::record_too_long` diagnostic, never read.
    pub max_record_bytes: usize,
    /// Whether a game file's records carry their game's heading (its event and players),
    /// which costs an allocation per record.
    pub headings: bool,
    /// What raises the maximum, named in the help of `record_too_long`.
    pub raise_with: &'static str,
}

impl ReadOptions {
    /// Records parsed with `parse`, their notation detected, game files detected, at most
    /// [`DEFAULT_MAX_RECORD_BYTES`] long, without headings.
    pub fn new(parse: ParseOptions) -> ReadOptions {
        ReadOptions {
            notation: None,
            parse,
            game_files: GameFiles::Detected,
            max_record_bytes: DEFAULT_MAX_RECORD_BYTES,
            headings: false,
            raise_with: "the maximum record length option",
        }
    }

    /// Every record read as `notation` (`None`: detected); `Pdn` and no game-file rule of
    /// its own make every text a game file, as a PDN file holds games.
    pub fn notation(mut self, notation: Option<Notation>) -> ReadOptions {
        self.notation = notation;
        self
    }

    /// Which texts are game files.
    pub fn game_files(mut self, game_files: GameFiles) -> ReadOptions {
        self.game_files = game_files;
        self
    }

    /// The maximum record length, in bytes.
    pub fn max_record_bytes(mut self, max: usize) -> ReadOptions {
        self.max_record_bytes = max;
        self
    }

    /// Game records with their game's heading.
    pub fn headings(mut self, headings: bool) -> ReadOptions {
        self.headings = headings;
        self
    }

    /// What the help of `record_too_long` says raises the maximum.
    pub fn raise_with(mut self, raise_with: &'static str) -> ReadOptions {
        self.raise_with = raise_with;
        self
    }

    /// Whether the text named `name` (a path, `None` for one without a name), which starts
    /// with `start`, is a game file. Only its first
    /// [`GAME_FILE_START_LINES`](super::GAME_FILE_START_LINES) lines are looked at
    /// ([`game_file_start`](super::game_file_start)); a caller that reads in pieces gives at
    /// least those, or the whole text when it is shorter.
    pub fn is_game_file(&self, name: Option<&Path>, start: &[u8]) -> bool {
        let start = super::game_file_start(start, true).unwrap_or(start);
        let named = name.and_then(Path::extension).is_some_and(|extension| {
            extension.eq_ignore_ascii_case("pgn") || extension.eq_ignore_ascii_case("pdn")
        });
        match self.game_files {
            GameFiles::Never => false,
            GameFiles::Always => true,
            GameFiles::Named => named,
            GameFiles::Detected => named || crate::pgn::is_game_file_start(start),
        }
    }
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions::new(ParseOptions::default())
    }
}

/// The name a text's kind is told by: `path` without the `.zst` or `.gz` of a `compressed`
/// text (its magic number said so), so that `games.pgn.zst` is a game file and
/// `puzzles.csv.gz` a CSV file; a text that is not compressed keeps its whole name.
///
/// ```
/// use std::path::Path;
/// use fenkit::records::plain_name;
///
/// assert_eq!(plain_name(Path::new("games.pgn.zst"), true), Path::new("games.pgn"));
/// assert_eq!(plain_name(Path::new("games.pgn.zst"), false), Path::new("games.pgn.zst"));
/// assert_eq!(plain_name(Path::new("games.pgn"), true), Path::new("games.pgn"));
/// ```
pub fn plain_name(path: &Path, compressed: bool) -> PathBuf {
    let extension = path.extension().and_then(|e| e.to_str());
    match (compressed, extension, path.file_stem()) {
        (true, Some("zst" | "gz"), Some(stem)) => path.with_file_name(stem),
        _ => path.to_path_buf(),
    }
}
