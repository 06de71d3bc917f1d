use super::*;
use crate::ParseOptions;
use crate::records::lines;
use crate::span::Span;

/// A record as its line, its valid flag, and each diagnostic's code and the text under its span.
type Seen = (usize, bool, Vec<(&'static str, String)>);

/// Each record of `text` read through a field.
fn read(text: &str, field: &str, format: TableFormat) -> Vec<Seen> {
    let options = ReadOptions::new(ParseOptions::strict().validated());
    let mut reader = FieldReader::new(Field::new(field, format), options);
    let mut found = Vec::new();
    let mut each = |record: Record<'_>| {
        let diagnostics = record
            .parsed
            .diagnostics
            .iter()
            .map(|d| {
                let span = d.span().unwrap_or_default();
                (
                    d.code(),
                    String::from_utf8_lossy(span.of(&record.text)).into_owned(),
                )
            })
            .collect();
        found.push((record.line, record.parsed.is_valid(), diagnostics));
    };
    for (number, line) in lines(text.as_bytes()) {
        reader.read_line(Line::new(number, line, 1000), &mut each);
    }
    reader.finish(&mut each);
    found
}

const KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

#[test]
fn a_column_s_diagnostics_point_into_the_row() {
    let text = format!(
        "PuzzleId,FEN,Moves\n1,{KINGS},e1e2\n2,\"4k3/8/8/8/8/8/8/4K3 x - - 0 1\",e1e2\n\n3,\"4k3/8/8/8/8/8/8/4K3 \"\"w - - 0 1\",m\n"
    );
    assert_eq!(
        read(&text, "FEN", TableFormat::Csv),
        [
            (2, true, vec![]),
            (
                3,
                false,
                vec![("fenkit::fen::invalid_side_to_move", String::from("x"))]
            ),
            (
                5,
                false,
                vec![("fenkit::fen::invalid_side_to_move", String::from("\"\"w"))]
            ),
        ]
    );
}

#[test]
fn a_row_over_lines_and_broken_rows() {
    let text = "note,fen\n\"two\nlines\",4k3/8/8/8/8/8/8/4K3 x - - 0 1\n2\n3,4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4,\"never closed\n";
    assert_eq!(
        read(text, "2", TableFormat::Csv),
        [
            (
                2,
                false,
                vec![("fenkit::fen::invalid_side_to_move", String::from("x"))]
            ),
            (
                4,
                false,
                vec![("fenkit::input::csv_field_count", String::new())]
            ),
            (5, true, vec![]),
            (
                6,
                false,
                vec![("fenkit::input::csv_unclosed_quote", String::from("\""))]
            ),
        ]
    );
}

#[test]
fn a_header_without_the_column_is_one_record() {
    let text = format!("id,FEN\n1,{KINGS}\n");
    assert_eq!(
        read(&text, "fen", TableFormat::Csv),
        [(
            1,
            false,
            vec![("fenkit::input::column_not_found", String::from("id,FEN"))]
        )]
    );
}

#[test]
fn json_lines_fields() {
    let text = format!(
        "{{\"fen\": \"{KINGS}\", \"evals\": []}}\nnot json\n{{\"x\": 1}}\n{{\"fen\": \"4k3/8/8/8/8/8/8/4K3 w - -\"}}\n"
    );
    let found = read(&text, "fen", TableFormat::JsonLines);
    assert_eq!(
        found,
        [
            (1, true, vec![]),
            (
                2,
                false,
                vec![("fenkit::input::json_syntax", String::from("o"))]
            ),
            (
                3,
                false,
                vec![(
                    "fenkit::input::json_missing_field",
                    String::from("{\"x\": 1}")
                )]
            ),
            (4, true, vec![]),
        ]
    );
}

#[test]
fn the_format_by_name_or_content() {
    let of = |name: &str, start: &str| TableFormat::of(Some(Path::new(name)), start.as_bytes());
    assert_eq!(of("a.csv", "{"), TableFormat::Csv);
    assert_eq!(of("a.TSV", ""), TableFormat::Tsv);
    assert_eq!(of("a.jsonl.zst", ""), TableFormat::JsonLines);
    assert_eq!(of("a.ndjson", ""), TableFormat::JsonLines);
    assert_eq!(of("-", "\n {\"fen\""), TableFormat::JsonLines);
    assert_eq!(of("-", "id\tfen\n"), TableFormat::Tsv);
    assert_eq!(of("-", "id,fen\n"), TableFormat::Csv);
    let _ = Span::new(0, 0);
}

/// The lines of the records read from `text` through a CSV column, and the bytes the row
/// reader scanned to read them.
fn lines_and_scanned(text: &str) -> (Vec<usize>, usize) {
    let options = ReadOptions::new(ParseOptions::strict());
    let mut reader = FieldReader::new(Field::new("fen", TableFormat::Csv), options);
    let mut found = Vec::new();
    crate::inputs::scanned::take();
    let mut each = |record: Record<'_>| found.push(record.line);
    for (number, line) in lines(text.as_bytes()) {
        reader.read_line(Line::new(number, line, 1000), &mut each);
    }
    reader.finish(&mut each);
    (found, crate::inputs::scanned::take())
}

#[test]
fn a_quote_left_open_costs_as_much_as_the_text() {
    // Each line is looked at a bounded number of times, however long the row stays open.
    let empty = format!("fen\n\"{}", "\n".repeat(20_000));
    let (found, scanned) = lines_and_scanned(&empty);
    assert_eq!(found, [2]);
    assert!(scanned <= 4 * empty.len(), "{scanned} bytes scanned");

    // Each line closes the quote and opens another: given up past the maximum record length,
    // then read again line by line, and every line is one record, in order.
    let reopened = format!("fen\n\"\n{}", "x\",,\"\n".repeat(20_000));
    let (found, scanned) = lines_and_scanned(&reopened);
    assert_eq!(found, (2..=20_002).collect::<Vec<_>>());
    assert!(scanned <= 4 * reopened.len(), "{scanned} bytes scanned");
}

#[test]
fn a_quote_opens_only_at_a_field_s_start() {
    let text = format!("a\"b,fen\nx\"y,{KINGS}\n");
    assert_eq!(read(&text, "fen", TableFormat::Csv), [(2, true, vec![])]);
}

#[test]
fn rows_read_again_after_a_quote_never_closed_start_no_row() {
    // The last line opens a quote again once the row before is given up: it is reported,
    // never left pending.
    let text = "fen\n\"a\nb\nc\",1,\"d\n";
    let seen = read(text, "fen", TableFormat::Csv);
    let lines: Vec<_> = seen.iter().map(|(line, ..)| *line).collect();
    assert_eq!(lines, [2, 3, 4]);
    let quote = |line| {
        (
            line,
            false,
            vec![("fenkit::input::csv_unclosed_quote", "\"".into())],
        )
    };
    assert_eq!(seen.first(), Some(&quote(2)));
    assert_eq!(seen.get(2), Some(&quote(4)));
}

#[test]
fn a_line_too_long_ends_an_open_row_in_line_order() {
    let long = "x".repeat(2000);
    let text = format!("fen\n\"abc\n{long}\n{KINGS}\n");
    let seen = read(&text, "fen", TableFormat::Csv);
    let codes: Vec<_> = seen
        .iter()
        .map(|(line, _, diagnostics)| (*line, diagnostics.first().map(|d| d.0)))
        .collect();
    assert_eq!(
        codes,
        [
            (2, Some("fenkit::input::csv_unclosed_quote")),
            (3, Some("fenkit::input::record_too_long")),
            (4, None),
        ]
    );
}
