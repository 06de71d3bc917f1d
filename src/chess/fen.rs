//! Chess FEN: six fields separated by one space (NOTATIONS.md §1).
//!
//! Parsing runs the grammar first with nom's allocation-free error; only a record that fails it
//! is read again field by field, so that every independent problem gets its own diagnostic and
//! lenient dialects are accepted with warnings.

use std::str::FromStr;

use nom::IResult;
use nom::combinator::all_consuming;
use nom::error::ParseError as NomParseError;
use nom::sequence::preceded;

use super::board::Board;
use super::castling::CastlingRights;
use super::codes;
use super::fields::{self, Clock, space};
use super::placement::{self, SquareOffsets};
use super::position::{PositionFields, check_position};
use super::types::{Color, Square};
use crate::diagnostic::{Diagnostic, ParseError, Parsed, Sink, Span};
use crate::options::{Castling, Mode, ParseOptions};
use crate::primitives::ascii::report_non_ascii;
use crate::primitives::fields::{
    WhitespaceRules, body, judge_gap, surrounding_whitespace, tokens, trailing_whitespace,
};
use crate::primitives::syntax::locate_failure;

/// A chess position in Forsyth-Edwards Notation.
///
/// `FromStr` reads strict FEN; [`Fen::parse`] takes options (lenient mode, validation) and
/// returns every diagnostic; `Display` writes the canonical form.
///
/// ```
/// use fenkit::Fen;
///
/// let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse()?;
/// assert_eq!(fen.en_passant.map(|square| square.to_string()), Some("e3".to_string()));
/// assert_eq!(fen.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
/// # Ok::<_, fenkit::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fen {
    /// The pieces on the board.
    pub board: Board,
    /// Whose move it is.
    pub side_to_move: Color,
    /// Who may still castle, and with which rook.
    pub castling: CastlingRights,
    /// The square behind a pawn that just moved two squares, as written.
    pub en_passant: Option<Square>,
    /// Halfmoves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The number of the full move, starting at 1.
    pub fullmove_number: u32,
}

/// The notation name used in diagnostics and the CLI.
pub(crate) const NOTATION: &str = "fen";

/// The whole record grammar, strict: the fast path. Six fields, each a nom parser, separated
/// by single spaces.
fn record<'a, E: NomParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Fen, E> {
    let (input, board) = placement::placement(input)?;
    let (input, side_to_move) = preceded(space, fields::side_to_move)(input)?;
    let (input, castling) = preceded(space, fields::castling)(input)?;
    let (input, en_passant) = preceded(space, fields::en_passant)(input)?;
    let (input, halfmove_clock) = preceded(space, fields::halfmove_clock)(input)?;
    let (input, fullmove_number) = preceded(space, fields::fullmove_number)(input)?;
    let fen = Fen {
        board,
        side_to_move,
        castling,
        en_passant,
        halfmove_clock,
        fullmove_number,
    };
    Ok((input, fen))
}

impl Fen {
    pub(crate) fn from_position(
        position: PositionFields,
        halfmove_clock: u32,
        fullmove_number: u32,
    ) -> Fen {
        Fen {
            board: position.board,
            side_to_move: position.side_to_move,
            castling: position.castling,
            en_passant: position.en_passant,
            halfmove_clock,
            fullmove_number,
        }
    }

    /// The standard starting position.
    pub fn starting_position() -> Fen {
        let text = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        match all_consuming(record::<nom::error::Error<&[u8]>>)(text) {
            Ok((_, fen)) => fen,
            Err(_) => Fen {
                board: Board::empty(),
                side_to_move: Color::White,
                castling: CastlingRights::NONE,
                en_passant: None,
                halfmove_clock: 0,
                fullmove_number: 1,
            },
        }
    }

    /// Parses one record with every diagnostic; with `options.validate`, also checks legality.
    ///
    /// Valid strict input takes the fast path and allocates nothing.
    ///
    /// ```
    /// use fenkit::{Fen, ParseOptions};
    ///
    /// let parsed = Fen::parse(b"8/8/8/8/8/8/8/8 W - - 0 0", &ParseOptions::lenient());
    /// assert!(parsed.is_valid());
    /// let codes: Vec<_> = parsed.diagnostics.iter().map(|d| d.code()).collect();
    /// assert_eq!(codes, ["fenkit::fen::uppercase_side_to_move", "fenkit::fen::fullmove_zero"]);
    /// ```
    pub fn parse(input: &[u8], options: &ParseOptions) -> Parsed<Fen> {
        let mut parsed = match all_consuming(record::<()>)(input) {
            Ok((_, fen)) => Parsed::new(Some(fen), Vec::new()),
            Err(_) => diagnose(input, options.mode),
        };
        if let (true, Some(fen)) = (options.validate, &parsed.value) {
            let problems = fen.validate_with(input, options);
            parsed.add(problems);
        }
        parsed
    }

