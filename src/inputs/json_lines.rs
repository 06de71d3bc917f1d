//! A field of each line of a JSON Lines file (`.jsonl`, `.ndjson`): one JSON object per line,
//! the record a string at a key or a dotted path (`a.b.c`, a number indexing an array:
//! `positions.0.fen`).

use crate::span::Span;

use super::json::{self, Kind, Lookup};
use super::messages;
use super::value::Cell;
use super::value::FieldValue;

/// A key or a dotted path of keys (`eval.fen`); a segment of digits also indexes an array. A
/// key that holds a `.` cannot be named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonPath {
    text: String,
    segments: Vec<Box<[u8]>>,
}

impl JsonPath {
    /// The path `text`, its segments split at each `.`.
    pub fn parse(text: &str) -> JsonPath {
        JsonPath {
            text: text.to_string(),
            segments: text.split('.').map(|s| s.as_bytes().into()).collect(),
        }
    }

    /// The path as it was written.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

/// The field at `path` of `line` (one line, without its line end): its string value with its
/// place in the line, [`Cell::Blank`] for a line of whitespace only, or the one diagnostic
/// (spans in the line) of a line that is not JSON, lacks the field, or holds no string there.
///
/// ```
/// use fenkit::inputs::{Cell, JsonPath, json_field};
///
/// let line = br#"{"fen": "8/8/8/8/8/8/8/8 w - -", "evals": []}"#;
/// let Cell::Value(value) = json_field(line, &JsonPath::parse("fen")) else { panic!() };
/// assert_eq!((&*value.text, value.start), (&b"8/8/8/8/8/8/8/8 w - -"[..], 9));
/// ```
pub fn json_field<'a>(line: &'a [u8], path: &JsonPath) -> Cell<'a> {
    if line.iter().all(u8::is_ascii_whitespace) {
        return Cell::Blank;
    }
    let segments: Vec<&[u8]> = path.segments.iter().map(|s| &**s).collect();
    let lookup = match json::lookup(line, &segments) {
        Ok(lookup) => lookup,
        Err(error) => {
            let at = Span::new(error.at, usize::from(error.at < line.len()));
            return Cell::Broken(messages::json_syntax(error.expected, at));
        }
    };
    match lookup {
        Lookup::Found {
            span,
            kind: Kind::String,
        } => string_value(line, span),
        Lookup::Found { span, kind } => Cell::Broken(messages::json_not_a_string(
            path.as_str(),
            kind_name(kind),
            span,
        )),
        Lookup::Missing { matched, at } => {
            let missing = path.text.split('.').nth(matched).unwrap_or_default();
            Cell::Broken(messages::json_missing_field(path.as_str(), missing, at))
        }
    }
}

/// The value of the string at `span` (quotes included) of `line`.
fn string_value(line: &[u8], span: Span) -> Cell<'_> {
    let start = span.offset + 1;
    let raw = line
        .get(start..span.end().saturating_sub(1))
        .unwrap_or_default();
    if !raw.contains(&b'\\') {
        return Cell::Value(FieldValue::slice(raw, start));
    }
    match json::unescape(raw) {
        Ok((text, offsets)) => Cell::Value(FieldValue::unescaped(text, start, raw.len(), offsets)),
        Err(at) => Cell::Broken(messages::json_syntax(
            "a character: a lone surrogate escape is none",
            Span::new(start + at, 6),
        )),
    }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::String => "a string",
        Kind::Number => "a number",
        Kind::Literal => "`true`, `false` or `null`",
        Kind::Object => "an object",
        Kind::Array => "an array",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn broken(line: &str, path: &str) -> (&'static str, Option<Span>, String) {
        match json_field(line.as_bytes(), &JsonPath::parse(path)) {
            Cell::Broken(d) => (d.code(), d.span(), d.message().to_string()),
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn reads_a_nested_string() {
        let line = br#"{"game": {"positions": [{"fen": "x"}, {"fen": "8/8 w"}]}}"#;
        let Cell::Value(value) = json_field(line, &JsonPath::parse("game.positions.1.fen")) else {
            panic!("no value");
        };
        assert_eq!(&*value.text, b"8/8 w");
        assert_eq!(value.raw_span(Span::new(0, 5)).of(line), b"8/8 w");
        assert!(value.is_verbatim());
    }

    #[test]
    fn an_escaped_value_maps_its_spans_back() {
        let line = br#"{"fen": "8\/8 \u0077"}"#;
        let Cell::Value(value) = json_field(line, &JsonPath::parse("fen")) else {
            panic!("no value");
        };
        assert_eq!(&*value.text, b"8/8 w");
        // `/` is the escape `\/`, `w` the escape `\u0077`.
        assert_eq!(value.raw_span(Span::new(1, 1)).of(line), br"\/");
        assert_eq!(value.raw_span(Span::new(4, 1)).of(line), br"\u0077");
        assert_eq!(value.raw_span(Span::new(0, 3)).of(line), br"8\/8");
    }

    #[test]
    fn each_broken_line_is_one_diagnostic_with_its_span() {
        assert_eq!(
            broken(r#"{"fen": "x""#, "fen"),
            (
                "fenkit::input::json_syntax",
                Some(Span::new(11, 0)),
                String::from("this line is not JSON: expected `,` or `}`")
            )
        );
        assert_eq!(
            broken(r#"{"a": {"b": 1}}"#, "a.fen"),
            (
                "fenkit::input::json_missing_field",
                Some(Span::new(6, 8)),
                String::from("this line has no field `a.fen`")
            )
        );
        assert_eq!(
            broken(r#"{"fen": [1]}"#, "fen"),
            (
                "fenkit::input::json_not_a_string",
                Some(Span::new(8, 3)),
                String::from("the field `fen` is an array, not a string")
            )
        );
        assert_eq!(
            broken(r#"{"fen": "\ud800"}"#, "fen").1,
            Some(Span::new(9, 6))
        );
        assert_eq!(broken("not json", "fen").1, Some(Span::new(1, 1)));
        assert_eq!(broken("[1, }", "fen").1, Some(Span::new(4, 1)));
    }

    #[test]
    fn a_blank_line_is_no_record() {
        assert!(matches!(
            json_field(b"  \t", &JsonPath::parse("fen")),
            Cell::Blank
        ));
    }
}
