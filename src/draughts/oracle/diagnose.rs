//! The old diagnostic path of draughts FEN (kept as an oracle, issue 10): the record is cut into tokens (whitespace skipped with a
//! diagnostic), split at `:` into the side to move and the sections, and every item of every
//! list is read on its own, so each problem gets its own diagnostic with the narrowest span.
//!
//! The same reading gives the validation step the span of every item ([`Reading::items`]).

use crate::diagnostic::{Diagnostic, Severity, Sink, Span};
use crate::draughts::DraughtsFen;
use crate::draughts::board::{Board, SquareNotation};
use crate::draughts::codes;
use crate::draughts::legality::Item;
use crate::draughts::types::{Color, SquareSet, Turn};
use crate::fix::Fix;
use crate::options::Mode;
use crate::primitives::ascii::{char_span, is_foreign, quote};
use crate::primitives::squares::number_text;
use crate::rules::ascii::report_non_ascii;

/// One kind of token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Colon,
    Comma,
    Hyphen,
    Dot,
    Letter(u8),
    Number,
    Other(u8),
}

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: Kind,
    span: Span,
}

/// What the diagnostic path read.
pub(crate) struct Reading {
    /// The value, when there is no error.
    pub(crate) value: Option<DraughtsFen>,
    /// Every item that names squares on the board.
    pub(crate) items: Vec<Item>,
    /// Each section: its colour and its text from the colour letter to the end of its list.
    pub(crate) sections: Vec<(Color, Span)>,
}

/// Reads `record` token by token, reporting every problem into `sink`.
pub(crate) fn read(record: &[u8], mode: Mode, caller: Option<Board>, sink: &mut Sink) -> Reading {
    report_non_ascii(record, codes::NON_ASCII, sink);
    let mut tokens = lex(record, mode, sink);
    if let Some(last) = tokens.last().filter(|t| t.kind == Kind::Dot).copied() {
        sink.push(
            Diagnostic::warning(codes::TRAILING_DOT, "trailing `.` after the FEN")
                .label(last.span, "not written by PDN 3.0 writers")
                .help("remove the `.`: the grammar reads it, but writers must not emit it")
                .with_fix(Fix::safe(last.span, "")),
        );
        tokens.pop();
    }
    let mut reader = Reader {
        record,
        mode,
        caller,
        sink,
        first_square: None,
        notation_reported: false,
        items: Vec::new(),
        sections: Vec::new(),
        pieces: [Default::default(); 2],
        seen: [None; 2],
        halfmove: None,
        fullmove: None,
    };
    let mut segments = tokens.split(|t| t.kind == Kind::Colon);
    let colons: Vec<Span> = tokens
        .iter()
        .filter(|t| t.kind == Kind::Colon)
        .map(|t| t.span)
        .collect();
    let turn = reader.turn(segments.next().unwrap_or_default(), colons.first().copied());
    if colons.is_empty() && !tokens.is_empty() {
        let end = Span::new(tokens.last().map_or(record.len(), |t| t.span.end()), 0);
        reader.sink.push(
            Diagnostic::error(codes::MISSING_SECTIONS, "the FEN has no piece sections")
                .label(end, "expected `:W` or `:B` here")
                .help("after the side to move come the sections of both colours, e.g. `W:W31-50:B1-20`"),
        );
    }
    for (colon, segment) in colons.iter().zip(segments) {
        reader.segment(*colon, segment);
    }
    let board = reader.board();
    let value = turn
        .filter(|_| !reader.sink.has_errors())
        .map(|turn| DraughtsFen {
            board,
            turn,
            white: reader.pieces[0],
            black: reader.pieces[1],
            halfmove_clock: reader.halfmove,
            fullmove_number: reader.fullmove,
        });
    Reading {
        value,
        items: reader.items,
        sections: reader.sections,
    }
}

