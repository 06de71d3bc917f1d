//! Reading a record of any notation: detection (docs/notations.md) and one entry point, which
//! names the notation a record read as chess looks like when it is another's
//! ([`lookalike`]).

mod fields;
mod lookalike;
mod messages;
mod table;

use std::fmt;

use crate::chess::Fen;
use crate::diagnostic::Parsed;
use crate::draughts::DraughtsFen;
use crate::feen::Feen;
use crate::options::{ParseOptions, Variant};
use crate::variant::{Crazyhouse, ThreeCheck};
pub use fields::{ChessFields, DraughtsFields, FeenFields, PositionFields};
pub use table::{NotationInfo, notations};

/// The notations fenkit reads; what fenkit knows of each is its row of [`notations`]
/// ([`Notation::info`]).
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
        self.info().name
    }

    /// This notation's row of [`notations`]: its name, codes, explanations, reader and extent.
    pub const fn info(self) -> &'static NotationInfo {
        match self {
            Notation::Fen => &table::FEN,
            Notation::Epd => &table::EPD,
            Notation::Feen => &table::FEEN,
            Notation::Pdn => &table::PDN,
        }
    }

    /// The notation called `name`, as the CLI's `--notation` takes it.
    pub fn from_name(name: &str) -> Option<Notation> {
        notations()
            .iter()
            .find(|info| info.name == name)
            .map(|info| info.notation)
    }

    /// Guesses the notation of a record from its shape (docs/notations.md): the one row of
    /// [`notations`] whose test the shape passes.
    ///
    /// The record is split into fields once: the third field decides FEEN, then a `;`, the
    /// number of fields and the fifth field's first byte decide between FEN and EPD.
    pub fn detect(record: &[u8]) -> Notation {
        let shape = Shape::of(record);
        notations()
            .iter()
            .find(|info| info.detects(&shape))
            .map_or(Notation::Fen, |info| info.notation)
    }
}

/// What detection needs to know of a record, found in one pass over its fields (none for a
/// PDN record, which its first bytes show).
struct Shape {
    /// The record starts like a PDN record ([`is_pdn`]).
    is_pdn: bool,
    /// How many fields, counted up to 7 (more than 6 is all that matters).
    fields: usize,
    /// The third field is FEEN's style-turn (`NAME/name`).
    third_is_style_turn: bool,
    /// The fifth field starts with a letter: an EPD opcode, not a FEN clock.
    fifth_is_opcode: bool,
    /// A `;` anywhere: only EPD operations end with one.
    has_semicolon: bool,
}

impl Shape {
    /// EPD's shape: a `;`, four fields, more than six, or an opcode as the fifth.
    fn is_epd(&self) -> bool {
        self.has_semicolon || self.fields == 4 || self.fields > 6 || self.fifth_is_opcode
    }

    fn of(record: &[u8]) -> Shape {
        use crate::primitives::fields::is_separator;
        if is_pdn(record) {
            return Shape {
                is_pdn: true,
                fields: 0,
                third_is_style_turn: false,
                fifth_is_opcode: false,
                has_semicolon: false,
            };
        }
        let body = crate::primitives::fields::body(record);
        let mut shape = Shape {
            is_pdn: false,
            fields: 0,
            third_is_style_turn: false,
            fifth_is_opcode: false,
            // A `;` is never trailing whitespace, so the body holds one exactly when the record
            // does (a vectorised search, not a split into fields).
            has_semicolon: memchr::memchr(b';', body).is_some(),
        };
        // Fields as `fields::tokens` splits them (runs of bytes other than space and tab).
        let mut at = 0;
        while shape.fields < 7 {
            let rest = body.get(at..).unwrap_or_default();
            let Some(gap) = rest.iter().position(|&b| !is_separator(b)) else {
                break;
            };
            let field = rest.get(gap..).unwrap_or_default();
            let len = field_len(field);
            let field = field.get(..len).unwrap_or_default();
            match shape.fields {
                2 => shape.third_is_style_turn = crate::feen::is_style_turn_shaped(field),
                4 => shape.fifth_is_opcode = field.first().is_some_and(u8::is_ascii_alphabetic),
                _ => {}
            }
            shape.fields += 1;
            at += gap + len;
        }
        shape
    }
}

