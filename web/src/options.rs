//! The options object of `parse` and `checkMany` (`{notation, variant, castling, lenient,
//! validate, board}`), read from its JSON once each time it changes. An unknown name is an
//! error whose message lists the names accepted; the JavaScript side throws it as a
//! `RangeError`.

use fenkit::draughts::Board;
use fenkit::{Castling, Mode, Notation, ParseOptions, Variant};
use serde::Deserialize;

/// The notations `notation` takes: `auto` detects each record's, `pgn` reads a game text.
pub const NOTATIONS: [&str; 6] = ["auto", "fen", "epd", "pdn", "feen", "pgn"];

/// The castling rules `castling` takes.
pub const CASTLINGS: [&str; 2] = ["standard", "chess960"];

/// The options as the JavaScript side writes them (absent: the default).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Given {
    notation: Option<String>,
    variant: Option<String>,
    castling: Option<String>,
    lenient: Option<bool>,
    validate: Option<bool>,
    board: Option<String>,
}

/// How the records of a text are read.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    /// The notation of a record (`None`: detected from its shape).
    pub notation: Option<Notation>,
    /// `notation: "pgn"`: the text is a game text (PGN or PDN), whatever its start.
    pub games: bool,
    /// The library's options.
    pub options: ParseOptions,
}

impl Default for Reading {
    /// The command line's defaults: notation detected, strict, validated.
    fn default() -> Self {
        Reading {
            notation: None,
            games: false,
            options: ParseOptions::strict().validated(),
        }
    }
}

/// `name` or the names accepted, as an error message.
fn unknown(what: &str, name: &str, names: &[&str]) -> String {
    format!("unknown {what} {name:?}: use one of {}", names.join(", "))
}

impl Reading {
    /// The reading an options object's JSON describes, or the message of what is wrong in it.
    pub fn from_json(json: &[u8]) -> Result<Reading, String> {
        let given: Given =
            serde_json::from_slice(json).map_err(|error| format!("bad options: {error}"))?;
        let (notation, games) = match given.notation.as_deref() {
            None | Some("auto") => (None, false),
            Some("pgn") => (None, true),
            Some(name) => (
                Some(
                    Notation::from_name(name)
                        .ok_or_else(|| unknown("notation", name, &NOTATIONS))?,
                ),
                false,
            ),
        };
        let mode = if given.lenient.unwrap_or(false) {
            Mode::Lenient
        } else {
            Mode::Strict
        };
        let (variant, named_castling) = match given.variant.as_deref() {
            None => (Variant::default(), None),
            Some(name) => {
                Variant::from_name(name).ok_or_else(|| unknown("variant", name, &Variant::NAMES))?
            }
        };
        // As the command line: `castling` when given, else the variant's, else the default.
        let castling = match given.castling.as_deref() {
            None => named_castling.unwrap_or_default(),
            Some("standard") => Castling::Standard,
            Some("chess960") => Castling::Chess960,
            Some(name) => return Err(unknown("castling", name, &CASTLINGS)),
        };
        let mut options = ParseOptions::strict()
            .with_mode(mode)
            .with_castling(castling)
            .with_variant(variant);
        if given.validate.unwrap_or(true) {
            options = options.validated();
        }
        if let Some(name) = given.board.as_deref() {
            let board = Board::from_name_or_game_type(name).ok_or_else(|| {
                let names: Vec<&str> = Board::ALL.iter().map(|board| board.name()).collect();
                unknown("board", name, &names)
            })?;
            options = options.with_draughts_board(board);
        }
        Ok(Reading {
            notation,
            games,
            options,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn reads_the_defaults_and_names() {
        let reading = Reading::from_json(b"{}").unwrap();
        assert_eq!(reading.notation, None);
        assert!(reading.options.validate);
        let reading =
            Reading::from_json(br#"{"notation":"epd","variant":"chess960","lenient":true}"#)
                .unwrap();
        assert_eq!(reading.notation, Some(Notation::Epd));
        assert_eq!(reading.options.castling, Castling::Chess960);
        assert!(reading.options.is_lenient());
        assert!(Reading::from_json(br#"{"notation":"pgn"}"#).unwrap().games);
    }

    #[test]
    fn names_what_it_accepts() {
        let error = Reading::from_json(br#"{"variant":"chess2"}"#).unwrap_err();
        assert!(
            error.starts_with("unknown variant \"chess2\": use one of"),
            "{error}"
        );
        let error = Reading::from_json(br#"{"castling":"x"}"#).unwrap_err();
        assert_eq!(
            error,
            "unknown castling \"x\": use one of standard, chess960"
        );
        assert!(Reading::from_json(br#"{"colour":1}"#).is_err());
    }
}
