//! Reading a record of any notation: detection (docs/notations.md) and one entry point, which
//! names the notation a record read as chess looks like when it is another's
//! ([`lookalike`]).

mod fields;
mod lookalike;
mod messages;
mod notation;
mod plain_fen;
mod position;
mod shape;
mod table;

use crate::diagnostic::Parsed;
use crate::options::{ParseOptions, Variant};
use crate::variant::{Crazyhouse, ThreeCheck};
pub use fields::{ChessFields, DraughtsFields, FeenFields, PositionFields};
pub use notation::Notation;
pub use position::Position;
#[cfg(test)]
use shape::is_pdn;
pub use table::{NotationInfo, notations};

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
        Notation::Fen if options.variant == Variant::ThreeCheck && epd_form => {
            ThreeCheck::parse_epd_form(record, options).map(Position::ThreeCheck)
        }
        Notation::Fen => parse_fen(record, options),
        notation => notation.info().parse(record, options),
    };
    (notation, parsed)
}

/// A record read as [`parse_any`] reads it given [`Notation::Fen`]: by the rules of
/// `options.variant`, crazyhouse and three-check by their own readers. Called directly where
/// the notation is known (a game's FEN tags), without the table's indirection.
pub(crate) fn parse_fen(record: &[u8], options: &ParseOptions) -> Parsed<Position> {
    match options.variant {
        Variant::Crazyhouse => Crazyhouse::parse(record, options).map(Position::Crazyhouse),
        Variant::ThreeCheck => ThreeCheck::parse(record, options).map(Position::ThreeCheck),
        _ => table::read_as_chess(record, |record| {
            crate::Fen::parse(record, options).map(Position::Fen)
        }),
    }
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
