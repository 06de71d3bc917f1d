//! Fields separated by whitespace, as a reporting rule: the gap before each field is judged
//! (one space between fields, nothing before the first) by the same code on both runs.

use super::context::{Cx, Step};
use super::report::{Report, Stop};
use crate::diagnostic::{Diagnostic, Severity};
use crate::fix::Fix;
use crate::mode::Mode;
use crate::primitives::fields::{ends_field, is_separator, separator_at};
use crate::span::Span;

/// How many bytes of a later field are searched byte by byte for its end before a vectorised
/// search.
const SHORT: usize = 8;

/// The whitespace at the start of `input` and the field after it, up to the next space or
/// tab. `None` at the end of the input. `input` must not end in whitespace (the record rule
/// judges trailing whitespace once and reads the record without it).
#[inline(always)]
pub(crate) fn field<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    input: &'r [u8],
    first: bool,
    rules: WhitespaceRules,
) -> Step<'r, Option<&'r [u8]>> {
    let after = match (first, input) {
        // The standard gaps, at once.
        (true, [b, ..]) if !is_separator(*b) => input,
        (false, [b' ', rest @ ..]) if rest.first().is_some_and(|&b| !is_separator(b)) => rest,
        _ => {
            let gap_len = input.iter().take_while(|&&b| is_separator(b)).count();
            let (whitespace, after) = input.split_at(gap_len);
            if after.is_empty() {
                return Ok((after, None));
            }
            gap(cx, whitespace, first, rules)?;
            after
        }
    };
    // The fast path looks for a space only: a tab inside what it takes for a field is rejected
    // by every field rule, and it stops there anyway. A first field is a placement, long: a
    // vectorised search. The others are short: a plain loop over their first bytes first.
    let head = if first {
        &[][..]
    } else {
        after.get(..SHORT).unwrap_or(after)
    };
    let length = match head.iter().position(|&b| ends_field(b, R::COLLECTS)) {
        Some(length) => length,
        // The last field of the input.
        None if head.len() == after.len() => after.len(),
        None => {
            let tail = after.get(head.len()..).unwrap_or_default();
            head.len() + separator_at(tail, R::COLLECTS)
        }
    };
    let (field, rest) = after.split_at(length);
    Ok((rest, Some(field)))
}

/// Judges `whitespace`, the gap before a field (the first field of the record when `first`):
/// nothing before the first field, one space before any other.
#[inline]
pub(crate) fn gap<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    whitespace: &'r [u8],
    first: bool,
    rules: WhitespaceRules,
) -> Result<(), Stop> {
    let standard = if first {
        whitespace.is_empty()
    } else {
        whitespace == b" "
    };
    if standard {
        return Ok(());
    }
    let (record, mode, span) = (cx.record(), cx.mode(), cx.span_of(whitespace));
    cx.report(rules.severity(mode), || {
        gap_diagnostic(record, span, first, mode, rules)
    })
}

/// The first `N` fields of `text` (a record without its trailing whitespace), each gap judged
/// by [`field`]: the rest of `text`, the fields read (`None` past the last) and how many.
/// FEN, EPD and FEEN split their records with it.
#[inline(always)]
pub(crate) fn fields<'r, R: Report, const N: usize>(
    cx: &mut Cx<'r, R>,
    text: &'r [u8],
    rules: WhitespaceRules,
) -> Step<'r, ([Option<&'r [u8]>; N], usize)> {
    let mut found = [None; N];
    let mut rest = text;
    let mut count = 0;
    for (index, slot) in found.iter_mut().enumerate() {
        let (after, read) = field(cx, rest, index == 0, rules)?;
        rest = after;
        let Some(read) = read else { break };
        *slot = Some(read);
        count += 1;
    }
    Ok((rest, (found, count)))
}

/// Judges the whitespace after a record of `count` fields, `text` being `record` without it
/// (a record with no field at all is reported as missing its fields instead).
#[inline(always)]
pub(crate) fn trailing_whitespace<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    record: &'r [u8],
    text: &'r [u8],
    count: usize,
    rules: WhitespaceRules,
) -> Result<(), Stop> {
    if text.len() < record.len() && count > 0 {
        let start = cx.offset(record);
        let (mode, trailing) = (
            cx.mode(),
            Span::from_range(start + text.len(), start + record.len()),
        );
        cx.report(rules.severity(mode), || {
            surrounding_whitespace(trailing, mode, rules, "whitespace after the record")
        })?;
    }
    Ok(())
}