/// The length of the field at the start of `bytes`: up to the first space or tab, or the end.
fn field_len(bytes: &[u8]) -> usize {
    crate::primitives::fields::separator_at(bytes, true)
}

/// `[` starts a PDN tag pair, `/FEN "` a setup command, `W`, `B` or `?` followed by `:` a
/// draughts FEN (docs/notations.md).
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
    /// A draughts FEN (from a bare value, a tag pair or a setup command): the
    /// [`Notation::Pdn`] position.
    Pdn(DraughtsFen),
    /// A crazyhouse FEN, read as [`Notation::Fen`] with [`Variant::Crazyhouse`].
    Crazyhouse(Crazyhouse),
    /// A three-check FEN, read as [`Notation::Fen`] with [`Variant::ThreeCheck`].
    ThreeCheck(ThreeCheck),
}

impl fmt::Display for Position {
    /// The canonical text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Fen(fen) => fmt::Display::fmt(fen, f),
            Position::Epd(epd) => fmt::Display::fmt(epd, f),
            Position::Feen(feen) => fmt::Display::fmt(feen, f),
            Position::Pdn(fen) => fmt::Display::fmt(fen, f),
            Position::Crazyhouse(position) => fmt::Display::fmt(position, f),
            Position::ThreeCheck(position) => fmt::Display::fmt(position, f),
        }
    }
}

/// Parses a record in `notation` (or the detected one), validating when `options.validate`.
///
/// A chess record is judged by the rules of `options.variant`. Crazyhouse and three-check add
/// to FEN's syntax, so with either variant a FEN record is read by [`Crazyhouse`] or
/// [`ThreeCheck`] into [`Position::Crazyhouse`] or [`Position::ThreeCheck`], as
/// [`Notation::Fen`]. Read with its notation detected (a FEN, or an EPD record without
/// operations: a counter looks like an EPD field), its clocks may be left out, as an EPD
/// record leaves them out and shakmaty's perft files write positions; `Some(Notation::Fen)`
/// keeps missing clocks a dialect, as for chess. An EPD record read as EPD keeps EPD's syntax and takes the variant's
/// board rules.
///
/// A PDN record that is a tag pair or setup command is read as the FEN value inside it, with
/// spans into the record; a tag pair that is not a FEN tag (`[Event "x"]`) is the error
/// `fenkit::pdn::not_a_fen_tag` (the game scanner, [`crate::pgn::GameScanner`], skips such
/// tags in a file instead).
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
    // A crazyhouse or three-check record of detected notation (its additions are fields, so
    // it may look like EPD) is read as the variant's record, its clocks optional as in EPD.
    let given = notation;
    let notation = given.unwrap_or_else(|| Notation::detect(record));
    let epd_form = given.is_none()
        && matches!(options.variant, Variant::Crazyhouse | Variant::ThreeCheck)
        && matches!(notation, Notation::Fen | Notation::Epd)
        && memchr::memchr(b';', record).is_none();
    let notation = if epd_form { Notation::Fen } else { notation };
    let parsed = match notation {
        Notation::Fen if options.variant == Variant::Crazyhouse && epd_form => {
            Crazyhouse::parse_epd_form(record, options).map(Position::Crazyhouse)
        }
        Notation::Fen if options.variant == Variant::Crazyhouse => {
            Crazyhouse::parse(record, options).map(Position::Crazyhouse)
        }
        Notation::Fen if options.variant == Variant::ThreeCheck && epd_form => {
            ThreeCheck::parse_epd_form(record, options).map(Position::ThreeCheck)
        }
        Notation::Fen if options.variant == Variant::ThreeCheck => {
            ThreeCheck::parse(record, options).map(Position::ThreeCheck)
        }
        notation => notation.info().parse(record, options),
    };
    (notation, parsed)
}