/// Cuts `record` into tokens; runs of spaces and tabs are a dialect, foreign bytes were
/// reported already and are skipped.
fn lex(record: &[u8], mode: Mode, sink: &mut Sink) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut offset = 0;
    while let Some(&b) = record.get(offset) {
        let run = |pred: fn(&u8) -> bool| {
            record
                .get(offset..)
                .unwrap_or_default()
                .iter()
                .take_while(|b| pred(b))
                .count()
        };
        let (kind, len) = match b {
            b' ' | b'\t' => {
                let len = run(|b| *b == b' ' || *b == b'\t');
                let span = Span::new(offset, len);
                let place = if offset == 0 {
                    "before"
                } else if span.end() == record.len() {
                    "after"
                } else {
                    "inside"
                };
                sink.push(
                    Diagnostic::new(
                        codes::WHITESPACE,
                        mode.dialect_severity(),
                        format!("whitespace {place} the FEN"),
                    )
                    .label(span, "whitespace")
                    .help("remove the whitespace: a FEN tag value has no spaces (`W:W31,32:B1`)")
                    .with_fix(Fix::safe(span, "")),
                );
                offset += len;
                continue;
            }
            _ if is_foreign(b) => {
                offset = char_span(record, offset).end();
                continue;
            }
            b'0'..=b'9' => (Kind::Number, run(u8::is_ascii_digit)),
            b':' => (Kind::Colon, 1),
            b',' => (Kind::Comma, 1),
            b'-' => (Kind::Hyphen, 1),
            b'.' => (Kind::Dot, 1),
            b'a'..=b'z' | b'A'..=b'Z' => (Kind::Letter(b), 1),
            other => (Kind::Other(other), 1),
        };
        tokens.push(Token {
            kind,
            span: Span::new(offset, len),
        });
        offset += len;
    }
    tokens
}

/// A square as written: a number, or a file letter and a rank number.
#[derive(Clone, Copy, Debug)]
enum Written {
    Number(Span),
    Alpha { file: u8, rank: Span },
}

impl Written {
    fn notation(self) -> SquareNotation {
        match self {
            Written::Number(_) => SquareNotation::Numeric,
            Written::Alpha { .. } => SquareNotation::Alphanumeric,
        }
    }
}

struct Reader<'r, 's> {
    record: &'r [u8],
    mode: Mode,
    caller: Option<Board>,
    sink: &'s mut Sink,
    /// The notation and span of the first square: it decides the board when the caller did not.
    first_square: Option<(SquareNotation, Span)>,
    notation_reported: bool,
    items: Vec<Item>,
    sections: Vec<(Color, Span)>,
    pieces: [crate::draughts::types::Pieces; 2],
    /// The colour letter of each colour's section, once seen.
    seen: [Option<Span>; 2],
    halfmove: Option<u32>,
    fullmove: Option<u32>,
}

fn text_of(tokens: &[Token]) -> Span {
    match (tokens.first(), tokens.last()) {
        (Some(first), Some(last)) => Span::from_range(first.span.offset, last.span.end()),
        _ => Span::default(),
    }
}

fn adjacent(a: &Token, b: &Token) -> bool {
    a.span.end() == b.span.offset
}

impl Reader<'_, '_> {
    fn board(&self) -> Board {
        self.caller.unwrap_or_else(|| {
            Board::default_for(
                self.first_square
                    .map_or(SquareNotation::Numeric, |(notation, _)| notation),
            )
        })
    }

    /// The text under `span` for a message, cut after 24 bytes.
    fn quote(&self, span: Span) -> String {
        short_quote(span.of(self.record))
    }

    fn lowercase(&mut self, span: Span, what: &str) {
        let upper = self.quote(span).to_ascii_uppercase();
        self.sink.push(
            Diagnostic::new(
                codes::LOWERCASE,
                self.mode.dialect_severity(),
                format!("lowercase {what} {}", self.quote(span)),
            )
            .label(span, "lowercase")
            .help(format!("write {upper}: draughts FEN letters are uppercase"))
            .with_fix(Fix::safe(
                span,
                span.of_text(self.record).to_ascii_uppercase(),
            )),
        );
    }