/// The codes a notation reports whitespace problems with, and what its records look like.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WhitespaceRules {
    /// Whitespace before the first field or after the last one.
    pub(crate) surrounding: &'static str,
    /// A gap between fields that is not exactly one space.
    pub(crate) separator: &'static str,
    /// What the record is called in helps, e.g. "a FEN".
    pub(crate) record_name: &'static str,
    /// Whether lenient mode accepts odd whitespace with a warning (FEN, EPD) or the notation
    /// lists no whitespace dialect and it stays an error (FEEN).
    pub(crate) lenient_dialect: bool,
}

impl WhitespaceRules {
    pub(crate) fn severity(self, mode: Mode) -> Severity {
        if self.lenient_dialect {
            mode.dialect_severity()
        } else {
            Severity::Error
        }
    }
}

/// The diagnostic for a gap that is not standard: whitespace before the record when `first`,
/// else a separator other than one space.
pub(crate) fn gap_diagnostic(
    record: &[u8],
    gap: Span,
    first: bool,
    mode: Mode,
    rules: WhitespaceRules,
) -> Diagnostic {
    if first {
        return surrounding_whitespace(gap, mode, rules, "whitespace before the record");
    }
    let text = gap.of(record);
    let described = if text.contains(&b'\t') {
        String::from("a tab")
    } else {
        format!("{} spaces", text.len())
    };
    Diagnostic::new(
        rules.separator,
        rules.severity(mode),
        format!("fields separated by {described}"),
    )
    .label(gap, "expected one space")
    .help(format!(
        "separate the fields of {} with exactly one space",
        rules.record_name
    ))
    .with_fix(Fix::safe(gap, " "))
}

/// The diagnostic for whitespace at the start or end of a record.
pub(crate) fn surrounding_whitespace(
    span: Span,
    mode: Mode,
    rules: WhitespaceRules,
    what: &str,
) -> Diagnostic {
    Diagnostic::new(rules.surrounding, rules.severity(mode), what)
        .label(span, "whitespace")
        .help(format!(
            "remove it: {} has no whitespace before its first field or after its last",
            rules.record_name
        ))
        .with_fix(Fix::safe(span, ""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{Parsed, Sink};
    use crate::mode::Mode;
    use crate::rules::report::{Free, Stop};
    use crate::span::Span;

    const RULES: WhitespaceRules = WhitespaceRules {
        surrounding: "around",
        separator: "between",
        record_name: "a test record",
        lenient_dialect: true,
    };

    #[test]
    fn standard_gaps_pass_on_the_fast_path() {
        let record = b"ab c";
        let mut cx = Cx::new(record, Mode::Strict, Free);
        let (rest, first) = field(&mut cx, record, true, RULES).unwrap_or_default();
        assert_eq!(first, Some(&b"ab"[..]));
        let (rest, second) = field(&mut cx, rest, false, RULES).unwrap_or_default();
        assert_eq!(second, Some(&b"c"[..]));
        assert_eq!(field(&mut cx, rest, false, RULES), Ok((&b""[..], None)));
        let tabbed = b"a\tb";
        let mut cx = Cx::new(tabbed, Mode::Lenient, Free);
        let rest = tabbed.get(1..).unwrap_or_default();
        assert_eq!(field(&mut cx, rest, false, RULES), Err(Stop));
    }

    #[test]
    fn odd_gaps_are_reported_on_their_span_and_read_past() {
        let record = b" a  b";
        let mut cx = Cx::new(record, Mode::Lenient, Sink::new());
        let (rest, first) = field(&mut cx, record, true, RULES).unwrap_or_default();
        let (_, second) = field(&mut cx, rest, false, RULES).unwrap_or_default();
        assert_eq!((first, second), (Some(&b"a"[..]), Some(&b"b"[..])));
        let parsed = Parsed::<()>::from_sink(None, cx.into_sink());
        assert_eq!(
            parsed.verdicts(),
            [
                ("around", false, Some(Span::new(0, 1))),
                ("between", false, Some(Span::new(2, 2))),
            ]
        );
    }
}
