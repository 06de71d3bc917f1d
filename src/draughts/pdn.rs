//! Streaming PDN files: every `[FEN "..."]` tag pair and `/FEN "..."/` setup command of a file,
//! read line by line with the board of the game's `[GameType "N"]` tag. Memory does not depend
//! on the file's size: the scanner keeps only the state of the current game.

use super::fen::DraughtsFen;
use super::messages::{self, unclosed_comment};
use super::tag::{TagFailure, TagPair, read_setup, read_tag};
use crate::diagnostic::{Diagnostic, Omitted, Parsed, capped};
use crate::options::ParseOptions;
use crate::settings::Board;

/// Finds and parses the FEN positions of a PDN file, one line at a time.
///
/// Each FEN tag pair and setup command becomes one [`Parsed`] whose spans are byte offsets into
/// the line. A `[GameType "N"]` tag applies to the later FENs of its game (a tag pair after
/// movetext starts a new game); without one, the board of `options` (or the default) is used.
/// Other tag pairs, movetext, `{...}` comments (also over several lines) and `;` comments to the
/// end of the line are skipped.
///
/// ```
/// use fenkit::ParseOptions;
/// use fenkit::draughts::{Board, PdnScanner};
///
/// let mut scanner = PdnScanner::new(ParseOptions::strict().validated());
/// assert!(scanner.scan_line(br#"[GameType "21"]"#).is_empty());
/// let found = scanner.scan_line(br#"[FEN "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"]"#);
/// assert_eq!(found.len(), 1);
/// let fen = found[0].value.as_ref().unwrap();
/// assert_eq!(fen.board, Board::English);
/// assert_eq!(fen.to_string(), "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29");
///
/// // Spans point into the line: `55` is not on the English board.
/// let found = scanner.scan_line(br#"1. 9-14 /FEN "W:W21-55:B1-12"/ *"#);
/// assert_eq!(found[0].diagnostics[0].code(), "fenkit::pdn::square_out_of_range");
/// assert_eq!(found[0].diagnostics[0].span().map(|s| (s.offset, s.len)), Some((20, 2)));
/// ```
#[derive(Clone, Debug)]
pub struct PdnScanner {
    options: ParseOptions,
    /// The board of the current game's GameType tag.
    game_board: Option<Board>,
    /// A GameType of the current game that names no board fenkit knows.
    unknown_game_type: Option<String>,
    /// Whether the current game's movetext has begun (the next tag pair starts a new game).
    in_movetext: bool,
    /// Whether a `{` comment is open at the end of the previous line.
    in_comment: bool,
    /// How many lines have been scanned (the number of the current line).
    lines: usize,
    /// Where the open `{` comment started: its line and offset, and the start of that line.
    comment_start: Option<CommentStart>,
}

/// Where an open `{` comment started, kept so [`PdnScanner::finish`] can point at it.
#[derive(Clone, Debug)]
struct CommentStart {
    line: usize,
    offset: usize,
    /// The line up to a little after the `{` (bounded: no whole megabyte line is kept).
    text: Vec<u8>,
}

/// A problem found at the end of a PDN file by [`PdnScanner::finish`], with the line it points
/// into: `parsed` holds the diagnostic (no value), its spans are offsets into `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnEnd {
    /// The number of the line the diagnostic points at (1 for the first line scanned).
    pub line: usize,
    /// The start of that line, up to a little after the problem (not the whole line when it
    /// is long).
    pub text: Vec<u8>,
    /// The diagnostic, as a record of its own.
    pub parsed: Parsed<DraughtsFen>,
}

impl PdnScanner {
    /// A scanner at the start of a file; `options` give the mode, the default board and whether
    /// to validate.
    pub fn new(options: ParseOptions) -> PdnScanner {
        PdnScanner {
            options,
            game_board: None,
            unknown_game_type: None,
            in_movetext: false,
            in_comment: false,
            lines: 0,
            comment_start: None,
        }
    }