    /// The side to move: the tokens before the first `:`.
    fn turn(&mut self, tokens: &[Token], first_colon: Option<Span>) -> Option<Turn> {
        let Some(first) = tokens.first() else {
            let (span, message) = match first_colon {
                Some(colon) => (Span::new(colon.offset, 0), "the FEN has no side to move"),
                None => (Span::new(0, 0), "the FEN is empty"),
            };
            self.sink.push(
                Diagnostic::error(codes::MISSING_TURN, message)
                    .label(span, "expected `W`, `B` or `?` here")
                    .help("a draughts FEN starts with the side to move, e.g. `W:W31-50:B1-20`"),
            );
            return None;
        };
        let turn = match first.kind {
            Kind::Letter(b'W') => Some(Turn::White),
            Kind::Letter(b'B') => Some(Turn::Black),
            Kind::Other(b'?') => Some(Turn::Unknown),
            Kind::Letter(b'w') => {
                self.lowercase(first.span, "side to move");
                Some(Turn::White)
            }
            Kind::Letter(b'b') => {
                self.lowercase(first.span, "side to move");
                Some(Turn::Black)
            }
            _ => {
                self.sink.push(
                    Diagnostic::error(
                        codes::INVALID_TURN,
                        format!("{} is not a side to move", self.quote(first.span)),
                    )
                    .label(first.span, "expected `W`, `B` or `?`")
                    .help("the side to move is `W` (White), `B` (Black) or `?` (unknown)"),
                );
                None
            }
        };
        if let Some(rest) = tokens.get(1..).filter(|rest| !rest.is_empty()) {
            let span = text_of(rest);
            self.sink.push(
                Diagnostic::error(
                    codes::UNEXPECTED_CHARACTER,
                    format!("unexpected {} after the side to move", self.quote(span)),
                )
                .label(span, "expected `:` before this")
                .help("the side to move is one letter followed by `:`, e.g. `W:W31-50:B1-20`"),
            );
        }
        turn
    }

    /// A segment after a `:`: a colour section or a Lidraughts counter.
    fn segment(&mut self, colon: Span, tokens: &[Token]) {
        let Some(head) = tokens.first() else {
            self.sink.push(
                Diagnostic::error(codes::INVALID_COLOUR, "a section has no colour")
                    .label(colon, "expected `W` or `B` after this `:`")
                    .help("start every section with its colour; an empty board is written `W:W:B`"),
            );
            return;
        };
        if let (Kind::Letter(letter @ (b'H' | b'F')), [number]) =
            (head.kind, tokens.get(1..).unwrap_or_default())
            && number.kind == Kind::Number
            && adjacent(head, number)
        {
            self.counter(
                letter,
                Span::from_range(colon.offset, number.span.end()),
                number.span,
            );
            return;
        }
        let (color, items) = match head.kind {
            Kind::Letter(b'W') => (Some(Color::White), tokens.get(1..)),
            Kind::Letter(b'B') => (Some(Color::Black), tokens.get(1..)),
            Kind::Letter(b'w') => {
                self.lowercase(head.span, "colour");
                (Some(Color::White), tokens.get(1..))
            }
            Kind::Letter(b'b') => {
                self.lowercase(head.span, "colour");
                (Some(Color::Black), tokens.get(1..))
            }
            Kind::Other(b'?') => {
                self.sink.push(
                    Diagnostic::error(codes::UNKNOWN_COLOUR, "`?` as the colour of a section")
                        .label(head.span, "a section's colour is `W` or `B`")
                        .help("`?` only marks an unknown side to move: give the section's colour, `W` or `B`"),
                );
                (None, tokens.get(1..))
            }
            Kind::Number | Kind::Letter(b'K' | b'k') => {
                let span = text_of(tokens);
                self.sink.push(
                    Diagnostic::error(
                        codes::INVALID_COLOUR,
                        format!("the section {} has no colour", self.quote(span)),
                    )
                    .label(Span::new(head.span.offset, 0), "expected `W` or `B` here")
                    .help(if span.len <= 24 {
                        let text = span.of_text(self.record);
                        format!("start the section with its colour: `:W{text}` or `:B{text}`")
                    } else {
                        // A long list is not worth repeating twice in the help.
                        String::from("start the section with its colour: `W` for White's pieces or `B` for Black's")
                    }),
                );
                (None, Some(tokens))
            }
            _ => {
                self.sink.push(
                    Diagnostic::error(
                        codes::INVALID_COLOUR,
                        format!("{} is not a colour", self.quote(head.span)),
                    )
                    .label(head.span, "expected `W` or `B`")
                    .help("a section starts with its colour, `W` or `B`, e.g. `:W31,32`"),
                );
                (None, tokens.get(1..))
            }
        };
        if let Some(color) = color {
            let slot = color as usize;
            if let Some(first) = self.seen.get(slot).copied().flatten() {
                self.sink.push(
                    Diagnostic::error(
                        codes::REPEATED_COLOUR,
                        format!("a second {} section", color.name()),
                    )
                    .label(head.span, "repeated here")
                    .label(first, "first section of this colour")
                    .help(format!(
                        "a FEN has one section per colour: merge the two `{}` sections into one",
                        color.letter()
                    )),
                );
            } else if let Some(seen) = self.seen.get_mut(slot) {
                *seen = Some(head.span);
            }
            let end = tokens.last().map_or(head.span.end(), |t| t.span.end());
            self.sections
                .push((color, Span::from_range(head.span.offset, end)));
        }
        self.list(color, items.unwrap_or_default());
    }

