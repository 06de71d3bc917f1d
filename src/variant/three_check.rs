//! Three-check FEN: a chess FEN with check counters, `3+3` (checks remaining) after the en
//! passant field or `+0+0` (checks given) after the clocks, as shakmaty reads it.

use std::fmt;
use std::str::FromStr;

use super::checks::RemainingChecks;
use super::legality;
use super::messages;
use super::record::{self, Clocks};
use crate::chess::Fen;
use crate::diagnostic::{ParseError, Parsed};
use crate::options::ParseOptions;
use crate::settings::Variant;

/// A three-check position: the chess fields and the checks each side still has to give.
///
/// `FromStr` reads strict syntax; [`ThreeCheck::parse`] takes options (lenient mode,
/// validation) and returns every diagnostic; `Display` writes shakmaty's canonical form: the
/// remaining checks `W+B` after the en passant field, then both clocks.
///
/// ```
/// use fenkit::variant::{RemainingChecks, ThreeCheck};
///
/// let position: ThreeCheck = "r1b2rk1/ppp2p1p/4p1p1/4Bn2/1b2N3/3B4/PPP3PP/R2Q1R1K b - - 0 15 +1+0".parse()?;
/// assert_eq!(position.remaining_checks, RemainingChecks { white: 2, black: 3 });
/// assert_eq!(position.to_string(), "r1b2rk1/ppp2p1p/4p1p1/4Bn2/1b2N3/3B4/PPP3PP/R2Q1R1K b - - 2+3 0 15");
/// # Ok::<_, fenkit::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ThreeCheck {
    /// The chess fields: board, side to move, castling, en passant and clocks.
    pub fen: Fen,
    /// The checks each side still has to give to win.
    pub remaining_checks: RemainingChecks,
}

/// The notation name used in diagnostics.
const NOTATION: &str = "three-check";

impl ThreeCheck {
    /// Parses one record with every diagnostic; with `options.validate`, also checks legality:
    /// every chess rule, and a side with a check left to give.
    ///
    /// ```
    /// use fenkit::ParseOptions;
    /// use fenkit::variant::ThreeCheck;
    ///
    /// let parsed = ThreeCheck::parse(b"4k3/8/8/8/8/8/8/4K3 w - - 4+3 0 1", &ParseOptions::strict());
    /// let spans: Vec<_> = parsed.diagnostics.iter().map(|d| (d.code(), d.span().unwrap().offset)).collect();
    /// assert_eq!(spans, [("fenkit::variant::invalid_checks", 26)]);
    /// ```
    pub fn parse(input: &[u8], options: &ParseOptions) -> Parsed<ThreeCheck> {
        Self::read(input, options, Clocks::Required)
    }

    /// Parses the EPD form of a position: the clocks may be left out (read as `0 1`), as
    /// shakmaty's perft files write positions.
    pub(crate) fn parse_epd_form(input: &[u8], options: &ParseOptions) -> Parsed<ThreeCheck> {
        Self::read(input, options, Clocks::Optional)
    }

    fn read(input: &[u8], options: &ParseOptions, clocks: Clocks) -> Parsed<ThreeCheck> {
        let reading = record::read(input, options, Variant::ThreeCheck, clocks);
        let value = (|| {
            Some(ThreeCheck {
                fen: reading.fen()?,
                remaining_checks: reading.checks?,
            })
        })();
        let legality = match (&value, options.validate) {
            (Some(position), true) => {
                let mut problems =
                    legality::chess(&position.fen, input, &reading, options, Variant::ThreeCheck);
                let checks = position.remaining_checks;
                if checks.white == 0 && checks.black == 0 {
                    problems.push(messages::no_checks_left(reading.checks_span));
                }
                problems
            }
            _ => Vec::new(),
        };
        let mut parsed = Parsed::from_sink(value, reading.sink);
        parsed.add(legality);
        parsed
    }

    /// Parses strict syntax from bytes.
    pub fn from_ascii(input: &[u8]) -> Result<ThreeCheck, ParseError> {
        ThreeCheck::parse(input, &ParseOptions::strict()).into_result(NOTATION, input)
    }
}

impl FromStr for ThreeCheck {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<ThreeCheck, ParseError> {
        ThreeCheck::from_ascii(text.as_bytes())
    }
}

impl fmt::Display for ThreeCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.fen.to_string();
        // The counters go after the fourth field (en passant), before the clocks.
        let mut fields = text.splitn(5, ' ');
        let position: Vec<&str> = fields.by_ref().take(4).collect();
        write!(f, "{} {}", position.join(" "), self.remaining_checks)?;
        match fields.next() {
            Some(clocks) => write!(f, " {clocks}"),
            None => Ok(()),
        }
    }
}
