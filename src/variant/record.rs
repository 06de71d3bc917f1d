//! One pass over a variant record, built from the public, nom-free readers of
//! [`crate::grammar`]: the record is split by [`grammar::field`] and [`grammar::gap`] (FEN's
//! whitespace rule), each chess field is read whole by its reader ([`grammar::read_whole`]),
//! and what a variant adds (the pocket, the check counters) is read here. Every field is read
//! even after a bad one, so that each problem gets its diagnostic.

use super::checks::RemainingChecks;
use super::messages;
use super::pockets::Pockets;
use crate::chess::{CastlingRights, Color, Fen, Square};
use crate::diagnostic::{Diagnostic, Sink};
use crate::grammar::{self, Gap, Placement, Reader as _, Record};
use crate::options::ParseOptions;
use crate::settings::Variant;
use crate::span::Span;

/// What one pass over a variant record found: the values, and where the parts stand (for the
/// legality step's spans).
pub(crate) struct Reading {
    pub(crate) sink: Sink,
    pub(crate) placement: Option<Placement>,
    pub(crate) side: Option<Color>,
    pub(crate) castling: Option<CastlingRights>,
    pub(crate) en_passant: Option<Option<Square>>,
    pub(crate) halfmove: Option<u32>,
    pub(crate) fullmove: Option<u32>,
    pub(crate) pockets: Option<Pockets>,
    pub(crate) checks: Option<RemainingChecks>,
    /// The chess fields in the record: placement (without the pocket), side, castling, en
    /// passant, the clocks; an absent one is an empty span at the end of the record.
    pub(crate) fields: [Span; 6],
    /// The board and its pocket.
    pub(crate) board: Span,
    /// The first king in a pocket.
    pub(crate) pocket_king: Option<Span>,
    /// The check counters read (the first field of them).
    pub(crate) checks_span: Span,
}

impl Reading {
    /// Nothing read yet: every part absent, its span `end` (the end of the record).
    fn nothing(end: Span) -> Reading {
        Reading {
            sink: Sink::new(),
            placement: None,
            side: None,
            castling: None,
            en_passant: None,
            halfmove: None,
            fullmove: None,
            pockets: None,
            checks: None,
            fields: [end; 6],
            board: end,
            pocket_king: None,
            checks_span: end,
        }
    }

    /// The chess part of the record, if every chess field has a value.
    pub(crate) fn fen(&self) -> Option<Fen> {
        Some(Fen {
            board: self.placement.as_ref()?.board,
            side_to_move: self.side?,
            castling: self.castling?,
            en_passant: self.en_passant?,
            halfmove_clock: self.halfmove?,
            fullmove_number: self.fullmove?,
        })
    }
}

/// Whether a record without clocks is a dialect (`Required`, a FEN) or the record's own form
/// (`Optional`: the EPD form of a variant position, four fields and the variant's additions,
/// as shakmaty's perft files write them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Clocks {
    Required,
    Optional,
}

/// Reads `record` as `variant`.
pub(crate) fn read(
    record: &[u8],
    options: &ParseOptions,
    variant: Variant,
    clocks: Clocks,
) -> Reading {
    let end = Span::new(record.len(), 0);
    let mut reading = Reading::nothing(end);
    let mut reader = Reader {
        record,
        options,
        sink: &mut reading.sink,
    };
    let (fields, text_end) = reader.fields();
    let count = fields.len();
    let mut fields = fields.into_iter();
    if count < 4 {
        let at = fields
            .as_slice()
            .last()
            .map_or(end, |field| reader.span_of(field));
        reader.push(messages::missing_fields(count, at));
    }
    if let Some(board) = fields.next() {
        reading.board = reader.span_of(board);
        let (placement, placement_span) = reader.board(
            board,
            variant,
            &mut reading.pockets,
            &mut reading.pocket_king,
        );
        reading.placement = placement;
        reading.fields[0] = placement_span;
    }
    if let Some(field) = fields.next() {
        reading.fields[1] = reader.span_of(field);
        reading.side = reader.whole(field, grammar::side_to_move(options));
    }
    if let Some(field) = fields.next() {
        reading.fields[2] = reader.span_of(field);
        reading.castling = reader.whole(field, grammar::castling(options));
    }
    if let Some(field) = fields.next() {
        reading.fields[3] = reader.span_of(field);
        reading.en_passant = reader.whole(field, grammar::en_passant(options));
    }
    let mut rest = fields.peekable();
    let is_checks = |field: &&[u8]| variant == Variant::ThreeCheck && field.contains(&b'+');
    // The counters before the clocks (shakmaty reads either form in either place).
    if let Some(field) = rest.next_if(is_checks) {
        reading.checks_span = reader.span_of(field);
        reading.checks = reader.checks(field);
    }
    let mut last = reading.fields[3];
    if let Some(field) = rest.next_if(|field| !is_checks(field)) {
        last = reader.span_of(field);
        reading.fields[4] = last;
        reading.halfmove = reader.whole(field, grammar::halfmove_clock(options));
    }
    if let Some(field) = rest.next_if(|field| !is_checks(field)) {
        last = reader.span_of(field);
        reading.fields[5] = last;
        reading.fullmove = reader.whole(field, grammar::fullmove_number(options));
    }
    if let Some(field) = rest.next_if(is_checks) {
        if reading.checks_span == end {
            reading.checks_span = reader.span_of(field);
            reading.checks = reader.checks(field);
        } else {
            let (first, again) = (reading.checks_span, reader.span_of(field));
            reader.push(messages::repeated_checks(again, first));
        }
    }
    if let Some(extra) = rest.next() {
        let span = Span::from_range(reader.offset(extra), text_end);
        reader.push(messages::extra_fields(variant, span));
    }
    let both_missing = reading.fields[4] == end;
    if count >= 4 && both_missing && clocks == Clocks::Optional {
        reading.halfmove = Some(0);
        reading.fullmove = Some(1);
    } else if count >= 4 && (both_missing || reading.fields[5] == end) {
        let severity = options.mode.dialect_severity();
        reader.push(messages::missing_clocks(both_missing, last, severity));
        reading.halfmove = reading.halfmove.or(Some(0));
        reading.fullmove = reading.fullmove.or(Some(1));
    }
    if variant == Variant::ThreeCheck && count >= 4 && reading.checks_span == end {
        let severity = options.mode.dialect_severity();
        let at = reading.fields[3];
        reader.push(messages::missing_checks(at, severity));
        reading.checks = Some(RemainingChecks::default());
    }
    reading
}

