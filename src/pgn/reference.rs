//! The game-file scanner as it was before its fast paths: token by token over each line, one
//! call per token. Kept as the oracle that [`super::GameScanner`] must agree with, record for
//! record, on any input (`crate::fuzzing::check_pgn_scanners_agree`).

use super::game::{Game, TagRead};
use super::movetext::{Token, classify_quickly, common_move_len, token_len};
use super::record::{FileSummary, GameRecord, RecordKind};
use super::syntax::{read_plain_tag, read_setup, read_tag, unclosed_comment};
use crate::diagnostic::Parsed;
use crate::options::ParseOptions;
use std::sync::Arc;

/// The UTF-8 byte order mark some writers put before the first line.
const BOM: &[u8] = b"\xEF\xBB\xBF";
/// The line of an open comment is kept up to this many bytes after its `{`.
const COMMENT_CONTEXT: usize = 40;

/// Where the scanner stands in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    /// Before the first game, or after a game's result.
    Between,
    /// In a game's tag section.
    Tags,
    /// In a game's move text.
    Moves,
}

/// Where an open `{` comment started.
#[derive(Clone, Debug)]
struct CommentStart {
    line: usize,
    offset: usize,
    text: Arc<[u8]>,
}

/// The records of [`super::GameScanner::scan_line`] and [`super::GameScanner::finish`], found
/// token by token.
#[derive(Clone, Debug)]
pub struct ReferenceScanner {
    options: ParseOptions,
    lines: usize,
    section: Section,
    /// Open `(` variations of the move text.
    depth: usize,
    comment: Option<CommentStart>,
    game: Game,
    summary: FileSummary,
}

impl ReferenceScanner {
    /// A scanner at the start of a file; `options` give the mode, whether to validate, the
    /// default draughts board and the castling rules of standard chess games.
    pub fn new(options: ParseOptions) -> ReferenceScanner {
        ReferenceScanner {
            options,
            lines: 0,
            section: Section::Between,
            depth: 0,
            comment: None,
            game: Game::new(0),
            summary: FileSummary::default(),
        }
    }

    /// The counts of what was scanned so far (also after [`finish`](Self::finish)).
    pub fn summary(&self) -> FileSummary {
        self.summary
    }

    /// Every record that `line` (without its line end) completes, in the order of their lines.
    pub fn scan_line(&mut self, line: &[u8]) -> Vec<GameRecord> {
        let mut found = Vec::new();
        self.scan_line_into(line, &mut found);
        found
    }

    fn scan_line_into(&mut self, line: &[u8], found: &mut Vec<GameRecord>) {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        self.lines += 1;
        let start = if self.lines == 1 && line.starts_with(BOM) {
            BOM.len()
        } else {
            0
        };
        // A `%` in the first column escapes the whole line (PGN 6).
        if self.comment.is_none() && line.get(start) == Some(&b'%') {
            return;
        }
        let mut shared = Shared(None);
        let mut at = start;
        // The line holds a tag pair or setup command, or a token that is no move text.
        let mut tagged = false;
        let mut stray = false;
        while let Some(&b) = line.get(at) {
            if self.comment.is_some() {
                match memchr::memchr(b'}', line.get(at..).unwrap_or_default()) {
                    Some(close) => {
                        self.comment = None;
                        at += close + 1;
                        continue;
                    }
                    None => break,
                }
            }
            if matches!(b, b' ' | b'\t' | b'\x0c' | b'\r') {
                at += 1;
                continue;
            }
            // Most of move text: moves and move numbers, read in one pass each.
            if let Some(len) = common_move_len(line.get(at..).unwrap_or_default()) {
                if self.section != Section::Moves {
                    self.move_text(found);
                }
                at += len;
                continue;
            }
            match b {
                b'{' => {
                    self.comment = Some(CommentStart {
                        line: self.lines,
                        offset: at,
                        text: Arc::from(&[][..]),
                    });
                    at += 1;
                }
                b';' => break,
                b'[' => {
                    tagged = true;
                    at = self.tag(line, &mut shared, at, found);
                }
                b'/' if line
                    .get(at..)
                    .is_some_and(|rest| rest.starts_with(b"/FEN \"")) =>
                {
                    tagged = true;
                    self.move_text(found);
                    at = self.setup_command(line, &mut shared, at, found);
                }
                b'(' => {
                    self.move_text(found);
                    self.depth += 1;
                    at += 1;
                }
                b')' => {
                    self.depth = self.depth.saturating_sub(1);
                    at += 1;
                }
                _ => {
                    let rest = line.get(at..).unwrap_or_default();
                    let len = token_len(rest);
                    match classify_quickly(rest.get(..len).unwrap_or_default()) {
                        Some(token) => {
                            self.move_text(found);
                            if token == Token::Result && self.depth == 0 {
                                self.section = Section::Between;
                            }
                        }
                        None => stray = true,
                    }
                    at += len;
                }
            }
        }
        if stray && !tagged {
            let record = self.bare_line(line, &mut shared, start);
            self.game
                .report(record, &self.options, &mut self.summary, found);
        }
        if self.comment.is_some() {
            self.keep_comment_line(line);
        }
    }

    /// Ends the file: the last game's waiting FEN tags are judged, and a `{` comment still
    /// open is the error `fenkit::pdn::unclosed_comment` at its `{` (the rest of the file was
    /// read as that comment). The scanner is then at the start of a new file; its
    /// [`summary`](Self::summary) goes on counting.
    pub fn finish(&mut self) -> Vec<GameRecord> {
        let mut found = Vec::new();
        self.end_tags(&mut found);
        if let Some(start) = self.comment.take() {
            found.push(GameRecord {
                kind: RecordKind::UnclosedComment,
                line: start.line,
                text: start.text,
                game: self.game.number,
                notation: None,
                rules: None,
                parsed: Parsed::new(None, vec![unclosed_comment(start.offset)]),
                heading: self.game.heading(),
                retrial: None,
            });
        }
        let summary = self.summary;
        *self = ReferenceScanner::new(self.options);
        self.summary = summary;
        found
    }

