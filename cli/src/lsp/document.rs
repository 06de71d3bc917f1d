//! An open document and the records in it, read by the CLI's rules: one record per line with
//! blank, `#` and `%` lines as comments; in a PGN or PDN game file, every FEN tag pair and setup
//! command, by the rules of its game's tags, and the problems of those tags.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::ops::RangeInclusive;
use std::sync::Arc;

use fenkit::pgn::{GameRecord, GameScanner};
use fenkit::{Notation, ParseOptions, Parsed, Position, parse_any};
use lsp_types::Uri;

use crate::input::{TOO_LONG_PREFIX, is_comment, record_too_long};

/// The names of the notations fenkit serves, as file extensions and language ids.
const NAMES: [&str; 5] = ["fen", "epd", "pdn", "pgn", "feen"];

/// The names of game files: read by tags and move text, not line by line.
const GAME_FILES: [&str; 2] = ["pgn", "pdn"];

/// Records that came back while a FEN tag waited are held, to be handed out in line order once
/// it is judged; past this many they go out as they are, so a tag section that never ends
/// cannot pile up records.
const HELD_LIMIT: usize = 1024;

/// How a document's lines become records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// One record per line (notation detected per record), as `fenkit check FILE` reads.
    Records,
    /// A PGN or PDN game file, read with [`GameScanner`].
    Games,
}

impl Reading {
    /// How to read the document at `uri` opened as `language_id`, or `None` when it is not a
    /// fenkit document (its extension and language id name no notation).
    pub fn of(uri: &Uri, language_id: &str) -> Option<Reading> {
        let path = uri.path().as_str();
        let extension = path
            .rsplit_once('.')
            .map(|(_, extension)| extension.to_ascii_lowercase());
        let language = language_id.to_ascii_lowercase();
        let names = |name: &&str| extension.as_deref() == Some(*name) || language == *name;
        if GAME_FILES.iter().any(names) {
            Some(Reading::Games)
        } else if NAMES.iter().any(names) {
            Some(Reading::Records)
        } else {
            None
        }
    }
}

/// The text of an open document at one version.
#[derive(Clone, Debug)]
pub struct Document {
    pub version: i32,
    pub text: Arc<str>,
    pub reading: Reading,
}

/// One record of a document: its 0-based line, the line's text (for a record of a game file
/// that came back after its line, the line up to the tag's end) and what it was read as.
pub struct LineRecord<'a> {
    pub line: u32,
    pub text: Cow<'a, str>,
    /// `None` for a problem of a game's tags (no position was read).
    pub notation: Option<Notation>,
    pub parsed: Parsed<Position>,
}

/// The lines of `text` without their endings, numbered from 0: `\n`, `\r\n` and a lone `\r`
/// each end a line, as `fenkit check` reads a file and as LSP counts lines. A text that ends
/// with a line end has an empty last line.
pub fn lines(text: &str) -> impl Iterator<Item = (u32, &str)> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let current = rest?;
        match current.find(['\n', '\r']) {
            Some(end) => {
                let (line, ending) = current.split_at(end);
                let ending_len = if ending.starts_with("\r\n") { 2 } else { 1 };
                rest = ending.get(ending_len..);
                Some(line)
            }
            None => {
                rest = None;
                Some(current)
            }
        }
    })
    .enumerate()
    .map(|(index, line)| (u32::try_from(index).unwrap_or(u32::MAX), line))
}

/// How records are read: the options, and the maximum record length (a longer line is one
/// `record_too_long` diagnostic, never parsed, as `fenkit check` reports it).
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub options: ParseOptions,
    pub max_record_bytes: usize,
}

/// Every record of `text`, in order, read lazily (a caller can stop early).
pub fn records<'a>(
    text: &'a str,
    reading: Reading,
    rules: Rules,
) -> Box<dyn Iterator<Item = LineRecord<'a>> + 'a> {
    records_on(text, reading, rules, 0..=u32::MAX)
}

/// The record of a line over the maximum record length: its first bytes (to show which line
/// it is) and one `record_too_long` error, the line unread.
fn too_long(number: u32, line: &str, max_record_bytes: usize) -> LineRecord<'_> {
    let mut end = TOO_LONG_PREFIX.min(line.len());
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    let diagnostic = record_too_long(line.len() as u64, max_record_bytes);
    LineRecord {
        line: number,
        text: Cow::Borrowed(line.get(..end).unwrap_or_default()),
        notation: None,
        parsed: Parsed::new(None, vec![diagnostic]),
    }
}