/// Reads the fields of one record into a sink.
struct Reader<'r, 'o, 's> {
    record: &'r [u8],
    options: &'o ParseOptions,
    sink: &'s mut Sink,
}

impl<'r> Reader<'r, '_, '_> {
    fn push(&mut self, diagnostic: Diagnostic) {
        self.sink.push(diagnostic);
    }

    /// The offset of `part`, a sub-slice of the record.
    fn offset(&self, part: &[u8]) -> usize {
        (part.as_ptr() as usize).wrapping_sub(self.record.as_ptr() as usize)
    }

    fn span_of(&self, part: &[u8]) -> Span {
        Span::new(self.offset(part), part.len())
    }

    /// The fields of the record ([`grammar::field`]) and where its text ends: the whitespace
    /// around and between them is judged by [`grammar::gap`], FEN's rule with FEN's codes.
    fn fields(&mut self) -> (Vec<&'r [u8]>, usize) {
        let options = self.options;
        let mut fields = Vec::with_capacity(7);
        let mut rest = self.record;
        loop {
            if rest.iter().all(u8::is_ascii_whitespace) {
                if !fields.is_empty() {
                    self.whole(rest, grammar::gap(options, Gap::AfterRecord));
                }
                return (fields, self.offset(rest));
            }
            let (whitespace, after) = split_run(rest, |b| matches!(b, b' ' | b'\t'));
            if fields.is_empty() {
                self.whole(whitespace, grammar::gap(options, Gap::BeforeRecord));
            } else if !whitespace.is_empty() {
                // (None after a field that ended at a `"` or a line end: not a field is next.)
                self.whole(whitespace, grammar::gap(options, Gap::BetweenFields));
            }
            rest = match grammar::field().read(after) {
                Ok((len, field)) => {
                    fields.push(field);
                    after.get(len..).unwrap_or_default()
                }
                Err(_) => self.not_a_field(after),
            };
        }
    }

