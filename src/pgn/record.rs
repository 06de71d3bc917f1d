//! What the game-file scanner hands back: one [`GameRecord`] per FEN tag, setup command, line
//! that is not game text, or problem of a game's tags, and the counts of a whole file.

use std::sync::Arc;

use super::retrial::Retrial;
use crate::any::{Notation, Position};
use crate::diagnostic::Parsed;

/// What a [`GameRecord`] is, so the caller can say where its position came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordKind {
    /// A `[FEN "..."]` tag pair, judged when its game's tag section ended.
    FenTag,
    /// A PDN setup command `/FEN "..."/` in move text.
    SetupCommand,
    /// A line that is no tag pair, comment, escape or move text (a FEN standing alone, stray
    /// words), read as a record of its own so that nothing is skipped silently.
    BareLine,
    /// A game's `[SetUp "1"]` with no `[FEN]` tag: the diagnostic points at the SetUp value.
    SetUpWithoutFen,
    /// A game's `[Variant]` fenkit has no rules for: the diagnostic points at its value.
    UnsupportedVariant,
    /// A `{` comment still open at the end of the file: the diagnostic points at the `{`.
    UnclosedComment,
}

/// How the rules a FEN was read by were chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RulesFrom {
    /// The game's `[GameType "N"]` tag (0 is chess, others a draughts board).
    GameType,
    /// The game's `[Variant]` tag (standard chess, Chess960 or a chess variant).
    Variant,
    /// Neither tag: the FEN's own shape (`/` ranks and fields for chess, `:` sections for
    /// draughts), as [`Notation::detect`] reads a record.
    Shape,
}

/// The players and event of a game, for a heading; each value is cut to a few hundred bytes
/// and read as UTF-8, or as Latin-1 when it is not UTF-8 (old files write `Polgár` in Latin-1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameHeading {
    /// The `[Event]` value.
    pub event: Option<String>,
    /// The `[White]` value.
    pub white: Option<String>,
    /// The `[Black]` value.
    pub black: Option<String>,
}

/// One thing the scanner found, with the line it points into.
///
/// The spans of `parsed`'s diagnostics are byte offsets into `text`, the start of line `line`
/// (a UTF-8 byte order mark included, as the line was given), so the caller can report the
/// record at that line whenever it is returned.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GameRecord {
    /// What the record is.
    pub kind: RecordKind,
    /// The number of the line it points into (1 for the first line scanned).
    pub line: usize,
    /// That line (for a FEN tag that waited for the end of its tag section, the line up to the
    /// tag's end). Records of one line share it.
    pub text: Arc<[u8]>,
    /// The number of its game in the file (1 for the first; 0 before any game began).
    pub game: usize,
    /// The notation the position was read in (`None` for a problem of the game's tags).
    pub notation: Option<Notation>,
    /// How the rules were chosen (`None` where no position was read).
    pub rules: Option<RulesFrom>,
    /// The position and every diagnostic.
    pub parsed: Parsed<Position>,
    /// The game's players and event, as far as its tags were read.
    pub heading: GameHeading,
    /// How its position was read, to read it again after an edit.
    pub(super) retrial: Option<Retrial>,
}

impl GameRecord {
    /// The record read again, by the same rules, from `line`: its line with edits inside the
    /// FEN (a fix applied, say). `None` when the record holds no position to read again (a
    /// problem of the game's tags) or the edit broke the tag around the FEN.
    pub fn read_again(&self, line: &[u8]) -> Option<Parsed<Position>> {
        self.retrial.as_ref()?.again(self.kind, self.notation, line)
    }
}

/// The counts of a file so far: enough for one note per file (see its `Display`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct FileSummary {
    /// Games begun (a tag section, or move text outside any game).
    pub games: usize,
    /// `[FEN]` tag pairs read (also those of games whose variant fenkit does not read).
    pub fen_tags: usize,
    /// Setup commands `/FEN "..."/` read.
    pub setup_commands: usize,
    /// Lines read as records of their own.
    pub bare_lines: usize,
    /// FEN tags and setup commands read as chess FEN.
    pub chess_fens: usize,
    /// FEN tags and setup commands read as draughts FEN.
    pub draughts_fens: usize,
    /// FENs whose rules the GameType, Variant and shape chose, in that order.
    pub(crate) rules: [usize; 3],
}

impl FileSummary {
    /// How many FENs were read by rules chosen this way.
    pub fn rules_from(&self, rules: RulesFrom) -> usize {
        self.rules.get(rules as usize).copied().unwrap_or_default()
    }

    /// The counts of a file read in parts: these, then those of the part after them.
    pub(crate) fn add(&mut self, part: &FileSummary) {
        self.games += part.games;
        self.fen_tags += part.fen_tags;
        self.setup_commands += part.setup_commands;
        self.bare_lines += part.bare_lines;
        self.chess_fens += part.chess_fens;
        self.draughts_fens += part.draughts_fens;
        for (count, more) in self.rules.iter_mut().zip(part.rules) {
            *count += more;
        }
    }

    pub(crate) fn count_rules(&mut self, rules: RulesFrom) {
        if let Some(count) = self.rules.get_mut(rules as usize) {
            *count += 1;
        }
    }
}