    fn counter(&mut self, letter: u8, span: Span, number: Span) {
        let value = number_text(number.of(self.record))
            .value
            .and_then(|v| u32::try_from(v).ok());
        let severity = if value.is_none() {
            Severity::Error
        } else {
            self.mode.dialect_severity()
        };
        let name = if letter == b'H' {
            "halfmove clock"
        } else {
            "fullmove number"
        };
        self.sink.push(
            Diagnostic::new(
                codes::COUNTERS,
                severity,
                format!("Lidraughts {name} {}", self.quote(span)),
            )
            .label(span, "not part of PDN FEN")
            .help("PDN FEN has no counters: remove the `:H<n>` and `:F<n>` fields")
            .with_fix(Fix::safe(span, "")),
        );
        if letter == b'H' {
            self.halfmove = value;
        } else {
            self.fullmove = value;
        }
    }

    /// A square list: items separated by `,` (an empty list is fine).
    fn list(&mut self, color: Option<Color>, tokens: &[Token]) {
        if tokens.is_empty() {
            return;
        }
        let commas: Vec<Span> = tokens
            .iter()
            .filter(|t| t.kind == Kind::Comma)
            .map(|t| t.span)
            .collect();
        let count = commas.len() + 1;
        for (index, item) in tokens.split(|t| t.kind == Kind::Comma).enumerate() {
            if !item.is_empty() {
                self.items_of(color, item);
                continue;
            }
            // The lexer drops foreign characters (reported once, as non-ASCII): an item made
            // of them is not empty. It touches its comma: the byte before the first comma, or
            // the byte after the comma before it.
            let beside = if index == 0 {
                commas.first().and_then(|c| c.offset.checked_sub(1))
            } else {
                commas.get(index - 1).map(|c| c.end())
            };
            if beside
                .and_then(|at| self.record.get(at))
                .is_some_and(|&b| is_foreign(b))
            {
                continue;
            }
            let comma = if index == 0 {
                commas.first()
            } else {
                commas.get(index - 1)
            };
            let place = if index == 0 {
                "before the first item"
            } else if index + 1 == count {
                "after the last item"
            } else {
                "between two commas"
            };
            if let Some(&comma) = comma {
                self.sink.push(
                    Diagnostic::error(codes::EMPTY_ITEM, format!("empty item {place}"))
                        .label(comma, "extra `,`")
                        .help("remove the extra `,`: items are separated by exactly one comma")
                        .with_fix(Fix::safe(comma, "")),
                );
            }
        }
    }

    /// The tokens between two commas: one item, or several with missing commas.
    fn items_of(&mut self, color: Option<Color>, tokens: &[Token]) {
        let mut rest = tokens;
        let mut after_item = false;
        while let Some(first) = rest.first() {
            let junk = junk_run(rest);
            if junk > 0 {
                self.unexpected(text_of(rest.get(..junk).unwrap_or_default()));
                rest = rest.get(junk..).unwrap_or_default();
                continue;
            }
            if after_item {
                self.sink.push(
                    Diagnostic::error(
                        codes::MISSING_COMMA,
                        format!("no `,` before {}", self.quote(first.span)),
                    )
                    .label(Span::new(first.span.offset, 0), "expected `,` here")
                    .help(format!(
                        "insert `,` before {}: the items of a list are separated by commas",
                        self.quote(first.span)
                    )),
                );
            }
            let used = self.item(color, rest).max(1);
            after_item = true;
            rest = rest.get(used..).unwrap_or_default();
        }
    }

