//! The keyword arguments every entry point shares, turned into the library's options once: an
//! unknown name is a `ValueError` that lists the names accepted, an argument of the wrong type a
//! `TypeError` that says what the argument takes.

use std::sync::Arc;

use fenkit::codes::CodeFilter;
use fenkit::draughts::Board;
use fenkit::records::{GameFiles, ReadOptions};
use fenkit::{Castling, Mode, Notation, ParseOptions, Variant};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::messages;
use crate::record::Checked;

/// The names `notation=` takes: `auto` (each record's detected), every notation of the
/// library's table, and `pgn` where game files are read (`check_file`).
pub fn notation_names(games_allowed: bool) -> Vec<&'static str> {
    let mut names = vec!["auto"];
    names.extend(fenkit::notations().iter().map(|info| info.name));
    if games_allowed {
        names.push("pgn");
    }
    names
}

/// The names `castling=` takes, as the command line's `--castling`.
pub const CASTLING_NAMES: [&str; 2] = ["standard", "chess960"];

/// How records are read: the notation (`None`: detected per record), the library's options,
/// the longest record read and the codes reported.
#[derive(Clone, Debug)]
pub struct Options {
    pub notation: Option<Notation>,
    /// `notation="pgn"`: every file is a game file (`check_file` only).
    pub games: bool,
    pub options: ParseOptions,
    /// A longer record is one `fenkit::input::record_too_long` diagnostic, not read.
    pub max_record_bytes: usize,
    /// The codes `select` and `ignore` keep (`None`: every code, the common case, which costs
    /// nothing).
    pub filter: Option<Arc<CodeFilter>>,
}

/// The reading options of every entry point, as Python passed them.
pub struct OptionArgs<'a, 'py> {
    pub notation: &'a str,
    pub lenient: bool,
    pub validate: bool,
    pub variant: Option<&'a Bound<'py, PyAny>>,
    pub castling: Option<&'a Bound<'py, PyAny>>,
    pub board: Option<&'a Bound<'py, PyAny>>,
    pub max_record_bytes: usize,
    pub select: Option<&'a Bound<'py, PyAny>>,
    pub ignore: Option<&'a Bound<'py, PyAny>>,
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
            let names = notation_names(games_allowed).join(", ");
            PyValueError::new_err(messages::unknown_name("notation", name, &names))
        })
}

/// A name argument (`variant`, `castling`): a `str`, else a `TypeError` saying so.
fn name_of(argument: &'static str, value: &Bound<'_, PyAny>, example: &str) -> PyResult<String> {
    match value.downcast::<PyString>() {
        Ok(name) => Ok(name.to_cow()?.into_owned()),
        Err(_) => Err(PyTypeError::new_err(messages::wrong_type(
            argument,
            &format!("a name (str) such as {example:?}, or None"),
            value,
        ))),
    }
}

/// The chess variant by name, as the command line's `--variant` reads it (the canonical names,
/// and lichess's and python-chess's), with the castling rules the name implies (`"chess960"`).
fn variant_of(name: &str) -> PyResult<(Variant, Option<Castling>)> {
    Variant::from_name(name).ok_or_else(|| {
        PyValueError::new_err(messages::unknown_name(
            "variant",
            name,
            &Variant::NAMES.join(", "),
        ))
    })
}

/// The castling rules by name, as the command line's `--castling`.
fn castling_of(name: &str) -> PyResult<Castling> {
    match name {
        "standard" => Ok(Castling::Standard),
        "chess960" => Ok(Castling::Chess960),
        _ => Err(PyValueError::new_err(messages::unknown_name(
            "castling",
            name,
            &CASTLING_NAMES.join(", "),
        ))),
    }
}

/// The codes of a `select` or `ignore` argument: a `str` (one code, or several separated by
/// commas, as the command line's `--select`) or an iterable of them.
fn codes_of(argument: &'static str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let wrong = || {
        PyTypeError::new_err(messages::wrong_type(
            argument,
            "a code (str) such as \"trailing_dot\" or \"fenkit::pdn\", a list of codes, or None",
            value,
        ))
    };
    if let Ok(code) = value.downcast::<PyString>() {
        return Ok(vec![code.to_cow()?.into_owned()]);
    }
    let mut codes = Vec::new();
    for item in value.try_iter().map_err(|_| wrong())? {
        let item = item?;
        let code = item.downcast::<PyString>().map_err(|_| wrong())?;
        codes.push(code.to_cow()?.into_owned());
    }
    Ok(codes)
}

