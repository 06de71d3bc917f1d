//! Rendering any record safely: a long line is shown as a window around the
//! problem, so miette never meets its column limit and never prints the whole line; control
//! characters are shown escaped in snippets, messages, labels and helps.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::{Epd, Fen, ParseOptions, parse_any, record_text};

use crate::common;

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

/// A label anywhere, however far past the record and however long, as a deserialised or
/// hand-built diagnostic can hold: rendering clamps it to the record instead of panicking.
fn hostile_spans() -> Vec<fenkit::Span> {
    use fenkit::Span;
    vec![
        Span::new(usize::MAX, 0),
        Span::new(usize::MAX, usize::MAX),
        Span::new(0, usize::MAX),
        Span::new(3, usize::MAX),
        Span::new(usize::MAX - 1, 5),
        Span::new(1_000, 2),
        Span::new(40, 0),
    ]
}

/// Renders `diagnostic` every way the CLI does: a miette report, a short line's column and a
/// JSON line with positions; then as a `ParseError` through `miette::Report`.
fn render_every_way(record: &str, diagnostic: &fenkit::Diagnostic) -> String {
    let mut shown = common::render("far.fen", record, std::slice::from_ref(diagnostic));
    if let Some(span) = diagnostic.span() {
        let columns = fenkit::SpanColumns::of(record.as_bytes(), span);
        assert!(columns.column <= record.chars().count() + 1);
        assert!(columns.end_column <= record.chars().count() + 1);
    }
    #[cfg(feature = "serde")]
    shown.push_str(&serde_json::to_string(&diagnostic.located(record.as_bytes(), 1)).unwrap());
    let parsed = fenkit::Parsed::<()>::new(None, vec![diagnostic.clone()]);
    let error = parsed.into_result("FEN", record.as_bytes()).unwrap_err();
    shown.push_str(&format!("{:?}", miette::Report::new(error)));
    shown
}

#[test]
fn labels_past_the_record_render_clamped() {
    let records = ["4k3/8/8/8/8/8/8/4K3 x - - 0 1", "", "é\u{1b}x", "é"];
    for record in records {
        for span in hostile_spans() {
            let diagnostic = fenkit::Diagnostic::error(
                "fenkit::fen::invalid_side_to_move",
                "`x` is not a side to move",
            )
            .label(span, "here")
            .label(fenkit::Span::new(usize::MAX, usize::MAX), "and here")
            .shifted(usize::MAX);
            let shown = render_every_way(record, &diagnostic);
            assert!(shown.contains("is not a side to move"), "{shown}");
            let fix = fenkit::Fix::safe(span, "w");
            assert_eq!(fix.apply(record.as_bytes()), record.as_bytes());
        }
    }
}

/// The report of a deserialised diagnostic whose label is at the largest offset and length.
#[cfg(feature = "serde")]
#[test]
fn a_deserialised_diagnostic_with_maximal_spans_renders() {
    for (offset, length) in [(u64::MAX, 1), (0, u64::MAX), (u64::MAX, u64::MAX), (500, 3)] {
        let json = format!(
            r#"{{"code":"fenkit::fen::invalid_side_to_move","severity":"error","message":"m","labels":[{{"offset":{offset},"length":{length},"label":"here"}}],"fix":{{"applicability":"safe","edits":[{{"offset":{offset},"length":{length},"text":"w"}}]}}}}"#
        );
        let diagnostic: fenkit::Diagnostic = serde_json::from_str(&json).unwrap();
        let record = "4k3/8/8/8/8/8/8/4K3 x - - 0 1";
        let shown = render_every_way(record, &diagnostic);
        assert!(shown.contains("here"), "{shown}");
        assert_eq!(
            diagnostic.fix().unwrap().apply(record.as_bytes()),
            record.as_bytes()
        );
    }
}

proptest::proptest! {
    /// Any span over any record renders, in every form, without a panic.
    #[test]
    fn any_span_over_any_record_renders(
        record in "\\PC{0,40}|[\\x00-\\x7f]{0,40}|.{0,200}",
        offset in proptest::prop_oneof![0usize..64, proptest::num::usize::ANY],
        len in proptest::prop_oneof![0usize..64, proptest::num::usize::ANY],
    ) {
        let diagnostic = fenkit::Diagnostic::warning("fenkit::fen::invalid_side_to_move", "m")
            .label(fenkit::Span::new(offset, len), "here");
        render_every_way(&record, &diagnostic);
    }
}

/// A right-to-left override in a record, or anything a terminal obeys in the source's name, is
/// shown escaped in the snippet and its header, as control characters are.
#[test]
fn bidirectional_controls_and_names_are_shown_escaped() {
    let record = "4k3/8/8/8/8/8/8/4K3 x - - 0 1 \u{202e}\u{2066}";
    let (_, parsed) = parse_any(record.as_bytes(), None, &ParseOptions::strict());
    let rendered = common::render("a\u{1b}]0;T\u{7}\u{202e}.fen", record, &parsed.diagnostics);
    let raw = |c: char| {
        c.is_control() && c != '\n'
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    assert!(!rendered.chars().any(raw), "{rendered}");
    assert!(rendered.contains("0 1 \\u{202e}\\u{2066}"), "{rendered}");
    assert!(
        rendered.contains("[a\\u{1b}]0;T\\u{7}\\u{202e}.fen:1:"),
        "{rendered}"
    );
}
