//! The long explanation of each diagnostic code (`fenkit explain CODE`), read from one Markdown
//! file per notation. The same files are the [`crate::codes::explanations`] documentation page,
//! so the text a terminal prints and the page a diagnostic's URL opens cannot drift apart.
//!
//! The format of the files, which the parser below and a test rely on:
//!
//! - each code is a section whose heading is ``## <a id="CODE"></a>`CODE` ``;
//! - the section has a fenced block whose info string starts with `text wrong` and one that
//!   starts with `text right`: the record that triggers the code and the corrected record (a
//!   reserved code, no longer reported (the grammar fallbacks `*::syntax`,
//!   `fenkit::variant::field_separator`), and a reading code of the
//!   command line have only the right one).
//!   The words after them say how to read the record: `lenient` (default strict), `validated`
//!   (default syntax only), `castling-standard` (standard-chess castling rights, the default), `castling-chess960`
//!   (Chess960 castling rights),
//!   `board-NAME` (a draughts board), `pgn-file` (the lines of a PGN or PDN game file,
//!   [`crate::pgn::GameScanner`]), `pdn-file` (the lines of a PDN file, as `fenkit check
//!   FILE.pdn` reads them), `fen-to-feen` (a FEN converted to FEEN), `crazyhouse` or
//!   `three-check` (a variant FEN, [`crate::variant`]), `variant-NAME` (the board rules of a
//!   variant, [`crate::Variant::from_name`], e.g. `variant-horde`), `as-feen` (read as FEEN,
//!   whatever the file's notation).

use std::sync::OnceLock;

use crate::any::{Notation, parse_any};
use crate::diagnostic::Diagnostic;
use crate::mode::Mode;
use crate::options::{Castling, ParseOptions};

/// The explanation files of what is no notation's own, with the notation their examples are
/// read as: those before the notations' and those after (each notation's file is its row's,
/// [`crate::notations`]).
const BEFORE: [(Notation, &str); 2] = [
    (Notation::Fen, include_str!("input.md")),
    (Notation::Fen, include_str!("grammar.md")),
];
const AFTER: [(Notation, &str); 2] = [
    (Notation::Fen, include_str!("pgn.md")),
    // Read as a variant by the `crazyhouse` / `three-check` word of each example.
    (Notation::Fen, include_str!("variant.md")),
];

/// Every explanation file, in the order of the documentation page.
fn sources() -> impl Iterator<Item = (Notation, &'static str)> {
    let notations = crate::notations()
        .iter()
        .map(|info| (info.notation, info.explanations()));
    BEFORE.into_iter().chain(notations).chain(AFTER)
}

/// The long explanation of one diagnostic code: what the standard says, a record that
/// triggers the code and the corrected record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation {
    /// The code, e.g. `fenkit::fen::rank_too_long`.
    pub code: &'static str,
    /// The explanation as Markdown (the section of the documentation page, without its heading).
    pub text: &'static str,
    /// A record that is reported with this code; `None` only for the reserved codes, no longer
    /// reported (the grammar fallbacks `*::syntax`, `fenkit::variant::field_separator`), and
    /// for the command line's reading codes
    /// (`fenkit::input::*`) and of a caller's composed grammar (`fenkit::grammar::*`), which no
    /// notation reports.
    pub wrong: Option<Example>,
    /// The same record written right: no diagnostic at all.
    pub right: Example,
}

impl Explanation {
    /// The address of this explanation in the documentation ([`crate::codes::url`]).
    pub fn url(&self) -> String {
        crate::code_info::url(self.code)
    }
}

/// An example record of an explanation, with how to read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Example {
    /// The record (for [`Reading::PdnFile`], the lines of a file).
    pub record: &'static str,
    /// The notation it is read as.
    pub notation: Notation,
    /// What is done with it.
    pub reading: Reading,
    /// Strict or lenient, validated or not, the draughts board.
    pub options: ParseOptions,
}

/// How an [`Example`] is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reading {
    /// One record, with [`parse_any`] and the example's notation.
    Record,
    /// The lines of a PDN file, read by [`crate::pgn::GameScanner`] as any game file (the
    /// command line shows it as a `.pdn` file).
    PdnFile,
    /// The lines of a PGN or PDN game file, read by [`crate::pgn::GameScanner`].
    PgnFile,
    /// A chess FEN converted to FEEN ([`crate::Feen::from_fen`]): the diagnostics are the
    /// FEN's and the conversion's.
    FenToFeen,
    /// A crazyhouse FEN ([`crate::variant::Crazyhouse::parse`]).
    Crazyhouse,
    /// A three-check FEN ([`crate::variant::ThreeCheck::parse`]).
    ThreeCheck,
}

