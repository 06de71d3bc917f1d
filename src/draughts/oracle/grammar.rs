//! The old draughts FEN parser (kept as an oracle, issue 10).
//!
//! Parsing ran the strict grammar first with nom's allocation-free error, folding squares
//! straight into bitsets; only a record that fails it is read again token by token
//! ([`super::diagnose`]), so that every independent problem gets its own diagnostic and lenient
//! dialects are accepted with warnings.

use nom::IResult;
use nom::character::complete::char;
use nom::combinator::{all_consuming, opt};
use nom::error::{ErrorKind, ParseError as NomParseError};
use nom::sequence::preceded;

use super::diagnose;
use crate::diagnostic::{Diagnostic, Parsed, Sink};
use crate::draughts::board::{Board, SquareNotation};
use crate::draughts::types::{Color, Pieces, SquareSet, Turn};
use crate::draughts::{DraughtsFen, codes, legality};
use crate::options::{Mode, ParseOptions};
use crate::primitives::squares::{alpha_square, fold_list, square_range};
use crate::primitives::syntax::{Tree, locate_failure, reject};

/// The board a record is read on: the caller's, else the default for the squares it uses
/// (a lowercase letter can only be an alphanumeric square in strict FEN).
fn board_for(record: &[u8], options: &ParseOptions) -> Board {
    options.draughts_board.unwrap_or_else(|| {
        if record.iter().any(u8::is_ascii_lowercase) {
            Board::default_for(SquareNotation::Alphanumeric)
        } else {
            Board::default_for(SquareNotation::Numeric)
        }
    })
}

fn turn<'a, E: NomParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Turn, E> {
    let turn = match input.first() {
        Some(b'W') => Turn::White,
        Some(b'B') => Turn::Black,
        Some(b'?') => Turn::Unknown,
        _ => return reject(input, ErrorKind::Verify),
    };
    Ok((input.get(1..).unwrap_or_default(), turn))
}

fn colour<'a, E: NomParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Color, E> {
    let color = match input.first() {
        Some(b'W') => Color::White,
        Some(b'B') => Color::Black,
        _ => return reject(input, ErrorKind::Verify),
    };
    Ok((input.get(1..).unwrap_or_default(), color))
}

/// The pieces of one section, and whether a square was listed twice in it.
#[derive(Clone, Copy, Default)]
struct Section {
    pieces: Pieces,
    overlap: bool,
}

impl Section {
    #[inline]
    fn add(mut self, (king, set): (bool, SquareSet)) -> Section {
        self.overlap |= !(self.pieces.all() & set).is_empty();
        self.pieces.add(king, set);
        self
    }
}

/// One item of a numeric list: `K?` then a square or an ascending range.
fn numeric_item<'a, E: NomParseError<&'a [u8]>>(
    board: Board,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], (bool, SquareSet), E> {
    move |input: &'a [u8]| {
        let (input, king) = opt(char('K'))(input)?;
        let (input, (first, last)) = square_range(u64::from(board.square_count()))(input)?;
        let set = match (u8::try_from(first), u8::try_from(last)) {
            (Ok(first), Ok(last)) => SquareSet::range(first - 1, last - 1),
            _ => return reject(input, ErrorKind::Verify),
        };
        Ok((input, (king.is_some(), set)))
    }
}

/// One item of an alphanumeric list: `K?` then a square.
fn alpha_item<'a, E: NomParseError<&'a [u8]>>(
    board: Board,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], (bool, SquareSet), E> {
    move |input: &'a [u8]| {
        let (input, king) = opt(char('K'))(input)?;
        let (input, (file, rank)) = alpha_square(board.width(), u64::from(board.height()))(input)?;
        let index = rank * board.width() + file;
        Ok((input, (king.is_some(), SquareSet::range(index, index))))
    }
}

