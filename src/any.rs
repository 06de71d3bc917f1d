//! Reading a record of any notation: detection (NOTATIONS.md §5) and one entry point.

use std::fmt;

use crate::chess::Fen;
use crate::diagnostic::Parsed;
use crate::draughts::DraughtsFen;
use crate::feen::Feen;
use crate::options::ParseOptions;

/// The notations fenkit reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Notation {
    /// Chess FEN, six fields.
    Fen,
    /// EPD: four position fields and operations (also the "modified FEN" of opening books).
    Epd,
    /// FEEN 1.0.0: placement, pieces in hand, style-turn.
    Feen,
    /// Draughts FEN: a bare value (`W:W31-50:B1-20`), a `[FEN "..."]` tag pair or a
    /// `/FEN "..."/` setup command.
    Pdn,
}

impl Notation {
    /// The name used in codes, the CLI and JSON output (`fen`, `epd`, `pdn`, `feen`).
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Fen => crate::chess::NOTATION,
            Notation::Epd => crate::epd::NOTATION,
            Notation::Feen => crate::feen::NOTATION,
            Notation::Pdn => crate::draughts::NOTATION,
        }
    }

    /// The notation called `name`, as the CLI's `--notation` takes it.
    pub fn from_name(name: &str) -> Option<Notation> {
        match name {
            "fen" => Some(Notation::Fen),
            "epd" => Some(Notation::Epd),
            "feen" => Some(Notation::Feen),
            "pdn" => Some(Notation::Pdn),
            _ => None,
        }
    }

    /// Guesses the notation of a record from its shape (NOTATIONS.md §5).
    pub fn detect(record: &[u8]) -> Notation {
        if is_pdn(record) {
            return Notation::Pdn;
        }
        if crate::feen::looks_like_feen(record) {
            return Notation::Feen;
        }
        detect_chess(record)
    }
}

/// `[` starts a PDN tag pair, `/FEN "` a setup command, `W`, `B` or `?` followed by `:` a
/// draughts FEN (NOTATIONS.md §5).
fn is_pdn(record: &[u8]) -> bool {
    record.starts_with(b"[")
        || record.starts_with(b"/FEN \"")
        || matches!(record, [b'W' | b'B' | b'?', b':', ..])
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Chess records: a `;`, exactly four fields, more than six fields, or a fifth field that starts
/// with a letter (an opcode) make an EPD record; anything else is read as FEN.
fn detect_chess(record: &[u8]) -> Notation {
    if record.contains(&b';') {
        return Notation::Epd;
    }
    let body = crate::primitives::fields::body(record);
    let mut fields = crate::primitives::fields::tokens(body);
    let fifth = fields.by_ref().nth(4);
    let count = match fifth {
        Some(_) => 5 + fields.take(2).count(),
        None => crate::primitives::fields::tokens(body).count(),
    };
    let fifth_is_opcode = fifth.is_some_and(|token| {
        token
            .field
            .of(record)
            .first()
            .is_some_and(u8::is_ascii_alphabetic)
    });
    if count == 4 || count > 6 || fifth_is_opcode {
        Notation::Epd
    } else {
        Notation::Fen
    }
}

/// A parsed position of any notation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Position {
    /// A chess FEN.
    Fen(Fen),
    /// An EPD record.
    Epd(crate::epd::Epd),
    /// A FEEN position.
    Feen(Feen),
    /// A draughts FEN (from a bare value, a tag pair or a setup command).
    Draughts(DraughtsFen),
}

impl fmt::Display for Position {
    /// The canonical text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Fen(fen) => fmt::Display::fmt(fen, f),
            Position::Epd(epd) => fmt::Display::fmt(epd, f),
            Position::Feen(feen) => fmt::Display::fmt(feen, f),
            Position::Draughts(fen) => fmt::Display::fmt(fen, f),
        }
    }
}

/// Parses a record in `notation` (or the detected one), validating when `options.validate`.
///
/// A PDN record that is a tag pair or setup command is read as the FEN value inside it, with
/// spans into the record; a tag pair that is not a FEN tag (`[Event "x"]`) is the error
/// `fenkit::pdn::not_a_fen_tag` (the PDN file scanner, [`crate::draughts::PdnScanner`], skips
/// such tags instead).
///
/// ```
/// use fenkit::{parse_any, Notation, ParseOptions};
///
/// let (notation, parsed) = parse_any(b"8/8/8/8/8/8/8/8 w - - 0 1", None, &ParseOptions::strict());
/// assert_eq!(notation, Notation::Fen);
/// assert!(parsed.is_valid());
/// ```
pub fn parse_any(
    record: &[u8],
    notation: Option<Notation>,
    options: &ParseOptions,
) -> (Notation, Parsed<Position>) {
    let notation = notation.unwrap_or_else(|| Notation::detect(record));
    let parsed = match notation {
        Notation::Fen => Fen::parse(record, options).map(Position::Fen),
        Notation::Epd => crate::epd::Epd::parse(record, options).map(Position::Epd),
        Notation::Feen => Feen::parse(record, options).map(Position::Feen),
        Notation::Pdn => crate::draughts::parse_record(record, options).map(Position::Draughts),
    };
    (notation, parsed)
}
