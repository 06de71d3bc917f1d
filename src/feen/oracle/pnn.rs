//! The old PNN grammar and its re-reader (oracle).

use nom::IResult;
use nom::character::complete::char;
use nom::combinator::{map, map_opt, opt};
use nom::error::ParseError;
use nom::number::complete::u8 as byte;

use crate::diagnostic::{Diagnostic, Severity, Sink, Span};
use crate::feen::codes;
use crate::feen::{Piece, State};
use crate::primitives::ascii::{char_span, is_foreign, quote};
use crate::primitives::letter::letter;

/// The PNN grammar: `[-+]?[A-Za-z]'?`.
#[inline]
pub(crate) fn piece<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Piece, E> {
    let (input, state) = opt(map_opt(byte, State::from_prefix))(input)?;
    let (input, letter) = map_opt(byte, |b| letter(b).map(|_| b))(input)?;
    let (input, derived) = map(opt(char('\'')), |marker| marker.is_some())(input)?;
    match Piece::new(letter, state.unwrap_or_default(), derived) {
        Some(piece) => Ok((input, piece)),
        None => crate::primitives::syntax::reject(input, nom::error::ErrorKind::Verify),
    }
}

/// Whether `b` can start a piece: a prefix or a letter.
pub(crate) fn starts_piece(b: u8) -> bool {
    State::from_prefix(b).is_some() || letter(b).is_some()
}

/// Reads the piece that starts at `offset` of `record` (its first byte satisfies
/// [`starts_piece`]), reporting what is wrong with it. Returns the piece (`None` if it is not
/// usable) and the number of bytes it covers.
pub(crate) fn scan_piece(record: &[u8], offset: usize, sink: &mut Sink) -> (Option<Piece>, usize) {
    let rest = record.get(offset..).unwrap_or_default();
    let mut position = 0;
    let state = rest.first().copied().and_then(State::from_prefix);
    if state.is_some() {
        position += 1;
    }
    let letter_byte = rest.get(position).copied().filter(|&b| letter(b).is_some());
    let Some(letter_byte) = letter_byte else {
        let prefix = quote(rest.get(..1).unwrap_or_default());
        let next = match rest.get(1) {
            Some(&b) if !is_foreign(b) => format!("followed by {}", quote(&[b])),
            Some(_) => String::from("followed by a non-ASCII character"),
            None => String::from("at the end of the field"),
        };
        if sink.admit(Severity::Error) {
            sink.push(
                Diagnostic::error(codes::PREFIX_WITHOUT_LETTER, format!("state prefix {prefix} {next}, not by a piece letter"))
                    .label(Span::new(offset, 1), "no piece letter after it")
                    .help("a state prefix `+` or `-` comes directly before a piece letter, as in `+P` or `-r`: add the letter or remove the prefix"),
            );
        }
        return (None, 1);
    };
    position += 1;
    let mut usable = true;
    if rest.get(position) == Some(&b'^') {
        report_terminal_marker(record, offset, offset + position, position + 1, sink);
        usable = false;
        position += 1;
    }
    let derived = rest.get(position) == Some(&b'\'');
    if derived {
        position += 1;
    }
    let piece = Piece::new(letter_byte, state.unwrap_or_default(), derived);
    (piece.filter(|_| usable), position)
}

/// Reports the `^` at `marker` of the piece at `start` (`len` bytes up to and including `^`).
fn report_terminal_marker(record: &[u8], start: usize, marker: usize, len: usize, sink: &mut Sink) {
    let without = Span::new(start, len.saturating_sub(1)).of(record);
    if sink.admit(Severity::Error) {
        sink.push(
            Diagnostic::error(codes::TERMINAL_MARKER, "`^` terminal marker: this FEEN revision has no terminal pieces")
                .label(Span::new(marker, 1), "terminal marker")
                .help(format!(
                    "`^` belongs to the later FEEN revision (\"Field Expression Encoding Notation\", EPIN pieces, `C/c` styles); FEEN 1.0.0 as read here (mid-2025, PNN pieces, SNN styles) has no terminal marker: write {}",
                    quote(without)
                )),
        );
    }
}

/// Reports a byte at `offset` that cannot start a piece or a count: a stray `'`, a `^`, or any
/// other character (`expected` says what the field holds). Non-ASCII characters are skipped
/// silently (they are reported once for the whole record). Returns the bytes covered.
pub(crate) fn report_stray(record: &[u8], offset: usize, expected: &str, sink: &mut Sink) -> usize {
    let b = record.get(offset).copied().unwrap_or(0);
    if is_foreign(b) {
        return char_span(record, offset).len;
    }
    let span = Span::new(offset, 1);
    match b {
        b'\'' => sink.push(
            Diagnostic::error(codes::MISPLACED_DERIVATION_MARKER, "derivation marker `'` does not follow a piece letter")
                .label(span, "no piece letter before it")
                .help("the derivation marker comes once, directly after a piece letter, as in `K'` or `+p'`: remove this one"),
        ),
        b'^' => sink.push(
            Diagnostic::error(codes::TERMINAL_MARKER, "`^` terminal marker: this FEEN revision has no terminal pieces")
                .label(span, "terminal marker")
                .help("`^` belongs to the later FEEN revision (\"Field Expression Encoding Notation\", EPIN pieces, `C/c` styles); FEEN 1.0.0 as read here (mid-2025, PNN pieces, SNN styles) has no terminal marker: remove it"),
        ),
        _ => {
            // A run of such characters is one problem.
            let len = record
                .get(offset..)
                .unwrap_or_default()
                .iter()
                .take_while(|&&b| is_stray_run(b))
                .count()
                .max(1);
            let run = Span::new(offset, len);
            let (message, label) = if len == 1 {
                (format!("{} is not part of a piece or a count", quote(run.of(record))), "unexpected character")
            } else {
                (format!("{} are not part of a piece or a count", quote(run.of(record))), "unexpected characters")
            };
            sink.push(
                Diagnostic::error(codes::INVALID_CHARACTER, message)
                    .label(run, label)
                    .help(format!("remove or replace {}: {expected}", if len == 1 { "it" } else { "them" })),
            );
            return len;
        }
    }
    1
}

/// A byte that continues a run of stray characters: not a letter, digit, marker, modifier or
/// separator that the fields read, and not a foreign character (reported on its own).
fn is_stray_run(b: u8) -> bool {
    !is_foreign(b)
        && !b.is_ascii_alphanumeric()
        && !matches!(b, b'\'' | b'^' | b'+' | b'-' | b'/' | b' ' | b'\t')
}
