//! One line of a game file taken apart without any state from the lines before it: its tag
//! pairs and setup commands, in order, with the move text between them noted. `{...}`
//! comments closed on the line and a `;` comment to the end of the line are skipped; a `{`
//! left open ends the line, and a `%` escape line holds nothing. A reader of a single record
//! (`crate::parse_any` on a PDN record) needs no more.

use super::tag::{TagFailure, TagPair, read_setup, read_tag};

/// A part of a line, in the order of the line.
#[derive(Clone, Debug)]
pub(crate) enum LineItem<'a> {
    /// A tag pair `[Name "value"]`, or why it is malformed.
    Tag(Result<TagPair<'a>, TagFailure<'a>>),
    /// A setup command `/FEN "value"/`, or why it is malformed.
    Setup(Result<TagPair<'a>, TagFailure<'a>>),
    /// Move text (any byte that is no tag, setup command, comment or whitespace).
    MoveText,
}

/// The tag pairs, setup commands and move text of `line`.
pub(crate) fn line_items(line: &[u8]) -> Vec<LineItem<'_>> {
    let mut items = Vec::new();
    if line.first() == Some(&b'%') {
        return items;
    }
    let mut at = 0;
    while let Some(&b) = line.get(at) {
        match b {
            b' ' | b'\t' => at += 1,
            b'{' => match line
                .get(at..)
                .and_then(|rest| rest.iter().position(|&c| c == b'}'))
            {
                Some(close) => at += close + 1,
                None => break,
            },
            b';' => break,
            b'[' => {
                let read = read_tag(line, at);
                at = resume(&read, at);
                items.push(LineItem::Tag(read));
            }
            b'/' if line
                .get(at..)
                .is_some_and(|rest| rest.starts_with(b"/FEN \"")) =>
            {
                let read = read_setup(line, at);
                at = resume(&read, at);
                items.push(LineItem::Setup(read));
            }
            _ => {
                if !matches!(items.last(), Some(LineItem::MoveText)) {
                    items.push(LineItem::MoveText);
                }
                at += 1;
            }
        }
    }
    items
}

/// Where reading goes on after the tag pair or setup command read at `at`: past its end, or
/// where its failure says, never before the byte after `at`, so that the line is always read on.
fn resume(read: &Result<TagPair<'_>, TagFailure<'_>>, at: usize) -> usize {
    let end = match read {
        Ok(tag) => tag.end,
        Err(failure) => failure.resume,
    };
    end.max(at + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(line: &[u8]) -> Vec<&'static str> {
        line_items(line)
            .iter()
            .map(|item| match item {
                LineItem::Tag(Ok(_)) => "tag",
                LineItem::Tag(Err(_)) => "bad tag",
                LineItem::Setup(Ok(_)) => "setup",
                LineItem::Setup(Err(_)) => "bad setup",
                LineItem::MoveText => "moves",
            })
            .collect()
    }

    #[test]
    fn a_line_is_taken_apart_in_order() {
        assert_eq!(
            kinds(br#"[GameType "21"] [FEN "W:W31:B1"]"#),
            ["tag", "tag"]
        );
        assert_eq!(
            kinds(br#"1. 32-28 {a [FEN "x"]} /FEN "W:W31:B1"/ ; [FEN "y"]"#),
            ["moves", "setup"]
        );
        assert_eq!(kinds(br#"[FEN "W:W31 {open"#), ["bad tag"]);
        assert_eq!(kinds(br#"{open [FEN "W:W31:B1"]"#), Vec::<&str>::new());
        assert!(kinds(br#"% [FEN "W:W31:B1"]"#).is_empty());
    }
}
