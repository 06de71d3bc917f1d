//! The keyword arguments every entry point shares, turned into the library's options once: an
//! unknown name is a `ValueError` that lists the names accepted.

use fenkit::draughts::Board;
use fenkit::{Mode, Notation, ParseOptions, Variant};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// The notations `parse` and `check_many` take by name (`auto` detects each record's).
pub const NOTATIONS: [&str; 5] = ["auto", "fen", "epd", "pdn", "feen"];

/// How records are read: the notation (`None`: detected per record) and the library's options.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    pub notation: Option<Notation>,
    /// `notation="pgn"`: every file is a game file (`check_file` only).
    pub games: bool,
    pub options: ParseOptions,
}

/// `notation` by name: `None` for `auto`.
fn notation_of(name: &str, games_allowed: bool) -> PyResult<(Option<Notation>, bool)> {
    if name == "auto" {
        return Ok((None, false));
    }
    if games_allowed && name == "pgn" {
        return Ok((None, true));
    }
    Notation::from_name(name)
        .map(|n| (Some(n), false))
        .ok_or_else(|| {
            let mut names = NOTATIONS.join(", ");
            if games_allowed {
                names.push_str(", pgn");
            }
            PyValueError::new_err(format!("unknown notation {name:?}: use one of {names}"))
        })
}

/// The options of a chess `variant` by name (`None`: the library's default), read as the
/// command line's `--variant` reads it: the canonical names, and lichess's and python-chess's.
pub fn variant_options(options: ParseOptions, variant: Option<&str>) -> PyResult<ParseOptions> {
    let Some(name) = variant else {
        return Ok(options);
    };
    let (variant, castling) = Variant::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown variant {name:?}: use one of {}",
            Variant::NAMES.join(", ")
        ))
    })?;
    let options = options.with_variant(variant);
    Ok(castling.map_or(options, |castling| options.with_castling(castling)))
}

/// The names of the chess variants, in the order the error lists them.
pub fn variant_names() -> Vec<&'static str> {
    Variant::NAMES.to_vec()
}

/// The draughts board by name or GameType number, as the command line's `--board` reads it.
fn board_of(name: &str) -> PyResult<Board> {
    Board::from_name_or_game_type(name).ok_or_else(|| {
        let names: Vec<&str> = Board::ALL.iter().map(|board| board.name()).collect();
        PyValueError::new_err(format!(
            "unknown board {name:?}: use one of {} (or a GameType number such as 20, 21, 25)",
            names.join(", ")
        ))
    })
}

/// A `board` argument: a name (`"english"`) or a GameType number (`21`).
pub enum BoardArg {
    Number(u32),
    Name(String),
}

impl<'py> FromPyObject<'py> for BoardArg {
    /// Checked by type first: a failed conversion builds an exception, which would cost more
    /// than reading the record.
    fn extract_bound(object: &Bound<'py, PyAny>) -> PyResult<Self> {
        if let Ok(name) = object.downcast::<PyString>() {
            return Ok(BoardArg::Name(name.to_cow()?.into_owned()));
        }
        object.extract::<u32>().map(BoardArg::Number).map_err(|_| {
            PyTypeError::new_err("board is a name such as \"english\" or a GameType number")
        })
    }
}

impl Reading {
    /// The reading the keyword arguments describe; `games_allowed` accepts `notation="pgn"`.
    pub fn new(
        notation: &str,
        lenient: bool,
        validate: bool,
        variant: Option<&str>,
        board: Option<BoardArg>,
        games_allowed: bool,
    ) -> PyResult<Reading> {
        let (notation, games) = notation_of(notation, games_allowed)?;
        let mode = if lenient { Mode::Lenient } else { Mode::Strict };
        let mut options = ParseOptions::strict().with_mode(mode);
        if validate {
            options = options.validated();
        }
        options = variant_options(options, variant)?;
        if let Some(board) = board {
            let board = match board {
                BoardArg::Number(number) => board_of(&number.to_string())?,
                BoardArg::Name(name) => board_of(&name)?,
            };
            options = options.with_draughts_board(board);
        }
        Ok(Reading {
            notation,
            games,
            options,
        })
    }
}
