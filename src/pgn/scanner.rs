//! The line loop of the game-file scanner: tags, comments, escapes, move text and lines that
//! are none of these, with the state that runs across lines (an open comment, the game).

use super::game::{Game, TagRead};
use super::lines::{common_tag_line, line_end_len};
use super::movetext::{Token, classify_quickly, common_move_end, skip_whitespace, token_len};
use super::record::{FileSummary, GameRecord, RecordKind};
use super::skip::{skip_move_text, skip_move_text_to_line_end};
use super::syntax::{
    PlainTag, read_plain_tag, read_plain_tag_line, read_setup, read_tag, unclosed_comment,
};
use crate::diagnostic::Parsed;
use crate::options::ParseOptions;
use std::sync::Arc;

mod line_records;
mod parts;

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
    /// The start of its line, kept when the line ends with the comment open (most comments
    /// close on their line: none is allocated for them).
    text: Option<Arc<[u8]>>,
}

/// Finds and judges the positions of a PGN or PDN game file, one line at a time
/// ([`scan_line`](Self::scan_line)) or many lines at once ([`scan_lines`](Self::scan_lines)).
///
/// Each [`GameRecord`] points into one line: a FEN tag is returned when its game's tag section
/// ends (at the first move-text token, the next game's tags, or [`finish`](Self::finish)), with
/// its own line number and the text of that line. Memory does not grow with the file: the
/// scanner keeps the current game's tags, a few FEN tags waiting for the end of its tag
/// section, and the start of an open comment.
///
/// A large file can be read in parts on several threads: a part that starts with a tag pair
/// is read by a scanner of its own ([`after_lines`](Self::after_lines)), and the scanner of
/// the lines before it goes on from that part ([`join`](Self::join)) where
/// [`can_split_before`](Self::can_split_before) says the split changes nothing, else reads the
/// part again itself.
///
/// ```
/// use fenkit::ParseOptions;
/// use fenkit::pgn::GameScanner;
///
/// let first = b"[Event \"a\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/4K2k w - - 0 1\"]\n\n1. Kd2 *\n\n";
/// let second = b"[Event \"b\"]\n\n1. e4 *\n";
/// let options = ParseOptions::strict().validated();
/// let mut scanner = GameScanner::new(options);
/// let mut records = Vec::new();
/// assert_eq!(scanner.scan_lines(first, usize::MAX, &mut records), first.len());
/// assert!(scanner.can_split_before(b"[Event \"b\"]"));
/// let mut part = GameScanner::after_lines(options, scanner.lines());
/// part.scan_lines(second, usize::MAX, &mut records);
/// scanner.join(part);
/// records.extend(scanner.finish());
/// assert_eq!((records.len(), records[0].line), (1, 3));
/// assert_eq!(scanner.summary().games, 2);
/// ```
#[derive(Clone, Debug)]
pub struct GameScanner {
    options: ParseOptions,
    lines: usize,
    section: Section,
    /// Open `(` variations of the move text.
    depth: usize,
    comment: Option<CommentStart>,
    game: Game,
    summary: FileSummary,
}

impl GameScanner {
    /// A scanner at the start of a file; `options` give the mode, whether to validate, the
    /// default draughts board and the castling rules of standard chess games.
    pub fn new(options: ParseOptions) -> GameScanner {
        GameScanner {
            options,
            lines: 0,
            section: Section::Between,
            depth: 0,
            comment: None,
            game: Game::new(0),
            summary: FileSummary::default(),
        }
    }

    /// Records without their games' headings ([`GameRecord::heading`] empty), for a caller that
    /// does not show them: a heading costs an allocation for each record.
    pub fn without_headings(mut self) -> GameScanner {
        self.game.headless = true;
        self
    }

    /// The counts of what was scanned so far (also after [`finish`](Self::finish)).
    pub fn summary(&self) -> FileSummary {
        self.summary
    }

    /// Whether a FEN tag already read still waits for the end of its game's tag section: until
    /// it is returned, a caller that wants every record of the lines read so far must read on.
    pub fn has_waiting(&self) -> bool {
        self.game.has_pending()
    }

