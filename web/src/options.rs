//! The options object of `parse` and `checkMany` (`{notation, variant, castling, lenient,
//! validate, board, select, ignore}`), read once each time it changes. The JavaScript side writes it as lines
//! of `name=value` (values hold no line break); an unknown name is an error whose message
//! lists the names accepted, which the JavaScript side throws as a `RangeError`.

use fenkit::codes::CodeFilter;
use fenkit::draughts::Board;
use fenkit::{Castling, Mode, Notation, ParseOptions, Variant};

/// The names `notation` takes: `auto` detects each record's, every notation of the library's
/// table, `pgn` reads a game text.
pub fn notation_names() -> Vec<&'static str> {
    let mut names = vec!["auto"];
    names.extend(fenkit::notations().iter().map(|info| info.name));
    names.push("pgn");
    names
}

/// The castling rules `castling` takes.
pub const CASTLINGS: [&str; 2] = ["standard", "chess960"];

/// How the records of a text are read.
#[derive(Clone, Debug)]
pub struct Options {
    /// The notation of a record (`None`: detected from its shape).
    pub notation: Option<Notation>,
    /// `notation: "pgn"`: the text is a game text (PGN or PDN), whatever its start.
    pub games: bool,
    /// The library's options.
    pub options: ParseOptions,
    /// The codes reported (`select`, every one when empty) and those left out (`ignore`).
    pub filter: CodeFilter,
}

impl Default for Options {
    /// The command line's defaults: notation detected, strict, validated.
    fn default() -> Self {
        Options {
            notation: None,
            games: false,
            options: ParseOptions::strict().validated(),
            filter: CodeFilter::default(),
        }
    }
}

/// `name` or the names accepted, as an error message.
fn unknown(what: &str, name: &str, names: &[&str]) -> String {
    format!("unknown {what} {name:?}: use one of {}", names.join(", "))
}

/// The options as given, each `None` when absent.
#[derive(Default)]
struct Given<'a> {
    notation: Option<&'a str>,
    variant: Option<&'a str>,
    castling: Option<&'a str>,
    lenient: bool,
    validate: bool,
    board: Option<&'a str>,
    select: Vec<&'a str>,
    ignore: Vec<&'a str>,
}

impl<'a> Given<'a> {
    /// The `name=value` lines.
    fn read(text: &'a str) -> Result<Given<'a>, String> {
        let mut given = Given {
            validate: true,
            ..Given::default()
        };
        for line in text.lines().filter(|line| !line.is_empty()) {
            let (name, value) = line.split_once('=').unwrap_or((line, ""));
            match name {
                "notation" => given.notation = Some(value),
                "variant" => given.variant = Some(value),
                "castling" => given.castling = Some(value),
                "board" => given.board = Some(value),
                "select" => given.select.push(value),
                "ignore" => given.ignore.push(value),
                "lenient" => given.lenient = value == "true",
                "validate" => given.validate = value == "true",
                _ => return Err(format!("unknown option {name:?}")),
            }
        }
        Ok(given)
    }
}

impl Options {
    /// The reading the options' lines describe, or the message of what is wrong in them.
    pub fn from_text(text: &[u8]) -> Result<Options, String> {
        let text = std::str::from_utf8(text).map_err(|_| String::from("options are UTF-8"))?;
        let given = Given::read(text)?;
        let (notation, games) = match given.notation {
            None | Some("auto") => (None, false),
            Some("pgn") => (None, true),
            Some(name) => (
                Some(
                    Notation::from_name(name)
                        .ok_or_else(|| unknown("notation", name, &notation_names()))?,
                ),
                false,
            ),
        };
        let mode = if given.lenient {
            Mode::Lenient
        } else {
            Mode::Strict
        };
        let (variant, named_castling) = match given.variant {
            None => (Variant::default(), None),
            Some(name) => {
                Variant::from_name(name).ok_or_else(|| unknown("variant", name, &Variant::NAMES))?
            }
        };
        // As the command line: `castling` when given, else the variant's, else the default.
        let castling = match given.castling {
            None => named_castling.unwrap_or_default(),
            Some("standard") => Castling::Standard,
            Some("chess960") => Castling::Chess960,
            Some(name) => return Err(unknown("castling", name, &CASTLINGS)),
        };
        let mut options = ParseOptions::strict()
            .with_mode(mode)
            .with_castling(castling)
            .with_variant(variant);
        if given.validate {
            options = options.validated();
        }
        if let Some(name) = given.board {
            let board = Board::from_name_or_game_type(name).ok_or_else(|| {
                let names: Vec<&str> = Board::ALL.iter().map(|board| board.name()).collect();
                unknown("board", name, &names)
            })?;
            options = options.with_draughts_board(board);
        }
        let filter = CodeFilter::new(&given.select, &given.ignore)
            .map_err(|unknown| format!("{unknown}: codes() lists every code"))?;
        Ok(Options {
            notation,
            games,
            options,
            filter,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn reads_the_defaults_and_names() {
        let reading = Options::from_text(b"").unwrap();
        assert_eq!(reading.notation, None);
        assert!(reading.options.validate);
        let reading =
            Options::from_text(b"notation=epd\nvariant=chess960\nlenient=true\nvalidate=false")
                .unwrap();
        assert_eq!(reading.notation, Some(Notation::Epd));
        assert_eq!(reading.options.castling, Castling::Chess960);
        assert!(reading.options.is_lenient());
        assert!(!reading.options.validate);
        assert!(Options::from_text(b"notation=pgn").unwrap().games);
    }

    #[test]
    fn takes_every_notation_of_the_table_by_name() {
        for info in fenkit::notations() {
            let reading = Options::from_text(format!("notation={}", info.name).as_bytes());
            assert_eq!(
                reading.unwrap().notation,
                Some(info.notation),
                "{}",
                info.name
            );
        }
        let error = Options::from_text(b"notation=xfen").unwrap_err();
        let names = fenkit::notations().iter().map(|info| info.name);
        assert!(names.clone().all(|name| error.contains(name)), "{error}");
        assert!(error.ends_with("pgn"), "{error}");
    }

    #[test]
    fn names_what_it_accepts() {
        let error = Options::from_text(b"variant=chess2").unwrap_err();
        assert!(
            error.starts_with("unknown variant \"chess2\": use one of"),
            "{error}"
        );
        let error = Options::from_text(b"castling=x").unwrap_err();
        assert_eq!(
            error,
            "unknown castling \"x\": use one of standard, chess960"
        );
        assert!(Options::from_text(b"colour=1").is_err());
        let error = Options::from_text(b"ignore=no_such_code").unwrap_err();
        assert_eq!(
            error,
            "unknown code `no_such_code`: codes() lists every code"
        );
    }

    #[test]
    fn reads_the_codes_to_report() {
        let reading = Options::from_text(b"ignore=missing_clocks\nselect=fen").unwrap();
        assert!(!reading.filter.keeps("fenkit::fen::missing_clocks"));
        assert!(reading.filter.keeps("fenkit::fen::rank_too_long"));
        assert!(!reading.filter.keeps("fenkit::epd::missing_fields"));
    }
}
