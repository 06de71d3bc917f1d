//! Draughts FEN, the value of the PDN `[FEN "..."]` tag (NOTATIONS.md §3).
//!
//! Parsing runs the strict grammar first with nom's allocation-free error, folding squares
//! straight into bitsets; only a record that fails it is read again token by token
//! ([`super::diagnose`]), so that every independent problem gets its own diagnostic and lenient
//! dialects are accepted with warnings.

use std::str::FromStr;

use nom::IResult;
use nom::character::complete::char;
use nom::combinator::{all_consuming, opt};
use nom::error::{ErrorKind, ParseError as NomParseError};
use nom::sequence::preceded;

use super::board::{Board, SquareNotation};
use super::types::{Color, Pieces, SquareSet, Turn};
use super::{codes, diagnose, legality};
use crate::diagnostic::{Diagnostic, ParseError, Parsed, Sink};
use crate::options::{Mode, ParseOptions};
use crate::primitives::squares::{alpha_square, fold_list, square_range};
use crate::primitives::syntax::{Tree, locate_failure, reject};

/// A draughts position in PDN FEN: the side to move and the men and kings of each colour, on a
/// given board.
///
/// `FromStr` reads strict FEN on the default board (international 10x10 for numbered squares,
/// Russian 8x8 for alphanumeric ones); [`DraughtsFen::parse`] takes options (lenient mode,
/// board, validation) and returns every diagnostic; `Display` writes the canonical form.
///
/// ```
/// use fenkit::DraughtsFen;
/// use fenkit::draughts::{Color, Turn};
///
/// let fen: DraughtsFen = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29".parse()?;
/// assert_eq!(fen.turn, Turn::Black);
/// assert_eq!(fen.pieces(Color::White).kings.len(), 2);
/// let start: DraughtsFen = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1-20".parse()?;
/// assert_eq!(start.to_string(), "W:W31-50:B1-20");
/// # Ok::<_, fenkit::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DraughtsFen {
    /// The board the squares are on (it decides how they are numbered and written).
    pub board: Board,
    /// Whose move it is (`?` when unknown).
    pub turn: Turn,
    /// White's men and kings.
    pub white: Pieces,
    /// Black's men and kings.
    pub black: Pieces,
    /// The Lidraughts halfmove clock `:H<n>`, read in lenient mode (never written).
    pub halfmove_clock: Option<u32>,
    /// The Lidraughts fullmove number `:F<n>`, read in lenient mode (never written).
    pub fullmove_number: Option<u32>,
}

/// The notation name used in diagnostics and the CLI.
pub(crate) const NOTATION: &str = "pdn";

/// The board a record is read on: the caller's, else the default for the squares it uses
/// (a lowercase letter can only be an alphanumeric square in strict FEN).
pub(crate) fn board_for(record: &[u8], options: &ParseOptions) -> Board {
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
pub(crate) fn record<'a, E: NomParseError<&'a [u8]>>(
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

impl DraughtsFen {
    /// An empty board with `turn` to move.
    pub fn empty(board: Board, turn: Turn) -> DraughtsFen {
        DraughtsFen {
            board,
            turn,
            white: Pieces::default(),
            black: Pieces::default(),
            halfmove_clock: None,
            fullmove_number: None,
        }
    }

    /// The pieces of `color`.
    pub fn pieces(&self, color: Color) -> &Pieces {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    pub(crate) fn pieces_mut(&mut self, color: Color) -> &mut Pieces {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// Parses one FEN with every diagnostic; with `options.validate`, also checks the position
    /// against its board. The board is `options.draughts_board`, else the default for the
    /// squares the FEN uses.
    ///
    /// Valid strict input takes the fast path and allocates nothing.
    ///
    /// ```
    /// use fenkit::{DraughtsFen, ParseOptions};
    /// use fenkit::draughts::Board;
    ///
    /// let options = ParseOptions::strict().with_draughts_board(Board::English).validated();
    /// let parsed = DraughtsFen::parse(b"W:W31,29,K15:B14,13,12,9.", &options);
    /// assert!(parsed.is_valid());
    /// let codes: Vec<_> = parsed.diagnostics.iter().map(|d| d.code()).collect();
    /// assert_eq!(codes, ["fenkit::pdn::trailing_dot"]);
    /// ```
    pub fn parse(input: &[u8], options: &ParseOptions) -> Parsed<DraughtsFen> {
        let board = board_for(input, options);
        let mut parsed = match all_consuming(record::<nom::error::Error<&[u8]>>(board))(input) {
            Ok((_, (fen, overlap))) => {
                let mut parsed = Parsed::new(Some(fen), Vec::new());
                if options.validate
                    && (overlap || !legality::quick_check(parsed.value.as_ref()))
                    && let Some(fen) = &parsed.value
                {
                    let problems = fen.validate_in(input);
                    parsed.add(problems);
                }
                return parsed;
            }
            Err(_) => diagnose_record(input, options.mode, options.draughts_board),
        };
        if options.validate
            && let Some(fen) = &parsed.value
        {
            let problems = fen.validate_in(input);
            parsed.add(problems);
        }
        parsed
    }

    /// Parses strict FEN from bytes on the default board.
    pub fn from_ascii(input: &[u8]) -> Result<DraughtsFen, ParseError> {
        DraughtsFen::parse(input, &ParseOptions::strict()).into_result(NOTATION, input)
    }

    /// Checks the position against its board (duplicate squares, men on their promotion row,
    /// too many pieces, non-playing squares); spans point into this value's canonical text.
    pub fn validate(&self) -> Vec<Diagnostic> {
        self.validate_in(self.to_string().as_bytes())
    }

    /// Checks the position against its board; spans point into `record`, the text this value
    /// was parsed from (in either mode).
    pub fn validate_in(&self, record: &[u8]) -> Vec<Diagnostic> {
        legality::check(self, record)
    }
}

impl FromStr for DraughtsFen {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<DraughtsFen, ParseError> {
        DraughtsFen::from_ascii(text.as_bytes())
    }
}

/// The slow path: every diagnostic of a record that failed the strict grammar (or that is
/// read leniently), and the value when there is no error.
pub(crate) fn diagnose_record(
    record: &[u8],
    mode: Mode,
    caller: Option<Board>,
) -> Parsed<DraughtsFen> {
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
