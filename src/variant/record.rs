//! One pass over a variant record, built from the public, nom-free readers of
//! [`crate::grammar`]: the record is split by [`grammar::field`] and [`grammar::gap`] (FEN's
//! whitespace rule), each chess field is read whole by its reader ([`grammar::read_whole`]),
//! and what a variant adds (the pocket, the check counters) is read here. Every field is read
//! even after a bad one, so that each problem gets its diagnostic.

use super::checks::RemainingChecks;
use super::codes;
use super::pockets::Pockets;
use crate::chess::{CastlingRights, Color, Fen, Square};
use crate::diagnostic::{Diagnostic, Sink};
use crate::fix::Fix;
use crate::grammar::{self, Gap, Placement, Reader as _, Record};
use crate::options::ParseOptions;
use crate::primitives::ascii::quote;
use crate::span::Span;

/// Which variant a record is read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Variant {
    Crazyhouse,
    ThreeCheck,
}

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

/// Reads `record` as `variant`.
pub(crate) fn read(record: &[u8], options: &ParseOptions, variant: Variant) -> Reading {
    let end = Span::new(record.len(), 0);
    let mut reading = Reading {
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
    };
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
        reader.push(
            Diagnostic::error(
                codes::MISSING_FIELDS,
                format!("the record has {count} of at least four fields"),
            )
            .label(at, "the record ends here")
            .help("a variant FEN has the fields of a chess FEN: placement, side to move, castling, en passant, then the clocks"),
        );
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
            reader.push(
                Diagnostic::error(codes::REPEATED_CHECKS, "the check counters are given twice")
                    .label(again, "given again")
                    .label(first, "first given here")
                    .help("give the counters once: `3+3` after the en passant field (the checks remaining) or `+0+0` after the clocks (the checks given)"),
            );
        }
    }
    if let Some(extra) = rest.next() {
        let span = Span::from_range(reader.offset(extra), text_end);
        let after = match variant {
            Variant::Crazyhouse => "after the fullmove number",
            Variant::ThreeCheck => "after the clocks and check counters",
        };
        reader.push(
            Diagnostic::error(
                codes::EXTRA_FIELDS,
                format!("the record has a field {after}"),
            )
            .label(span, "extra")
            .help("remove what follows the last field of the record"),
        );
    }
    if count >= 4 && (reading.fields[4] == end || reading.fields[5] == end) {
        let missing = if reading.fields[4] == end {
            "the halfmove clock and fullmove number are"
        } else {
            "the fullmove number is"
        };
        let severity = options.mode.dialect_severity();
        let clocks = if reading.fields[4] == end {
            " 0 1"
        } else {
            " 1"
        };
        reader.push(
            Diagnostic::new(codes::MISSING_CLOCKS, severity, format!("{missing} missing"))
                .label(last, "the clocks should follow")
                .help("write the clocks after the en passant field (or the check counters): `0 1` for a position with no history")
                .with_fix(Fix::safe(Span::new(last.end(), 0), clocks)),
        );
        reading.halfmove = reading.halfmove.or(Some(0));
        reading.fullmove = reading.fullmove.or(Some(1));
    }
    if variant == Variant::ThreeCheck && count >= 4 && reading.checks_span == end {
        let severity = options.mode.dialect_severity();
        let at = reading.fields[3];
        reader.push(
            Diagnostic::new(codes::MISSING_CHECKS, severity, "the check counters are missing")
                .label(at, "read as `3+3` after this field")
                .help("write the checks each side still has to give after the en passant field, `3+3` at the start of a game")
                .with_fix(Fix::safe(Span::new(at.end(), 0), " 3+3")),
        );
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
        self.trailing(junk, "between fields");
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
            Variant::ThreeCheck => self.whole(board, grammar::placement(self.options)),
        };
        match (variant, pocket) {
            (Variant::Crazyhouse, []) => {
                let severity = self.options.mode.dialect_severity();
                let at = Span::new(board_span.end(), 0);
                self.push(
                    Diagnostic::new(
                        codes::MISSING_POCKET,
                        severity,
                        "the crazyhouse board has no pocket",
                    )
                    .label(board_span, "read with empty pockets")
                    .help("write the pockets after the board, `[]` when both are empty")
                    .with_fix(Fix::safe(at, "[]")),
                );
                *pockets = Some(Pockets::default());
            }
            (Variant::Crazyhouse, [open, inside @ ..]) => {
                let letters = if *open == b'[' {
                    match inside.iter().position(|&b| b == b']') {
                        Some(close) => {
                            let after = inside.get(close + 1..).unwrap_or_default();
                            if !after.is_empty() {
                                self.trailing(after, "after the pocket's `]`");
                            }
                            inside.get(..close).unwrap_or_default()
                        }
                        None => {
                            let span = self.span_of(pocket);
                            self.push(
                                Diagnostic::error(
                                    codes::UNCLOSED_POCKET,
                                    "the pocket's `[` is not closed",
                                )
                                .label(Span::new(span.offset, 1), "opened here")
                                .label(Span::new(span.end(), 0), "no `]` before the field ends")
                                .help("close the pocket with `]` before the side to move"),
                            );
                            inside
                        }
                    }
                } else {
                    inside
                };
                *pockets = self.pocket(letters, pocket_king);
            }
            (Variant::ThreeCheck, []) => {}
            (Variant::ThreeCheck, _) => {
                let span = self.span_of(pocket);
                self.push(
                    Diagnostic::error(
                        codes::UNEXPECTED_POCKET,
                        format!("{} after the board: three-check has no pockets", quote(pocket)),
                    )
                    .label(span, "a pocket?")
                    .help("remove it: pockets are crazyhouse's (read the record as crazyhouse if it is one)"),
                );
            }
        }
        (placement, board_span)
    }

    /// Text after the end of a part where the field should end.
    fn trailing(&mut self, after: &'r [u8], place: &str) {
        let span = self.span_of(after);
        self.push(
            Diagnostic::error(
                crate::grammar::codes::EXPECTED,
                format!("expected a space {place}, found {}", quote(after)),
            )
            .label(span, "expected a space"),
        );
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
                    self.push(
                        Diagnostic::error(
                            codes::INVALID_POCKET_PIECE,
                            format!("{} in the pocket is not a piece letter", quote(bad)),
                        )
                        .label(span, "not a piece")
                        .help("a pocket holds piece letters, PNBRQ for White and pnbrq for Black, e.g. `[Qn]`"),
                    );
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
                self.push(
                    Diagnostic::error(
                        codes::INVALID_CHECKS,
                        format!("{} is not a pair of check counters", quote(field)),
                    )
                    .label(span, "expected `N+N` or `+N+N`")
                    .help(CHECKS_HELP),
                );
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
        let what = if given {
            "checks given"
        } else {
            "checks remaining"
        };
        let (message, label) = match digits {
            [] => (String::from("a check counter is empty"), "expected 0 to 3"),
            _ if digits.iter().all(u8::is_ascii_digit) => (
                format!("{} {what}: a side gives at most 3 checks", quote(digits)),
                "more than 3",
            ),
            _ => (
                format!("{} is not a number of checks", quote(digits)),
                "expected 0 to 3",
            ),
        };
        self.push(
            Diagnostic::error(codes::INVALID_CHECKS, message)
                .label(span, label)
                .help(CHECKS_HELP),
        );
        None
    }
}

const CHECKS_HELP: &str = "three-check counters are `3+3` after the en passant field (checks remaining, White's first) or `+0+0` after the clocks (checks given), each from 0 to 3";

/// The run of bytes at the start of `input` that pass `test`, and the rest.
fn split_run(input: &[u8], test: impl Fn(u8) -> bool) -> (&[u8], &[u8]) {
    let end = input.iter().position(|&b| !test(b)).unwrap_or(input.len());
    input.split_at_checked(end).unwrap_or((input, &[]))
}
