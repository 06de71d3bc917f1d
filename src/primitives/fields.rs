//! Splitting a record into whitespace-separated fields, keeping the spans of the fields and of
//! the gaps between them so each notation can judge its own separators.

use crate::span::Span;

/// One field of a record and the whitespace before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    /// The whitespace before the field (empty for a first field at offset 0).
    pub(crate) gap: Span,
    /// The field itself: a run of bytes other than space and tab.
    pub(crate) field: Span,
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

/// The record without its trailing whitespace (a line end included).
pub(crate) fn body(record: &[u8]) -> &[u8] {
    record
        .get(..trailing_whitespace(record).offset)
        .unwrap_or(record)
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
