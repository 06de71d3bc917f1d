//! The old operations reader (oracle). Reading the operations of an EPD record: `opcode operand...;`, separated by one space.
//!
//! The reader recovers from every problem (a bad opcode, an empty `;`, a missing space or
//! semicolon, an unterminated string) so that each is reported and the rest is still read.

use nom::IResult;
use nom::bytes::complete::take_while_m_n;
use nom::character::complete::satisfy;
use nom::combinator::{all_consuming, recognize};
use nom::error::ParseError;
use nom::sequence::pair;

use crate::diagnostic::{Diagnostic, Severity, Sink, Span};
use crate::epd::codes;
use crate::epd::value::{Operand, Operation};
use crate::options::Mode;
use crate::primitives::ascii::{has_foreign, quote};
use crate::primitives::fields::is_separator;

/// Strings hold fewer than this many bytes of data (PGN §16.2.4.2).
const STRING_LIMIT: usize = 256;

/// An opcode: a letter, then up to 14 letters, digits or underscores.
pub(crate) fn opcode<'a, E: ParseError<&'a [u8]>>(
    input: &'a [u8],
) -> IResult<&'a [u8], &'a [u8], E> {
    recognize(pair(
        satisfy(|c| c.is_ascii_alphabetic()),
        take_while_m_n(0, 14, |b: u8| b.is_ascii_alphanumeric() || b == b'_'),
    ))(input)
}

/// An operation and where its parts stand in the record.
#[derive(Clone, Debug)]
pub(crate) struct ScannedOperation {
    pub(crate) operation: Operation,
    pub(crate) opcode: Span,
    pub(crate) operands: Vec<Span>,
}

/// Reads operations from `start` to `end` (the record without trailing whitespace).
pub(crate) fn scan(
    record: &[u8],
    start: usize,
    end: usize,
    mode: Mode,
    sink: &mut Sink,
) -> Vec<ScannedOperation> {
    let mut reader = Reader {
        record,
        position: start,
        end,
        mode,
    };
    let mut found = Vec::new();
    let mut after_semicolon = false;
    loop {
        let gap = reader.skip_gap();
        let Some(byte) = reader.peek() else { break };
        if gap.len == 0 && after_semicolon {
            if sink.admit(mode.dialect_severity()) {
                sink.push(
                    Diagnostic::new(
                        codes::MISSING_SPACE,
                        mode.dialect_severity(),
                        "no space after `;`",
                    )
                    .label(
                        Span::new(gap.offset.saturating_sub(1), 1),
                        "add a space after this",
                    )
                    .help("separate operations with one space: `...; next`")
                    .with_fix(crate::fix::Fix::safe(Span::new(gap.offset, 0), " ")),
                );
            }
        } else {
            reader.judge_gap(gap, sink, "separate operations with exactly one space");
        }
        if byte == b';' {
            if sink.admit(Severity::Error) {
                sink.push(
                    Diagnostic::error(codes::EMPTY_OPERATION, "`;` with no operation before it")
                        .label(Span::new(reader.position, 1), "empty operation")
                        .help("remove the extra `;`")
                        .with_fix(crate::fix::Fix::safe(Span::new(reader.position, 1), "")),
                );
            }
            reader.position += 1;
            after_semicolon = true;
            continue;
        }
        // An operation holding a foreign character was reported by the non-ASCII check: its
        // own problems (judged into `judged`) would label bytes inside that character.
        let mut judged = Sink::new();
        let opcode_span = reader.take_word();
        let opcode_text = opcode_span.of(record);
        if all_consuming(opcode::<nom::error::Error<&[u8]>>)(opcode_text).is_err() {
            let help = if opcode_text.first().is_some_and(u8::is_ascii_digit) {
                "an opcode starts with a letter; numbers after the position are FEN clocks, which EPD writes as `hmvc N; fmvn N;`"
            } else {
                "an opcode is a letter followed by up to 14 letters, digits or underscores, e.g. `bm` or `id`"
            };
            judged.push(
                Diagnostic::error(
                    codes::INVALID_OPCODE,
                    format!("{} is not an opcode", quote(opcode_text)),
                )
                .label(opcode_span, "not an opcode")
                .help(help),
            );
        }
        let (operands, spans, ended) = reader.read_operands(opcode_span, &mut judged);
        let written = Span::from_range(opcode_span.offset, reader.position);
        if !has_foreign(written.of(record)) {
            judged.drain_into(sink);
            found.push(ScannedOperation {
                operation: Operation::new(String::from_utf8_lossy(opcode_text), operands),
                opcode: opcode_span,
                operands: spans,
            });
        }
        after_semicolon = ended;
        if !ended {
            break;
        }
    }
    found
}