    /// A move-text token: it ends the tag section, or begins a game that has no tags.
    #[inline]
    fn move_text(&mut self, found: &mut Vec<GameRecord>) {
        match self.section {
            Section::Tags => self.end_tags(found),
            Section::Between => self.new_game(),
            Section::Moves => return,
        }
        self.section = Section::Moves;
    }

    fn end_tags(&mut self, found: &mut Vec<GameRecord>) {
        if self.section != Section::Tags {
            return;
        }
        self.section = Section::Moves;
        self.game.end_tags(&self.options, &mut self.summary, found);
    }

    fn new_game(&mut self) {
        self.summary.games += 1;
        self.game.restart(self.summary.games);
        self.depth = 0;
    }

    /// The tag pair at `start`: a FEN waits for the end of the tag section, other tags are
    /// kept for the game; a malformed FEN tag is reported at once.
    fn tag(
        &mut self,
        line: &[u8],
        shared: &mut Shared,
        start: usize,
        found: &mut Vec<GameRecord>,
    ) -> usize {
        if self.section != Section::Tags {
            self.new_game();
            self.section = Section::Tags;
        }
        // Most tags have no escapes: read without copying their values.
        if let Some(plain) = read_plain_tag(line, start) {
            if plain.name != b"FEN" {
                let value = plain.value_span.of(line);
                self.game.tag(
                    self.lines,
                    line,
                    &TagRead {
                        name: plain.name,
                        value,
                        value_span: plain.value_span,
                        end: plain.end,
                    },
                );
                return plain.end;
            }
            if self.game.can_wait(plain.end) {
                self.summary.fen_tags += 1;
                self.game.wait(self.lines, line, start, plain.end, None);
                return plain.end;
            }
        }
        match read_tag(line, start) {
            Ok(tag) if tag.name == b"FEN" => {
                self.summary.fen_tags += 1;
                let (lines, options) = (self.lines, self.options);
                let summary = &mut self.summary;
                let judged = self.game.fen_tag(lines, line, &tag, start, |game| {
                    let text = shared.of(line);
                    game.judge(
                        RecordKind::FenTag,
                        lines,
                        &text,
                        &tag,
                        start,
                        &options,
                        summary,
                    )
                });
                if let Some(record) = judged {
                    self.game.report(record, &options, &mut self.summary, found);
                }
                tag.end
            }
            Ok(tag) => {
                let read = TagRead {
                    name: tag.name,
                    value: &tag.value,
                    value_span: tag.value_span,
                    end: tag.end,
                };
                self.game.tag(self.lines, line, &read);
                tag.end
            }
            Err(failure) => {
                if failure.name == Some(b"FEN".as_slice()) {
                    self.summary.fen_tags += 1;
                    self.game.count_fen();
                    let text = shared.of(line);
                    let record = self.failed(text, failure.diagnostic, RecordKind::FenTag);
                    self.game
                        .report(record, &self.options, &mut self.summary, found);
                }
                failure.resume.max(start + 1)
            }
        }
    }

    /// A setup command `/FEN "..."/`, judged at once by the game's rules.
    fn setup_command(
        &mut self,
        line: &[u8],
        shared: &mut Shared,
        start: usize,
        found: &mut Vec<GameRecord>,
    ) -> usize {
        self.summary.setup_commands += 1;
        match read_setup(line, start) {
            Ok(setup) => {
                let text = shared.of(line);
                found.extend(self.game.judge(
                    RecordKind::SetupCommand,
                    self.lines,
                    &text,
                    &setup,
                    start,
                    &self.options,
                    &mut self.summary,
                ));
                setup.end
            }
            Err(failure) => {
                let text = shared.of(line);
                found.push(self.failed(text, failure.diagnostic, RecordKind::SetupCommand));
                failure.resume.max(start + 1)
            }
        }
    }

    fn failed(
        &self,
        text: Arc<[u8]>,
        diagnostic: crate::Diagnostic,
        kind: RecordKind,
    ) -> GameRecord {
        GameRecord {
            kind,
            line: self.lines,
            text,
            game: self.game.number,
            notation: Some(crate::Notation::Pdn),
            rules: None,
            parsed: Parsed::new(None, vec![diagnostic]),
            heading: self.game.heading(),
            retrial: None,
        }
    }

    /// A line that is no game text, read as a record of its own (after the byte order mark at
    /// `start`): counted, and made by [`bare_line`](super::bare_line::bare_line).
    fn bare_line(&mut self, line: &[u8], shared: &mut Shared, start: usize) -> GameRecord {
        self.summary.bare_lines += 1;
        let text = shared.of(line);
        super::bare_line::bare_line(&self.game, &self.options, self.lines, text, start)
    }

    /// Keeps the start of the line where an open comment began, up to a little after its `{`.
    fn keep_comment_line(&mut self, line: &[u8]) {
        let current = self.lines;
        if let Some(start) = self.comment.as_mut().filter(|start| start.line == current) {
            let end = start.offset.saturating_add(1 + COMMENT_CONTEXT);
            let kept = crate::primitives::ascii::char_boundary_at_most(line, end);
            start.text = Arc::from(line.get(..kept).unwrap_or(line));
        }
    }
}

/// The current line, copied once for all the records that point into it.
struct Shared(Option<Arc<[u8]>>);

impl Shared {
    fn of(&mut self, line: &[u8]) -> Arc<[u8]> {
        Arc::clone(self.0.get_or_insert_with(|| Arc::from(line)))
    }
}
