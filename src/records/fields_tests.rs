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
