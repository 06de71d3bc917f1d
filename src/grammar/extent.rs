//! Where a record ends inside a larger input. Each notation's record is found by its fields
//! (whitespace-separated runs of bytes), so that an invalid record is still cut where its writer
//! meant it to end and gets fenkit's diagnostics rather than a bare "expected ...".
//!
//! A field is a run of bytes other than ASCII whitespace and `"` (the quote that closes a PGN
//! or PDN tag value); fields are separated by spaces and tabs, never by a line end.

pub(crate) use crate::primitives::fields::ends_embedded_field as ends_field;
use crate::primitives::fields::is_separator as is_gap;

/// The length of the field at the start of `input`: up to the first byte that ends it.
pub(crate) fn field_len(input: &[u8]) -> usize {
    run(input, |b| !ends_field(b))
}

/// The number of bytes at the start of `input` that satisfy `test`.
fn run(input: &[u8], test: impl Fn(u8) -> bool) -> usize {
    input.iter().position(|&b| !test(b)).unwrap_or(input.len())
}

/// The field at `at`: the offset where it starts (after the gap) and where it ends.
fn next_field(input: &[u8], at: usize) -> (usize, usize) {
    let rest = input.get(at..).unwrap_or_default();
    let start = at + run(rest, is_gap);
    let field = input.get(start..).unwrap_or_default();
    (start, start + field_len(field))
}

/// The end of a record of at most `max` fields, where the field at each index belongs to the
/// record only if `belongs(index, field)`; leading gaps are part of the record (the notation
/// reports them), the gap after its last field is not.
fn fields(input: &[u8], max: usize, belongs: impl Fn(usize, &[u8]) -> bool) -> usize {
    let mut end = 0;
    for index in 0..max {
        let (start, field_end) = next_field(input, end);
        let field = input.get(start..field_end).unwrap_or_default();
        if field.is_empty() || !belongs(index, field) {
            break;
        }
        end = field_end;
    }
    end
}

/// A chess FEN: four fields, then at most two clocks, each taken only if it starts like a
/// number (a digit, or `-` for the dash-clock dialect), so that `w - - moves e2e4` ends
/// before `moves`.
pub(crate) fn fen(input: &[u8]) -> usize {
    fields(input, 6, |index, field| {
        index < 4
            || field
                .first()
                .is_some_and(|&b| b.is_ascii_digit() || b == b'-')
    })
}

/// A FEEN record: three fields.
pub(crate) fn feen(input: &[u8]) -> usize {
    fields(input, 3, |_, _| true)
}

/// An EPD record: the rest of the line (its operands may be quoted strings with spaces and
/// quotes), without the spaces and tabs that end it.
pub(crate) fn epd(input: &[u8]) -> usize {
    let line = run(input, |b| b != b'\n' && b != b'\r');
    let text = input.get(..line).unwrap_or_default();
    text.iter()
        .rposition(|&b| !is_gap(b))
        .map_or(0, |last| last + 1)
}

/// A draughts FEN: one field, continued across a gap next to `:`, `,`, `-` or `.` (whitespace
/// around tokens is a dialect there: the notation reports it, an error in strict mode).
pub(crate) fn draughts_fen(input: &[u8]) -> usize {
    let joins = |b: u8| matches!(b, b':' | b',' | b'-' | b'.');
    let (_, mut end) = next_field(input, 0);
    loop {
        let (start, field_end) = next_field(input, end);
        let before = end.checked_sub(1).and_then(|last| input.get(last)).copied();
        let after = input.get(start).copied();
        let continues = before.is_some_and(joins) || after.is_some_and(joins);
        if start == end || field_end == start || !continues {
            return end;
        }
        end = field_end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fen_ends_after_its_clocks_or_before_a_word() {
        let uci = b"8/8/8/8/8/8/8/8 w - - 0 1 moves e2e4";
        assert_eq!(fen(uci), 25);
        assert_eq!(fen(b"8/8/8/8/8/8/8/8 w - - moves e2e4"), 21);
        assert_eq!(fen(b"8/8/8/8/8/8/8/8 w - - 0 1\"]"), 25);
        assert_eq!(fen(b"8/8/8/8/8/8/8/8 w - - 0\n1"), 23);
        assert_eq!(fen(b" 8/8"), 4);
        assert_eq!(fen(b""), 0);
        assert_eq!(fen(b"\"]"), 0);
    }

    #[test]
    fn an_epd_record_is_the_rest_of_the_line() {
        assert_eq!(epd(b"8/8/8/8/8/8/8/8 w - - id \"a b\";  \r\nnext"), 31);
        assert_eq!(epd(b"   \n"), 0);
    }

    #[test]
    fn a_feen_record_has_three_fields() {
        assert_eq!(feen(b"K / A/b and more"), 7);
    }

    #[test]
    fn a_draughts_fen_spans_gaps_next_to_its_punctuation() {
        assert_eq!(draughts_fen(b"W:W31, 32:B1 moves"), 12);
        assert_eq!(draughts_fen(b"W:W31 :B1 moves"), 9);
        assert_eq!(draughts_fen(b"W:W31-50:B1-20\"]"), 14);
        assert_eq!(draughts_fen(b"W:W31-50:B1-20 moves"), 14);
    }
}
