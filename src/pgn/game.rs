//! One game's tags as far as they were read, and the judging of its FENs by the rules its tags
//! choose (`judge`). Tags come in any order (lichess writes `[FEN]` before `[SetUp]` and `[Variant]`), so
//! FEN tags wait here until the tag section ends.

pub(super) use super::judge::Retrial;
use super::judge::Rules;
use super::messages;
use super::record::{FileSummary, GameHeading, GameRecord, RecordKind, RulesFrom};
use super::syntax::{TagPair, read_tag};
use super::variant::VariantRules;
use crate::any::Notation;
use crate::diagnostic::{Diagnostic, Parsed};
use crate::draughts::Board;
use crate::options::ParseOptions;
use crate::primitives::sort::sort_by_key;
use crate::span::Span;
use std::sync::Arc;

/// A FEN tag longer than this (its line up to the tag's end) is judged at once, by the rules
/// known then, instead of waiting for the end of the tag section.
const PENDING_TEXT_LIMIT: usize = 8 * 1024;
/// At most this many FEN tags of one game wait; later ones are judged at once.
const PENDING_LIMIT: usize = 16;
/// At most this many records judged at once wait behind a game's waiting FEN tags (to be
/// handed back in line order); one more judges the waiting tags by the tags read so far.
const HELD_LIMIT: usize = 16;
/// Heading values (`[White]`, ...) are cut to this many bytes.
const HEADING_LIMIT: usize = 256;

/// A tag of the game kept with its line, for a diagnostic on its value. Its room is kept from
/// game to game.
#[derive(Clone, Debug, Default)]
struct SeenTag {
    /// Whether the game has the tag: the rest is left from an earlier game when not.
    seen: bool,
    line: usize,
    /// Its line up to the tag's end.
    text: Vec<u8>,
    value: Vec<u8>,
    value_span: Span,
}

impl SeenTag {
    fn get(&self) -> Option<&SeenTag> {
        self.seen.then_some(self)
    }

    fn set(&mut self, line_number: usize, line: &[u8], tag: &TagRead<'_>) {
        self.seen = true;
        self.line = line_number;
        self.text.clear();
        self.text
            .extend_from_slice(line.get(..tag.end).unwrap_or(line));
        self.value.clear();
        self.value.extend_from_slice(tag.value);
        self.value_span = tag.value_span;
    }
}

/// A heading value of the game (`[Event]`, `[White]`, `[Black]`) as read: made text only for a
/// record, its room kept from game to game.
#[derive(Clone, Debug, Default)]
struct HeadingValue {
    /// Whether the game has the tag: the rest is left from an earlier game when not.
    seen: bool,
    value: Vec<u8>,
}

impl HeadingValue {
    fn set(&mut self, value: &[u8]) {
        self.seen = true;
        self.value.clear();
        self.value.extend_from_slice(value);
    }

    fn text(&self) -> Option<String> {
        self.seen.then(|| heading_text(&self.value))
    }
}

/// What the game keeps of a tag pair other than FEN: its name, value (escapes resolved), the
/// value's span in the line, and its end.
pub(super) struct TagRead<'a> {
    pub(super) name: &'a [u8],
    pub(super) value: &'a [u8],
    pub(super) value_span: Span,
    pub(super) end: usize,
}

/// A FEN tag waiting for the end of the tag section: its line up to the tag's end, read again
/// from `start` when it is judged.
#[derive(Clone, Debug)]
struct PendingFen {
    line: usize,
    text: Arc<[u8]>,
    start: usize,
    /// Where its name and value are, when it has no escape: it is not read again.
    plain: Option<(Span, Span)>,
}

/// The state of the current game.
#[derive(Clone, Debug, Default)]
pub(super) struct Game {
    /// Its number in the file (0 before the first game).
    pub(super) number: usize,
    event: HeadingValue,
    white: HeadingValue,
    black: HeadingValue,
    game_type: SeenTag,
    variant: SeenTag,
    setup: SeenTag,
    pending: Vec<PendingFen>,
    /// Records judged at once while FEN tags wait, handed back with them in line order.
    held: Vec<GameRecord>,
    /// FEN tags seen in the game (judged or waiting).
    fens: usize,
    /// Records leave out the game's heading (see `GameScanner::without_headings`).
    pub(super) headless: bool,
}

impl Game {
    pub(super) fn new(number: usize) -> Game {
        Game {
            number,
            ..Game::default()
        }
    }