    fn unexpected(&mut self, span: Span) {
        let text = span.of(self.record);
        let help = match text {
            b"G" | b"P" => {
                "Lidraughts ghost pieces (`G`, `P`) are not part of PDN: remove the captured piece"
            }
            b"." => "a `.` may only end the FEN; remove it",
            b"-" => "a range is written `31-50`: remove the extra `-`",
            _ => {
                "an item is a square (`31`, `a1`), a range (`31-50`) or either with `K` for a king"
            }
        };
        self.sink.push(
            Diagnostic::error(
                codes::UNEXPECTED_CHARACTER,
                format!("unexpected {} in a square list", self.quote(span)),
            )
            .label(span, "not part of a square")
            .help(help),
        );
    }

    /// One item from the start of `tokens`; returns how many tokens it used.
    fn item(&mut self, color: Option<Color>, tokens: &[Token]) -> usize {
        let mut used = 0;
        let mut king = None;
        if let Some(first) = tokens.first() {
            let next = tokens.get(1);
            let alpha_k = first.kind == Kind::Letter(b'k')
                && next.is_some_and(|n| n.kind == Kind::Number && adjacent(first, n))
                && self.expected_notation() == Some(SquareNotation::Alphanumeric);
            match first.kind {
                Kind::Letter(b'K') => king = Some(first.span),
                Kind::Letter(b'k') if !alpha_k => {
                    self.lowercase(first.span, "king");
                    king = Some(first.span);
                }
                _ => {}
            }
            if king.is_some() {
                used = 1;
            }
        }
        let Some((square, square_used)) = written_square(tokens.get(used..).unwrap_or_default())
        else {
            match (king, tokens.get(used)) {
                (Some(king), _) => self.sink.push(
                    Diagnostic::error(codes::MISSING_SQUARE, "`K` with no square after it")
                        .label(king, "expected a square after `K`")
                        .help("write the king's square after `K`, e.g. `K15`, or remove the `K`"),
                ),
                (None, Some(token)) => self.unexpected(token.span),
                (None, None) => {}
            }
            return used.max(1);
        };
        let start = tokens.first().map_or(0, |t| t.span.offset);
        let first_span = text_of(tokens.get(used..used + square_used).unwrap_or_default());
        used += square_used;
        let mut last = None;
        if let Some(hyphen) = tokens.get(used).filter(|t| t.kind == Kind::Hyphen) {
            match written_square(tokens.get(used + 1..).unwrap_or_default()) {
                Some((end, end_used)) => {
                    let end_span = text_of(
                        tokens
                            .get(used + 1..used + 1 + end_used)
                            .unwrap_or_default(),
                    );
                    last = Some((end, end_span));
                    used += 1 + end_used;
                }
                None => {
                    self.sink.push(
                        Diagnostic::error(
                            codes::INCOMPLETE_RANGE,
                            format!(
                                "the range {} has no end",
                                self.quote(Span::from_range(first_span.offset, hyphen.span.end()))
                            ),
                        )
                        .label(hyphen.span, "expected a square after `-`")
                        .help(
                            "write the last square of the range, e.g. `31-50`, or remove the `-`",
                        ),
                    );
                    used += 1;
                }
            }
        }
        let span = Span::from_range(start, tokens.get(used - 1).map_or(start, |t| t.span.end()));
        let first = self.square(square, first_span);
        let set = match last {
            None => first.map(|index| SquareSet::range(index, index)),
            Some((end, end_span)) => {
                let last_index = self.square(end, end_span);
                self.range(
                    square,
                    first,
                    last_index,
                    Span::from_range(first_span.offset, end_span.end()),
                )
            }
        };
        if let Some(set) = set {
            if let Some(color) = color
                && let Some(pieces) = self.pieces.get_mut(color as usize)
            {
                pieces.add(king.is_some(), set);
            }
            self.items.push(Item {
                color,
                king: king.is_some(),
                set,
                span,
            });
        }
        used
    }