    /// Ends the file: a `{` comment still open is the error `fenkit::pdn::unclosed_comment`,
    /// pointing at its `{` (the rest of the file was read as that comment, so no FEN in it was
    /// checked). Call it once after the last line; the scanner is then ready for a new file.
    ///
    /// ```
    /// use fenkit::ParseOptions;
    /// use fenkit::draughts::PdnScanner;
    ///
    /// let mut scanner = PdnScanner::new(ParseOptions::strict());
    /// assert!(scanner.scan_line(b"1. 32-28 {a comment that").is_empty());
    /// assert!(scanner.scan_line(br#"[FEN "W:W31:B1"]"#).is_empty()); // inside the comment
    /// let end = scanner.finish().unwrap();
    /// assert_eq!(end.line, 1);
    /// let diagnostic = &end.parsed.diagnostics[0];
    /// assert_eq!(diagnostic.code(), "fenkit::pdn::unclosed_comment");
    /// assert_eq!(diagnostic.span().map(|s| (s.offset, s.len)), Some((9, 1)));
    /// ```
    pub fn finish(&mut self) -> Option<PdnEnd> {
        let start = self.comment_start.take().filter(|_| self.in_comment);
        *self = PdnScanner::new(self.options);
        let start = start?;
        let diagnostic = unclosed_comment(start.offset);
        Some(PdnEnd {
            line: start.line,
            text: start.text,
            parsed: Parsed::new(None, vec![diagnostic]),
        })
    }

    /// The board FENs are read on at this point of the file.
    pub fn board(&self) -> Option<Board> {
        self.game_board.or(self.options.draughts_board)
    }

    /// Every FEN tag pair and setup command of `line` (without its line end), parsed, with spans
    /// relative to the start of the line.
    pub fn scan_line(&mut self, line: &[u8]) -> Vec<Parsed<DraughtsFen>> {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        self.lines += 1;
        let mut found = Vec::new();
        if line.first() == Some(&b'%') && !self.in_comment {
            return found;
        }
        let mut at = 0;
        while let Some(&b) = line.get(at) {
            if self.in_comment {
                match line
                    .get(at..)
                    .and_then(|rest| rest.iter().position(|&c| c == b'}'))
                {
                    Some(close) => {
                        self.in_comment = false;
                        at += close + 1;
                        continue;
                    }
                    None => break,
                }
            }
            match b {
                b' ' | b'\t' => at += 1,
                b'{' => {
                    self.in_comment = true;
                    self.comment_start = Some(CommentStart {
                        line: self.lines,
                        offset: at,
                        text: Vec::new(),
                    });
                    at += 1;
                }
                // `;` starts a comment that runs to the end of the line.
                b';' => break,
                b'[' => {
                    if self.in_movetext {
                        self.new_game();
                    }
                    at = self.tag(line, at, &mut found);
                }
                b'/' if line
                    .get(at..)
                    .is_some_and(|rest| rest.starts_with(b"/FEN \"")) =>
                {
                    self.in_movetext = true;
                    at = match read_setup(line, at) {
                        Ok(setup) => {
                            found.push(self.fen(&setup));
                            setup.end
                        }
                        Err(failure) => self.failed(failure, &mut found),
                    };
                }
                _ => {
                    self.in_movetext = true;
                    at += 1;
                }
            }
        }
        if self.in_comment {
            self.keep_comment_line(line);
        }
        found
    }

    /// Keeps the start of the line where the open comment began, up to a little after its `{`.
    fn keep_comment_line(&mut self, line: &[u8]) {
        const AFTER: usize = 40;
        let current = self.lines;
        if let Some(start) = self
            .comment_start
            .as_mut()
            .filter(|start| start.line == current)
        {
            let end = start.offset.saturating_add(1 + AFTER);
            let kept = crate::primitives::ascii::char_boundary_at_most(line, end);
            start.text = line.get(..kept).unwrap_or(line).to_vec();
        }
    }

    fn new_game(&mut self) {
        self.game_board = None;
        self.unknown_game_type = None;
        self.in_movetext = false;
    }

    /// The tag pair at `start`: a FEN is parsed, a GameType remembered, any other skipped.
    fn tag(&mut self, line: &[u8], start: usize, found: &mut Vec<Parsed<DraughtsFen>>) -> usize {
        match read_tag(line, start) {
            Ok(tag) if tag.name == b"FEN".as_slice() => {
                found.push(self.fen(&tag));
                tag.end
            }
            Ok(tag) => {
                if tag.name == b"GameType".as_slice() {
                    let text = String::from_utf8_lossy(&tag.value).into_owned();
                    self.game_board = Board::from_name_or_game_type(&text);
                    self.unknown_game_type = self.game_board.is_none().then_some(text);
                }
                tag.end
            }
            Err(failure) => self.failed(failure, found),
        }
    }

