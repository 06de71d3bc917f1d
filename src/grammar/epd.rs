//! Building blocks of EPD for a caller's grammar: a quoted string with escapes (EPD string
//! operands, PGN tag values) and one EPD operation, each the rule the EPD record itself uses.

use super::accept::accept;
use super::combinator::{Combinator, Read, combinator};
use super::error::{Kind, Rejection};
use super::messages;
use super::record::Record;
use crate::epd::opcodes::check_operands;
use crate::epd::operations::{into_text, operation, string};
use crate::epd::{NOTATION, Operation, codes};
use crate::mode::Mode;
use crate::options::ParseOptions;
use crate::primitives::ascii::has_foreign;
use crate::primitives::fields::is_separator;
use crate::rules::ascii::non_ascii;
use crate::rules::context::{Cx, Step};
use crate::rules::report::{Ignore, Report, Stop};
use crate::rules::run::{Rule, run_prefix};

/// A string in double quotes, as EPD reads its string operands and PGN its tag values: `\"` is
/// a quote and `\\` a backslash; the value comes back with its escapes resolved (bytes that are
/// not UTF-8 read as U+FFFD). The string ends at its closing quote and never runs past a line
/// end; what follows the quote is the rest.
///
/// A backslash before anything else (`fenkit::epd::invalid_escape`) and a string left open
/// before the line end (`fenkit::epd::unterminated_string`) are rejected in strict mode and
/// read with a warning in lenient mode (a backslash as itself, an open string to the line
/// end); a value of 256 bytes or more is rejected (`fenkit::epd::string_too_long`). Input not
/// starting with `"` is the error `fenkit::grammar::quote` (for nom's own error types, `ErrorKind::Char`).
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use nom::bytes::complete::tag;
/// use nom::sequence::{delimited, preceded};
/// use nom::Parser;
///
/// let mut event = delimited(tag("[Event "), grammar::quoted_string(&ParseOptions::strict()), tag("]"));
/// let (rest, name) = event.parse(&br#"[Event "Blitz \"A\""] [Site "x"]"#[..])?;
/// assert_eq!((name.value.as_str(), rest), (r#"Blitz "A""#, &br#" [Site "x"]"#[..]));
/// assert!(grammar::quoted_string(&ParseOptions::strict()).parse(&br#""a\q""#[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn quoted_string(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<String>> + Copy + use<>> {
    let mode = options.mode;
    combinator(move |input: &[u8]| {
        if input.first() != Some(&b'"') {
            return Err(Rejection::not_here(Kind::Char, messages::no_quote(input)));
        }
        read_in_line(input, mode, QuotedString)
    })
}

/// One EPD operation, `opcode operand...;` (docs/notations.md), read by the rule of the EPD
/// record: the opcode, the operands (words and quoted strings, one space apart) and the `;`
/// that ends it; the rest starts after the `;`. The operands of a standard opcode are checked
/// by what it takes (integers, strings, SAN moves), as in a record, with EPD's diagnostics.
///
/// Alone, an operation has no position: a move in UCI notation (`e2e4`), which lenient EPD
/// rewrites as SAN from the record's position, is rejected here as not SAN. Like every EPD
/// field it holds only printable ASCII (`fenkit::epd::non_ascii`). Without its `;` it runs to
/// the line end (`fenkit::epd::missing_semicolon`, a warning in lenient mode).
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use fenkit::epd::Operand;
/// use nom::Parser;
///
/// let (rest, bm) = grammar::epd_operation(&ParseOptions::strict()).parse(&b"bm e4 Nf3; id \"x\";"[..])?;
/// assert_eq!(bm.value.opcode, "bm");
/// assert_eq!(bm.value.operands, [Operand::Word("e4".into()), Operand::Word("Nf3".into())]);
/// assert_eq!(rest, b" id \"x\";");
/// assert!(grammar::epd_operation(&ParseOptions::strict()).parse(&b"acd x;"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn epd_operation(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<Operation>> + Copy + use<>> {
    let mode = options.mode;
    combinator(move |input: &[u8]| match input.first() {
        Some(&b) if b != b';' && !is_separator(b) => read_in_line(input, mode, OneOperation),
        _ => Err(Rejection::not_here(
            Kind::Alpha,
            messages::no_operation(input),
        )),
    })
}

/// Runs `rule` over the line at the start of `input` as a record is run (fast, then collecting
/// only if it stopped), keeping what follows the part it read.
fn read_in_line<'a, G: Rule<'a>>(
    input: &'a [u8],
    mode: Mode,
    mut rule: G,
) -> Read<Record<G::Output>> {
    let end = memchr::memchr2(b'\n', b'\r', input).unwrap_or(input.len());
    let line = input.get(..end).unwrap_or(input);
    let (parsed, len) = run_prefix(&mut rule, line, mode);
    accept(input, len, parsed, NOTATION)
}

/// A quoted string alone.
struct QuotedString;

impl<'r> Rule<'r> for QuotedString {
    type Output = String;

    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, line: &'r [u8]) -> Step<'r, String> {
        let (rest, (value, _, _)) = string(cx, line)?;
        Ok((rest, into_text(value)))
    }
}

/// One operation alone: it holds no foreign character, and its operands are checked without
/// a position.
struct OneOperation;

impl<'r> Rule<'r> for OneOperation {
    type Output = Operation;

    fn apply<R: Report>(&mut self, cx: &mut Cx<'r, R>, line: &'r [u8]) -> Step<'r, Operation> {
        // Where the operation ends, to judge its characters before its words.
        let mut probe = Cx::new(cx.record(), cx.mode(), Ignore);
        let (end, _) = operation(&mut probe, line)?;
        let written = line
            .get(..line.len().saturating_sub(end.len()))
            .unwrap_or_default();
        if has_foreign(written) {
            non_ascii(cx, written, codes::NON_ASCII)?;
            return Err(Stop);
        }
        let (rest, read) = operation(cx, line)?;
        let text = String::from_utf8_lossy(read.opcode);
        let opcode_span = cx.span_of(read.opcode);
        let operands = check_operands(cx, &text, opcode_span, read.operands, &read.spans, None)?;
        Ok((rest, Operation::new(text, operands)))
    }
}
