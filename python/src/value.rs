//! The typed value of a record, for Python: built only when asked for (`ParseResult.value`),
//! so a caller who wants the verdict alone pays for no Python object of the position.

use fenkit::chess::{Board, CastlingRights, Color, Square};
use fenkit::draughts::{Color as DraughtsColor, DraughtsFen, SquareSet};
use fenkit::epd::Operand;
use fenkit::{Epd, Feen, Fen, Position};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A chess position (FEN, or EPD with its operations; a crazyhouse or three-check record with
/// its pockets or counters).
#[pyclass(frozen, get_all, module = "fenkit", name = "ChessPosition")]
pub struct ChessPosition {
    /// The placement field, e.g. `"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"`.
    placement: String,
    /// `"w"` or `"b"`.
    side_to_move: &'static str,
    /// The castling field as written canonically, e.g. `"KQkq"`, `"-"`.
    castling: String,
    /// The en passant square, e.g. `"e3"`, or `None`.
    en_passant: Option<String>,
    /// The halfmove clock (`None` for EPD, which has no clocks but `hmvc`).
    halfmove_clock: Option<u32>,
    /// The fullmove number (`None` for EPD, which has no clocks but `fmvn`).
    fullmove_number: Option<u32>,
    /// The pieces by square, `{"e1": "K", ...}`, from a1 to h8.
    pieces: Py<PyDict>,
    /// EPD operations in order, `[("bm", ["Qd1+"]), ("id", ["BK.01"])]`; empty for a FEN.
    operations: Vec<(String, Vec<String>)>,
    /// The crazyhouse pockets as written canonically (`"NNpr"`, `""` when empty); `None` for
    /// any other record.
    pockets: Option<String>,
    /// The three-check counters: the checks White and Black still have to give (`(3, 3)` at
    /// the start); `None` for any other record.
    remaining_checks: Option<(u8, u8)>,
}

/// `"w"` or `"b"`.
fn color_letter(color: Color) -> &'static str {
    match color {
        Color::White => "w",
        Color::Black => "b",
    }
}

/// The pieces of a board, keyed by square name in square order.
fn pieces(py: Python<'_>, board: &Board) -> PyResult<Py<PyDict>> {
    let dict = PyDict::new(py);
    let mut placed: Vec<_> = board.pieces().collect();
    placed.sort_by_key(|(square, _)| square.index());
    for (square, piece) in placed {
        dict.set_item(square.to_string(), piece.to_string())?;
    }
    Ok(dict.unbind())
}

/// The first field of a canonical record.
fn first_field(canonical: &str) -> String {
    canonical.split(' ').next().unwrap_or_default().to_owned()
}

impl ChessPosition {
    fn new(
        py: Python<'_>,
        board: &Board,
        side: Color,
        castling: &CastlingRights,
        en_passant: Option<Square>,
        canonical: &str,
    ) -> PyResult<Self> {
        Ok(ChessPosition {
            placement: first_field(canonical),
            side_to_move: color_letter(side),
            castling: castling.to_string(),
            en_passant: en_passant.map(|square| square.to_string()),
            halfmove_clock: None,
            fullmove_number: None,
            pieces: pieces(py, board)?,
            operations: Vec::new(),
            pockets: None,
            remaining_checks: None,
        })
    }

    fn of_fen(py: Python<'_>, fen: &Fen) -> PyResult<Self> {
        let canonical = fen.to_string();
        let mut position = ChessPosition::new(
            py,
            &fen.board,
            fen.side_to_move,
            &fen.castling,
            fen.en_passant,
            &canonical,
        )?;
        position.halfmove_clock = Some(fen.halfmove_clock);
        position.fullmove_number = Some(fen.fullmove_number);
        Ok(position)
    }

    fn of_epd(py: Python<'_>, epd: &Epd) -> PyResult<Self> {
        let canonical = epd.to_string();
        let mut position = ChessPosition::new(
            py,
            &epd.board,
            epd.side_to_move,
            &epd.castling,
            epd.en_passant,
            &canonical,
        )?;
        position.operations = epd
            .operations
            .iter()
            .map(|operation| {
                let operands = operation.operands.iter().map(operand_text).collect();
                (operation.opcode.clone(), operands)
            })
            .collect();
        Ok(position)
    }
}

/// An EPD operand's text: a word as written, a string's content unescaped.
fn operand_text(operand: &Operand) -> String {
    operand.as_str().to_owned()
}

#[pymethods]
impl ChessPosition {
    /// The operands of the first EPD operation `opcode`, or `None` when there is none.
    fn operation(&self, opcode: &str) -> Option<Vec<String>> {
        self.operations
            .iter()
            .find(|(name, _)| name == opcode)
            .map(|(_, operands)| operands.clone())
    }