struct Reader<'a> {
    record: &'a [u8],
    position: usize,
    end: usize,
    mode: Mode,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        (self.position < self.end)
            .then(|| self.record.get(self.position).copied())
            .flatten()
    }

    fn skip_gap(&mut self) -> Span {
        let start = self.position;
        while self.peek().is_some_and(is_separator) {
            self.position += 1;
        }
        Span::from_range(start, self.position)
    }

    /// A gap that should be exactly one space.
    fn judge_gap(&self, gap: Span, sink: &mut Sink, help: &str) {
        if gap.of(self.record) != b" " && gap.len > 0 && sink.admit(self.mode.dialect_severity()) {
            sink.push(
                Diagnostic::new(
                    codes::FIELD_SEPARATOR,
                    self.mode.dialect_severity(),
                    "operations separated by something other than one space",
                )
                .label(gap, "expected one space")
                .help(help.to_string()),
            );
        }
    }

    /// A run of bytes up to a separator or `;`.
    fn take_word(&mut self) -> Span {
        let start = self.position;
        while self.peek().is_some_and(|b| !is_separator(b) && b != b';') {
            self.position += 1;
        }
        Span::from_range(start, self.position)
    }

    /// The operands up to `;`; returns them, their spans and whether the `;` was there.
    fn read_operands(&mut self, opcode: Span, sink: &mut Sink) -> (Vec<Operand>, Vec<Span>, bool) {
        let mut operands = Vec::new();
        let mut spans = Vec::new();
        let mut last = opcode;
        loop {
            let gap = self.skip_gap();
            match self.peek() {
                None => {
                    let written = Operation::new(
                        String::from_utf8_lossy(opcode.of(self.record)),
                        operands.clone(),
                    );
                    if sink.admit(self.mode.dialect_severity()) {
                        sink.push(
                            Diagnostic::new(
                                codes::MISSING_SEMICOLON,
                                self.mode.dialect_severity(),
                                "the last operation does not end with `;`",
                            )
                            .label(last, "add `;` after this")
                            .help(format!("end the operation with `;`: `{written}`"))
                            .with_fix(crate::fix::Fix::safe(Span::new(last.end(), 0), ";")),
                        );
                    }
                    return (operands, spans, false);
                }
                Some(b';') => {
                    if gap.len > 0 && sink.admit(self.mode.dialect_severity()) {
                        sink.push(
                            Diagnostic::new(
                                codes::FIELD_SEPARATOR,
                                self.mode.dialect_severity(),
                                "space before `;`",
                            )
                            .label(gap, "remove this space")
                            .help("the `;` follows the last operand directly")
                            .with_fix(crate::fix::Fix::safe(gap, "")),
                        );
                    }
                    self.position += 1;
                    return (operands, spans, true);
                }
                Some(byte) => {
                    self.judge_gap(gap, sink, "separate operands with exactly one space");
                    let (operand, span) = if byte == b'"' {
                        self.read_string(sink)
                    } else {
                        let span = self.take_word();
                        (
                            Operand::Word(
                                String::from_utf8_lossy(span.of(self.record)).into_owned(),
                            ),
                            span,
                        )
                    };
                    operands.push(operand);
                    spans.push(span);
                    last = span;
                }
            }
        }
    }

    /// A string operand from its opening quote.
    fn read_string(&mut self, sink: &mut Sink) -> (Operand, Span) {
        let start = self.position;
        self.position += 1;
        let mut content = Vec::new();
        let mut closed = false;
        while let Some(byte) = self.peek() {
            self.position += 1;
            match byte {
                b'"' => {
                    closed = true;
                    break;
                }
                b'\\' => match self.peek() {
                    Some(escaped @ (b'"' | b'\\')) => {
                        content.push(escaped);
                        self.position += 1;
                    }
                    _ => {
                        if sink.admit(self.mode.dialect_severity()) {
                            sink.push(
                                Diagnostic::new(codes::INVALID_ESCAPE, self.mode.dialect_severity(), "a backslash that escapes nothing")
                                    .label(Span::new(self.position - 1, 1), "read as a backslash")
                                    .help("inside a string only `\\\"` and `\\\\` are escapes: write a backslash as `\\\\`")
                                    .with_fix(crate::fix::Fix::safe(Span::new(self.position - 1, 1), "\\\\")),
                            );
                        }
                        content.push(b'\\');
                    }
                },
                other => content.push(other),
            }
        }
        let span = Span::from_range(start, self.position);
        if !closed && sink.admit(self.mode.dialect_severity()) {
            sink.push(
                Diagnostic::new(
                    codes::UNTERMINATED_STRING,
                    self.mode.dialect_severity(),
                    "the string is not closed before the end of the line",
                )
                .label(span, "unterminated string")
                .help(closed_string_help(&content))
                .with_fix(crate::fix::Fix::safe(Span::new(span.end(), 0), "\"")),
            );
        }
        if content.len() >= STRING_LIMIT && sink.admit(Severity::Error) {
            sink.push(
                Diagnostic::error(
                    codes::STRING_TOO_LONG,
                    format!("the string holds {} bytes, at most 255", content.len()),
                )
                .label(span, "too long")
                .help("EPD strings hold fewer than 256 bytes: shorten it"),
            );
        }
        if closed && self.peek().is_some_and(|b| !is_separator(b) && b != b';') {
            let glued = self.take_word();
            if sink.admit(Severity::Error) {
                sink.push(
                    Diagnostic::error(
                        codes::INVALID_OPERAND,
                        format!("{} follows the closing quote", quote(glued.of(self.record))),
                    )
                    .label(glued, "after the string")
                    .help("put a space between operands, or move the text inside the quotes"),
                );
            }
        }
        (
            Operand::Text(String::from_utf8_lossy(&content).into_owned()),
            span,
        )
    }
}

/// The fix for an unterminated string: the string as it should be written (its content with
/// `"` and `\\` escaped, then closed), when that is short enough to show.
fn closed_string_help(content: &[u8]) -> String {
    const SHOWN: usize = 40;
    let mut written = String::new();
    let _ = crate::epd::value::write_text(&String::from_utf8_lossy(content), &mut written);
    if written.len() <= SHOWN {
        format!("close it: `{written}`")
    } else {
        String::from("close it with `\"` where the string ends")
    }
}