    /// A malformed tag pair or setup command: reported only when it is a FEN.
    fn failed(&mut self, failure: TagFailure<'_>, found: &mut Vec<Parsed<DraughtsFen>>) -> usize {
        if failure.name == Some(b"FEN".as_slice()) {
            found.push(Parsed::new(None, vec![failure.diagnostic]));
        }
        failure.resume.max(1)
    }

    /// The FEN value of a tag pair or setup command, with spans into the line.
    fn fen(&self, tag: &TagPair<'_>) -> Parsed<DraughtsFen> {
        judge_fen_tag(
            tag,
            &self.options,
            self.game_board,
            self.unknown_game_type.as_deref(),
        )
    }
}

/// The draughts FEN of a tag pair or setup command on `game_board` (else the board of
/// `options`), with spans into the line; `unknown_game_type` is a GameType of the game that
/// names no board. The PDN and PGN scanners judge draughts FEN tags with this one function.
pub(crate) fn judge_fen_tag(
    tag: &TagPair<'_>,
    options: &ParseOptions,
    game_board: Option<Board>,
    unknown_game_type: Option<&str>,
) -> Parsed<DraughtsFen> {
    let mut diagnostics = tag.diagnostics.clone();
    let value: &[u8] = &tag.value;
    if value.is_empty() || value == b"?" {
        diagnostics.push(messages::unknown_position(value, tag.value_span));
        return in_line_order(None, diagnostics, Omitted::default());
    }
    if let Some(game_type) = unknown_game_type {
        diagnostics.push(messages::unknown_game_type(
            game_type,
            options.draughts_board,
            tag.name_span,
        ));
    }
    let options = match game_board.or(options.draughts_board) {
        Some(board) => options.with_draughts_board(board),
        None => *options,
    };
    let parsed = DraughtsFen::parse(value, &options);
    diagnostics.extend(
        parsed
            .diagnostics
            .into_iter()
            .map(|d| d.map_spans(|span| tag.line_span(span))),
    );
    let value = parsed
        .value
        .filter(|_| !diagnostics.iter().any(Diagnostic::is_error));
    in_line_order(value, diagnostics, parsed.omitted)
}

/// The diagnostics of a tag's value (escapes, the FEN, validation) in the order of the line,
/// at most [`crate::MAX_DIAGNOSTICS`].
/// `omitted` counts what the value's own parse left out.
pub(crate) fn in_line_order<T>(
    value: Option<T>,
    mut diagnostics: Vec<Diagnostic>,
    omitted: Omitted,
) -> Parsed<T> {
    diagnostics.sort_by_key(|d| d.span().map_or(0, |span| span.offset));
    let (diagnostics, cut) = capped(diagnostics);
    Parsed {
        value,
        diagnostics,
        omitted: omitted.plus(cut),
    }
}

/// Reads a PDN record for [`crate::parse_any`]: the first FEN tag pair or setup command of the
/// line, else (for a record that does not start with `[`) a bare FEN value.
pub(crate) fn parse_record(record: &[u8], options: &ParseOptions) -> Parsed<DraughtsFen> {
    let start = record
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .unwrap_or(record.len());
    let is_tag = record.get(start) == Some(&b'[');
    if !is_tag && !record.windows(6).any(|window| window == b"/FEN \"") {
        return DraughtsFen::parse(record, options);
    }
    let mut found = PdnScanner::new(*options).scan_line(record);
    if !found.is_empty() {
        return found.swap_remove(0);
    }
    if !is_tag {
        return DraughtsFen::parse(record, options);
    }
    let diagnostic = match read_tag(record, start) {
        Ok(tag) => messages::not_a_fen_tag(Some(tag.name), tag.name_span),
        Err(failure) => {
            messages::not_a_fen_tag(None, failure.diagnostic.span().unwrap_or_default())
        }
    };
    Parsed::new(None, vec![diagnostic])
}
