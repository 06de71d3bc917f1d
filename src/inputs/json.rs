//! A JSON reader for one line, which checks the whole line and finds the value at a path on
//! the way, without building the document: a line is read once, in linear time, with no
//! allocation unless a key has escapes.

use super::messages::{self, MAX_JSON_DEPTH as MAX_DEPTH};
use crate::primitives::word::{below, equal_to, first_of};
use crate::span::Span;

/// What a JSON value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    String,
    Number,
    Literal,
    Object,
    Array,
}

/// Where the line is not JSON, and what was expected there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct SyntaxError {
    pub(super) expected: &'static str,
    pub(super) at: usize,
}

/// What the path led to in a line of valid JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Lookup {
    /// The value at the path (the last one, when keys repeat, as most JSON readers take).
    Found { span: Span, kind: Kind },
    /// The path stops after `matched` segments, at the value `at`, which has none of the next.
    Missing { matched: usize, at: Span },
}

/// Reads `line` as one JSON value and looks `path` up in it.
pub(super) fn lookup(line: &[u8], path: &[&[u8]]) -> Result<Lookup, SyntaxError> {
    let mut reader = Reader {
        bytes: line,
        at: 0,
        found: None,
        missing: None,
    };
    reader.whitespace();
    reader.value(Some(path), 0, path.len())?;
    reader.whitespace();
    if reader.at < line.len() {
        return Err(reader.error("the end of the line"));
    }
    Ok(match (reader.found, reader.missing) {
        (Some((span, kind)), _) => Lookup::Found { span, kind },
        (None, Some((matched, at))) => Lookup::Missing { matched, at },
        (None, None) => Lookup::Missing {
            matched: 0,
            at: Span::new(0, line.len()),
        },
    })
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    found: Option<(Span, Kind)>,
    /// The deepest place the path stopped at.
    missing: Option<(usize, Span)>,
}

