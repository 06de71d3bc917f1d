//! Splitting a record into whitespace-separated fields, keeping the spans of the fields and of
//! the gaps between them so each notation can judge its own separators.

use crate::diagnostic::Span;

/// One field of a record and the whitespace before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    /// The whitespace before the field (empty for a first field at offset 0).
    pub(crate) gap: Span,
    /// The field itself: a run of bytes other than space and tab.
    pub(crate) field: Span,
}

impl Token {
    /// Whether the gap before this field is exactly one space (for the first field: nothing).
    pub(crate) fn has_standard_gap(&self, first: bool, record: &[u8]) -> bool {
        if first {
            self.gap.len == 0
        } else {
            self.gap.of(record) == b" "
        }
    }
}

/// Space and tab separate fields.
pub(crate) fn is_separator(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The fields of `record` in order, split at runs of spaces and tabs.
pub(crate) fn tokens(record: &[u8]) -> Tokens<'_> {
    Tokens {
        record,
        position: 0,
    }
}

/// Iterator over the [`Token`]s of a record.
#[derive(Clone, Debug)]
pub(crate) struct Tokens<'a> {
    record: &'a [u8],
    position: usize,
}

impl Iterator for Tokens<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        let rest = self.record.get(self.position..)?;
        let gap_len = rest.iter().take_while(|&&b| is_separator(b)).count();
        let field_start = self.position + gap_len;
        let field_len = rest
            .get(gap_len..)?
            .iter()
            .take_while(|&&b| !is_separator(b))
            .count();
        if field_len == 0 {
            return None;
        }
        let token = Token {
            gap: Span::new(self.position, gap_len),
            field: Span::new(field_start, field_len),
        };
        self.position = field_start + field_len;
        Some(token)
    }
}

/// The whitespace at the end of `record` (spaces, tabs and line-end characters).
pub(crate) fn trailing_whitespace(record: &[u8]) -> Span {
    let kept = record
        .iter()
        .rposition(|&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        .map_or(0, |last| last + 1);
    Span::from_range(kept, record.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_runs_and_keeps_gaps() {
        let record = b" a  bc\td ";
        let found: Vec<Token> = tokens(record).collect();
        assert_eq!(
            found,
            vec![
                Token {
                    gap: Span::new(0, 1),
                    field: Span::new(1, 1)
                },
                Token {
                    gap: Span::new(2, 2),
                    field: Span::new(4, 2)
                },
                Token {
                    gap: Span::new(6, 1),
                    field: Span::new(7, 1)
                },
            ]
        );
        assert_eq!(trailing_whitespace(record), Span::new(8, 1));
        assert_eq!(trailing_whitespace(b"ab\r\n"), Span::new(2, 2));
        assert_eq!(tokens(b"").count(), 0);
    }
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
    pub(crate) fn severity(self, mode: crate::mode::Mode) -> crate::diagnostic::Severity {
        if self.lenient_dialect {
            mode.dialect_severity()
        } else {
            crate::diagnostic::Severity::Error
        }
    }
}

/// Judges the whitespace before `token` (the first field of the record when `first`): standard
/// gaps pass; others are errors, or warnings in lenient mode where the notation allows it.
pub(crate) fn judge_gap(
    record: &[u8],
    token: &Token,
    first: bool,
    mode: crate::mode::Mode,
    rules: WhitespaceRules,
) -> Option<crate::diagnostic::Diagnostic> {
    if token.has_standard_gap(first, record) {
        return None;
    }
    Some(gap_diagnostic(record, token.gap, first, mode, rules))
}

/// The diagnostic for a gap that is not standard: whitespace before the record when `first`,
/// else a separator other than one space.
pub(crate) fn gap_diagnostic(
    record: &[u8],
    gap: Span,
    first: bool,
    mode: crate::mode::Mode,
    rules: WhitespaceRules,
) -> crate::diagnostic::Diagnostic {
    use crate::diagnostic::Diagnostic;
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
    .with_fix(crate::fix::Fix::safe(gap, " "))
}

/// The diagnostic for whitespace at the start or end of a record.
pub(crate) fn surrounding_whitespace(
    span: Span,
    mode: crate::mode::Mode,
    rules: WhitespaceRules,
    what: &str,
) -> crate::diagnostic::Diagnostic {
    crate::diagnostic::Diagnostic::new(rules.surrounding, rules.severity(mode), what)
        .label(span, "whitespace")
        .help(format!(
            "remove it: {} has no whitespace before its first field or after its last",
            rules.record_name
        ))
        .with_fix(crate::fix::Fix::safe(span, ""))
}

/// The record without its trailing whitespace (a line end included).
pub(crate) fn body(record: &[u8]) -> &[u8] {
    record
        .get(..trailing_whitespace(record).offset)
        .unwrap_or(record)
}

/// The offsets of every `separator` byte in `text` (for fields split into parts, such as
/// `FIRST/second`).
pub(crate) fn separator_offsets(text: &[u8], separator: u8) -> Vec<usize> {
    text.iter()
        .enumerate()
        .filter(|&(_, &b)| b == separator)
        .map(|(index, _)| index)
        .collect()
}
