//! The typed value of a record, for Python: built only when asked for (`ParseResult.value`),
//! so a caller who wants the verdict alone pays for no Python object of the position. The
//! fields are the library's (`Position::fields`); this module makes Python objects of them.
//!
//! Each class holds the library's value too: `==` compares positions as the library does, the
//! hash is the canonical text's, and pickling writes the canonical text (with what it leaves
//! out) and reads it back through the parser.

use std::hash::{DefaultHasher, Hash, Hasher};

use fenkit::{
    ChessFields, DraughtsFields, FeenFields, Notation, ParseOptions, Position, PositionFields,
    Variant,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::messages;
use crate::render::py_repr;

/// What a pickled position holds: its kind, its draughts board, its canonical text and the
/// draughts clocks (read in lenient mode, never written).
pub type PositionState = (String, Option<String>, String, Option<u32>, Option<u32>);

/// The kind of a position, as its pickled state names it.
fn kind_of(position: &Position) -> &'static str {
    match position {
        Position::Fen(_) => "fen",
        Position::Epd(_) => "epd",
        Position::Feen(_) => "feen",
        Position::Pdn(_) => "pdn",
        Position::Crazyhouse(_) => "crazyhouse",
        Position::ThreeCheck(_) => "three-check",
        _ => "unknown",
    }
}

/// The pickled state of `position`.
pub fn state_of(position: &Position) -> PositionState {
    let (board, clocks) = match position {
        Position::Pdn(fen) => (
            Some(fen.board.name().to_owned()),
            (fen.halfmove_clock, fen.fullmove_number),
        ),
        _ => (None, (None, None)),
    };
    (
        kind_of(position).to_owned(),
        board,
        position.to_string(),
        clocks.0,
        clocks.1,
    )
}

/// The position a pickled state describes: its canonical text read again (syntax only, so a
/// value with legality errors comes back too).
pub fn position_of(state: PositionState) -> PyResult<Position> {
    let (kind, board, canonical, halfmove, fullmove) = state;
    let options = ParseOptions::lenient();
    let (notation, options) = match kind.as_str() {
        "fen" => (Notation::Fen, options),
        "epd" => (Notation::Epd, options),
        "feen" => (Notation::Feen, options),
        "crazyhouse" => (Notation::Fen, options.with_variant(Variant::Crazyhouse)),
        "three-check" => (Notation::Fen, options.with_variant(Variant::ThreeCheck)),
        "pdn" => {
            let board = board
                .as_deref()
                .and_then(fenkit::draughts::Board::from_name_or_game_type)
                .ok_or_else(|| PyValueError::new_err(messages::BAD_PICKLE))?;
            (Notation::Pdn, options.with_draughts_board(board))
        }
        _ => return Err(PyValueError::new_err(messages::BAD_PICKLE)),
    };
    let (_, parsed) = fenkit::parse_any(canonical.as_bytes(), Some(notation), &options);
    match parsed.value {
        Some(Position::Pdn(mut fen)) => {
            fen.halfmove_clock = halfmove;
            fen.fullmove_number = fullmove;
            Ok(Position::Pdn(fen))
        }
        Some(position) if kind_of(&position) == kind => Ok(position),
        _ => Err(PyValueError::new_err(messages::BAD_PICKLE)),
    }
}

/// The hash of a position: its kind's and its canonical text's (equal positions write the same
/// text).
fn hash_of(position: &Position) -> u64 {
    let mut hasher = DefaultHasher::new();
    kind_of(position).hash(&mut hasher);
    position.to_string().hash(&mut hasher);
    hasher.finish()
}

/// `__reduce__` of a value class: rebuilt by `fenkit._fenkit._position`.
fn reduce<'py>(py: Python<'py>, position: &Position) -> PyResult<Bound<'py, PyTuple>> {
    let rebuild = py.import("fenkit._fenkit")?.getattr("_position")?;
    (rebuild, (state_of(position),)).into_pyobject(py)
}