/// The names of the chess variants, in the order the error lists them.
pub fn variant_names() -> Vec<&'static str> {
    Variant::NAMES.to_vec()
}

/// The draughts board by name or GameType number, as the command line's `--board` reads it.
fn board_of(value: &Bound<'_, PyAny>) -> PyResult<Board> {
    let name = if let Ok(name) = value.downcast::<PyString>() {
        name.to_cow()?.into_owned()
    } else if let Ok(number) = value.extract::<u32>() {
        number.to_string()
    } else {
        return Err(PyTypeError::new_err(messages::wrong_type(
            "board",
            "a name (str) such as \"english\", a PDN GameType number (int) such as 21, or None",
            value,
        )));
    };
    Board::from_name_or_game_type(&name).ok_or_else(|| {
        let names: Vec<&str> = Board::ALL.iter().map(|board| board.name()).collect();
        PyValueError::new_err(messages::unknown_name(
            "board",
            &name,
            &format!(
                "{} (or a GameType number such as 20, 21, 25)",
                names.join(", ")
            ),
        ))
    })
}

impl Options {
    /// The reading the keyword arguments describe; `games_allowed` accepts `notation="pgn"`.
    ///
    /// As the command line: `castling` wins over the rules a `variant` name implies
    /// (`"chess960"`, `"standard"`), which win over the library's default.
    pub fn new(args: &OptionArgs<'_, '_>, games_allowed: bool) -> PyResult<Options> {
        let (notation, games) = notation_of(args.notation, games_allowed)?;
        let mode = if args.lenient {
            Mode::Lenient
        } else {
            Mode::Strict
        };
        let mut options = ParseOptions::strict().with_mode(mode);
        if args.validate {
            options = options.validated();
        }
        if let Some(value) = args.variant {
            let (variant, implied) = variant_of(&name_of("variant", value, "chess960")?)?;
            options = options.with_variant(variant);
            if let Some(castling) = implied {
                options = options.with_castling(castling);
            }
        }
        if let Some(value) = args.castling {
            options = options.with_castling(castling_of(&name_of("castling", value, "chess960")?)?);
        }
        if let Some(value) = args.board {
            options = options.with_draughts_board(board_of(value)?);
        }
        if args.max_record_bytes == 0 {
            return Err(PyValueError::new_err(messages::ZERO_MAX_RECORD_BYTES));
        }
        let select = codes_of("select", args.select)?;
        let ignore = codes_of("ignore", args.ignore)?;
        let filter = CodeFilter::new(&select, &ignore)
            .map_err(|unknown| PyValueError::new_err(messages::unknown_code(&unknown)))?;
        Ok(Options {
            notation,
            games,
            options,
            max_record_bytes: args.max_record_bytes,
            filter: (!filter.keeps_all()).then(|| Arc::new(filter)),
        })
    }

    /// `checked` with the diagnostics `select` and `ignore` drop dropped, and counted.
    /// How `fenkit::records` reads a file by these options: a game file when it is named so,
    /// asked for (`notation="pgn"` or `"pdn"`) or, the notation detected, starts with a tag
    /// pair.
    pub fn read_options(&self) -> ReadOptions {
        let game_files = match (self.games, self.notation) {
            (true, _) | (false, Some(Notation::Pdn)) => GameFiles::Always,
            (false, Some(_)) => GameFiles::Named,
            (false, None) => GameFiles::Detected,
        };
        ReadOptions::new(self.options)
            .notation(self.notation)
            .game_files(game_files)
            .max_record_bytes(self.max_record_bytes)
            .raise_with(messages::RAISE_THE_LIMIT)
    }

    pub fn filtered(&self, mut checked: Checked) -> Checked {
        if let Some(filter) = &self.filter {
            checked.ignored += filter.apply(&mut checked.parsed);
        }
        checked
    }
}