    /// The next game, number `number`, in place: the room kept for waiting FEN tags is reused.
    pub(super) fn restart(&mut self, number: usize) {
        let Game {
            number: old_number,
            event,
            white,
            black,
            game_type,
            variant,
            setup,
            pending,
            // Empty: the tag section's end handed its records back.
            held: _,
            fens,
            headless: _,
        } = self;
        *old_number = number;
        event.seen = false;
        white.seen = false;
        black.seen = false;
        game_type.seen = false;
        variant.seen = false;
        setup.seen = false;
        pending.clear();
        *fens = 0;
    }

    /// Numbers the game, and the records it holds, after `games` games of the lines before
    /// (a part of a file read by a scanner of its own numbers them from its start).
    pub(super) fn number_after(&mut self, games: usize) {
        if self.number > 0 {
            self.number += games;
        }
        for record in self.held.iter_mut().filter(|record| record.game > 0) {
            record.game += games;
        }
    }

    /// The game's players and event, as far as its tags were read.
    pub(super) fn heading(&self) -> GameHeading {
        if self.headless {
            return GameHeading::default();
        }
        GameHeading {
            event: self.event.text(),
            white: self.white.text(),
            black: self.black.text(),
        }
    }

    /// The rules the tags read so far choose, and which tag chose them.
    pub(super) fn rules(&self, options: &ParseOptions) -> (Rules, RulesFrom) {
        let variant = self.variant.get().map(|tag| VariantRules::of(&tag.value));
        let chess = |variant: Option<VariantRules>| match variant {
            Some(VariantRules::Chess { variant, castling }) => {
                Rules::Chess(castling.unwrap_or(options.castling), variant)
            }
            Some(VariantRules::Unsupported) => Rules::Unsupported,
            None => Rules::Chess(options.castling, options.variant),
        };
        if let Some(tag) = self.game_type.get() {
            let text = String::from_utf8_lossy(&tag.value);
            let number = text.split(',').next().unwrap_or_default().trim();
            if number == "0" {
                let from = if variant.is_some() {
                    RulesFrom::Variant
                } else {
                    RulesFrom::GameType
                };
                return (chess(variant), from);
            }
            let board = Board::from_name_or_game_type(&text);
            let unknown = board.is_none().then(|| text.into_owned());
            return (Rules::Draughts(board, unknown), RulesFrom::GameType);
        }
        match variant {
            Some(_) => (chess(variant), RulesFrom::Variant),
            None => (Rules::Shape, RulesFrom::Shape),
        }
    }

    /// Options for a record of the game read outside a tag: the board of its GameType.
    pub(super) fn options(&self, options: &ParseOptions) -> ParseOptions {
        match self.rules(options).0 {
            Rules::Draughts(Some(board), _) => options.with_draughts_board(board),
            Rules::Chess(castling, variant) => {
                options.with_castling(castling).with_variant(variant)
            }
            _ => *options,
        }
    }

    /// Whether [`tag`](Self::tag) keeps anything of a tag named `name`: most tags are none
    /// the game keeps (`[Site]`, `[Date]`...), and the scanner reads no further than the name.
    #[inline(always)]
    pub(super) fn keeps(&self, name: &[u8]) -> bool {
        match name {
            b"GameType" | b"Variant" | b"SetUp" => true,
            b"Event" | b"White" | b"Black" => !self.headless,
            _ => false,
        }
    }

    /// Keeps what a tag other than FEN says about the game (nothing unless it
    /// [`keeps`](Self::keeps) the tag).
    pub(super) fn tag(&mut self, line_number: usize, line: &[u8], tag: &TagRead<'_>) {
        match tag.name {
            b"GameType" => self.game_type.set(line_number, line, tag),
            b"Variant" => self.variant.set(line_number, line, tag),
            b"SetUp" => self.setup.set(line_number, line, tag),
            // A heading left out of the records is not kept either.
            _ if self.headless => {}
            b"Event" => self.event.set(tag.value),
            b"White" => self.white.set(tag.value),
            b"Black" => self.black.set(tag.value),
            _ => {}
        }
    }

    /// Whether a FEN tag ending at `end` of its line may wait for the end of the tag section.
    pub(super) fn can_wait(&self, end: usize) -> bool {
        end <= PENDING_TEXT_LIMIT && self.pending.len() < PENDING_LIMIT
    }

    /// The FEN tag at `start` of `line`, ending at `end`, waits for the end of the tag section;
    /// `plain` says where its name and value are when it has no escape.
    pub(super) fn wait(
        &mut self,
        line_number: usize,
        line: &[u8],
        start: usize,
        end: usize,
        plain: Option<(Span, Span)>,
    ) {
        self.fens += 1;
        self.pending.push(PendingFen {
            line: line_number,
            text: Arc::from(line.get(..end).unwrap_or(line)),
            start,
            plain,
        });
    }