/// `__eq__`, `__hash__`, `__reduce__` and a `repr` that reads like the call that makes it, for
/// each value class.
macro_rules! value_protocol {
    ($class:ident, $repr:expr $(, $extra:item)*) => {
        #[pymethods]
        impl $class {
            $($extra)*

            fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
                self.position == other.position
            }

            fn __hash__(&self) -> u64 {
                hash_of(&self.position)
            }

            fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                reduce(py, &self.position)
            }

            fn __repr__(&self) -> String {
                let repr: fn(&Self) -> String = $repr;
                repr(self)
            }
        }
    };
}

/// A chess position (FEN, or EPD with its operations; a crazyhouse or three-check record with
/// its pockets or counters).
#[pyclass(frozen, module = "fenkit", name = "ChessPosition")]
pub struct ChessPosition {
    position: Position,
    /// The placement field, e.g. `"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"`.
    #[pyo3(get)]
    placement: String,
    /// `"w"` or `"b"`.
    #[pyo3(get)]
    side_to_move: &'static str,
    /// The castling field as written canonically, e.g. `"KQkq"`, `"-"`.
    #[pyo3(get)]
    castling: String,
    /// The en passant square, e.g. `"e3"`, or `None`.
    #[pyo3(get)]
    en_passant: Option<String>,
    /// The halfmove clock (`None` for EPD, which has no clocks but `hmvc`).
    #[pyo3(get)]
    halfmove_clock: Option<u32>,
    /// The fullmove number (`None` for EPD, which has no clocks but `fmvn`).
    #[pyo3(get)]
    fullmove_number: Option<u32>,
    /// The pieces by square, `{"e1": "K", ...}`, from a1 to h8.
    #[pyo3(get)]
    pieces: Py<PyDict>,
    /// EPD operations in order, `[("bm", ["Qd1+"]), ("id", ["BK.01"])]`; empty for a FEN.
    #[pyo3(get)]
    operations: Vec<(String, Vec<String>)>,
    /// The crazyhouse pockets as written canonically (`"NNpr"`, `""` when empty); `None` for
    /// any other record.
    #[pyo3(get)]
    pockets: Option<String>,
    /// The three-check counters: the checks White and Black still have to give (`(3, 3)` at
    /// the start); `None` for any other record.
    #[pyo3(get)]
    remaining_checks: Option<(u8, u8)>,
}

impl ChessPosition {
    /// The Python value of a chess position's fields.
    fn of(py: Python<'_>, position: &Position, fields: ChessFields) -> PyResult<Self> {
        let pieces = PyDict::new(py);
        for (square, piece) in fields.pieces {
            pieces.set_item(square, piece)?;
        }
        Ok(ChessPosition {
            placement: fields.placement,
            side_to_move: fields.side_to_move,
            castling: fields.castling,
            en_passant: fields.en_passant,
            halfmove_clock: fields.halfmove_clock,
            fullmove_number: fields.fullmove_number,
            pieces: pieces.unbind(),
            operations: fields.operations,
            pockets: fields.pockets,
            remaining_checks: fields.remaining_checks,
            position: position.clone(),
        })
    }
}

value_protocol!(
    ChessPosition,
    |value| {
        let variant = match &value.position {
            Position::Crazyhouse(_) => ", variant='crazyhouse'",
            Position::ThreeCheck(_) => ", variant='three-check'",
            _ => "",
        };
        format!(
            "ChessPosition({}{variant})",
            py_repr(&value.position.to_string())
        )
    },
    /// The operands of the first EPD operation `opcode`, or `None` when there is none.
    fn operation(&self, opcode: &str) -> Option<Vec<String>> {
        self.operations
            .iter()
            .find(|(name, _)| name == opcode)
            .map(|(_, operands)| operands.clone())
    }
);