    fn __repr__(&self) -> String {
        format!(
            "<ChessPosition {} {} {} {}>",
            self.placement,
            self.side_to_move,
            self.castling,
            self.en_passant.as_deref().unwrap_or("-")
        )
    }
}

/// A draughts position (a bare draughts FEN, a PDN `[FEN]` tag or `/FEN/` setup).
#[pyclass(frozen, get_all, module = "fenkit", name = "DraughtsPosition")]
pub struct DraughtsPosition {
    /// The board's name, e.g. `"international"`, `"english"` (see `board` arguments).
    board: &'static str,
    /// Its PDN GameType number, e.g. 20.
    game_type: u8,
    /// `"W"`, `"B"` or `"?"` (unknown).
    turn: &'static str,
    /// Squares as the board writes them (`"31"`, or `"a1"` on alphanumeric boards).
    white_men: Vec<String>,
    white_kings: Vec<String>,
    black_men: Vec<String>,
    black_kings: Vec<String>,
    /// Lidraughts' `:H` halfmove clock (lenient mode only), else `None`.
    halfmove_clock: Option<u32>,
    /// Lidraughts' `:F` fullmove number (lenient mode only), else `None`.
    fullmove_number: Option<u32>,
}

impl DraughtsPosition {
    fn of(fen: &DraughtsFen) -> Self {
        let names = |set: SquareSet| -> Vec<String> {
            set.iter()
                .map(|index| fen.board.square(index).to_string())
                .collect()
        };
        let white = fen.pieces(DraughtsColor::White);
        let black = fen.pieces(DraughtsColor::Black);
        DraughtsPosition {
            board: fen.board.name(),
            game_type: fen.board.game_type(),
            turn: match fen.turn.letter() {
                'W' => "W",
                'B' => "B",
                _ => "?",
            },
            white_men: names(white.men),
            white_kings: names(white.kings),
            black_men: names(black.men),
            black_kings: names(black.kings),
            halfmove_clock: fen.halfmove_clock,
            fullmove_number: fen.fullmove_number,
        }
    }
}

#[pymethods]
impl DraughtsPosition {
    fn __repr__(&self) -> String {
        format!(
            "<DraughtsPosition {} {} white {}+{}K black {}+{}K>",
            self.board,
            self.turn,
            self.white_men.len(),
            self.white_kings.len(),
            self.black_men.len(),
            self.black_kings.len()
        )
    }
}

/// A FEEN position: placement, pieces in hand, style-turn.
#[pyclass(frozen, get_all, module = "fenkit", name = "FeenPosition")]
pub struct FeenPosition {
    /// The placement field as written canonically.
    placement: String,
    /// The hands field, e.g. `"/"` (both empty) or `"2P/p"`.
    hands: String,
    /// The style-turn field, e.g. `"CHESS/chess"`.
    style_turn: String,
    /// `"first"` (uppercase) or `"second"` (lowercase).
    side_to_move: String,
    /// The style of the side to move, e.g. `"CHESS"`.
    active_style: String,
    /// The style of the other side.
    inactive_style: String,
}

impl FeenPosition {
    fn of(feen: &Feen) -> Self {
        FeenPosition {
            placement: feen.placement.to_string(),
            hands: feen.hands.to_string(),
            style_turn: feen.style_turn.to_string(),
            side_to_move: feen.side_to_move().to_string(),
            active_style: feen.style_turn.active().to_string(),
            inactive_style: feen.style_turn.inactive().to_string(),
        }
    }
}

#[pymethods]
impl FeenPosition {
    fn __repr__(&self) -> String {
        format!(
            "<FeenPosition {} {} {}>",
            self.placement, self.hands, self.style_turn
        )
    }
}

/// The Python object of a position.
pub fn to_object(py: Python<'_>, position: &Position) -> PyResult<PyObject> {
    Ok(match position {
        Position::Fen(fen) => Py::new(py, ChessPosition::of_fen(py, fen)?)?.into_any(),
        Position::Epd(epd) => Py::new(py, ChessPosition::of_epd(py, epd)?)?.into_any(),
        Position::Feen(feen) => Py::new(py, FeenPosition::of(feen))?.into_any(),
        Position::Pdn(fen) => Py::new(py, DraughtsPosition::of(fen))?.into_any(),
        Position::Crazyhouse(position) => {
            let mut value = ChessPosition::of_fen(py, &position.fen)?;
            value.pockets = Some(position.pockets.to_string());
            Py::new(py, value)?.into_any()
        }
        Position::ThreeCheck(position) => {
            let mut value = ChessPosition::of_fen(py, &position.fen)?;
            let checks = position.remaining_checks;
            value.remaining_checks = Some((checks.white, checks.black));
            Py::new(py, value)?.into_any()
        }
        _ => py.None(),
    })
}
