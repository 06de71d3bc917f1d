//! Quoted strings with backslash escapes, as a reporting rule: EPD string operands and PDN tag
//! values (both follow PGN §7: `\"` is a quote, `\\` a backslash) read by this one rule.
//!
//! A backslash before anything else is read as a backslash and reported with the notation's
//! words and weight. Whether a string left open is a problem is the caller's to say (EPD reads
//! it to the end of the line as a dialect, PDN rejects the tag): the rule says whether it
//! closed.

use std::borrow::Cow;

use super::context::{Cx, Step};
use super::report::{Report, Stop};
use crate::diagnostic::{Diagnostic, Severity};
use crate::span::Span;

/// How a notation reads backslashes inside its strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Escapes {
    /// A backslash is an ordinary character (PDN setup commands).
    None,
    /// `\"` and `\\` are escapes; any other backslash is an error in every mode.
    Strict,
    /// `\"` and `\\` are escapes; any other backslash is a dialect (a warning in lenient mode).
    Dialect,
}

/// A string read from its opening quote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Quoted<'r> {
    /// The text between the quotes as written (to the end of the input when not closed).
    pub(crate) written: &'r [u8],
    /// The text with its escapes resolved: borrowed when it holds no backslash.
    pub(crate) value: Cow<'r, [u8]>,
    /// Whether the closing quote was found.
    pub(crate) closed: bool,
}

/// The string at the start of `input`, which starts with its opening `"` (the caller has seen
/// it; without one the rule stops bare). It ends at the next unescaped `"` or at the end of
/// `input`; the rest starts after the closing quote.
///
/// A backslash that escapes nothing is reported with `explain(backslash, severity)` and read
/// as a backslash. Where `offsets` is given and the value has escapes, it receives the offset
/// in the record of each byte of the value, then of the value's end (for spans inside it).
#[inline]
pub(crate) fn quoted<'r, R: Report>(
    cx: &mut Cx<'r, R>,
    input: &'r [u8],
    escapes: Escapes,
    offsets: Option<&mut Vec<usize>>,
    explain: impl Fn(Span, Severity) -> Diagnostic,
) -> Step<'r, Quoted<'r>> {
    let Some((b'"', body)) = input.split_first() else {
        return Err(Stop);
    };
    // The common case: no backslash before the closing quote, the value is the text itself.
    let plain = match escapes {
        Escapes::None => memchr::memchr(b'"', body),
        Escapes::Strict | Escapes::Dialect => memchr::memchr2(b'"', b'\\', body),
    };
    match plain.map(|at| (at, body.get(at))) {
        Some((at, Some(b'"'))) => {
            let (written, rest) = body.split_at(at);
            let rest = rest.get(1..).unwrap_or_default();
            return Ok((rest, plain_string(written, true)));
        }
        None => {
            let rest = body.get(body.len()..).unwrap_or_default();
            return Ok((rest, plain_string(body, false)));
        }
        _ => {}
    }
    let mut value = Vec::with_capacity(body.len());
    let mut positions = offsets;
    let start = cx.offset(body);
    let mut at = 0;
    let mut closed = false;
    while let Some(&byte) = body.get(at) {
        let offset = start + at;
        match byte {
            b'"' => {
                closed = true;
                break;
            }
            b'\\' => match body.get(at + 1) {
                Some(&escaped @ (b'"' | b'\\')) => {
                    value.push(escaped);
                    at += 2;
                }
                _ => {
                    let backslash = Span::new(offset, 1);
                    match escapes {
                        Escapes::Dialect => cx.dialect(|severity| explain(backslash, severity))?,
                        _ => cx.error(|| explain(backslash, Severity::Error))?,
                    }
                    value.push(b'\\');
                    at += 1;
                }
            },
            other => {
                value.push(other);
                at += 1;
            }
        }
        if let Some(positions) = positions.as_deref_mut() {
            positions.push(offset);
        }
    }
    if let Some(positions) = positions {
        positions.push(start + at);
    }
    let (written, rest) = body.split_at(at.min(body.len()));
    let rest = if closed {
        rest.get(1..).unwrap_or_default()
    } else {
        rest
    };
    let quoted = Quoted {
        written,
        value: Cow::Owned(value),
        closed,
    };
    Ok((rest, quoted))
}

