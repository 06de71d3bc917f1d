//! The lines of a game file as the scanner's fast path meets them: where a line ends, and a
//! line of one tag pair in the spelling nearly every writer uses, read in one pass.

use super::syntax::PlainTag;
use crate::primitives::word::{HIGH, below, bytes_of, equal_to, first_of, word};
use crate::span::Span;

/// The length of the line end at `at` of `text`: 2 for `\r\n`, 1 for `\n` or `\r`, 0 at its
/// end.
#[inline]
pub(super) fn line_end_len(text: &[u8], at: usize) -> usize {
    match text.get(at..at + 2) {
        Some(b"\r\n") => 2,
        _ => usize::from(at < text.len()),
    }
}

/// The line at the start of `text` when it is one tag pair spelled `[Name "value"]`, with no
/// `\` nor control byte up to `\r` (a tab) in the value and its line end (or the end of
/// `text`) right after the `]`: the tag pair as the general reader (`read_plain_tag_line`)
/// reads it, in one pass and with no whitespace to skip. `None` for any other line, which the
/// general reader takes.
#[inline(always)]
pub(super) fn common_tag_line(text: &[u8]) -> Option<PlainTag<'_>> {
    let after = text.get(1..)?;
    let name_len = short_name_len(after)?;
    let name = after.get(..name_len)?;
    if !name.first()?.is_ascii_alphabetic() || after.get(name_len..name_len + 2)? != b" \"" {
        return None;
    }
    let value_start = name_len + 3;
    let close = value_start + quote_backslash_or_line_end(text.get(value_start..)?)?;
    let end = close + 2;
    match text.get(close..) {
        Some([b'"', b']'] | [b'"', b']', b'\n' | b'\r', ..]) => Some(PlainTag {
            name,
            name_span: Span::new(1, name_len),
            value_span: Span::from_range(value_start, close),
            end,
        }),
        _ => None,
    }
}

/// The length of the run of name bytes (letters, digits, `_`) at the start of `text` when it
/// is shorter than 16 bytes; `None` otherwise (the general reader reads such a line). Judged a
/// word at a time, not a byte: a loop over the name's bytes would stop at a different count on
/// each line, and mispredict there. The second word is judged only when the name fills the
/// first (`WhiteElo`, `TimeControl`): most names (`Event`, `Site`, `FEN`) end in it, a branch
/// that follows the kind of tag, not its length byte by byte. The last line of a text, with
/// fewer than 16 bytes, is read a byte at a time.
#[inline(always)]
fn short_name_len(text: &[u8]) -> Option<usize> {
    let (Some(first), Some(second)) = (text.get(..8), text.get(8..16)) else {
        let run = text
            .iter()
            .position(|&b| !is_name_byte(b))
            .unwrap_or(text.len());
        return (run < 16).then_some(run);
    };
    let first = !name_bytes(word(first)) & HIGH;
    if first != 0 {
        return Some((first.trailing_zeros() / 8) as usize);
    }
    let second = !name_bytes(word(second)) & HIGH;
    let len = 8 + second.trailing_zeros() / 8;
    (len < 16).then_some(len as usize)
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The high bit of each byte of `word` that is a name byte: a letter, a digit or `_`.
#[inline(always)]
fn name_bytes(word: u64) -> u64 {
    between(word, b'0', b'9') | between(word | bytes_of(0x20), b'a', b'z') | equal(word, b'_')
}

/// The high bit of each byte of `word` from `low` to `high` (both ASCII), exactly: no carry
/// crosses a byte.
#[inline(always)]
fn between(word: u64, low: u8, high: u8) -> u64 {
    let low7 = word & bytes_of(0x7F);
    let below_high = bytes_of(0x80 + high).wrapping_sub(low7);
    let above_low = low7.wrapping_add(bytes_of(0x80 - low));
    below_high & above_low & !word & HIGH
}

/// The high bit of each byte of `word` that is `b`, exactly.
#[inline(always)]
fn equal(word: u64, b: u8) -> u64 {
    let x = word ^ bytes_of(b);
    !((x & bytes_of(0x7F)).wrapping_add(bytes_of(0x7F)) | x) & HIGH
}

/// The first `"`, `\` or control byte up to `\r` (a line end among them) of `text`, eight
/// bytes at a time in a word (tag values are short: a vector search pays for its setup on
/// each); the last bytes go in a word too, its padding masked off. A stop at any byte but `"`
/// leaves the line to the general reader, so a tab in a value only costs it the fast path.
#[inline(always)]
fn quote_backslash_or_line_end(text: &[u8]) -> Option<usize> {
    let found = |word: u64| equal_to(word, b'"') | equal_to(word, b'\\') | below(word, b'\r' + 1);
    // Most values end in their first sixteen bytes: two words, one branch.
    if let (Some(first), Some(second)) = (text.get(..8), text.get(8..16)) {
        let (first, second) = (found(word(first)), found(word(second)));
        if first | second != 0 {
            let at = if first != 0 {
                first.trailing_zeros() / 8
            } else {
                8 + second.trailing_zeros() / 8
            };
            return Some(at as usize);
        }
    }
    first_of(text, found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::syntax::read_plain_tag_line;
    use proptest::prelude::*;

    proptest! {
        /// The one-pass reader reads a line as the general reader does, or leaves it to it.
        #[test]
        fn common_tag_lines_agree(line in "\\[[A-Za-z0-9_ ]{0,6}[ \"]{0,2}[a-z\"\\\\\\] \t\u{0}\u{e9}]{0,20}\\]?[\r\n]?[a-z]?") {
            let text = line.as_bytes();
            if let Some(common) = common_tag_line(text) {
                prop_assert_eq!(Some(common), read_plain_tag_line(text, 0));
                prop_assert!(matches!(text.get(common.end), None | Some(b'\n' | b'\r')));
            }
        }

        #[test]
        fn short_names_end_where_name_bytes_end(text in "[A-Za-z0-9_]{0,18}.?[A-Za-z_]{0,4}") {
            let text = text.as_bytes();
            let run = text.iter().position(|&b| !(b.is_ascii_alphanumeric() || b == b'_')).unwrap_or(text.len());
            prop_assert_eq!(short_name_len(text), (run < 16).then_some(run));
        }

        #[test]
        fn the_word_search_finds_the_first(text in "[a-z\"\\\\\r\n\t\u{0}\u{e}\u{7f}\u{e9}]{0,40}") {
            let text = text.as_bytes();
            let first = text.iter().position(|b| matches!(b, b'"' | b'\\' | ..=b'\r'));
            prop_assert_eq!(quote_backslash_or_line_end(text), first);
        }
    }

    #[test]
    fn reads_the_common_spelling() {
        let tag = common_tag_line(b"[White \"Kasparov, G\"]\n[Black");
        assert_eq!(
            tag.map(|tag| (tag.name, tag.end)),
            Some((&b"White"[..], 21))
        );
        assert_eq!(tag.map(|tag| tag.value_span), Some(Span::from_range(8, 19)));
        assert!(common_tag_line(b"[White \"a\"]").is_some());
        for other in [
            &b"[White \"a\"] \n"[..],
            b"[White  \"a\"]\n",
            b"[ White \"a\"]\n",
            b"[White \"a\\\"b\"]\n",
            b"[White \"a\n\"]\n",
            b"[White \"a\"]x\n",
            b"[1White \"a\"]\n",
            b"[White \"a\"",
        ] {
            assert_eq!(common_tag_line(other), None, "{other:?}");
        }
    }
}