/// A draughts position (a bare draughts FEN, a PDN `[FEN]` tag or `/FEN/` setup).
#[pyclass(frozen, module = "fenkit", name = "DraughtsPosition")]
pub struct DraughtsPosition {
    position: Position,
    /// The board's name, e.g. `"international"`, `"english"` (see `board` arguments).
    #[pyo3(get)]
    board: &'static str,
    /// Its PDN GameType number, e.g. 20.
    #[pyo3(get)]
    game_type: u8,
    /// `"W"`, `"B"` or `"?"` (unknown).
    #[pyo3(get)]
    turn: &'static str,
    /// Squares as the board writes them (`"31"`, or `"a1"` on alphanumeric boards).
    #[pyo3(get)]
    white_men: Vec<String>,
    #[pyo3(get)]
    white_kings: Vec<String>,
    #[pyo3(get)]
    black_men: Vec<String>,
    #[pyo3(get)]
    black_kings: Vec<String>,
    /// Lidraughts' `:H` halfmove clock (lenient mode only), else `None`.
    #[pyo3(get)]
    halfmove_clock: Option<u32>,
    /// Lidraughts' `:F` fullmove number (lenient mode only), else `None`.
    #[pyo3(get)]
    fullmove_number: Option<u32>,
}

impl DraughtsPosition {
    fn of(position: &Position, fields: DraughtsFields) -> Self {
        DraughtsPosition {
            board: fields.board,
            game_type: fields.game_type,
            turn: fields.turn,
            white_men: fields.white_men,
            white_kings: fields.white_kings,
            black_men: fields.black_men,
            black_kings: fields.black_kings,
            halfmove_clock: fields.halfmove_clock,
            fullmove_number: fields.fullmove_number,
            position: position.clone(),
        }
    }
}

value_protocol!(DraughtsPosition, |value| format!(
    "DraughtsPosition({}, board={})",
    py_repr(&value.position.to_string()),
    py_repr(value.board)
));

/// A FEEN position: placement, pieces in hand, style-turn.
#[pyclass(frozen, module = "fenkit", name = "FeenPosition")]
pub struct FeenPosition {
    position: Position,
    /// The placement field as written canonically.
    #[pyo3(get)]
    placement: String,
    /// The hands field, e.g. `"/"` (both empty) or `"2P/p"`.
    #[pyo3(get)]
    hands: String,
    /// The style-turn field, e.g. `"CHESS/chess"`.
    #[pyo3(get)]
    style_turn: String,
    /// `"first"` (uppercase) or `"second"` (lowercase).
    #[pyo3(get)]
    side_to_move: String,
    /// The style of the side to move, e.g. `"CHESS"`.
    #[pyo3(get)]
    active_style: String,
    /// The style of the other side.
    #[pyo3(get)]
    inactive_style: String,
}

impl FeenPosition {
    fn of(position: &Position, fields: FeenFields) -> Self {
        FeenPosition {
            placement: fields.placement,
            hands: fields.hands,
            style_turn: fields.style_turn,
            side_to_move: fields.side_to_move,
            active_style: fields.active_style,
            inactive_style: fields.inactive_style,
            position: position.clone(),
        }
    }
}

value_protocol!(FeenPosition, |value| format!(
    "FeenPosition({})",
    py_repr(&value.position.to_string())
));

/// The Python object of a position: the library's fields of it as one of the value classes.
pub fn to_object(py: Python<'_>, position: &Position) -> PyResult<PyObject> {
    Ok(match position.fields() {
        PositionFields::Chess(fields) => {
            Py::new(py, ChessPosition::of(py, position, fields)?)?.into_any()
        }
        PositionFields::Draughts(fields) => {
            Py::new(py, DraughtsPosition::of(position, fields))?.into_any()
        }
        PositionFields::Feen(fields) => Py::new(py, FeenPosition::of(position, fields))?.into_any(),
        _ => py.None(),
    })
}

/// `fenkit._fenkit._position(state)`: a pickled value rebuilt.
#[pyfunction]
#[pyo3(name = "_position")]
pub fn restore_position(py: Python<'_>, state: PositionState) -> PyResult<PyObject> {
    to_object(py, &position_of(state)?)
}
