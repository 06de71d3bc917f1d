//! The FEEN record rule: `PLACEMENT HANDS STYLE-TURN`, three fields separated by one space
//! (docs/notations.md), each read by its field rule.
//!
//! One record rule (see `crate::rules`) reads a record: first with the free sink, which stops
//! at the first problem; only a record it stops on is read again by the same rule with the
//! collecting sink, so that every independent problem gets its own diagnostic and a
//! non-canonical hand is accepted with a warning in lenient mode.

use super::codes;
use std::str::FromStr;

use super::feen::{Feen, NOTATION};
use super::hands::hands;
use super::messages;
use super::placement::placement;
use super::style_turn::style_turn;
use crate::diagnostic::{ParseError, Parsed};
use crate::options::ParseOptions;
use crate::primitives::fields::body;
use crate::rules::ascii::non_ascii;
use crate::rules::context::{Cx, Step};
use crate::rules::fields::field;
use crate::rules::fields::{WhitespaceRules, fields, trailing_whitespace};
use crate::rules::report::{Report, Stop};
use crate::rules::run::Rule;
use crate::rules::run::run;
use crate::span::Span;

/// The record rule: three fields, each read by its own rule, separated by single spaces.
pub(crate) struct FeenRecord;

impl<'r> Rule<'r> for FeenRecord {
    type Output = Feen;

    #[inline]
    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, record: &'r [u8]) -> Step<'r, Feen> {
        let end = record.get(record.len()..).unwrap_or_default();
        // Trailing whitespace (a line end included) is one problem, judged below.
        let text = body(record);
        if cx.collects() {
            non_ascii(cx, text, codes::NON_ASCII)?;
        }
        let (rest, (found, count)) = fields::<R, 3>(cx, text, WHITESPACE)?;
        let extra = match count {
            3 => field(cx, rest, false, WHITESPACE)?.1,
            _ => None,
        };
        if let Some(extra) = extra {
            let span = Span::from_range(cx.offset(extra), text.len());
            cx.error(|| messages::extra_fields(span))?;
        }
        trailing_whitespace(cx, record, text, count, WHITESPACE)?;
        if count < 3 {
            let at = Span::new(text.len(), 0);
            cx.error(|| messages::missing_fields(count, at))?;
        }
        let [placement_text, hands_text, style_turn_text] = found;
        let placement = read_field(cx, placement_text, placement)?;
        let hands = read_field(cx, hands_text, hands)?;
        let style_turn = read_field(cx, style_turn_text, style_turn)?;
        match (placement, hands, style_turn) {
            (Some(placement), Some(hands), Some(style_turn)) => Ok((
                end,
                Feen {
                    placement,
                    hands,
                    style_turn,
                },
            )),
            // Every field without a value was reported.
            _ => Err(Stop),
        }
    }
}

/// Reads a field that is there with its rule; on the diagnostic run a field the rule stops on
/// (its problems reported) has no value, and the record reads on.
#[inline(always)]
fn read_field<'r, R: Report, T>(
    cx: &mut Cx<'r, R>,
    text: Option<&'r [u8]>,
    rule: impl FnOnce(&mut Cx<'r, R>, &'r [u8]) -> Step<'r, T>,
) -> Result<Option<T>, Stop> {
    match text {
        Some(text) => Ok(cx.resume(text, rule, |_| false)?.1),
        None => Ok(None),
    }
}

/// How FEEN records judge their whitespace: FEEN has no whitespace dialect (docs/notations.md),
/// so odd whitespace is an error in both modes.
const WHITESPACE: WhitespaceRules = WhitespaceRules {
    surrounding: codes::SURROUNDING_WHITESPACE,
    separator: codes::FIELD_SEPARATOR,
    record_name: "a FEEN",
    lenient_dialect: false,
};

/// The entry points of FEEN, which run the record rule.
impl Feen {
    /// Parses one record with every diagnostic. FEEN is rule-agnostic: there is no legality
    /// step, so `options.validate` changes nothing.
    ///
    /// ```
    /// use fenkit::{feen::Feen, ParseOptions};
    ///
    /// let parsed = Feen::parse(b"K PBP/ A/b", &ParseOptions::lenient());
    /// assert_eq!(parsed.value.map(|f| f.to_string()).as_deref(), Some("K 2PB/ A/b"));
    /// assert_eq!(parsed.diagnostics[0].code(), "fenkit::feen::hand_not_aggregated");
    /// ```
    pub fn parse(input: &[u8], options: &ParseOptions) -> Parsed<Feen> {
        run(&mut FeenRecord, input, options.mode)
    }

    /// Parses strict FEEN from bytes.
    pub fn from_ascii(input: &[u8]) -> Result<Feen, ParseError> {
        Feen::parse(input, &ParseOptions::strict()).into_result(NOTATION, input)
    }
}

impl FromStr for Feen {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Feen, ParseError> {
        Feen::from_ascii(text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::run::run;

    use crate::mode::Mode;

    /// Whether the record has a value; each diagnostic's code, whether an error, and span.
    type Found = (bool, Vec<(&'static str, bool, Option<Span>)>);

    fn found(record: &[u8], mode: Mode) -> Found {
        let parsed = run(&mut FeenRecord, record, mode);
        (parsed.value.is_some(), parsed.verdicts())
    }

    /// Recovery: each field's problem gets its own diagnostic on its own span.
    #[test]
    fn problems_in_every_field_are_reported_on_their_own_spans() {
        let (value, list) = found(b"K0/ P//p A/B", Mode::Lenient);
        assert!(!value);
        assert_eq!(
            list,
            [
                (codes::ZERO_COUNT, true, Some(Span::new(1, 1))),
                (codes::TRAILING_SEPARATOR, true, Some(Span::new(2, 1))),
                (codes::EXTRA_HAND_SEPARATOR, true, Some(Span::new(6, 1))),
                (codes::SAME_CASE_STYLES, true, Some(Span::new(11, 1))),
            ]
        );
    }

    /// The rule that rejects a non-canonical hand in strict mode reads it with a warning in
    /// lenient mode, as its canonical form.
    #[test]
    fn non_canonical_hands_are_errors_or_warnings_by_mode() {
        let record = b"K P1B/ A/b";
        let expected = |error| {
            vec![
                (codes::HAND_ORDER, error, Some(Span::new(2, 3))),
                (codes::COUNT_ONE, error, Some(Span::new(3, 1))),
            ]
        };
        assert_eq!(found(record, Mode::Strict), (false, expected(true)));
        assert_eq!(found(record, Mode::Lenient), (true, expected(false)));
        let parsed = run(&mut FeenRecord, record, Mode::Lenient);
        assert_eq!(
            parsed.value.map(|feen| feen.hands.to_string()).as_deref(),
            Some("BP/")
        );
    }
}