/// `:` colour and a (possibly empty) square list.
fn section<'a, E: NomParseError<&'a [u8]>>(
    board: Board,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], (Color, Section), E> {
    move |input: &'a [u8]| {
        let (input, color) = preceded(char(':'), colour)(input)?;
        let (input, found) = match board.notation() {
            SquareNotation::Numeric => {
                fold_list(numeric_item(board), Section::default(), Section::add)(input)?
            }
            SquareNotation::Alphanumeric => {
                fold_list(alpha_item(board), Section::default(), Section::add)(input)?
            }
        };
        Ok((input, (color, found)))
    }
}

/// The strict grammar on `board`: the value, and whether some square was listed twice (which
/// the validation step reports).
fn record<'a, E: NomParseError<&'a [u8]>>(
    board: Board,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], (DraughtsFen, bool), E> {
    move |input: &'a [u8]| {
        let (input, turn) = turn(input)?;
        let (input, (first_color, first)) = section(board)(input)?;
        let (input, second) = opt(section(board))(input)?;
        let mut fen = DraughtsFen::empty(board, turn);
        let mut overlap = first.overlap;
        *fen.pieces_mut(first_color) = first.pieces;
        if let Some((color, second)) = second {
            if color == first_color {
                return reject(input, ErrorKind::Verify);
            }
            overlap |= second.overlap || !(first.pieces.all() & second.pieces.all()).is_empty();
            *fen.pieces_mut(color) = second.pieces;
        }
        Ok((input, (fen, overlap)))
    }
}

/// The old `DraughtsFen::parse`: the strict grammar first, the re-reader on failure, then
/// (with `validate`) the validation step on the items the re-reader finds.
pub fn parse(input: &[u8], options: &ParseOptions) -> Parsed<DraughtsFen> {
    let board = board_for(input, options);
    let mut parsed = match all_consuming(record::<nom::error::Error<&[u8]>>(board))(input) {
        Ok((_, (fen, overlap))) => {
            let mut parsed = Parsed::new(Some(fen), Vec::new());
            if options.validate
                && (overlap || !legality::quick_check(parsed.value.as_ref()))
                && let Some(fen) = &parsed.value
            {
                parsed.add(validate_in(fen, input));
            }
            return parsed;
        }
        Err(_) => diagnose_record(input, options.mode, options.draughts_board),
    };
    if options.validate
        && let Some(fen) = &parsed.value
    {
        let problems = validate_in(fen, input);
        parsed.add(problems);
    }
    parsed
}

/// The old validation step: the record read again by the re-reader for the items' spans.
fn validate_in(fen: &DraughtsFen, record: &[u8]) -> Vec<Diagnostic> {
    let mut ignored = Sink::new();
    let reading = diagnose::read(record, Mode::Lenient, Some(fen.board), &mut ignored);
    legality::check_items(fen, record, &reading.items, &reading.sections)
}

/// The slow path: every diagnostic of a record that failed the strict grammar (or that is
/// read leniently), and the value when there is no error.
fn diagnose_record(record: &[u8], mode: Mode, caller: Option<Board>) -> Parsed<DraughtsFen> {
    let mut sink = Sink::new();
    let reading = diagnose::read(record, mode, caller, &mut sink);
    if mode == Mode::Strict && sink.is_empty() {
        // The checks above missed what the grammar rejected: say where the grammar stopped.
        let board = reading
            .value
            .as_ref()
            .map_or(Board::International, |fen| fen.board);
        report_grammar_failure(record, board, &mut sink);
    }
    Parsed::from_sink(reading.value, sink)
}

fn report_grammar_failure(text: &[u8], board: Board, sink: &mut Sink) {
    let grammar = |input| -> IResult<&[u8], (DraughtsFen, bool), Tree<'_>> { record(board)(input) };
    if let Some(failure) = locate_failure(text, grammar) {
        let span = crate::primitives::ascii::char_span(text, failure.offset);
        sink.push(
            Diagnostic::error(
                codes::SYNTAX,
                format!("invalid draughts FEN: {}", failure.expected),
            )
            .label(span, failure.expected)
            .help("change the FEN here to what the label expects; a whole FEN reads like `W:W31-50:B1-20`"),
        );
    }
}