    /// The notation squares are expected in: the caller's board, else the first square's.
    fn expected_notation(&self) -> Option<SquareNotation> {
        self.caller
            .map(Board::notation)
            .or(self.first_square.map(|(notation, _)| notation))
    }

    /// Checks one square against the notation and the board: its index when it is on it.
    fn square(&mut self, square: Written, span: Span) -> Option<u8> {
        let notation = square.notation();
        let (first_notation, first_span) = *self.first_square.get_or_insert((notation, span));
        if let Some(board) = self.caller.filter(|board| board.notation() != notation) {
            if !self.notation_reported {
                self.notation_reported = true;
                let (kind, other) = match notation {
                    SquareNotation::Alphanumeric => ("alphanumeric", "numbers its squares"),
                    SquareNotation::Numeric => ("numeric", "names its squares like `a1`"),
                };
                self.sink.push(
                    Diagnostic::error(
                        codes::BOARD_NOTATION,
                        format!(
                            "{kind} square {} on the {board} board, which {other}",
                            self.quote(span)
                        ),
                    )
                    .label(
                        span,
                        format!("squares of this board are {}", board.square_range_text()),
                    )
                    .help(format!(
                        "write the squares as {}, or read the FEN on a board with {kind} squares",
                        board.square_range_text()
                    )),
                );
            }
            return None;
        }
        if self.caller.is_none() && notation != first_notation {
            let (kind, first_kind) = match notation {
                SquareNotation::Numeric => ("numeric", "alphanumeric"),
                SquareNotation::Alphanumeric => ("alphanumeric", "numeric"),
            };
            self.sink.push(
                Diagnostic::error(
                    codes::MIXED_SQUARES,
                    format!("{kind} square {} in a FEN of {first_kind} squares", self.quote(span)),
                )
                .label(span, kind)
                .label(first_span, format!("the first square is {first_kind}"))
                .help("write every square of a FEN the same way: all numbers (`31`) or all file-rank names (`a1`)"),
            );
            return None;
        }
        let board = self.board();
        let (rank_digits, index) = match square {
            Written::Number(digits) => {
                let text = number_text(digits.of(self.record));
                let index = text
                    .value
                    .and_then(|n| u8::try_from(n).ok())
                    .filter(|&n| n >= 1 && n <= board.square_count())
                    .map(|n| n - 1);
                (digits, index)
            }
            Written::Alpha { file, rank } => {
                let text = number_text(rank.of(self.record));
                let rank_index = text
                    .value
                    .and_then(|n| u8::try_from(n).ok())
                    .filter(|&n| n >= 1 && n <= board.height());
                let index = rank_index
                    .filter(|_| file < board.width())
                    .map(|rank| (rank - 1) * board.width() + file);
                (rank, index)
            }
        };
        if number_text(rank_digits.of(self.record)).leading_zero {
            let digits = rank_digits.of(self.record);
            let trimmed = digits
                .iter()
                .position(|&b| b != b'0')
                .and_then(|start| digits.get(start..))
                .unwrap_or(b"0");
            let fixed = format!(
                "{}{}",
                String::from_utf8_lossy(
                    Span::from_range(span.offset, rank_digits.offset).of(self.record)
                ),
                String::from_utf8_lossy(trimmed)
            );
            self.sink.push(
                Diagnostic::warning(
                    codes::LEADING_ZERO,
                    format!("square {} has a leading zero", self.quote(span)),
                )
                .label(rank_digits, "leading zero")
                .help(format!("write `{fixed}`"))
                .with_fix(Fix::safe(span, fixed)),
            );
        }
        if index.is_none() {
            self.sink.push(
                Diagnostic::error(
                    codes::SQUARE_OUT_OF_RANGE,
                    format!("square {} is not on the {board} board", self.quote(span)),
                )
                .label(span, format!("squares are {}", board.square_range_text()))
                .help(format!(
                    "use a square {}, or read the FEN on the board it was written for (e.g. `[GameType \"21\"]` for English 8x8)",
                    board.square_range_text()
                )),
            );
        }
        index
    }

