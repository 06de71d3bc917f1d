//! The old SNN grammar and its re-reader (oracle).

use nom::IResult;
use nom::bytes::complete::take_while;
use nom::combinator::map_opt;
use nom::error::ParseError;
use nom::number::complete::u8 as byte;

use crate::diagnostic::{Diagnostic, Severity, Sink, Span};
use crate::feen::codes;
use crate::feen::{Side, Style};
use crate::primitives::ascii::{is_foreign, quote};
use crate::primitives::letter::{Case, letter};

/// The SNN grammar: a letter, then letters of the same case and digits.
pub(crate) fn style<'a, E: ParseError<&'a [u8]>>(input: &'a [u8]) -> IResult<&'a [u8], Style, E> {
    let start = input;
    let (input, case) = map_opt(byte, |b| letter(b).map(|(case, _)| case))(input)?;
    let (input, tail) =
        take_while(move |b: u8| b.is_ascii_digit() || letter(b).is_some_and(|(c, _)| c == case))(
            input,
        )?;
    let len = 1 + tail.len();
    let name = String::from_utf8_lossy(start.get(..len).unwrap_or_default()).into_owned();
    Ok((input, Style::known(&name, Side::of_case(case))))
}

/// Checks one style name at `span` of `record`, reporting every problem; `what` names it in
/// messages (`"the active style"`). Returns the style when it is valid.
pub(crate) fn check_style(record: &[u8], span: Span, what: &str, sink: &mut Sink) -> Option<Style> {
    let text = span.of(record);
    if text.is_empty() {
        if sink.admit(Severity::Error) {
            sink.push(
                Diagnostic::error(codes::EMPTY_STYLE, format!("{what} is empty"))
                    .label(span, "style name expected here")
                    .help("a style-turn field is two SNN style names around `/`, one uppercase and one lowercase, the player to move first: `CHESS/chess`"),
            );
        }
        return None;
    }
    if let Ok((_, style)) = nom::combinator::all_consuming(style::<nom::error::Error<&[u8]>>)(text)
    {
        return Some(style);
    }
    let mut upper = false;
    let mut lower = false;
    for (index, &b) in text.iter().enumerate() {
        let at = Span::new(span.offset + index, 1);
        match letter(b) {
            Some((Case::Upper, _)) => upper = true,
            Some((Case::Lower, _)) => lower = true,
            None if is_foreign(b) => {}
            None if b.is_ascii_digit() && index == 0 => {
                if sink.admit(Severity::Error) {
                    sink.push(
                        Diagnostic::error(codes::INVALID_STYLE_NAME, format!("style name {} starts with a digit", quote(text)))
                            .label(at, "a letter must come first")
                            .help("an SNN style name starts with a letter, then letters and digits, as in `CHESS960`"),
                    );
                }
            }
            None if b.is_ascii_digit() => {}
            None => {
                sink.push_with(Severity::Error, || {
                    Diagnostic::error(codes::INVALID_STYLE_NAME, format!("{} is not allowed in style name {}", quote(&[b]), quote(text)))
                        .label(at, "not a letter or digit")
                        .help("an SNN style name has letters and digits only, as in `CHESS960`: remove this character")
                });
            }
        }
    }
    if upper && lower {
        let first_upper = text
            .iter()
            .find_map(|&b| letter(b))
            .is_some_and(|(case, _)| case == Case::Upper);
        let fixed = if first_upper {
            text.to_ascii_uppercase()
        } else {
            text.to_ascii_lowercase()
        };
        let case = if first_upper {
            "uppercase"
        } else {
            "lowercase"
        };
        if sink.admit(Severity::Error) {
            sink.push(
                Diagnostic::error(codes::MIXED_CASE_STYLE, format!("style name {} mixes uppercase and lowercase", quote(text)))
                    .label(span, "mixed case")
                    .help(format!("an SNN style name is all uppercase (first player) or all lowercase (second player): write {} ({case}, like its first letter)", quote(&fixed))),
            );
        }
    }
    None
}
