//! The table of notations: one row per notation with everything the library (and a front end)
//! needs to know of it, so that a list of notations is this table iterated, never written
//! again. Adding a notation is a row here (with its `Notation` and `Position` variants), beside
//! the notation's own module, its grammar (`crate::grammar`'s extent and record combinator)
//! and its codes in the registry, which sits beneath the notations (a test holds the registry
//! and the rows together).

use std::fmt;

use super::notation::Notation;
use super::position::Position;
use super::shape::Shape;
use crate::code_info::CodeInfo;
use crate::diagnostic::Parsed;
use crate::options::ParseOptions;

/// What fenkit knows of one notation: its name, how a record of it is recognised, read and
/// cut out of a larger input, its diagnostic codes and their explanations.
///
/// ```
/// use fenkit::{Notation, notations};
///
/// let names: Vec<_> = notations().iter().map(|info| info.name).collect();
/// assert_eq!(names, ["fen", "epd", "feen", "pdn"]);
/// let pdn = Notation::Pdn.info();
/// assert!(pdn.codes.iter().any(|code| code.code == "fenkit::pdn::square_out_of_range"));
/// // Where a record ends in a larger input (a UCI command, a PGN tag value).
/// assert_eq!(Notation::Fen.info().record_len(b"8/8/8/8/8/8/8/k1K5 b - - 0 1 moves a1a2"), 28);
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct NotationInfo {
    /// The notation.
    pub notation: Notation,
    /// Its name in codes, the command line (`--notation`), JSON and the language server.
    pub name: &'static str,
    /// What it is, in a few words (for help texts and menus).
    pub title: &'static str,
    /// Its diagnostic codes (`fenkit::NAME::*`), in documentation order.
    pub codes: &'static [CodeInfo],
    /// Whether a record's shape shows this notation: the rows' tests exclude each other, so
    /// detection is the one row whose test holds.
    detect: fn(&Shape) -> bool,
    /// Reads a record (validating when the options say so).
    parse: fn(&[u8], &ParseOptions) -> Parsed<Position>,
    /// Where a record of the notation ends at the start of a larger input.
    extent: fn(&[u8]) -> usize,
}

impl NotationInfo {
    /// The long explanations of its codes, as Markdown (`fenkit explain`, the documentation
    /// page of the explanations): a section per code. A method, not a field of the row, so that
    /// a program that never explains (the WebAssembly module) does not carry the texts.
    pub fn explanations(&self) -> &'static str {
        match self.notation {
            Notation::Fen => include_str!("../explain/fen.md"),
            Notation::Epd => include_str!("../explain/epd.md"),
            Notation::Feen => include_str!("../explain/feen.md"),
            Notation::Pdn => include_str!("../explain/pdn.md"),
        }
    }

    /// Reads `record` in this notation, as [`crate::parse_any`] does when given it (a
    /// crazyhouse or three-check variant aside, which `parse_any` reads with their records).
    pub fn parse(&self, record: &[u8], options: &ParseOptions) -> Parsed<Position> {
        (self.parse)(record, options)
    }

    /// The length of the record of this notation at the start of `input`: where the record
    /// combinators of [`crate::grammar`] cut it.
    pub fn record_len(&self, input: &[u8]) -> usize {
        (self.extent)(input)
    }

    /// Whether `shape` is this notation's.
    pub(super) fn detects(&self, shape: &Shape) -> bool {
        (self.detect)(shape)
    }
}

/// Every notation fenkit reads, one row each, in the order of [`Notation`].
///
/// ```
/// for info in fenkit::notations() {
///     assert_eq!(fenkit::Notation::from_name(info.name), Some(info.notation));
/// }
/// ```
pub fn notations() -> &'static [NotationInfo] {
    &NOTATIONS
}

/// The rows, in the order of [`Notation`].
pub(super) const NOTATIONS: [NotationInfo; 4] = [FEN, EPD, FEEN, PDN];

/// Chess FEN.
pub(super) const FEN: NotationInfo = NotationInfo {
    notation: Notation::Fen,
    name: crate::chess::NOTATION,
    title: "chess FEN, six fields",
    codes: crate::chess::codes::ALL,
    detect: |shape| !shape.is_pdn && !shape.third_is_style_turn && !shape.is_epd(),
    parse: |record, options| {
        read_as_chess(record, |record| {
            crate::Fen::parse(record, options).map(Position::Fen)
        })
    },
    extent: crate::grammar::extent::fen,
};

/// EPD.
pub(super) const EPD: NotationInfo = NotationInfo {
    notation: Notation::Epd,
    name: crate::epd::NOTATION,
    title: "EPD: a position and operations (and the four-field \"modified FEN\")",
    codes: crate::epd::codes::ALL,
    detect: |shape| !shape.is_pdn && !shape.third_is_style_turn && shape.is_epd(),
    parse: |record, options| {
        read_as_chess(record, |record| {
            crate::Epd::parse(record, options).map(Position::Epd)
        })
    },
    extent: crate::grammar::extent::epd,
};

/// FEEN.
pub(super) const FEEN: NotationInfo = NotationInfo {
    notation: Notation::Feen,
    name: crate::feen::NOTATION,
    title: "Sashité FEEN 1.0.0: any board, pieces in hand, styles",
    codes: crate::feen::codes::ALL,
    detect: |shape| !shape.is_pdn && shape.third_is_style_turn,
    parse: |record, options| crate::Feen::parse(record, options).map(Position::Feen),
    extent: crate::grammar::extent::feen,
};