    /// A FEN tag of the tag section: kept for the end of the section, or judged at once when
    /// too many or too long.
    pub(super) fn fen_tag(
        &mut self,
        line_number: usize,
        line: &[u8],
        tag: &TagPair<'_>,
        start: usize,
        judge: impl FnOnce(&Game) -> Option<GameRecord>,
    ) -> Option<GameRecord> {
        if self.can_wait(tag.end) {
            self.wait(line_number, line, start, tag.end, None);
            None
        } else {
            self.fens += 1;
            judge(self)
        }
    }

    /// Whether FEN tags wait for the end of the tag section.
    pub(super) fn has_pending(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The lines of the FEN tags waiting for the end of the tag section.
    pub(super) fn pending_lines(&self) -> impl Iterator<Item = usize> + '_ {
        self.pending.iter().map(|pending| pending.line)
    }

    /// A malformed FEN tag counts as the game's FEN (its SetUp is not without one).
    pub(super) fn count_fen(&mut self) {
        self.fens += 1;
    }

    /// Ends the tag section: every waiting FEN judged, and the problems of the tags (an
    /// unsupported variant, SetUp and FEN without each other), in line order, after the
    /// records already in `found`.
    pub(super) fn end_tags(
        &mut self,
        options: &ParseOptions,
        summary: &mut FileSummary,
        found: &mut Vec<GameRecord>,
    ) {
        let before = found.len();
        let chosen = self.judge_waiting(options, summary, found);
        found.append(&mut self.held);
        let rules = chosen.0;
        let unsupported = match rules {
            Rules::Unsupported => self.variant.get(),
            _ => None,
        };
        if let Some(variant) = unsupported {
            let diagnostic = messages::unsupported_variant(&variant.value, variant.value_span);
            found.push(self.problem(RecordKind::UnsupportedVariant, variant, diagnostic));
        }
        let draughts = matches!(rules, Rules::Draughts(..));
        let setup = match (draughts, self.fens) {
            (false, 0) => self.setup.get().filter(|tag| tag.value == b"1"),
            _ => None,
        };
        if let Some(setup) = setup {
            let diagnostic = messages::setup_without_fen(setup.value_span);
            found.push(self.problem(RecordKind::SetUpWithoutFen, setup, diagnostic));
        }
        if let Some(ended) = found.get_mut(before..) {
            sort_by_key(ended, |record| (record.line as u64, 0));
        }
    }

    /// Hands back `record`, judged at once, in line order: after the FEN tags of the game that
    /// still wait for the end of the tag section, if any.
    pub(super) fn report(
        &mut self,
        record: GameRecord,
        options: &ParseOptions,
        summary: &mut FileSummary,
        found: &mut Vec<GameRecord>,
    ) {
        if self.pending.is_empty() {
            found.push(record);
            return;
        }
        self.held.push(record);
        if self.held.len() >= HELD_LIMIT {
            // Memory stays bounded: the waiting tags are judged by the tags read so far.
            let before = found.len();
            self.judge_waiting(options, summary, found);
            found.append(&mut self.held);
            if let Some(released) = found.get_mut(before..) {
                sort_by_key(released, |record| (record.line as u64, 0));
            }
        }
    }

    /// Judges every waiting FEN tag by the rules the tags read so far choose, adding their
    /// records to `found`; returns those rules. The tag section goes on: later FEN tags wait
    /// again.
    pub(super) fn judge_waiting(
        &mut self,
        options: &ParseOptions,
        summary: &mut FileSummary,
        found: &mut Vec<GameRecord>,
    ) -> (Rules, RulesFrom) {
        let chosen = self.rules(options);
        let mut pending = std::mem::take(&mut self.pending);
        for pending in pending.drain(..) {
            self.push_waiting(&chosen, pending, options, summary, found);
        }
        // The emptied list keeps its room for the next game.
        self.pending = pending;
        chosen
    }

    fn problem(&self, kind: RecordKind, tag: &SeenTag, diagnostic: Diagnostic) -> GameRecord {
        GameRecord {
            kind,
            line: tag.line,
            text: Arc::from(tag.text.as_slice()),
            game: self.number,
            notation: None,
            rules: None,
            parsed: Parsed::new(None, vec![diagnostic]),
            heading: self.heading(),
            retrial: None,
        }
    }

