//! An open document and the records in it, read by the CLI's rules: one record per line with
//! blank, `#` and `%` lines as comments; in a PDN game file, every FEN tag pair and setup
//! command, on the board of its game's GameType tag.

use std::ops::RangeInclusive;
use std::sync::Arc;

use fenkit::draughts::PdnScanner;
use fenkit::{Notation, ParseOptions, Parsed, Position, parse_any};
use lsp_types::Uri;

use crate::input::is_comment;

/// The names of the notations fenkit serves, as file extensions and language ids.
const NAMES: [&str; 4] = ["fen", "epd", "pdn", "feen"];

/// How a document's lines become records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// One record per line (notation detected per record), as `fenkit check FILE` reads.
    Records,
    /// A PDN game file, as `fenkit check FILE.pdn` reads.
    PdnGames,
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
        let names = |name: &str| extension.as_deref() == Some(name) || language == name;
        if names("pdn") {
            Some(Reading::PdnGames)
        } else if NAMES.iter().any(|name| names(name)) {
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

/// One record of a document: its 0-based line, the line's text and what it was read as.
pub struct LineRecord<'a> {
    pub line: u32,
    pub text: &'a str,
    pub notation: Notation,
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

/// Every record of `text`, in order, read lazily (a caller can stop early).
pub fn records<'a>(
    text: &'a str,
    reading: Reading,
    options: ParseOptions,
) -> Box<dyn Iterator<Item = LineRecord<'a>> + 'a> {
    records_on(text, reading, options, 0..=u32::MAX)
}

/// The records on the lines `wanted`: only those are parsed, except in PDN games, where the
/// lines before set the board (GameType) and are scanned too.
pub fn records_on<'a>(
    text: &'a str,
    reading: Reading,
    options: ParseOptions,
    wanted: RangeInclusive<u32>,
) -> Box<dyn Iterator<Item = LineRecord<'a>> + 'a> {
    let (first, last) = (*wanted.start(), *wanted.end());
    match reading {
        Reading::Records => Box::new(
            lines(text)
                .skip_while(move |(number, _)| number < &first)
                .take_while(move |(number, _)| number <= &last)
                .filter(|(_, line)| !is_comment(line.as_bytes()))
                .map(move |(number, line)| {
                    let (notation, parsed) = parse_any(line.as_bytes(), None, &options);
                    LineRecord {
                        line: number,
                        text: line,
                        notation,
                        parsed,
                    }
                }),
        ),
        Reading::PdnGames => {
            let mut scanner = PdnScanner::new(options);
            let lines = lines(text).take_while(move |(number, _)| *number <= last);
            let found = lines.flat_map(move |(number, line)| {
                scanner
                    .scan_line(line.as_bytes())
                    .into_iter()
                    .map(move |parsed| LineRecord {
                        line: number,
                        text: line,
                        notation: Notation::Pdn,
                        parsed: parsed.map(Position::Draughts),
                    })
            });
            Box::new(found.filter(move |record| wanted.contains(&record.line)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(text: &str) -> Uri {
        text.parse().unwrap_or_else(|_| panic!("bad uri {text}"))
    }

    #[test]
    fn extension_or_language_id_picks_the_reading() {
        assert_eq!(
            Reading::of(&uri("file:///a/b.PDN"), "plaintext"),
            Some(Reading::PdnGames)
        );
        assert_eq!(
            Reading::of(&uri("file:///a/tour.txt"), "pdn"),
            Some(Reading::PdnGames)
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
        let found: Vec<_> = records(text, Reading::Records, ParseOptions::strict())
            .map(|record| (record.line, record.text))
            .collect();
        assert_eq!(found, [(2, "8/8/8/8/8/8/8/8 w - - 0 1")]);
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
        let found: Vec<_> = records(text, Reading::Records, ParseOptions::strict())
            .map(|record| (record.line, record.parsed.is_valid()))
            .collect();
        assert_eq!(found, [(0, true), (1, false)]);
    }

    #[test]
    fn records_on_parses_only_the_wanted_lines_but_keeps_the_game_board() {
        let text = "8/8 w - - 0 1\n# c\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n8/8 x\n";
        let found: Vec<_> = records_on(text, Reading::Records, ParseOptions::strict(), 1..=2)
            .map(|record| (record.line, record.parsed.is_valid()))
            .collect();
        assert_eq!(found, [(2, true)]);
        // GameType 21 (English, 32 squares) on line 0 makes square 33 wrong on line 2.
        let games = "[GameType \"21\"]\n\n[FEN \"W:W21-33:B1-12\"]\n";
        let found: Vec<_> = records_on(games, Reading::PdnGames, ParseOptions::strict(), 2..=2)
            .map(|record| (record.line, record.parsed.is_valid()))
            .collect();
        assert_eq!(found, [(2, false)]);
    }
}
