//! Rendering any record safely (issue 13): a long line is shown as a window around the
//! problem, so miette never meets its column limit and never prints the whole line; control
//! characters are shown escaped in snippets, messages, labels and helps.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use fenkit::{Epd, Fen, ParseOptions, parse_any, record_text};

/// A problem past column 65535 used to panic in miette ("Formatting argument out of range").
#[test]
fn a_problem_far_along_a_line_renders_in_a_window() {
    let record = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1{}x", " ".repeat(65_600));
    let (_, parsed) = parse_any(record.as_bytes(), None, &ParseOptions::strict());
    assert!(!parsed.is_valid());
    let rendered = common::render("far.txt", &record, &parsed.diagnostics);
    assert!(
        rendered.lines().all(|line| line.chars().count() < 400),
        "{rendered}"
    );
    insta::assert_snapshot!(rendered);
}

/// The same record through `miette::Report`, as a library user renders a `ParseError`.
#[test]
fn a_parse_error_of_a_long_line_renders_through_a_report() {
    let record = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1{}x", " ".repeat(65_600));
    let error = Fen::from_ascii(record.as_bytes()).unwrap_err();
    let rendered = format!("{:?}", miette::Report::new(error));
    assert!(rendered.len() < 4_000, "{} bytes", rendered.len());
    assert!(rendered.contains('…'));
    // The `x` far along the line is shown, in its own window, with its label.
    assert!(rendered.contains("after the fullmove number"), "{rendered}");
    assert!(
        rendered.lines().all(|line| line.chars().count() < 400),
        "{rendered}"
    );
}

/// The escape sequences of a record never reach the output raw (they set the terminal's title
/// and cleared the screen).
#[test]
fn control_characters_are_shown_escaped() {
    let record = "4k3/8/8/8/8/8/8/4K3 w - - id \"abc\u{1b}]0;PWNED\u{7}\u{1b}[2J";
    let parsed = Epd::parse(record.as_bytes(), &ParseOptions::lenient());
    let text = record_text(record.as_bytes());
    let rendered = common::render("title.epd", &text, &parsed.diagnostics);
    assert!(!rendered.contains('\u{1b}') && !rendered.contains('\u{7}'));
    assert!(rendered.contains("\\u{1b}]0;PWNED\\u{7}"));
    for diagnostic in &parsed.diagnostics {
        let words = [diagnostic.message(), diagnostic.help_text().unwrap_or("")];
        let labels = diagnostic.labels().iter().map(|label| label.text.as_str());
        for text in words.into_iter().chain(labels) {
            assert!(!text.chars().any(char::is_control), "{text:?}");
        }
    }
    insta::assert_snapshot!(rendered);
    let error = Epd::from_ascii(record.as_bytes()).unwrap_err();
    let report = format!("{:?}", miette::Report::new(error));
    assert!(
        !report.contains('\u{1b}') && !report.contains('\u{7}'),
        "{report}"
    );
}

/// A lone `\r` inside a record is a character of the line, not a line break of the snippet.
#[test]
fn a_lone_carriage_return_stays_on_its_line() {
    let record = "4k3/8/8/8\r/8/8/8/4K3 w - - 0 1";
    let parsed = Fen::parse(record.as_bytes(), &ParseOptions::strict());
    assert!(!parsed.is_valid());
    let rendered = common::render("cr.fen", record, &parsed.diagnostics);
    assert!(!rendered.contains('\r'));
    assert!(rendered.contains("4k3/8/8/8\\r/8/8/8/4K3"));
    assert!(rendered.contains("[cr.fen:1:"), "{rendered}");
    insta::assert_snapshot!(rendered);
}

/// A message quotes at most 64 bytes of the record, however long the offending text.
#[test]
fn messages_quote_long_texts_cut() {
    let record = format!("{}/8/8/8/8/8/8/8 w - - 0 1", "@".repeat(100_000));
    let parsed = Fen::parse(record.as_bytes(), &ParseOptions::strict());
    let record = format!("4k3/8/8/8/8/8/8/4K3 {} - - 0 1", "x".repeat(100_000));
    let side = Fen::parse(record.as_bytes(), &ParseOptions::strict());
    for diagnostic in parsed.diagnostics.iter().chain(&side.diagnostics) {
        assert!(diagnostic.message().len() < 200, "{}", diagnostic.message());
        assert!(diagnostic.help_text().unwrap_or("").len() < 400);
    }
    let message = side.diagnostics[0].message();
    assert!(message.contains("…` (100000 bytes)"), "{message}");
}