/// `record` read as chess by `read`; when that fails and the record looks like a record of a
/// variant or another game, its diagnostics are one that says so ([`lookalike`]).
fn read_as_chess(record: &[u8], read: impl FnOnce(&[u8]) -> Parsed<Position>) -> Parsed<Position> {
    let mut parsed = read(record);
    if parsed.is_valid() {
        return parsed;
    }
    if let Some(found) = lookalike::lookalike(record) {
        parsed.value = None;
        parsed.diagnostics = vec![messages::lookalike(&found)];
        parsed.omitted = Default::default();
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Detection as it was before the one-pass [`Shape`]: the record split into fields up to
    /// three times. Kept only as the oracle the new detection must agree with.
    fn detect_by_splitting_again(record: &[u8]) -> Notation {
        use crate::primitives::fields::{body, tokens};
        if is_pdn(record) {
            return Notation::Pdn;
        }
        let looks_like_feen = {
            let body = body(record);
            tokens(body).nth(2).is_some_and(|token| {
                let third = token.field.of(body);
                third.contains(&b'/')
                    && third
                        .iter()
                        .all(|&b| b == b'/' || b.is_ascii_alphanumeric())
                    && third
                        .split(|&b| b == b'/')
                        .any(|name| name.first().is_some_and(u8::is_ascii_alphabetic))
            })
        };
        if looks_like_feen {
            return Notation::Feen;
        }
        if record.contains(&b';') {
            return Notation::Epd;
        }
        let body = body(record);
        let mut fields = tokens(body);
        let fifth = fields.by_ref().nth(4);
        let count = match fifth {
            Some(_) => 5 + fields.take(2).count(),
            None => tokens(body).count(),
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

    /// Bytes that make every rule of detection fire now and then: separators, line ends,
    /// `/`, `;`, `:`, `[`, letters, digits and a non-ASCII byte.
    fn shaped_bytes() -> impl Strategy<Value = Vec<u8>> {
        let byte = prop::sample::select(&b" \t\r\n/;:[\"WBFENKkqw-0912aAzZ\xc3"[..]);
        prop::collection::vec(byte, 0..40)
    }

    proptest! {
        #[test]
        fn one_pass_detection_agrees_with_splitting_again(record in shaped_bytes()) {
            prop_assert_eq!(Notation::detect(&record), detect_by_splitting_again(&record));
        }

        #[test]
        fn one_pass_detection_agrees_on_any_bytes(record in prop::collection::vec(any::<u8>(), 0..80)) {
            prop_assert_eq!(Notation::detect(&record), detect_by_splitting_again(&record));
        }
    }

    #[test]
    fn each_rule_of_detection_is_seen_by_the_oracle_and_the_new_pass() {
        for (record, notation) in [
            (&b"K / A/b"[..], Notation::Feen),
            (b"8/8/8/8/8/8/8/8 w - - 0 1", Notation::Fen),
            (b"8/8/8/8/8/8/8/8 w - -", Notation::Epd),
            (b"8/8/8/8/8/8/8/8 w - - bm e4", Notation::Epd),
            (b"8/8/8/8/8/8/8/8 w - - 0 1 x", Notation::Epd),
            (b"8/8/8/8/8/8/8/8 w - - 0;", Notation::Epd),
            (b"8/8/8/8/8/8/8/8 w - - \t\r\n", Notation::Epd),
            (b"K / 1/2", Notation::Fen),
            (b"K / A/b x;", Notation::Feen),
            (b"K / A/b;", Notation::Epd),
            (b"W:W31:B1", Notation::Pdn),
        ] {
            assert_eq!(Notation::detect(record), notation, "{record:?}");
            assert_eq!(detect_by_splitting_again(record), notation, "{record:?}");
        }
    }
}