    /// The squares of a range, reporting backwards, one-square and alphanumeric ranges.
    fn range(
        &mut self,
        square: Written,
        first: Option<u8>,
        last: Option<u8>,
        span: Span,
    ) -> Option<SquareSet> {
        if square.notation() == SquareNotation::Alphanumeric {
            self.sink.push(
                Diagnostic::error(
                    codes::ALPHA_RANGE,
                    format!("range {} of alphanumeric squares", self.quote(span)),
                )
                .label(span, "ranges are for numbered squares only")
                .help("list alphanumeric squares one by one, separated by `,`, e.g. `a1,c1,e1`"),
            );
            return None;
        }
        let (first, last) = (first?, last?);
        if last < first {
            let text = span.of_text(self.record);
            // Whitespace inside the range is reported on its own; the fix leaves it out.
            let fixed = text
                .split('-')
                .map(str::trim)
                .rev()
                .collect::<Vec<_>>()
                .join("-");
            self.sink.push(
                Diagnostic::error(
                    codes::DESCENDING_RANGE,
                    format!("the range {} runs backwards", self.quote(span)),
                )
                .label(span, "end below start")
                .help(format!("write the range from low to high: `{fixed}`"))
                .with_fix(Fix::guess(span, fixed)),
            );
            return None;
        }
        if last == first {
            let one = text_of_square(self.record, span);
            self.sink.push(
                Diagnostic::warning(
                    codes::SINGLE_SQUARE_RANGE,
                    format!("the range {} has one square", self.quote(span)),
                )
                .label(span, "one square")
                .help(format!("write `{one}`"))
                .with_fix(Fix::safe(span, one)),
            );
        }
        Some(SquareSet::range(first, last))
    }
}

/// `bytes` quoted for a message; long texts (a megabyte of digits) are cut.
pub(crate) fn short_quote(bytes: &[u8]) -> String {
    const LIMIT: usize = 24;
    match bytes.get(..LIMIT).filter(|_| bytes.len() > LIMIT) {
        Some(head) => format!(
            "{}...` ({} bytes)",
            quote(head).trim_end_matches('`'),
            bytes.len()
        ),
        None => quote(bytes),
    }
}

/// The text before the `-` of a range, without whitespace.
fn text_of_square(record: &[u8], range: Span) -> String {
    let text = range.of_text(record);
    text.split('-')
        .next()
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// How many tokens at the start of `tokens` form a run that no item can start with: characters
/// that are not part of a square, or letters that are not a king or a file before a rank. A
/// run of them, written together, is one problem.
fn junk_run(tokens: &[Token]) -> usize {
    let mut count = 0;
    while let Some(token) = tokens.get(count) {
        let rest = tokens.get(count..).unwrap_or_default();
        let readable = match token.kind {
            Kind::Letter(b'K' | b'k') => true,
            kind => starts_item(kind) && written_square(rest).is_some(),
        };
        let joined = count == 0
            || tokens
                .get(count - 1)
                .is_some_and(|previous| adjacent(previous, token));
        if readable || !joined {
            break;
        }
        count += 1;
    }
    count
}

/// Whether a token can begin an item (after a missing comma).
fn starts_item(kind: Kind) -> bool {
    matches!(kind, Kind::Number | Kind::Letter(b'K' | b'k' | b'a'..=b'z'))
}

/// A square at the start of `tokens`: a number, or a lowercase file letter directly followed
/// by a rank number; with how many tokens it uses.
fn written_square(tokens: &[Token]) -> Option<(Written, usize)> {
    match tokens {
        [first, ..] if first.kind == Kind::Number => Some((Written::Number(first.span), 1)),
        [first, second, ..] if second.kind == Kind::Number && adjacent(first, second) => {
            match first.kind {
                Kind::Letter(file @ b'a'..=b'z') => Some((
                    Written::Alpha {
                        file: file - b'a',
                        rank: second.span,
                    },
                    2,
                )),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Text helpers on spans.
trait SpanText {
    fn of_text(self, record: &[u8]) -> String;
}

impl SpanText for Span {
    fn of_text(self, record: &[u8]) -> String {
        String::from_utf8_lossy(self.of(record)).into_owned()
    }
}