fn plain_string(written: &[u8], closed: bool) -> Quoted<'_> {
    Quoted {
        written,
        value: Cow::Borrowed(written),
        closed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{Parsed, Sink};
    use crate::mode::Mode;
    use crate::rules::report::Free;

    fn explain(span: Span, severity: Severity) -> Diagnostic {
        Diagnostic::new("escape", severity, "bad escape").label(span, "here")
    }

    #[test]
    fn plain_strings_are_borrowed_and_end_at_the_quote() {
        let record = br#""a b" rest"#;
        let mut cx = Cx::new(&record[..], Mode::Strict, Free);
        let (rest, read) = quoted(&mut cx, record, Escapes::Dialect, None, explain)
            .unwrap_or_else(|_| (&[], plain_string(b"", false)));
        assert_eq!(rest, b" rest");
        assert_eq!((read.written, read.closed), (&b"a b"[..], true));
        assert!(matches!(read.value, Cow::Borrowed(b"a b")));
        let open = b"\"abc";
        let mut cx = Cx::new(&open[..], Mode::Strict, Free);
        let read = quoted(&mut cx, open, Escapes::Dialect, None, explain);
        assert_eq!(read, Ok((&b""[..], plain_string(b"abc", false))));
        let mut cx = Cx::new(&open[..], Mode::Strict, Free);
        assert_eq!(
            quoted(&mut cx, b"abc", Escapes::Dialect, None, explain),
            Err(Stop)
        );
    }

    #[test]
    fn escapes_are_resolved_with_the_offset_of_each_byte() {
        let record = br#"x"a\"b\\"c"#;
        let input = record.get(1..).unwrap_or_default();
        let mut cx = Cx::new(&record[..], Mode::Strict, Free);
        let mut offsets = Vec::new();
        let read = quoted(&mut cx, input, Escapes::Strict, Some(&mut offsets), explain);
        let (rest, read) = read.unwrap_or_else(|_| (&[], plain_string(b"", false)));
        assert_eq!((rest, &*read.value), (&b"c"[..], &br#"a"b\"#[..]));
        assert_eq!(read.written, br#"a\"b\\"#);
        assert_eq!(offsets, [2, 3, 5, 6, 8]);
    }

    #[test]
    fn a_backslash_that_escapes_nothing_is_reported_by_weight() {
        let record = br#""a\qb"#;
        for (escapes, mode, severity) in [
            (Escapes::Dialect, Mode::Lenient, Severity::Warning),
            (Escapes::Dialect, Mode::Strict, Severity::Error),
            (Escapes::Strict, Mode::Lenient, Severity::Error),
        ] {
            let mut cx = Cx::new(&record[..], mode, Sink::new());
            let read = quoted(&mut cx, record, escapes, None, explain);
            let (_, read) = read.unwrap_or_else(|_| (&[], plain_string(b"", true)));
            assert_eq!((&*read.value, read.closed), (&br#"a\qb"#[..], false));
            let parsed = Parsed::<()>::from_sink(None, cx.into_sink());
            let found: Vec<_> = parsed
                .diagnostics
                .iter()
                .map(|d| (d.severity(), d.span()))
                .collect();
            assert_eq!(found, [(severity, Some(Span::new(2, 1)))]);
            let mut cx = Cx::new(&record[..], mode, Free);
            assert_eq!(quoted(&mut cx, record, escapes, None, explain), Err(Stop));
        }
        let mut cx = Cx::new(&record[..], Mode::Strict, Free);
        let read = quoted(&mut cx, record, Escapes::None, None, explain);
        assert_eq!(read, Ok((&b""[..], plain_string(br#"a\qb"#, false))));
    }
}
