//! Reading and validating a chess FEN: the entry points, which run the record rule
//! (`record.rs`) and the legality checks, both of which read the value (`fen.rs`).

use std::str::FromStr;

use super::board::Board;
use super::castling::CastlingRights;
use super::fen::{Fen, NOTATION};
use super::record::{FenRecord, LayoutSource};
use super::types::Color;
use super::variant_rules::VariantRules as _;
use crate::diagnostic::{Diagnostic, ParseError, Parsed};
use crate::mode::Mode;
use crate::options::{Castling, ParseOptions};
use crate::rules::run::run;
use crate::settings::Variant;

/// The entry points, which run the record rule and the legality checks.
impl Fen {
    /// The standard starting position.
    pub fn starting_position() -> Fen {
        let text = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        match run(&mut FenRecord::new(text), text, Mode::Strict).value {
            Some(fen) => fen,
            None => Fen {
                board: Board::empty(),
                side_to_move: Color::White,
                castling: CastlingRights::NONE,
                en_passant: None,
                halfmove_clock: 0,
                fullmove_number: 1,
            },
        }
    }

    /// Parses one record with every diagnostic; with `options.validate`, also checks legality.
    ///
    /// Valid strict input takes the fast path and allocates nothing.
    ///
    /// ```
    /// use fenkit::{Fen, ParseOptions};
    ///
    /// let parsed = Fen::parse(b"8/8/8/8/8/8/8/8 W - - 0 0", &ParseOptions::lenient());
    /// assert!(parsed.is_valid());
    /// let codes: Vec<_> = parsed.diagnostics.iter().map(|d| d.code()).collect();
    /// assert_eq!(codes, ["fenkit::fen::uppercase_side_to_move", "fenkit::fen::fullmove_zero"]);
    /// ```
    pub fn parse(input: &[u8], options: &ParseOptions) -> Parsed<Fen> {
        let mut rule = FenRecord::new(input);
        // Only the legality step needs to know where the fields stand.
        rule.layout.wanted = options.validate;
        if !options.validate {
            // Handed on as the driver wrote it: copying it here would read back, at once, the
            // bytes just written one field at a time (a stall of several nanoseconds).
            return run(&mut rule, input, options.mode);
        }
        let mut parsed = run(&mut rule, input, options.mode);
        if let Some(fen) = &parsed.value {
            // The legality spans come from this pass: the record is not read again.
            let mut problems = Vec::new();
            let layout = &mut LayoutSource::Parsed(&rule.layout);
            fen.validate_layout(input, layout, options, &mut problems);
            parsed.add(problems);
        }
        parsed
    }

    /// Parses strict FEN from bytes.
    pub fn from_ascii(input: &[u8]) -> Result<Fen, ParseError> {
        Fen::parse(input, &ParseOptions::strict()).into_result(NOTATION, input)
    }

    /// Checks that the position can exist; spans point into this value's canonical text.
    pub fn validate(&self) -> Vec<Diagnostic> {
        self.validate_in(self.to_string().as_bytes())
    }

    /// Checks that the position can exist; spans point into `record`, the text this value was
    /// parsed from (in either mode).
    pub fn validate_in(&self, record: &[u8]) -> Vec<Diagnostic> {
        let mut problems = Vec::new();
        let layout = &mut LayoutSource::Later(None);
        super::legality::check(self, record, layout, &Variant::Chess, &mut problems);
        problems
    }

    /// [`validate_in`](Self::validate_in) by the rules `options` choose: its
    /// [`castling`](ParseOptions::castling) and its [`variant`](ParseOptions::variant) (the
    /// board rules of a variant; crazyhouse's pockets and three-check's counters are read by
    /// [`crate::variant`]).
    pub fn validate_with(&self, record: &[u8], options: &ParseOptions) -> Vec<Diagnostic> {
        let mut problems = Vec::new();
        self.validate_layout(
            record,
            &mut LayoutSource::Later(None),
            options,
            &mut problems,
        );
        problems
    }

    /// [`validate_with`](Self::validate_with) into `problems`, with the layout of `record`
    /// where the parse left one.
    pub(crate) fn validate_layout(
        &self,
        record: &[u8],
        layout: &mut LayoutSource<'_>,
        options: &ParseOptions,
        problems: &mut Vec<Diagnostic>,
    ) {
        super::legality::check(self, record, layout, &options.variant, problems);
        let castles = options.variant.board_rules().castling;
        if options.castling == Castling::Standard && castles {
            super::standard_castling::add(self, record, layout, problems);
        }
    }
}

impl FromStr for Fen {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Fen, ParseError> {
        Fen::from_ascii(text.as_bytes())
    }
}