/// The records on the lines `wanted`: only those are parsed, except in game files, where the
/// lines before set the rules (GameType, Variant, SetUp) and are scanned too, and the lines
/// after are scanned while a FEN tag of a wanted line waits for the end of its tag section.
/// A line over the maximum record length is never parsed nor scanned (a game's scanner reads
/// it as an empty line, as `fenkit check` does).
pub fn records_on<'a>(
    text: &'a str,
    reading: Reading,
    rules: Rules,
    wanted: RangeInclusive<u32>,
) -> Box<dyn Iterator<Item = LineRecord<'a>> + 'a> {
    let (first, last) = (*wanted.start(), *wanted.end());
    let Rules {
        options,
        max_record_bytes: max,
    } = rules;
    match reading {
        Reading::Records => Box::new(
            lines(text)
                .skip_while(move |(number, _)| number < &first)
                .take_while(move |(number, _)| number <= &last)
                .filter(|(_, line)| !is_comment(line.as_bytes()))
                .map(move |(number, line)| {
                    if line.len() > max {
                        return too_long(number, line, max);
                    }
                    let (notation, parsed) = parse_any(line.as_bytes(), None, &options);
                    LineRecord {
                        line: number,
                        text: Cow::Borrowed(line),
                        notation: Some(notation),
                        parsed,
                    }
                }),
        ),
        Reading::Games => Box::new(GameRecords {
            scanner: GameScanner::new(options),
            max_record_bytes: max,
            lines: Box::new(lines(text)),
            wanted,
            held: Vec::new(),
            ready: VecDeque::new(),
            done: false,
        }),
    }
}

/// The records of a game file on the wanted lines, in line order as far as [`HELD_LIMIT`]
/// allows: a FEN tag comes back from the scanner when its tag section ends, after the records
/// of later lines.
struct GameRecords<'a> {
    scanner: GameScanner,
    max_record_bytes: usize,
    lines: Box<dyn Iterator<Item = (u32, &'a str)> + 'a>,
    wanted: RangeInclusive<u32>,
    held: Vec<LineRecord<'a>>,
    ready: VecDeque<LineRecord<'a>>,
    done: bool,
}

impl<'a> GameRecords<'a> {
    /// Keeps the wanted ones of `found`, which came back while scanning `line` (its number and
    /// text; `None` at the end of the document).
    fn take(&mut self, found: Vec<GameRecord>, line: Option<(u32, &'a str)>) {
        for record in found {
            let number = u32::try_from(record.line.saturating_sub(1)).unwrap_or(u32::MAX);
            if !self.wanted.contains(&number) {
                continue;
            }
            // The whole line where it is at hand; else the record's own copy (up to the tag).
            let text = match line {
                Some((current, text)) if current == number => Cow::Borrowed(text),
                _ => Cow::Owned(String::from_utf8_lossy(&record.text).into_owned()),
            };
            self.held.push(LineRecord {
                line: number,
                text,
                notation: record.notation,
                parsed: record.parsed,
            });
        }
        if self.done || !self.scanner.has_waiting() || self.held.len() >= HELD_LIMIT {
            self.held.sort_by_key(|record| record.line);
            self.ready.extend(self.held.drain(..));
        }
    }
}

impl<'a> Iterator for GameRecords<'a> {
    type Item = LineRecord<'a>;

