//! `fenkit::records`: the one rule of what a text's records are.
#![allow(clippy::indexing_slicing)]

use std::io::BufReader;

use fenkit::records::{self, Line, ReadOptions, Record, RecordReader};
use fenkit::{Notation, ParseOptions, Span};

const FEN: &str = "8/8/8/8/8/8/8/4K2k w - - 0 1";

/// What a record is reported as: line, text, notation, detected, codes with their spans.
type Seen = (usize, Vec<u8>, Notation, bool, Vec<(String, Option<Span>)>);

fn seen(record: Record<'_>) -> Seen {
    let codes = record
        .parsed
        .diagnostics
        .iter()
        .map(|diagnostic| (diagnostic.code().to_string(), diagnostic.span()))
        .collect();
    (
        record.line,
        record.text.into_owned(),
        record.notation,
        record.detected,
        codes,
    )
}

fn options(max: usize) -> ReadOptions {
    ReadOptions::new(ParseOptions::strict().validated()).max_record_bytes(max)
}

/// The records of `text` read a line at a time, through [`RecordReader::read_line`].
fn by_lines(text: &[u8], options: ReadOptions) -> Vec<Seen> {
    let mut reader = RecordReader::new(options, options.is_game_file(None, text));
    let mut found = Vec::new();
    for (number, line) in records::lines(text) {
        let line = Line::new(number, line, options.max_record_bytes);
        reader.read_line(line, &mut |record| found.push(seen(record)));
    }
    reader.finish(&mut |record| found.push(seen(record)));
    found
}

/// The records of `text` read in chunks of whole lines cut after every `step`-th line end.
fn by_chunks(text: &[u8], options: ReadOptions, step: usize) -> Vec<Seen> {
    let mut reader = RecordReader::new(options, options.is_game_file(None, text));
    let mut found = Vec::new();
    let ends: Vec<usize> = text
        .iter()
        .enumerate()
        .filter(|(at, byte)| {
            **byte == b'\n' || (**byte == b'\r' && text.get(at + 1) != Some(&b'\n'))
        })
        .map(|(at, _)| at + 1)
        .collect();
    let mut start = 0;
    for end in ends
        .iter()
        .skip(step - 1)
        .step_by(step)
        .chain([&text.len()])
    {
        if *end > start {
            reader.read_text(&text[start..*end], &mut |record| found.push(seen(record)));
            start = *end;
        }
    }
    reader.finish(&mut |record| found.push(seen(record)));
    found
}

/// The records of `text` through [`records::read`], the source handing out a byte a read.
fn by_source(text: &[u8], options: ReadOptions) -> Vec<Seen> {
    let source = BufReader::with_capacity(1, text);
    let read = records::read(source, options, None);
    let read = read.map(|records| records.map(|record| record.map(seen)).collect());
    read.and_then(|found: Result<Vec<_>, _>| found)
        .unwrap_or_default()
}

fn all_agree(text: &[u8], options: ReadOptions) -> Vec<Seen> {
    let found = by_lines(text, options);
    for step in [1, 2, 3, 100] {
        assert_eq!(
            by_chunks(text, options, step),
            found,
            "chunks of {step} lines"
        );
    }
    assert_eq!(by_source(text, options), found, "from a source");
    found
}

#[test]
fn a_line_over_the_maximum_is_one_record_of_its_first_bytes() {
    let long = format!("{FEN}{}", "0".repeat(100));
    let text = format!("# a comment\n{FEN}\n\n{long}\n% also a comment\n");
    let found = all_agree(text.as_bytes(), options(64));
    assert_eq!(found.len(), 2);
    let (line, prefix, notation, detected, codes) = &found[1];
    assert_eq!((*line, *notation, *detected), (4, Notation::Fen, false));
    assert_eq!(prefix.as_slice(), &long.as_bytes()[..32]);
    let at_start = Some(Span::new(0, 0));
    assert_eq!(
        codes,
        &[(String::from("fenkit::input::record_too_long"), at_start)]
    );
    assert!(
        found[0].3,
        "the notation of a record of its own is detected"
    );
}

