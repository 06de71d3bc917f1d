//! A rank of cells with empty counts, as a reporting rule: the loop chess FEN and FEEN read a
//! rank with (chess's per-byte path hands it its digit runs and piece letters, FEEN its counts
//! and PNN pieces).
//!
//! The notation says what a cell is and what an empty count is ([`Cells`]); the loop hands
//! each a slice starting at its first byte (a digit for a count) and keeps what they read, so
//! cells may be of any width (`+p'`) and a count may be one digit or a whole digit run.

use super::context::{Cx, Step};
use super::report::{Report, Stop};

/// What a rank holds: the notation's two readers, each a rule that consumes what it accepts.
pub(crate) trait Cells<'r> {
    /// A cell run: a piece, or some empty cells.
    type Cell;

    /// Reads an empty count at the start of `input` (which starts with an ASCII digit).
    /// `Ok((rest, None))`: the count was reported and read past without a value.
    fn empty<R: Report>(
        &mut self,
        cx: &mut Cx<'r, R>,
        input: &'r [u8],
    ) -> Step<'r, Option<Self::Cell>>;

    /// Reads a cell at the start of `input` (any byte but a digit and the rank's end); also
    /// reports a byte that cannot start one. `Ok((rest, None))`: reported and read past.
    fn cell<R: Report>(
        &mut self,
        cx: &mut Cx<'r, R>,
        input: &'r [u8],
    ) -> Step<'r, Option<Self::Cell>>;
}

/// Reads cells, each handed to `keep`, up to the first byte where `at_end` holds (or the end of
/// `input`).
/// Returns the rest and whether every cell had a value (each one without was reported). A
/// reader that consumes nothing is moved on by one byte, so the loop always ends.
#[inline]
pub(crate) fn rank<'r, R: Report, C: Cells<'r>>(
    cx: &mut Cx<'r, R>,
    input: &'r [u8],
    cells: &mut C,
    at_end: impl Fn(u8) -> bool,
    mut keep: impl FnMut(C::Cell),
) -> Step<'r, bool> {
    let mut rest = input;
    let mut usable = true;
    while let Some(&byte) = rest.first() {
        if at_end(byte) {
            break;
        }
        let (after, cell) = if byte.is_ascii_digit() {
            cells.empty(cx, rest)?
        } else {
            cells.cell(cx, rest)?
        };
        match cell {
            Some(cell) => keep(cell),
            None => usable = false,
        }
        rest = if after.len() < rest.len() {
            after
        } else {
            rest.get(1..).ok_or(Stop)?
        };
    }
    Ok((rest, usable))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{Diagnostic, Parsed, Sink};
    use crate::mode::Mode;
    use crate::primitives::number::LeadingZeros;
    use crate::rules::number::number;
    use crate::rules::report::Free;
    use crate::span::Span;

    /// Chess-like cells: a letter is a piece, one digit 1-8 is that many empty squares.
    struct Letters;

    impl<'r> Cells<'r> for Letters {
        type Cell = (u8, u64);

        fn empty<R: Report>(
            &mut self,
            cx: &mut Cx<'r, R>,
            input: &'r [u8],
        ) -> Step<'r, Option<(u8, u64)>> {
            let digit = input.get(..1).unwrap_or_default();
            let rest = input.get(1..).unwrap_or_default();
            let read = number(cx, digit, 8, LeadingZeros::Allowed, |_, span| {
                Diagnostic::error("digit", "not 1-8").label(span, "here")
            });
            match read {
                Ok((_, count)) if count > 0 => Ok((rest, Some((b'.', count)))),
                Ok(_) | Err(Stop) if cx.collects() => {
                    let span = cx.span_of(digit);
                    if read.is_ok() {
                        cx.error(|| Diagnostic::error("digit", "zero").label(span, "here"))?;
                    }
                    Ok((rest, None))
                }
                _ => Err(Stop),
            }
        }

        fn cell<R: Report>(
            &mut self,
            cx: &mut Cx<'r, R>,
            input: &'r [u8],
        ) -> Step<'r, Option<(u8, u64)>> {
            match input.split_first() {
                Some((&letter, rest)) if letter.is_ascii_alphabetic() => {
                    Ok((rest, Some((letter, 1))))
                }
                _ => {
                    let span = cx.span_of(input.get(..1).unwrap_or_default());
                    cx.error(|| Diagnostic::error("stray", "not a cell").label(span, "here"))?;
                    Ok((input, None))
                }
            }
        }
    }

    #[test]
    fn reads_cells_up_to_the_end_byte() {
        let record = b"r3k/ppp";
        let mut cx = Cx::new(record, Mode::Strict, Free);
        let mut cells = Vec::new();
        let read = rank(
            &mut cx,
            record,
            &mut Letters,
            |b| b == b'/',
            |cell| cells.push(cell),
        );
        assert_eq!(read, Ok((&b"/ppp"[..], true)));
        assert_eq!(cells, [(b'r', 1), (b'.', 3), (b'k', 1)]);
    }

    #[test]
    fn reports_every_bad_cell_and_reads_past_it() {
        let record = b"r9$0k";
        let mut cx = Cx::new(record, Mode::Strict, Free);
        assert_eq!(
            rank(&mut cx, record, &mut Letters, |_| false, |_| ()),
            Err(Stop)
        );
        let mut cx = Cx::new(record, Mode::Strict, Sink::new());
        let mut cells = Vec::new();
        let read = rank(
            &mut cx,
            record,
            &mut Letters,
            |_| false,
            |cell| cells.push(cell),
        );
        assert_eq!(read, Ok((&b""[..], false)));
        assert_eq!(cells, [(b'r', 1), (b'k', 1)]);
        let parsed = Parsed::<()>::from_sink(None, cx.into_sink());
        let found = parsed.messages();
        assert_eq!(
            found,
            [
                ("not 1-8", Some(Span::new(1, 1))),
                ("not a cell", Some(Span::new(2, 1))),
                ("zero", Some(Span::new(3, 1))),
            ]
        );
    }
}