    fn next(&mut self) -> Option<LineRecord<'a>> {
        loop {
            if let Some(record) = self.ready.pop_front() {
                return Some(record);
            }
            if self.done {
                return None;
            }
            match self.lines.next() {
                // Past the wanted lines only to get their waiting FEN tags judged.
                Some((number, line))
                    if number <= *self.wanted.end() || self.scanner.has_waiting() =>
                {
                    if line.len() > self.max_record_bytes {
                        if self.wanted.contains(&number) && !is_comment(line.as_bytes()) {
                            self.held
                                .push(too_long(number, line, self.max_record_bytes));
                        }
                        let found = self.scanner.scan_line(b"");
                        self.take(found, None);
                        continue;
                    }
                    let found = self.scanner.scan_line(line.as_bytes());
                    self.take(found, Some((number, line)));
                }
                Some(_) => {
                    self.done = true;
                    self.take(Vec::new(), None);
                }
                // The end of the document: the last game's tags and an unclosed comment.
                None => {
                    self.done = true;
                    let found = self.scanner.finish();
                    self.take(found, None);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(options: ParseOptions) -> Rules {
        Rules {
            options,
            max_record_bytes: crate::input::DEFAULT_MAX_RECORD_BYTES,
        }
    }

    #[test]
    fn a_line_over_the_maximum_is_one_diagnostic_and_is_not_read() {
        let long = format!("[FEN \"{}\"]", "x ".repeat(40));
        let text = format!("[Event \"a\"]\n{long}\n[FEN \"8/8 w\"]\n\n1. e4 *\n");
        let small = Rules {
            options: ParseOptions::strict(),
            max_record_bytes: 50,
        };
        for reading in [Reading::Records, Reading::Games] {
            let found: Vec<_> = records(&text, reading, small)
                .filter(|record| record.line == 1)
                .map(|record| {
                    let codes: Vec<_> =
                        record.parsed.diagnostics.iter().map(|d| d.code()).collect();
                    (record.text.into_owned(), codes)
                })
                .collect();
            assert_eq!(
                found,
                [(
                    long.get(..32).unwrap_or_default().to_string(),
                    vec!["fenkit::input::record_too_long"]
                )],
                "{reading:?}"
            );
        }
    }

    fn uri(text: &str) -> Uri {
        text.parse().unwrap_or_else(|_| panic!("bad uri {text}"))
    }

    #[test]
    fn extension_or_language_id_picks_the_reading() {
        assert_eq!(
            Reading::of(&uri("file:///a/b.PDN"), "plaintext"),
            Some(Reading::Games)
        );
        assert_eq!(
            Reading::of(&uri("file:///a/tour.txt"), "pdn"),
            Some(Reading::Games)
        );
        assert_eq!(
            Reading::of(&uri("file:///a/b.epd"), ""),
            Some(Reading::Records)
        );
        assert_eq!(
            Reading::of(&uri("file:///a/tour.txt"), "feen"),
            Some(Reading::Records)
        );
        assert_eq!(Reading::of(&uri("file:///a/notes.txt"), "plaintext"), None);
    }

    #[test]
    fn comments_are_skipped_and_crlf_is_stripped() {
        let text = "# c\r\n\r\n8/8/8/8/8/8/8/8 w - - 0 1\r\n% x\r\n";
        let found: Vec<_> = records(text, Reading::Records, rules(ParseOptions::strict()))
            .map(|record| (record.line, record.text.into_owned()))
            .collect();
        assert_eq!(found, [(2, "8/8/8/8/8/8/8/8 w - - 0 1".to_string())]);
    }

    #[test]
    fn lf_crlf_and_a_lone_cr_each_end_a_line() {
        let found: Vec<_> = lines("a\nb\r\nc\rd\r\re\n\r").collect();
        assert_eq!(
            found,
            [
                (0, "a"),
                (1, "b"),
                (2, "c"),
                (3, "d"),
                (4, ""),
                (5, "e"),
                (6, ""),
                (7, "")
            ]
        );
        assert_eq!(lines("").collect::<Vec<_>>(), [(0, "")]);
        let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\r8/8 x\r";
        let found: Vec<_> = records(text, Reading::Records, rules(ParseOptions::strict()))
            .map(|record| (record.line, record.parsed.is_valid()))
            .collect();
        assert_eq!(found, [(0, true), (1, false)]);
    }

    #[test]
    fn records_on_parses_only_the_wanted_lines_but_keeps_the_game_board() {
        let text = "8/8 w - - 0 1\n# c\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n8/8 x\n";
        let found: Vec<_> =
            records_on(text, Reading::Records, rules(ParseOptions::strict()), 1..=2)
                .map(|record| (record.line, record.parsed.is_valid()))
                .collect();
        assert_eq!(found, [(2, true)]);
        // GameType 21 (English, 32 squares) on line 0 makes square 33 wrong on line 2.
        let games = "[GameType \"21\"]\n\n[FEN \"W:W21-33:B1-12\"]\n";
        let found: Vec<_> = records_on(games, Reading::Games, rules(ParseOptions::strict()), 2..=2)
            .map(|record| (record.line, record.parsed.is_valid()))
            .collect();
        assert_eq!(found, [(2, false)]);
    }

    #[test]
    fn a_fen_tag_of_a_wanted_line_waits_for_the_end_of_its_tags() {
        // The FEN comes before its SetUp and Variant: it is judged at the move text, past the
        // wanted line, with its SetUp (no fen_without_setup).
        let text = "[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\
                    [SetUp \"1\"]\n[Variant \"Chess960\"]\n\n1. Kd2 *\n";
        let options = ParseOptions::strict().validated();
        let found: Vec<_> = records_on(text, Reading::Games, rules(options), 1..=1)
            .map(|record| {
                (
                    record.line,
                    record.text.into_owned(),
                    record.parsed.diagnostics,
                )
            })
            .collect();
        assert_eq!(
            found,
            [(
                1,
                "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]".to_string(),
                vec![]
            )]
        );
        // At the end of the document, the last game's tags are judged too.
        let text = "[SetUp \"1\"]\n[FEN \"8/8 w - - 0 1\"]\n[Variant \"Bughouse\"]";
        let found: Vec<_> = records(text, Reading::Games, rules(options))
            .map(|record| {
                let codes: Vec<_> = record.parsed.diagnostics.iter().map(|d| d.code()).collect();
                (record.line, codes)
            })
            .collect();
        assert_eq!(found, [(2, vec!["fenkit::pgn::unsupported_variant"])]);
    }

    #[test]
    fn records_of_a_game_come_in_line_order() {
        // The stray line 2 comes back from the scanner before the FEN tag of line 1.
        let text = "[Event \"x\"]\n[FEN \"8/8 w - - 0 1\"]\nstray words\n\n1. e4 *\n";
        let found: Vec<_> = records(text, Reading::Games, rules(ParseOptions::strict()))
            .map(|record| record.line)
            .collect();
        assert_eq!(found, [1, 2]);
    }
}