impl Reader<'_> {
    fn error(&self, expected: &'static str) -> SyntaxError {
        SyntaxError {
            expected,
            at: self.at,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn expect(&mut self, byte: u8, expected: &'static str) -> Result<(), SyntaxError> {
        if self.peek() != Some(byte) {
            return Err(self.error(expected));
        }
        self.at += 1;
        Ok(())
    }

    /// Reads a value; `path` is the rest of the path when this value is on it, of `total`
    /// segments in all.
    fn value(
        &mut self,
        path: Option<&[&[u8]]>,
        depth: usize,
        total: usize,
    ) -> Result<(), SyntaxError> {
        let start = self.at;
        let kind = match self.peek() {
            Some(b'{') => self.container(path, depth, total, true)?,
            Some(b'[') => self.container(path, depth, total, false)?,
            Some(b'"') => {
                self.string()?;
                Kind::String
            }
            Some(b'-' | b'0'..=b'9') => self.number()?,
            Some(b't') => self.literal(b"true")?,
            Some(b'f') => self.literal(b"false")?,
            Some(b'n') => self.literal(b"null")?,
            _ => return Err(self.error("a value")),
        };
        let span = Span::from_range(start, self.at);
        match path {
            Some([]) => self.found = Some((span, kind)),
            Some(rest) if !matches!(kind, Kind::Object | Kind::Array) => {
                self.stopped(total - rest.len(), span);
            }
            _ => {}
        }
        Ok(())
    }

    fn stopped(&mut self, matched: usize, at: Span) {
        if self.missing.is_none_or(|(deepest, _)| matched > deepest) {
            self.missing = Some((matched, at));
        }
    }

    /// Reads an object or an array, following the path into the members it names.
    fn container(
        &mut self,
        path: Option<&[&[u8]]>,
        depth: usize,
        total: usize,
        object: bool,
    ) -> Result<Kind, SyntaxError> {
        if depth == MAX_DEPTH {
            return Err(self.error(messages::JSON_TOO_DEEP));
        }
        let start = self.at;
        let (close, close_expected) = if object {
            (b'}', "`,` or `}`")
        } else {
            (b']', "`,` or `]`")
        };
        self.at += 1;
        self.whitespace();
        let next = path.and_then(|rest| rest.split_first());
        let mut index = 0usize;
        let mut followed = false;
        if self.peek() == Some(close) {
            self.at += 1;
        } else {
            loop {
                let on_path = if object {
                    let key = self.string()?;
                    self.whitespace();
                    self.expect(b':', "`:`")?;
                    self.whitespace();
                    next.is_some_and(|(wanted, _)| self.key_is(key, wanted))
                } else {
                    next.is_some_and(|(wanted, _)| is_index(wanted, index))
                };
                followed |= on_path;
                let rest = next.filter(|_| on_path).map(|(_, rest)| rest);
                self.value(rest, depth + 1, total)?;
                index += 1;
                self.whitespace();
                match self.peek() {
                    Some(b',') => {
                        self.at += 1;
                        self.whitespace();
                    }
                    Some(byte) if byte == close => {
                        self.at += 1;
                        break;
                    }
                    _ => return Err(self.error(close_expected)),
                }
            }
        }
        if let (Some(rest), false) = (path, followed) {
            if !rest.is_empty() {
                self.stopped(total - rest.len(), Span::from_range(start, self.at));
            }
        }
        Ok(if object { Kind::Object } else { Kind::Array })
    }

    /// Whether the raw key `key` (between its quotes) is `wanted`.
    fn key_is(&self, key: Span, wanted: &[u8]) -> bool {
        let raw = key.of(self.bytes);
        if !raw.contains(&b'\\') {
            return raw == wanted;
        }
        unescape(raw).is_ok_and(|(text, _)| text == wanted)
    }

    /// Reads a string; returns the span of its raw text between the quotes. One pass stops at
    /// the bytes that matter (`"`, `\\`, a control character): most strings are short keys,
    /// where a search call per string, and a second pass for control characters, cost more.
    fn string(&mut self) -> Result<Span, SyntaxError> {
        self.expect(b'"', "a string")?;
        let start = self.at;
        loop {
            let rest = self.bytes.get(self.at..).unwrap_or_default();
            let Some(found) = first_special(rest) else {
                self.at = self.bytes.len();
                return Err(self.error("`\"`"));
            };
            self.at += found;
            match self.peek() {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(Span::from_range(start, self.at - 1));
                }
                Some(b'\\') => self.escape()?,
                _ => {
                    return Err(self.error("an escape (`\\n`, `\\t`...) for a control character"));
                }
            }
        }
    }

    /// Checks the escape at `\`.
    fn escape(&mut self) -> Result<(), SyntaxError> {
        self.at += 1;
        match self.peek() {
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => self.at += 1,
            Some(b'u') => {
                self.at += 1;
                for _ in 0..4 {
                    if !self.peek().is_some_and(|b| b.is_ascii_hexdigit()) {
                        return Err(self.error("four hexadecimal digits"));
                    }
                    self.at += 1;
                }
            }
            _ => return Err(self.error("an escape: one of `\"\\/bfnrtu`")),
        }
        Ok(())
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        self.at - start
    }

    fn number(&mut self) -> Result<Kind, SyntaxError> {
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.error("a digit")),
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            if self.digits() == 0 {
                return Err(self.error("a digit"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if self.digits() == 0 {
                return Err(self.error("a digit"));
            }
        }
        Ok(Kind::Number)
    }

    fn literal(&mut self, word: &'static [u8]) -> Result<Kind, SyntaxError> {
        for &byte in word {
            if self.peek() != Some(byte) {
                return Err(self.error("a value"));
            }
            self.at += 1;
        }
        Ok(Kind::Literal)
    }
}

/// Where the first `"`, `\\` or control character of `bytes` is, eight bytes a step in a word.
fn first_special(bytes: &[u8]) -> Option<usize> {
    first_of(bytes, |word| {
        equal_to(word, b'"') | equal_to(word, b'\\') | below(word, 0x20)
    })
}

/// Whether the path segment `wanted` is the array index `index`.
fn is_index(wanted: &[u8], index: usize) -> bool {
    !wanted.is_empty()
        && wanted.iter().all(u8::is_ascii_digit)
        && std::str::from_utf8(wanted)
            .ok()
            .and_then(|s| s.parse().ok())
            == Some(index)
}

/// The text of a string's raw bytes (between its quotes, its escapes checked), and for each of
/// its bytes the offset in `raw` it came from. Fails at a lone surrogate (`\ud800`), with its
/// offset.
pub(super) fn unescape(raw: &[u8]) -> Result<(Vec<u8>, Vec<usize>), usize> {
    let mut text = Vec::with_capacity(raw.len());
    let mut offsets = Vec::with_capacity(raw.len());
    let mut at = 0;
    while let Some(&byte) = raw.get(at) {
        if byte != b'\\' {
            text.push(byte);
            offsets.push(at);
            at += 1;
            continue;
        }
        let (character, length) = match raw.get(at + 1) {
            Some(b'u') => unicode_escape(raw, at)?,
            Some(&escaped) => (simple_escape(escaped), 2),
            None => return Err(at),
        };
        let mut buffer = [0; 4];
        for &encoded in character.encode_utf8(&mut buffer).as_bytes() {
            text.push(encoded);
            offsets.push(at);
        }
        at += length;
    }
    Ok((text, offsets))
}

fn simple_escape(escaped: u8) -> char {
    match escaped {
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        other => char::from(other),
    }
}

fn hex4(raw: &[u8], at: usize) -> Option<u32> {
    let digits = std::str::from_utf8(raw.get(at..at + 4)?).ok()?;
    u32::from_str_radix(digits, 16).ok()
}

/// The character of the `\uXXXX` escape at `at` (a surrogate pair takes two), and its length.
fn unicode_escape(raw: &[u8], at: usize) -> Result<(char, usize), usize> {
    let first = hex4(raw, at + 2).ok_or(at)?;
    if !(0xD800..0xDC00).contains(&first) {
        return char::from_u32(first).map(|c| (c, 6)).ok_or(at);
    }
    if raw.get(at + 6..at + 8) != Some(b"\\u") {
        return Err(at);
    }
    let second = hex4(raw, at + 8).ok_or(at)?;
    if !(0xDC00..0xE000).contains(&second) {
        return Err(at);
    }
    let code = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
    char::from_u32(code).map(|c| (c, 12)).ok_or(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(line: &str, path: &[&str]) -> Result<Lookup, SyntaxError> {
        let path: Vec<&[u8]> = path.iter().map(|s| s.as_bytes()).collect();
        lookup(line.as_bytes(), &path)
    }

    #[test]
    fn finds_a_nested_value() {
        let line = r#"{"a": {"b": [1, {"c": "x"}]}, "d": null}"#;
        let at = line.find("\"x\"").unwrap_or_default();
        assert_eq!(
            found(line, &["a", "b", "1", "c"]),
            Ok(Lookup::Found {
                span: Span::new(at, 3),
                kind: Kind::String
            })
        );
        assert_eq!(
            found(line, &["d"]),
            Ok(Lookup::Found {
                span: Span::new(35, 4),
                kind: Kind::Literal
            })
        );
    }

    #[test]
    fn the_last_of_repeated_keys_wins() {
        assert_eq!(
            found(r#"{"a": 1, "a": 22}"#, &["a"]),
            Ok(Lookup::Found {
                span: Span::new(14, 2),
                kind: Kind::Number
            })
        );
    }

    #[test]
    fn a_key_with_escapes_is_compared_unescaped() {
        assert_eq!(
            found(r#"{"f\u0065n": "x"}"#, &["fen"]),
            Ok(Lookup::Found {
                span: Span::new(13, 3),
                kind: Kind::String
            })
        );
    }

    #[test]
    fn reports_where_the_path_stops() {
        let line = r#"{"a": {"b": 1}, "c": 2}"#;
        assert_eq!(
            found(line, &["a", "x"]),
            Ok(Lookup::Missing {
                matched: 1,
                at: Span::new(6, 8)
            })
        );
        assert_eq!(
            found(line, &["a", "b", "c"]),
            Ok(Lookup::Missing {
                matched: 2,
                at: Span::new(12, 1)
            })
        );
        assert_eq!(
            found(line, &["z"]),
            Ok(Lookup::Missing {
                matched: 0,
                at: Span::new(0, 23)
            })
        );
    }

    #[test]
    fn reports_where_the_line_is_not_json() {
        let cases = [
            (r#"{"a": 1"#, 7, "`,` or `}`"),
            (r#"{"a" 1}"#, 5, "`:`"),
            (r#"{"a": tru}"#, 9, "a value"),
            (r#"{"a": 01}"#, 7, "`,` or `}`"),
            (r#"{"a": 1.}"#, 8, "a digit"),
            (r#"{"a": "\x"}"#, 8, "an escape: one of `\"\\/bfnrtu`"),
            (
                "{\"a\": \"\t\"}",
                7,
                "an escape (`\\n`, `\\t`...) for a control character",
            ),
            (r#"{"a": 1} x"#, 9, "the end of the line"),
            (r#"{"a": "x"#, 8, "`\"`"),
            ("", 0, "a value"),
        ];
        for (line, at, expected) in cases {
            assert_eq!(
                found(line, &["a"]),
                Err(SyntaxError { expected, at }),
                "{line}"
            );
        }
        let deep = "[".repeat(200);
        assert_eq!(found(&deep, &["a"]).map_err(|e| e.at), Err(128));
    }

    #[test]
    fn finds_the_first_byte_a_string_stops_at() {
        for special in [b'"', b'\\', b'\n', 0x1F] {
            for at in 0..20 {
                let mut bytes = vec![b'a'; 24];
                // Bytes that a borrow could mistake for one: after it, and high ones.
                bytes.iter_mut().skip(at + 1).for_each(|b| *b = 0x21);
                bytes.splice(
                    at.saturating_sub(1)..=at,
                    [0xE9, special].into_iter().skip(usize::from(at == 0)),
                );
                assert_eq!(first_special(&bytes), Some(at), "{special} at {at}");
            }
        }
        assert_eq!(first_special(&[0x20; 17]), None);
        assert_eq!(first_special(&[0xFF; 17]), None);
    }

    #[test]
    fn unescapes_with_offsets() {
        assert_eq!(
            unescape(br"a\nb\u00e9\ud83d\ude00"),
            Ok((
                "a\nb\u{e9}\u{1f600}".as_bytes().to_vec(),
                vec![0, 1, 3, 4, 4, 10, 10, 10, 10]
            ))
        );
        assert_eq!(unescape(br"x\ud800y"), Err(1));
    }
}