impl Example {
    /// Every diagnostic fenkit reports for this example.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let record = self.record.as_bytes();
        match self.reading {
            Reading::Record => {
                parse_any(record, Some(self.notation), &self.options)
                    .1
                    .diagnostics
            }
            Reading::PdnFile | Reading::PgnFile => {
                let mut scanner = crate::pgn::GameScanner::new(self.options);
                let mut records: Vec<_> = record
                    .split(|&b| b == b'\n')
                    .flat_map(|line| scanner.scan_line(line))
                    .collect();
                records.extend(scanner.finish());
                records
                    .into_iter()
                    .flat_map(|record| record.parsed.diagnostics)
                    .collect()
            }
            Reading::FenToFeen => {
                let parsed = crate::chess::Fen::parse(record, &self.options);
                let converted = parsed.value.as_ref().map(crate::feen::Feen::from_fen);
                let mut diagnostics = parsed.diagnostics;
                diagnostics.extend(converted.into_iter().flat_map(|c| c.diagnostics));
                diagnostics
            }
            Reading::Crazyhouse => {
                crate::variant::Crazyhouse::parse(record, &self.options).diagnostics
            }
            Reading::ThreeCheck => {
                crate::variant::ThreeCheck::parse(record, &self.options).diagnostics
            }
        }
    }
}

/// The explanation of `code`, if it has one.
pub(crate) fn explain(code: &str) -> Option<&'static Explanation> {
    all().iter().find(|explanation| explanation.code == code)
}

/// Every explanation, in the order of the files.
pub(crate) fn all() -> &'static [Explanation] {
    static ALL: OnceLock<Vec<Explanation>> = OnceLock::new();
    ALL.get_or_init(|| {
        sources()
            .flat_map(|(notation, source)| sections(source).filter_map(move |s| read(notation, s)))
            .collect()
    })
}

/// The `## ` sections of a file: (heading, body).
fn sections(source: &'static str) -> impl Iterator<Item = (&'static str, &'static str)> {
    source
        .split("\n## ")
        .skip(1)
        .filter_map(|section| section.split_once('\n'))
}

/// One section as an explanation; `None` if it does not follow the format.
fn read(notation: Notation, (heading, body): (&'static str, &'static str)) -> Option<Explanation> {
    let code = heading.rsplit("</a>").next()?.trim().trim_matches('`');
    let wrong = example(notation, body, "wrong");
    let right = example(notation, body, "right")?;
    Some(Explanation {
        code,
        text: body.trim(),
        wrong,
        right,
    })
}

/// The fenced block of `body` whose info string is `text KIND ...`.
fn example(notation: Notation, body: &'static str, kind: &str) -> Option<Example> {
    let mut blocks = body.split("```").skip(1).step_by(2);
    let block = blocks.find(|block| {
        let mut words = block.lines().next().unwrap_or_default().split_whitespace();
        words.next() == Some("text") && words.next() == Some(kind)
    })?;
    let (info, record) = block.split_once('\n')?;
    let record = record.strip_suffix('\n').unwrap_or(record);
    let mut example = Example {
        record,
        notation,
        reading: Reading::Record,
        options: ParseOptions::strict(),
    };
    for word in info.split_whitespace().skip(2) {
        match word {
            "lenient" => example.options = example.options.with_mode(Mode::Lenient),
            "validated" => example.options = example.options.validated(),
            "castling-standard" => {
                example.options = example.options.with_castling(Castling::Standard);
            }
            "castling-chess960" => {
                example.options = example.options.with_castling(Castling::Chess960);
            }
            "pdn-file" => example.reading = Reading::PdnFile,
            "pgn-file" => example.reading = Reading::PgnFile,
            "fen-to-feen" => example.reading = Reading::FenToFeen,
            "as-feen" => example.notation = Notation::Feen,
            "crazyhouse" => example.reading = Reading::Crazyhouse,
            "three-check" => example.reading = Reading::ThreeCheck,
            _ if word.starts_with("variant-") => {
                let name = word.strip_prefix("variant-")?;
                let (variant, _) = crate::options::Variant::from_name(name)?;
                example.options = example.options.with_variant(variant);
            }
            _ => {
                let name = word.strip_prefix("board-")?;
                let board = crate::draughts::Board::from_name_or_game_type(name)?;
                example.options = example.options.with_draughts_board(board);
            }
        }
    }
    Some(example)
}
