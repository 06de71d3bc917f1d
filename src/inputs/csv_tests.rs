use super::*;

const HEADER: &[u8] = b"PuzzleId,FEN,Moves\n";

fn table(header: &[u8], column: &str) -> (CsvTable, usize) {
    match CsvTable::from_header(header, b',', &Column::parse(column), true) {
        Some(Ok((table, len, _))) => (table, len),
        other => panic!("{other:?}"),
    }
}

/// The rows of `body` after the header, each as its value or its diagnostic's code and span,
/// with its first line.
/// A row as its first line and its value, or its diagnostic's code and span.
type Seen = (usize, Result<String, (&'static str, Span)>);

fn rows(body: &[u8]) -> Vec<Seen> {
    let (table, _) = table(HEADER, "FEN");
    let mut at = 0;
    let mut line = 2;
    let mut found = Vec::new();
    while at < body.len() {
        let rest = body.get(at..).unwrap_or_default();
        let Some(row) = table.row(rest, true) else {
            panic!("no row at {at}");
        };
        match row.cell {
            Cell::Value(value) => {
                // The value's span lies where its raw bytes are.
                let whole = value.raw_span(Span::new(0, value.text.len()));
                assert_eq!(whole, Span::new(value.start, value.raw_len));
                found.push((line, Ok(String::from_utf8_lossy(&value.text).into_owned())));
            }
            Cell::Broken(d) => found.push((line, Err((d.code(), d.span().unwrap_or_default())))),
            Cell::Blank => {}
        }
        at += row.len;
        line += row.lines;
    }
    found
}

#[test]
fn finds_the_column_by_name_or_number() {
    assert_eq!(table(HEADER, "FEN").0.column, 1);
    assert_eq!(table(HEADER, "3").0.column, 2);
    assert_eq!(
        table(b"\xEF\xBB\xBFa,FEN\r\n", "FEN"),
        (
            CsvTable {
                separator: b',',
                column: 1,
                width: 2
            },
            10
        )
    );
    assert_eq!(table(b"a,\"F\"\"EN\"\n", "F\"EN").0.column, 1);
    let missing = CsvTable::from_header(HEADER, b',', &Column::parse("Fen"), true);
    let Some(Err(diagnostic)) = missing else {
        panic!("{missing:?}")
    };
    assert_eq!(diagnostic.code(), "fenkit::input::column_not_found");
    assert_eq!(diagnostic.span(), Some(Span::new(0, 18)));
    let Some(Err(too_far)) = CsvTable::from_header(HEADER, b',', &Column::Number(4), true) else {
        panic!("column 4 found");
    };
    assert_eq!(
        too_far.message(),
        "the header has no column `4`: no row was read"
    );
}

#[test]
fn reads_quoted_fields() {
    let body = b"a,8/8 w,e2e4\r\nb,\"8/8 \"\"w\",x\n\"c\nd\",\"8/8\nb\",y\nlast,\"z\",q";
    assert_eq!(
        rows(body),
        [
            (2, Ok(String::from("8/8 w"))),
            (3, Ok(String::from("8/8 \"w"))),
            (4, Ok(String::from("8/8\nb"))),
            (7, Ok(String::from("z"))),
        ]
    );
}

#[test]
fn each_broken_row_is_one_diagnostic() {
    let body = b"a,b\n\na,b,c,d\na,\"b\"x,c\nok,fen,m\na,\"never closed,c\nz,y,x\n";
    assert_eq!(
        rows(body),
        [
            (2, Err(("fenkit::input::csv_field_count", Span::new(3, 0)))),
            (4, Err(("fenkit::input::csv_field_count", Span::new(5, 1)))),
            (5, Err(("fenkit::input::csv_stray_quote", Span::new(5, 1)))),
            (6, Ok(String::from("fen"))),
            (
                7,
                Err(("fenkit::input::csv_unclosed_quote", Span::new(2, 1)))
            ),
            (8, Ok(String::from("y"))),
        ]
    );
}

#[test]
fn needs_more_bytes_for_a_row_the_buffer_cuts() {
    let (table, _) = table(HEADER, "FEN");
    for cut in [&b"a,b,c"[..], b"a,\"b\nc", b"a,\"b\"", b"a,b,c\r", b"\r"] {
        assert!(table.row(cut, false).is_none(), "{cut:?}");
    }
    let Some(row) = table.row(b"a,b,c\r\nnext", false) else {
        panic!("no row")
    };
    assert_eq!((row.len, row.lines), (7, 1));
}

#[test]
fn tsv_is_csv_with_tabs() {
    let Some(Ok((table, len, _))) =
        CsvTable::from_header(b"id\tfen\n", b'\t', &Column::parse("fen"), true)
    else {
        panic!("no table");
    };
    assert_eq!(len, 7);
    let Some(Row {
        cell: Cell::Value(value),
        ..
    }) = table.row(b"1\t8/8, w\n", true)
    else {
        panic!("no value");
    };
    assert_eq!((&*value.text, value.start), (&b"8/8, w"[..], 2));
}

#[test]
fn a_row_of_lines_goes_on_while_a_quote_is_open() {
    let (table, _) = table(HEADER, "FEN");
    assert!(table.row_of_line(b"a,\"8/8").is_none());
    let Some(Row {
        cell: Cell::Value(value),
        ..
    }) = table.row_of_line(b"a,\"8/8\nw\",m")
    else {
        panic!("no value");
    };
    assert_eq!(&*value.text, b"8/8\nw");
    assert!(matches!(
        table.row_of_line(b"  ").map(|row| row.cell),
        Some(Cell::Blank)
    ));
    let Some(Row {
        cell: Cell::Broken(d),
        ..
    }) = table.row_of_line(b"a,b")
    else {
        panic!("not broken");
    };
    assert_eq!(
        (d.code(), d.span()),
        ("fenkit::input::csv_field_count", Some(Span::new(3, 0)))
    );
}

/// A line without quotes reads the same through the one-pass count of its separators as
/// through the scan of its fields: every column, a line over 255 bytes, empty fields, and too
/// few or too many fields.
#[test]
fn an_unquoted_line_reads_as_the_scan_reads_it() {
    let long = "x".repeat(300);
    let lines = [
        String::from("a,b,c,d"),
        format!("{long},b,{long},d"),
        String::from(",,,"),
        String::from("a,b,c"),
        format!("a,b,c,d,{long}"),
        String::from("a\tb,c,d"),
    ];
    for column in ["1", "2", "3", "4"] {
        let (table, _) = table(b"w,x,y,z\n", column);
        for line in &lines {
            let seen = |row: Option<Row<'_>>| match row.map(|row| (row.cell, row.len)) {
                Some((Cell::Value(value), len)) => Ok((value.text.into_owned(), value.start, len)),
                Some((Cell::Broken(d), len)) => Err((d.code(), d.span(), len)),
                other => panic!("{other:?}"),
            };
            let line = line.as_bytes();
            let expected = seen(table.row(line, true));
            assert_eq!(seen(table.row_of_line(line)), expected, "{column}");
            let fast = table.unquoted_line(line).map(|row| row.len);
            assert_eq!(fast.is_some(), expected.is_ok(), "{column}");
        }
    }
}