    /// The FEN of a tag pair or setup command starting at `start` of its line, by the rules of
    /// the game's tags; `None` for a variant fenkit does not read.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn judge(
        &self,
        kind: RecordKind,
        line_number: usize,
        text: &Arc<[u8]>,
        tag: &TagPair<'_>,
        start: usize,
        options: &ParseOptions,
        summary: &mut FileSummary,
    ) -> Option<GameRecord> {
        let chosen = self.rules(options);
        let at = Judging {
            kind,
            start,
            line_number,
        };
        let retrial = self.retrial(&chosen, at.start, options);
        let (notation, parsed) = retrial.judge(at.kind, tag)?;
        count(summary, chosen.1, notation);
        let mut record = self.fen_record(&at, Arc::clone(text), chosen.1);
        record.notation = Some(notation);
        record.parsed = parsed;
        record.retrial = Some(retrial);
        Some(record)
    }

    /// Adds to `found` the record of the waiting FEN tag `pending`, by the rules `chosen` (what
    /// [`rules`](Self::rules) says now), counted in `summary`; none for a variant fenkit does
    /// not read. The record is put in its place first, taking the tag's line (no count of
    /// references to change), and its verdict is read into it from that line: a record is a
    /// few hundred bytes, and each step that hands it back by value copies it.
    fn push_waiting(
        &self,
        chosen: &(Rules, RulesFrom),
        pending: PendingFen,
        options: &ParseOptions,
        summary: &mut FileSummary,
        found: &mut Vec<GameRecord>,
    ) {
        let at = Judging {
            kind: RecordKind::FenTag,
            start: pending.start,
            line_number: pending.line,
        };
        let retrial = self.retrial(chosen, at.start, options);
        found.push(self.fen_record(&at, pending.text, chosen.1));
        let Some(record) = found.last_mut() else {
            return;
        };
        let (line, parsed) = (&*record.text, &mut record.parsed);
        let notation = match pending.plain {
            Some((name, value)) => {
                let tag = TagPair::plain(line, name, value, line.len());
                retrial.judge_into(at.kind, &tag, parsed)
            }
            None => read_tag(line, at.start)
                .ok()
                .and_then(|tag| retrial.judge_into(at.kind, &tag, parsed)),
        };
        match notation {
            Some(notation) => {
                count(summary, chosen.1, notation);
                record.notation = Some(notation);
                record.retrial = Some(retrial);
            }
            None => {
                found.pop();
            }
        }
    }

    /// How a FEN at `start` of its line is judged by the rules `chosen`.
    fn retrial(
        &self,
        chosen: &(Rules, RulesFrom),
        start: usize,
        options: &ParseOptions,
    ) -> Retrial {
        Retrial {
            start,
            rules: chosen.0.clone(),
            options: *options,
            has_setup: self.setup.get().is_some_and(|setup| setup.value == b"1"),
        }
    }

    /// The record of a FEN at `at`, on line `text`, by rules chosen `from`, before its verdict:
    /// no notation, position nor retrial yet.
    #[inline(always)]
    fn fen_record(&self, at: &Judging, text: Arc<[u8]>, from: RulesFrom) -> GameRecord {
        GameRecord {
            kind: at.kind,
            line: at.line_number,
            text,
            game: self.number,
            notation: None,
            rules: Some(from),
            parsed: Parsed::new(None, Vec::new()),
            heading: self.heading(),
            retrial: None,
        }
    }
}

/// Counts a FEN read in `notation` by rules chosen `from`.
fn count(summary: &mut FileSummary, from: RulesFrom, notation: Notation) {
    summary.count_rules(from);
    if notation == Notation::Pdn {
        summary.draughts_fens += 1;
    } else {
        summary.chess_fens += 1;
    }
}

/// What a FEN being judged is, and where it stands: its line's number, and where its tag pair
/// or setup command starts in the line.
struct Judging {
    kind: RecordKind,
    start: usize,
    line_number: usize,
}

/// A heading value as text: cut to [`HEADING_LIMIT`] bytes, UTF-8 when it is, else Latin-1.
fn heading_text(value: &[u8]) -> String {
    let cut = value.get(..HEADING_LIMIT).unwrap_or(value);
    match std::str::from_utf8(cut) {
        Ok(text) => text.to_string(),
        // A cut inside a UTF-8 character: keep the whole characters before it.
        Err(error) if error.error_len().is_none() && std::str::from_utf8(value).is_ok() => {
            String::from_utf8_lossy(cut.get(..error.valid_up_to()).unwrap_or_default()).into_owned()
        }
        Err(_) => cut.iter().map(|&b| char::from(b)).collect(),
    }
}