    /// The lines of the FEN tags waiting for the end of their tag section ([`has_waiting`]
    /// says whether there are any): at most a few, whatever the length of the section. Their
    /// records come back when the section ends, after the records of the lines that follow
    /// them (with the problems of the section's own tags, such as a `[SetUp]` without FEN,
    /// which have no position).
    ///
    /// [`has_waiting`]: Self::has_waiting
    pub fn waiting_lines(&self) -> impl Iterator<Item = usize> + '_ {
        self.game.pending_lines()
    }

    /// Every record that `line` (without its line end) completes, in the order of their lines.
    pub fn scan_line(&mut self, line: &[u8]) -> Vec<GameRecord> {
        let mut found = Vec::new();
        self.scan_line_into(line, &mut found);
        found
    }

    /// Scans the lines of `text` as [`scan_line`](Self::scan_line) scans each, adding their
    /// records to `found`, up to the first line longer than `longest` bytes: returns how many
    /// bytes were scanned (all of `text`, or up to the start of that line, which the caller
    /// reads some other way). A line ends at `\n`, `\r\n` or `\r`, or at the end of `text`.
    ///
    /// Much faster than a call per line on a large file: blank lines and lines of one tag pair,
    /// most of a game file, are read where they stand, in one pass each.
    pub fn scan_lines(
        &mut self,
        text: &[u8],
        longest: usize,
        found: &mut Vec<GameRecord>,
    ) -> usize {
        let mut at = 0;
        while let Some(&first) = text.get(at) {
            let rest = text.get(at..).unwrap_or_default();
            if matches!(first, b'\n' | b'\r') {
                // A blank line: counted, nothing more.
                self.lines += 1;
                at += line_end_len(rest, 0);
                continue;
            }
            if first == b'[' && self.comment.is_none() {
                if let Some(taken) = self.tag_line(rest, longest, found) {
                    at += taken;
                    continue;
                }
            }
            // A line of move text: skipped to its end in the same pass that finds the end, or
            // up to the token where the token-by-token loop goes on.
            let from = match self.skip_move_line(rest, longest) {
                Skipped::Line(len) => {
                    at += len;
                    continue;
                }
                Skipped::To(stop) => stop,
                Skipped::Nothing => 0,
            };
            let len = from
                + memchr::memchr2(b'\n', b'\r', rest.get(from..).unwrap_or_default())
                    .unwrap_or(rest.len() - from);
            if len > longest {
                return at;
            }
            let line = rest.get(..len).unwrap_or_default();
            if from > 0 {
                self.lines += 1;
                self.scan_tokens(line, 0, from, found);
            } else {
                self.scan_line_into(line, found);
            }
            at += len + line_end_len(rest, len);
        }
        at
    }

    /// The line at the start of `rest` skipped as move text (whitespace, common moves and
    /// comments that close on it) when the scanner stands in a game's move text with no
    /// comment open: [`Skipped::Line`] when that is the whole line (of at most `longest`
    /// bytes; counted), else [`Skipped::To`] the first byte of the line the token-by-token
    /// loop must read, or [`Skipped::Nothing`].
    #[inline]
    fn skip_move_line(&mut self, rest: &[u8], longest: usize) -> Skipped {
        if self.section != Section::Moves || self.comment.is_some() {
            return Skipped::Nothing;
        }
        let window = rest.get(..longest.saturating_add(1)).unwrap_or(rest);
        let stop = skip_move_text_to_line_end(window, 0);
        if stop <= longest && matches!(rest.get(stop), None | Some(b'\n' | b'\r')) {
            self.lines += 1;
            return Skipped::Line(stop + line_end_len(rest, stop));
        }
        if stop == 0 {
            Skipped::Nothing
        } else {
            Skipped::To(stop)
        }
    }

    /// A line of `rest` that is one tag pair with no escape (and whitespace after it), read
    /// where it stands: how many bytes of `rest` the line covers with its line end; `None` for
    /// any other line (or one longer than `longest`), left unread.
    #[inline(always)]
    fn tag_line(
        &mut self,
        rest: &[u8],
        longest: usize,
        found: &mut Vec<GameRecord>,
    ) -> Option<usize> {
        // Most tag lines: `[Name "value"]` and the line end, in one pass.
        let (plain, len) = match common_tag_line(rest) {
            Some(plain) => (plain, plain.end),
            None => other_tag_line(rest)?,
        };
        if len > longest {
            return None;
        }
        let line = rest.get(..len)?;
        self.lines += 1;
        self.in_tags();
        if !self.plain_tag(line, 0, &plain) {
            self.any_tag(line, &mut Shared(None), 0, found);
        }
        Some(len + line_end_len(rest, len))
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
        self.scan_tokens(line, start, start, found);
    }

    /// The tokens of `line` (counted already, its text from `start`) from `from` on: tags,
    /// setup commands, comments and move text, and the line's records. The bytes before `from`
    /// are move text that [`skip_move_text`] skips.
    fn scan_tokens(&mut self, line: &[u8], start: usize, from: usize, found: &mut Vec<GameRecord>) {
        let mut shared = Shared(None);
        let mut at = from;
        // The line holds a tag pair or setup command, or a token that is no move text.
        let mut tagged = false;
        let mut stray = false;
        loop {
            if self.comment.is_some() {
                match memchr::memchr(b'}', line.get(at..).unwrap_or_default()) {
                    Some(close) => {
                        self.comment = None;
                        at += close + 1;
                    }
                    None => break,
                }
            }
            // Most of move text: whitespace, common moves and comments, in one tight loop.
            if self.section == Section::Moves {
                at = skip_move_text(line, at);
            } else {
                at = skip_whitespace(line, at);
                if let Some(end) = common_move_end(line, at) {
                    self.move_text(found);
                    at = end;
                    continue;
                }
            }
            let Some(&b) = line.get(at) else {
                break;
            };
            match b {
                b'{' => {
                    self.comment = Some(CommentStart {
                        line: self.lines,
                        offset: at,
                        text: None,
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
                text: start.text.unwrap_or_else(|| Arc::from(&[][..])),
                game: self.game.number,
                notation: None,
                rules: None,
                parsed: Parsed::new(None, vec![unclosed_comment(start.offset)]),
                heading: self.game.heading(),
                retrial: None,
            });
        }
        let (summary, headless) = (self.summary, self.game.headless);
        *self = GameScanner::new(self.options);
        self.summary = summary;
        self.game.headless = headless;
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
        self.in_tags();
        // Most tags have no escapes: read without copying their values.
        if let Some(plain) = read_plain_tag(line, start) {
            if self.plain_tag(line, start, &plain) {
                return plain.end;
            }
        }
        self.any_tag(line, shared, start, found)
    }

    /// A tag pair starts: in the tag section of the game, or of a new one.
    fn in_tags(&mut self) {
        if self.section != Section::Tags {
            self.new_game();
            self.section = Section::Tags;
        }
    }

    /// A tag pair with no escape at `start`, read as `plain`: kept for the game, or a FEN tag
    /// waiting for the end of the tag section; `false` for a FEN tag that cannot wait (which
    /// [`any_tag`](Self::any_tag) judges at once).
    #[inline(always)]
    fn plain_tag(&mut self, line: &[u8], start: usize, plain: &PlainTag<'_>) -> bool {
        if plain.name != b"FEN" {
            if !self.game.keeps(plain.name) {
                return true;
            }
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
            return true;
        }
        if self.game.can_wait(plain.end) {
            self.summary.fen_tags += 1;
            self.game.wait(
                self.lines,
                line,
                start,
                plain.end,
                Some((plain.name_span, plain.value_span)),
            );
            return true;
        }
        false
    }

    /// The tag pair at `start`, read by the quoted-string rule.
    fn any_tag(
        &mut self,
        line: &[u8],
        shared: &mut Shared,
        start: usize,
        found: &mut Vec<GameRecord>,
    ) -> usize {
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

    /// Keeps the start of the line where an open comment began, up to a little after its `{`.
    fn keep_comment_line(&mut self, line: &[u8]) {
        let current = self.lines;
        if let Some(start) = self.comment.as_mut().filter(|start| start.line == current) {
            let end = start.offset.saturating_add(1 + COMMENT_CONTEXT);
            let kept = crate::primitives::ascii::char_boundary_at_most(line, end);
            start.text = Some(Arc::from(line.get(..kept).unwrap_or(line)));
        }
    }
}

/// The line at the start of `rest` when it is one tag pair with no escape in any other
/// spelling than the common one (spaces around the name or after the `]`): the tag pair and the
/// line's length. Kept out of the scanner's loop, which meets it seldom.
#[cold]
#[inline(never)]
fn other_tag_line(rest: &[u8]) -> Option<(PlainTag<'_>, usize)> {
    let plain = read_plain_tag_line(rest, 0)?;
    let spaces = rest
        .get(plain.end..)
        .unwrap_or_default()
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t' | b'\x0c'))
        .count();
    let len = plain.end + spaces;
    matches!(rest.get(len), None | Some(b'\n' | b'\r')).then_some((plain, len))
}

/// How much of a line [`GameScanner::skip_move_line`] skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Skipped {
    /// The whole line, this many bytes with its line end.
    Line(usize),
    /// Its bytes up to this one.
    To(usize),
    /// None of it.
    Nothing,
}

/// The current line, copied once for all the records that point into it.
struct Shared(Option<Arc<[u8]>>);

impl Shared {
    fn of(&mut self, line: &[u8]) -> Arc<[u8]> {
        Arc::clone(self.0.get_or_insert_with(|| Arc::from(line)))
    }
}