#[test]
fn a_line_over_the_maximum_in_a_game_file_keeps_file_order() {
    let long = format!("[Annotator \"{}\"]", "x".repeat(100));
    let text = format!(
        "[Event \"x\"]\n[FEN \"{FEN}\"]\n{long}\n[SetUp \"1\"]\n\n1. Kd2 *\n\n[Event \"y\"]\n{long}\n"
    );
    let found = all_agree(text.as_bytes(), options(64));
    let lines: Vec<(usize, Notation)> = found.iter().map(|seen| (seen.0, seen.2)).collect();
    assert_eq!(
        lines,
        [(2, Notation::Fen), (3, Notation::Pdn), (9, Notation::Pdn)]
    );
    assert!(found[0].4.is_empty(), "{:?}", found[0]);
}

#[test]
fn a_byte_order_mark_is_no_part_of_the_first_record() {
    let text = format!("\u{FEFF}{FEN}\r\n{FEN}\r");
    let found = all_agree(text.as_bytes(), options(1000));
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].1, FEN.as_bytes());
    assert!(found.iter().all(|seen| seen.4.is_empty()), "{found:?}");
}

#[test]
fn game_files_are_named_asked_for_or_detected() {
    let game = b"[Event \"x\"]\n1. e4 *\n";
    let records = FEN.as_bytes();
    let detected = options(100);
    let named = Some(std::path::Path::new("games.PGN"));
    assert!(detected.is_game_file(None, game));
    assert!(!detected.is_game_file(None, records));
    assert!(detected.is_game_file(named, records));
    let never = detected.game_files(records::GameFiles::Never);
    assert!(!never.is_game_file(named, game));
    let always = detected.game_files(records::GameFiles::Always);
    assert!(always.is_game_file(None, records));
    let only_named = detected.game_files(records::GameFiles::Named);
    assert!(!only_named.is_game_file(None, game));
    assert!(only_named.is_game_file(named, records));
}

#[test]
fn the_help_of_a_line_too_long_names_what_raises_the_limit() {
    let diagnostic = records::record_too_long(70_000, 65_536, "`--max-record-bytes`");
    assert_eq!(
        diagnostic.help_text(),
        Some("split it into one record per line, or raise the limit with `--max-record-bytes`")
    );
    assert_eq!(
        diagnostic.message(),
        "this line is 70000 bytes long, over the maximum record length of 65536 bytes"
    );
}

#[test]
fn a_line_over_the_maximum_is_a_comment_only_when_it_starts_with_a_comment_mark() {
    let blank_first = format!("{}{FEN}", " ".repeat(100));
    let text = format!(
        "\u{FEFF}# {}\n{blank_first}\n% {}\n",
        "x".repeat(100),
        "y".repeat(100)
    );
    let found = all_agree(text.as_bytes(), options(64));
    let lines: Vec<usize> = found.iter().map(|seen| seen.0).collect();
    assert_eq!(lines, [2]);
    assert_eq!(found[0].4[0].0, "fenkit::input::record_too_long");
}

/// `comments` comment and blank lines, then a game whose FEN tag has no kings.
fn late_game(comments: usize) -> String {
    let mut text = String::new();
    for number in 0..comments {
        text.push_str(if number % 2 == 0 { "% note\n" } else { "\n" });
    }
    text.push_str("[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n");
    text
}

#[test]
fn a_game_file_is_told_by_its_first_sixty_four_lines_however_they_are_read() {
    let options = options(1000);
    for (comments, game) in [(60, true), (70, false)] {
        let text = late_game(comments);
        assert_eq!(options.is_game_file(None, text.as_bytes()), game);
        let lines: Vec<usize> = all_agree(text.as_bytes(), options)
            .iter()
            .map(|seen| seen.0)
            .collect();
        let expected = if game { vec![63] } else { vec![71, 72, 73, 75] };
        assert_eq!(lines, expected, "{comments} comment lines");
        // A reader that must decide before it reads on gets the same start, a byte a read.
        let mut source = BufReader::with_capacity(1, text.as_bytes());
        let start = records::read_game_file_start(&mut source).unwrap_or_default();
        assert_eq!(options.is_game_file(None, &start), game);
    }
    // Until its first lines are all there (or the text ends), a text is undecided.
    assert_eq!(
        records::game_file_start(b"%\n\n[Event \"x\"]\n", false),
        None
    );
}
