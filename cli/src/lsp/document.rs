//! An open document and the records in it, read by the CLI's rules: one record per line with
//! blank, `#` and `%` lines as comments; in a PGN or PDN game file, every FEN tag pair and setup
//! command, by the rules of its game's tags, and the problems of those tags.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::ops::RangeInclusive;
use std::sync::Arc;

use fenkit::records::{Line, ReadOptions, Record, RecordReader};
use fenkit::{Notation, ParseOptions, Parsed, Position};
use lsp_types::Uri;

/// The names of game files: read by tags and move text, not line by line (the other names
/// served, as file extensions and language ids, are those of [`fenkit::notations`]).
const GAME_FILES: [&str; 2] = ["pgn", "pdn"];

/// How a document's lines become records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DocumentKind {
    /// One record per line (notation detected per record), as `fenkit check FILE` reads.
    Records,
    /// A PGN or PDN game file, read with `fenkit::pgn::GameScanner`.
    Games,
}

impl DocumentKind {
    /// How to read the document at `uri` opened as `language_id`, or `None` when it is not a
    /// fenkit document (its extension and language id name no notation).
    pub fn of(uri: &Uri, language_id: &str) -> Option<DocumentKind> {
        let path = uri.path().as_str();
        let extension = path
            .rsplit_once('.')
            .map(|(_, extension)| extension.to_ascii_lowercase());
        let language = language_id.to_ascii_lowercase();
        let names = |name: &&str| extension.as_deref() == Some(*name) || language == *name;
        if GAME_FILES.iter().any(names) {
            Some(DocumentKind::Games)
        } else if fenkit::notations().iter().any(|info| names(&info.name)) {
            Some(DocumentKind::Records)
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
    pub kind: DocumentKind,
}

/// One record of a document: its 0-based line, the line's text (for a record of a game file
/// that came back after its line, the line up to the tag's end) and what it was read as.
pub struct LineRecord<'a> {
    pub line: u32,
    pub text: Cow<'a, str>,
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

/// How records are read: the options, and the maximum record length (a longer line is one
/// `record_too_long` diagnostic, never parsed, as `fenkit check` reports it).
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub options: ParseOptions,
    pub max_record_bytes: usize,
}

impl Rules {
    /// How `fenkit::records` reads a document by these rules (the notation detected per
    /// record, the document's kind given by its name).
    fn read_options(self) -> ReadOptions {
        ReadOptions::new(self.options)
            .max_record_bytes(self.max_record_bytes)
            .raise_with("`--max-record-bytes`")
    }
}

/// Every record of `text`, in order, read lazily (a caller can stop early).
pub fn records<'a>(
    text: &'a str,
    kind: DocumentKind,
    rules: Rules,
) -> Box<dyn Iterator<Item = LineRecord<'a>> + 'a> {
    records_on(text, kind, rules, 0..=u32::MAX)
}

/// The records on the lines `wanted`, read by `fenkit::records` as `fenkit check` reads a
/// file: only those lines are read, except in game files, where the lines before set the
/// rules (GameType, Variant, SetUp) and are scanned too, and the lines after are scanned while
/// a record of a wanted line waits (a FEN tag waits for the end of its tag section).
pub fn records_on<'a>(
    text: &'a str,
    kind: DocumentKind,
    rules: Rules,
    wanted: RangeInclusive<u32>,
) -> Box<dyn Iterator<Item = LineRecord<'a>> + 'a> {
    Box::new(DocumentRecords {
        reader: RecordReader::new(rules.read_options(), kind == DocumentKind::Games),
        lines: Box::new(lines(text)),
        wanted,
        ready: VecDeque::new(),
        done: false,
    })
}

/// The records of a document on the wanted lines.
struct DocumentRecords<'a> {
    reader: RecordReader,
    lines: Box<dyn Iterator<Item = (u32, &'a str)> + 'a>,
    wanted: RangeInclusive<u32>,
    ready: VecDeque<LineRecord<'a>>,
    done: bool,
}

impl<'a> DocumentRecords<'a> {
    /// Reads line `number`, `text` (`None`: the end of the document), keeping the records of
    /// the wanted lines.
    fn read(&mut self, line: Option<(u32, &'a str)>) {
        let (wanted, ready) = (&self.wanted, &mut self.ready);
        let mut keep = |record: Record<'_>| {
            let number = u32::try_from(record.line.saturating_sub(1)).unwrap_or(u32::MAX);
            if !wanted.contains(&number) {
                return;
            }
            // The whole line where it is at hand; else the record's own copy.
            let text = match line {
                Some((current, text))
                    if current == number && text.as_bytes() == record.text.as_ref() =>
                {
                    Cow::Borrowed(text)
                }
                _ => Cow::Owned(String::from_utf8_lossy(&record.text).into_owned()),
            };
            ready.push_back(LineRecord {
                line: number,
                text,
                notation: record.notation,
                parsed: record.parsed,
            });
        };
        match line {
            Some((number, text)) => {
                let max = self.reader.options().max_record_bytes;
                let line = Line::new(number as usize + 1, text.as_bytes(), max);
                self.reader.read_line(line, &mut keep);
            }
            None => self.reader.finish(&mut keep),
        }
    }
}