/// Draughts FEN and PDN records.
pub(super) const PDN: NotationInfo = NotationInfo {
    notation: Notation::Pdn,
    name: crate::draughts::NOTATION,
    title: "draughts FEN: a bare value, a PDN [FEN \"...\"] tag or /FEN \"...\"/ setup",
    codes: crate::draughts::codes::ALL,
    detect: |shape| shape.is_pdn,
    parse: |record, options| crate::draughts::parse_record(record, options).map(Position::Pdn),
    extent: crate::grammar::extent::draughts_fen,
};

impl Notation {
    /// The name used in codes, the CLI and JSON output (`fen`, `epd`, `pdn`, `feen`).
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// This notation's row of [`notations`]: its name, codes, explanations, reader and extent.
    pub const fn info(self) -> &'static NotationInfo {
        match self {
            Notation::Fen => &FEN,
            Notation::Epd => &EPD,
            Notation::Feen => &FEEN,
            Notation::Pdn => &PDN,
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
    /// The common chess FEN is found in one pass before that (`is_plain_fen`).
    pub fn detect(record: &[u8]) -> Notation {
        if super::plain_fen::is_plain_fen(record) {
            return Notation::Fen;
        }
        let shape = Shape::of(record);
        notations()
            .iter()
            .find(|info| info.detects(&shape))
            .map_or(Notation::Fen, |info| info.notation)
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `record` read as chess by `read`; when that fails and the record looks like a record of a
/// variant or another game, its diagnostics are one that says so (`lookalike.rs`).
#[inline]
pub(super) fn read_as_chess(
    record: &[u8],
    read: impl FnOnce(&[u8]) -> Parsed<Position>,
) -> Parsed<Position> {
    let mut parsed = read(record);
    if parsed.is_valid() {
        return parsed;
    }
    if let Some(found) = super::lookalike::lookalike(record) {
        parsed.value = None;
        parsed.diagnostics = vec![super::messages::lookalike(&found)];
        parsed.omitted = Default::default();
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::any::plain_fen::is_plain_fen;
    use crate::any::shape::Shape;
    use proptest::prelude::*;

    /// Detection by [`Shape`] alone, without the check for a plain FEN.
    fn detect_by_shape(record: &[u8]) -> Notation {
        let shape = Shape::of(record);
        notations()
            .iter()
            .find(|info| info.detects(&shape))
            .map_or(Notation::Fen, |info| info.notation)
    }

    /// Records shaped like FENs, with the near misses: tabs, two spaces, `;`, opcodes, `/` in
    /// the third field.
    fn fen_like() -> impl Strategy<Value = Vec<u8>> {
        let field =
            prop::collection::vec(prop::sample::select(&b"/KkQq128w-bAZ/;\t\r:["[..]), 0..5);
        let mut gaps = vec![&b" "[..]; 12];
        gaps.extend([&b"  "[..], b"\t", b""]);
        let gap = prop::sample::select(gaps);
        let placement =
            prop::collection::vec(prop::sample::select(&b"/KkQq128/;\t\r\n \xc3"[..]), 0..24);
        (placement, prop::collection::vec((gap, field), 3..7)).prop_map(|(first, rest)| {
            let mut record = first;
            for (gap, field) in rest {
                record.extend_from_slice(gap);
                record.extend(field);
            }
            record
        })
    }

    proptest! {
        #[test]
        fn a_plain_fen_is_what_the_shape_says(record in fen_like()) {
            if is_plain_fen(&record) {
                prop_assert_eq!(detect_by_shape(&record), Notation::Fen);
            }
        }

        #[test]
        fn a_plain_fen_is_what_the_shape_says_of_any_bytes(record in prop::collection::vec(any::<u8>(), 0..80)) {
            if is_plain_fen(&record) {
                prop_assert_eq!(detect_by_shape(&record), Notation::Fen);
            }
        }
    }

    #[test]
    fn each_row_is_its_notation_s() {
        for (index, info) in notations().iter().enumerate() {
            assert_eq!(info.notation as usize, index, "{}", info.name);
            assert_eq!(info.notation.info().name, info.name);
            assert!(
                info.codes
                    .iter()
                    .all(|code| code.code.starts_with(&format!("fenkit::{}::", info.name))),
                "{}",
                info.name
            );
        }
    }

    #[test]
    fn the_registry_lists_every_row_s_codes() {
        for info in notations() {
            for code in info.codes {
                assert!(
                    crate::registry::all().any(|listed| listed == code),
                    "{}",
                    code.code
                );
            }
        }
    }

    #[test]
    fn exactly_one_row_detects_each_shape() {
        for record in [
            &b"W:W31:B1"[..],
            b"[FEN \"x\"]",
            b"K / A/b",
            b"8/8/8/8/8/8/8/8 w - -",
            b"8/8/8/8/8/8/8/8 w - - 0 1",
            b"8/8/8/8/8/8/8/8 w - - bm e4;",
            b"",
            b"x y z",
        ] {
            let shape = Shape::of(record);
            let rows = notations()
                .iter()
                .filter(|info| info.detects(&shape))
                .count();
            assert_eq!(rows, 1, "{record:?}");
        }
    }
}