    /// Parses strict FEN from bytes.
    pub fn from_ascii(input: &[u8]) -> Result<Fen, ParseError> {
        Fen::parse(input, &ParseOptions::strict()).into_result(NOTATION, input)
    }

    /// Checks that the position can exist; spans point into this value's canonical text.
    pub fn validate(&self) -> Vec<Diagnostic> {
        self.validate_in(self.to_string().as_bytes())
    }

    /// Checks that the position can exist; spans point into `record`, the text this value was
    /// parsed from (in either mode).
    pub fn validate_in(&self, record: &[u8]) -> Vec<Diagnostic> {
        super::legality::check(self, record)
    }

    /// [`validate_in`](Self::validate_in) by the rules `options` choose (its
    /// [`castling`](ParseOptions::castling)).
    pub fn validate_with(&self, record: &[u8], options: &ParseOptions) -> Vec<Diagnostic> {
        let mut problems = self.validate_in(record);
        if options.castling == Castling::Standard {
            super::standard_castling::add(self, record, &mut problems);
        }
        problems
    }
}

impl FromStr for Fen {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Fen, ParseError> {
        Fen::from_ascii(text.as_bytes())
    }
}

/// Where each part of a FEN record stands, for the spans of legality diagnostics.
pub(crate) struct Layout {
    /// The six fields (an absent field is an empty span at the end of the record).
    pub(crate) fields: [Span; 6],
    /// The character of each square.
    pub(crate) squares: SquareOffsets,
}

impl Layout {
    /// The layout of a record that parses (in either mode).
    pub(crate) fn of(record: &[u8]) -> Layout {
        let end = Span::new(record.len(), 0);
        let mut fields = [end; 6];
        for (slot, token) in fields.iter_mut().zip(tokens(body(record))) {
            *slot = token.field;
        }
        let mut squares = SquareOffsets::new();
        placement::scan(record, fields[0], Mode::Lenient, None, Some(&mut squares));
        Layout { fields, squares }
    }
}

/// The slow path: reads the record field by field and reports every problem.
pub(crate) fn diagnose(record: &[u8], mode: Mode) -> Parsed<Fen> {
    let mut sink = Sink::new();
    // Trailing whitespace (a line end included) is one problem, reported by `split_fields`.
    report_non_ascii(body(record), codes::NON_ASCII, &mut sink);
    let found = split_fields(record, mode, &mut sink);
    let fen = read_fields(record, &found, mode, &mut sink);
    if mode == Mode::Strict && !sink.has_errors() {
        // The checks above missed what the grammar rejected: say where the grammar stopped.
        report_grammar_failure(record, &mut sink);
    }
    Parsed::from_sink(fen, sink)
}

/// The fields found in a record: up to six spans.
pub(crate) struct FoundFields {
    pub(crate) spans: [Span; 6],
    pub(crate) count: usize,
}

/// Splits a record into at most six fields, judging the whitespace around and between them.
pub(crate) fn split_fields(record: &[u8], mode: Mode, sink: &mut Sink) -> FoundFields {
    let mut spans = [Span::new(record.len(), 0); 6];
    let mut count = 0;
    let mut all = tokens(body(record));
    for (index, token) in all.by_ref().enumerate() {
        if let Some(problem) = judge_gap(record, &token, index == 0, mode, WHITESPACE) {
            sink.push(problem);
        }
        if let Some(slot) = spans.get_mut(index) {
            *slot = token.field;
            count += 1;
        } else {
            let extra = Span::from_range(token.field.offset, trailing_whitespace(record).offset);
            sink.push(
                Diagnostic::error(codes::EXTRA_FIELDS, "the record has more than six fields")
                    .label(extra, "after the fullmove number")
                    .help("a FEN has six fields: remove what follows the fullmove number (EPD operations belong in an EPD record)"),
            );
            break;
        }
    }
    let trailing = trailing_whitespace(record);
    if trailing.len > 0 && count > 0 {
        sink.push(surrounding_whitespace(
            trailing,
            mode,
            WHITESPACE,
            "whitespace after the record",
        ));
    }
    FoundFields { spans, count }
}