    /// A `"` or a line end inside the record, where [`grammar::field`] stopped: an error, and
    /// the record read on after it.
    fn not_a_field(&mut self, input: &'r [u8]) -> &'r [u8] {
        let (junk, after) = match split_run(input, |b| matches!(b, b'"' | b'\r' | b'\n' | b'\x0c'))
        {
            ([], _) => (input, &[][..]),
            found => found,
        };
        self.trailing(junk, messages::BETWEEN_FIELDS);
        after
    }

    /// Reads all of `field` with a field combinator: its value (its warnings kept), or its
    /// diagnostics, with spans moved into the record.
    fn whole<T, R>(&mut self, field: &'r [u8], reader: R) -> Option<T>
    where
        R: for<'i> grammar::Reader<Output<&'i [u8]> = Record<T>>,
    {
        let at = self.offset(field);
        match grammar::read_whole(&reader, field) {
            Ok(record) => {
                for warning in record.warnings_in(field) {
                    self.push(warning.shifted(at));
                }
                Some(record.value)
            }
            Err(diagnostics) => {
                for diagnostic in diagnostics {
                    self.push(diagnostic.shifted(at));
                }
                None
            }
        }
    }

    /// The board field: the placement and, for crazyhouse, its pocket. Returns the placement
    /// and its span.
    fn board(
        &mut self,
        field: &'r [u8],
        variant: Variant,
        pockets: &mut Option<Pockets>,
        pocket_king: &mut Option<Span>,
    ) -> (Option<Placement>, Span) {
        // Where the placement combinator stops: a `[`, or the `/` after the eighth rank.
        let mut slashes = 0;
        let cut = field
            .iter()
            .position(|&b| {
                slashes += usize::from(b == b'/');
                b == b'[' || (b == b'/' && slashes == 8)
            })
            .unwrap_or(field.len());
        let (board, pocket) = field.split_at_checked(cut).unwrap_or((field, &[]));
        let board_span = self.span_of(board);
        let placement = match variant {
            Variant::Crazyhouse => self.whole(board, grammar::promoted_placement(self.options)),
            _ => self.whole(board, grammar::placement(self.options)),
        };
        match (variant, pocket) {
            (Variant::Crazyhouse, []) => {
                let severity = self.options.mode.dialect_severity();
                self.push(messages::missing_pocket(board_span, severity));
                *pockets = Some(Pockets::default());
            }
            (Variant::Crazyhouse, [open, inside @ ..]) => {
                let letters = if *open == b'[' {
                    match inside.iter().position(|&b| b == b']') {
                        Some(close) => {
                            let after = inside.get(close + 1..).unwrap_or_default();
                            if !after.is_empty() {
                                self.trailing(after, messages::AFTER_POCKET);
                            }
                            inside.get(..close).unwrap_or_default()
                        }
                        None => {
                            let span = self.span_of(pocket);
                            self.push(messages::unclosed_pocket(span));
                            inside
                        }
                    }
                } else {
                    inside
                };
                *pockets = if letters == b"-" {
                    // Some GUIs write empty pockets as `[-]`; neither anchor reads it.
                    let severity = self.options.mode.dialect_severity();
                    let span = self.span_of(letters);
                    let open = *open == b'[';
                    self.push(messages::dash_pocket(span, open, severity));
                    Some(Pockets::default())
                } else {
                    self.pocket(letters, pocket_king)
                };
            }
            // Three-check, the other variant with a record of its own, has no pocket.
            (_, []) => {}
            (_, _) => {
                let span = self.span_of(pocket);
                self.push(messages::unexpected_pocket(pocket, span));
            }
        }
        (placement, board_span)
    }

    /// Text after the end of a part where the field should end (`place` says where).
    fn trailing(&mut self, after: &'r [u8], place: &str) {
        let span = self.span_of(after);
        self.push(messages::expected_space(after, span, place));
    }

    /// The pocket letters (without brackets): each run of characters that are not piece
    /// letters is an error; the pockets if there is none.
    fn pocket(&mut self, letters: &'r [u8], king: &mut Option<Span>) -> Option<Pockets> {
        let mut pockets = Pockets::default();
        let mut valid = true;
        let mut rest = letters;
        while !rest.is_empty() {
            match grammar::piece().read(rest) {
                Ok((len, piece)) => {
                    if piece.role == crate::chess::Role::King && king.is_none() {
                        *king = Some(Span::new(self.offset(rest), 1));
                    }
                    pockets.add(piece);
                    rest = rest.get(len..).unwrap_or_default();
                }
                Err(_) => {
                    let run = rest
                        .iter()
                        .take_while(|&&b| crate::chess::Piece::from_letter(b).is_none())
                        .count();
                    let (bad, after) = rest.split_at_checked(run).unwrap_or((rest, &[]));
                    let span = self.span_of(bad);
                    self.push(messages::invalid_pocket_piece(bad, span));
                    valid = false;
                    rest = after;
                }
            }
        }
        valid.then_some(pockets)
    }

    /// A check-counter field, `N+N` (remaining) or `+N+N` (given), N from 0 to 3.
    fn checks(&mut self, field: &'r [u8]) -> Option<RemainingChecks> {
        let span = self.span_of(field);
        let (given, numbers) = match field.strip_prefix(b"+") {
            Some(numbers) => (true, numbers),
            None => (false, field),
        };
        let mut parts = numbers.splitn(3, |&b| b == b'+');
        let (white, black) = match (parts.next(), parts.next(), parts.next()) {
            (Some(white), Some(black), None) => (white, black),
            _ => {
                self.push(messages::invalid_checks(field, span));
                return None;
            }
        };
        let white = self.counter(white, given);
        let black = self.counter(black, given);
        let (white, black) = (white?, black?);
        Some(if given {
            RemainingChecks {
                white: RemainingChecks::MAX - white,
                black: RemainingChecks::MAX - black,
            }
        } else {
            RemainingChecks { white, black }
        })
    }

    /// One counter: a digit from 0 to 3.
    fn counter(&mut self, digits: &'r [u8], given: bool) -> Option<u8> {
        if let [digit @ b'0'..=b'3'] = digits {
            return Some(digit - b'0');
        }
        let span = if digits.is_empty() {
            Span::new(self.offset(digits), 0)
        } else {
            self.span_of(digits)
        };
        self.push(messages::invalid_counter(digits, given, span));
        None
    }
}

/// The run of bytes at the start of `input` that pass `test`, and the rest.
fn split_run(input: &[u8], test: impl Fn(u8) -> bool) -> (&[u8], &[u8]) {
    let end = input.iter().position(|&b| !test(b)).unwrap_or(input.len());
    input.split_at_checked(end).unwrap_or((input, &[]))
}