impl<'a> Iterator for DocumentRecords<'a> {
    type Item = LineRecord<'a>;

    fn next(&mut self) -> Option<LineRecord<'a>> {
        loop {
            if let Some(record) = self.ready.pop_front() {
                return Some(record);
            }
            if self.done {
                return None;
            }
            let games = self.reader.is_game_file();
            match self.lines.next() {
                // A file of records: its other lines are not read.
                Some((number, _)) if !games && number < *self.wanted.start() => {}
                // Past the wanted lines only to get their waiting records.
                Some((number, line))
                    if number <= *self.wanted.end() || self.reader.is_waiting() =>
                {
                    self.read(Some((number, line)));
                }
                _ => {
                    self.done = true;
                    self.read(None);
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
            max_record_bytes: fenkit::records::DEFAULT_MAX_RECORD_BYTES,
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
        for kind in [DocumentKind::Records, DocumentKind::Games] {
            let found: Vec<_> = records(&text, kind, small)
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
                "{kind:?}"
            );
        }
    }

    fn uri(text: &str) -> Uri {
        text.parse().unwrap_or_else(|_| panic!("bad uri {text}"))
    }

    #[test]
    fn extension_or_language_id_picks_the_kind() {
        assert_eq!(
            DocumentKind::of(&uri("file:///a/b.PDN"), "plaintext"),
            Some(DocumentKind::Games)
        );
        assert_eq!(
            DocumentKind::of(&uri("file:///a/tour.txt"), "pdn"),
            Some(DocumentKind::Games)
        );
        assert_eq!(
            DocumentKind::of(&uri("file:///a/b.epd"), ""),
            Some(DocumentKind::Records)
        );
        assert_eq!(
            DocumentKind::of(&uri("file:///a/tour.txt"), "feen"),
            Some(DocumentKind::Records)
        );
        assert_eq!(
            DocumentKind::of(&uri("file:///a/notes.txt"), "plaintext"),
            None
        );
    }

    #[test]
    fn every_notation_of_the_table_is_served() {
        for info in fenkit::notations() {
            let path = format!("file:///a/b.{}", info.name);
            assert!(
                DocumentKind::of(&uri(&path), "plaintext").is_some(),
                "{path}"
            );
            let by_language = DocumentKind::of(&uri("file:///a/tour.txt"), info.name);
            assert!(by_language.is_some(), "{}", info.name);
        }
    }

    #[test]
    fn comments_are_skipped_and_crlf_is_stripped() {
        let text = "# c\r\n\r\n8/8/8/8/8/8/8/8 w - - 0 1\r\n% x\r\n";
        let found: Vec<_> = records(text, DocumentKind::Records, rules(ParseOptions::strict()))
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
        let found: Vec<_> = records(text, DocumentKind::Records, rules(ParseOptions::strict()))
            .map(|record| (record.line, record.parsed.is_valid()))
            .collect();
        assert_eq!(found, [(0, true), (1, false)]);
    }

    #[test]
    fn records_on_parses_only_the_wanted_lines_but_keeps_the_game_board() {
        let text = "8/8 w - - 0 1\n# c\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n8/8 x\n";
        let found: Vec<_> = records_on(
            text,
            DocumentKind::Records,
            rules(ParseOptions::strict()),
            1..=2,
        )
        .map(|record| (record.line, record.parsed.is_valid()))
        .collect();
        assert_eq!(found, [(2, true)]);
        // GameType 21 (English, 32 squares) on line 0 makes square 33 wrong on line 2.
        let games = "[GameType \"21\"]\n\n[FEN \"W:W21-33:B1-12\"]\n";
        let found: Vec<_> = records_on(
            games,
            DocumentKind::Games,
            rules(ParseOptions::strict()),
            2..=2,
        )
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
        let found: Vec<_> = records_on(text, DocumentKind::Games, rules(options), 1..=1)
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
        let found: Vec<_> = records(text, DocumentKind::Games, rules(options))
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
        let found: Vec<_> = records(text, DocumentKind::Games, rules(ParseOptions::strict()))
            .map(|record| record.line)
            .collect();
        assert_eq!(found, [1, 2]);
    }
}