/// How FEN records judge their whitespace.
const WHITESPACE: WhitespaceRules = WhitespaceRules {
    surrounding: codes::SURROUNDING_WHITESPACE,
    separator: codes::FIELD_SEPARATOR,
    record_name: "a FEN",
    lenient_dialect: true,
};

fn read_fields(record: &[u8], found: &FoundFields, mode: Mode, sink: &mut Sink) -> Option<Fen> {
    let [_, _, _, _, half_span, full_span] = found.spans;
    if found.count < 4 {
        report_missing_fields(record, found, sink);
    } else if found.count < 6 {
        let missing = if found.count == 4 {
            "the halfmove clock and fullmove number are"
        } else {
            "the fullmove number is"
        };
        let suggestion = if found.count == 4 { " 0 1" } else { " 1" };
        let last = found
            .spans
            .get(found.count - 1)
            .copied()
            .unwrap_or_default();
        sink.push(
            Diagnostic::new(
                codes::MISSING_CLOCKS,
                mode.dialect_severity(),
                format!("{missing} missing"),
            )
            .label(last, "the record ends here")
            .help(format!(
                "append `{suggestion}` (the clocks of a position with no history)"
            ))
            .with_fix(crate::fix::Fix::safe(Span::new(last.end(), 0), suggestion)),
        );
    }
    let present = |index: usize| index < found.count;
    let position = check_position(
        record,
        found.spans.get(..found.count.min(4)).unwrap_or_default(),
        mode,
        sink,
    );
    let halfmove = if present(4) {
        fields::check_clock(record, half_span, Clock::Halfmove, mode, sink)
    } else {
        Some(Clock::Halfmove.default_value())
    };
    let fullmove = if present(5) {
        fields::check_clock(record, full_span, Clock::Fullmove, mode, sink)
    } else {
        Some(Clock::Fullmove.default_value())
    };
    Some(Fen::from_position(position?, halfmove?, fullmove?))
}

fn report_missing_fields(record: &[u8], found: &FoundFields, sink: &mut Sink) {
    const NAMES: [&str; 6] = [
        "piece placement",
        "side to move",
        "castling",
        "en passant",
        "halfmove clock",
        "fullmove number",
    ];
    let next = NAMES.get(found.count).copied().unwrap_or("next field");
    let last = found
        .count
        .checked_sub(1)
        .and_then(|index| found.spans.get(index).copied());
    let at = last.unwrap_or(Span::new(trailing_whitespace(record).offset, 0));
    let message = if found.count == 0 {
        String::from("the record is empty")
    } else {
        format!(
            "the record has {} of six fields: the {next} is missing",
            found.count
        )
    };
    sink.push(
        Diagnostic::error(codes::MISSING_FIELDS, message)
            .label(at, format!("the {next} should follow"))
            .help("a FEN has six fields: placement, side to move, castling, en passant, halfmove clock, fullmove number, e.g. `8/8/8/8/8/8/8/8 w - - 0 1`"),
    );
}

fn report_grammar_failure(record: &[u8], sink: &mut Sink) {
    if let Some(failure) = locate_failure(record, record_tree) {
        let span = crate::primitives::ascii::char_span(record, failure.offset);
        sink.push(
            Diagnostic::error(codes::SYNTAX, format!("invalid FEN: {}", failure.expected))
                .label(span, failure.expected)
                .help("change the record here to what the label expects; a whole FEN reads like `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`"),
        );
    }
}

fn record_tree(input: &[u8]) -> IResult<&[u8], Fen, crate::primitives::syntax::Tree<'_>> {
    record(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grammar fallback names where the grammar stopped. The specific checks explain every
    /// invalid record first (the fuzzing properties assert it), so it is exercised directly.
    #[test]
    fn grammar_failure_points_where_the_grammar_stopped() {
        let mut sink = Sink::new();
        report_grammar_failure(b"8/8/8/8/8/8/8/8 w - - 0 1x", &mut sink);
        let found = sink.into_vec();
        assert_eq!(found.len(), 1);
        assert_eq!(found.first().map(Diagnostic::code), Some(codes::SYNTAX));
        assert_eq!(
            found.first().and_then(Diagnostic::span),
            Some(Span::new(25, 1))
        );
    }
}
