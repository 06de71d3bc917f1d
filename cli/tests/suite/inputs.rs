//! The inputs that are not one record per line: Zstandard and gzip files (and the same bytes on
//! stdin), binary files, and a field of each row of a CSV, TSV or JSON Lines file (`--field`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::fs;
use std::io::Write;
use std::path::PathBuf;

use crate::common;

/// A fresh copy of `bytes` at `name` in a directory of its own.
fn scratch(test: &str, name: &str, bytes: &[u8]) -> PathBuf {
    common::scratch("inputs", test, name, bytes)
}

fn fenkit(args: &[&str], stdin: &[u8]) -> std::process::Output {
    common::run(args, stdin)
}

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn zstd(bytes: &[u8]) -> Vec<u8> {
    zstd::encode_all(bytes, 3).unwrap()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

/// The PGN file of the repository, and a PGN with problems of its own, as one file.
fn games() -> Vec<u8> {
    let mut text = fs::read(common::repo("tests/data/chess/pgn/lichess-puzzles.pgn")).unwrap();
    text.extend_from_slice(
        b"\n[Event \"broken\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\n\n*\n",
    );
    text
}

#[test]
fn a_compressed_game_file_reads_as_the_plain_one() {
    let plain = games();
    let path = scratch("games", "games.pgn", &plain);
    let expected = fenkit(&["check", "--format", "json", path.to_str().unwrap()], b"");
    assert_eq!(expected.status.code(), Some(1));
    let expected = stdout(&expected).replace(path.to_str().unwrap(), "NAME");
    assert!(expected.contains("invalid_side_to_move"), "{expected}");
    for (extension, bytes) in [("zst", zstd(&plain)), ("gz", gzip(&plain))] {
        let name = format!("games.pgn.{extension}");
        let compressed = scratch(extension, &name, &bytes);
        let path = compressed.to_str().unwrap();
        for jobs in ["1", "2"] {
            let output = fenkit(&["check", "--format", "json", "-j", jobs, path], b"");
            assert_eq!(output.status.code(), Some(1));
            let output = stdout(&output).replace(path, "NAME");
            assert_eq!(output, expected, "{name} -j {jobs}");
        }
    }
    // On stdin too (plain, or compressed by its magic number): read in order by one worker, or
    // in parts by several, the bytes of the file read in order.
    let stdin = [
        ("plain", plain.clone()),
        ("zst", zstd(&plain)),
        ("gz", gzip(&plain)),
    ];
    for (name, bytes) in stdin {
        for jobs in ["1", "2", "4"] {
            let output = fenkit(&["check", "--format", "json", "-j", jobs, "-"], &bytes);
            assert_eq!(output.status.code(), Some(1), "{name} -j {jobs}");
            assert_eq!(
                stdout(&output).replace("\"-\"", "\"NAME\""),
                expected,
                "{name} -j {jobs}"
            );
        }
    }
}

#[test]
fn a_broken_compressed_input_is_an_input_error() {
    let mut bytes = zstd(&games());
    bytes.truncate(bytes.len() / 2);
    let output = fenkit(&["check", "-q", "-"], &bytes);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("fenkit: -:"));
}

#[test]
fn a_binary_input_is_one_diagnostic() {
    let cases: [(&str, &[u8], &str, &str); 3] = [
        (
            "zip",
            b"PK\x03\x04\x14\x00\x00\x00\nrest\n",
            "a zip archive",
            "1:1",
        ),
        (
            "xz",
            b"\xFD7zXZ\x00\x00\x04\n8/8/8/8/8/8/8/8 w - - 0 1\n",
            "xz-compressed data",
            "1:1",
        ),
        (
            "nul",
            b"8/8/8/8/8/8/8/8 w - - 0 1\n8/8\x00/8\n",
            "a binary file (it holds a NUL byte)",
            "2:4",
        ),
    ];
    for (name, bytes, what, at) in cases {
        let path = scratch(name, name, bytes);
        let output = fenkit(&["check", "--format", "short", path.to_str().unwrap()], b"");
        assert_eq!(output.status.code(), Some(1), "{name}");
        let shown = stdout(&output);
        assert_eq!(shown.lines().count(), 1, "{shown}");
        assert!(
            shown.contains(&format!(
                ":{at}: error[fenkit::input::binary_input]: this is {what}, not text"
            )),
            "{shown}"
        );
        // `fix` leaves it alone.
        let output = fenkit(&["fix", path.to_str().unwrap()], b"");
        assert_eq!(output.status.code(), Some(2), "{name}");
        assert_eq!(fs::read(&path).unwrap(), bytes);
    }
}

#[test]
fn fix_leaves_a_compressed_file_alone() {
    let bytes = gzip(b"4k3/8/8/8/8/8/8/4K3 x - - 0 1\n");
    let path = scratch("fixgz", "records.fen.gz", &bytes);
    let output = fenkit(&["fix", path.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8(output.stderr).unwrap();
    assert!(
        said.contains("is gzip-compressed data: `fix` does not rewrite a compressed file"),
        "{said}"
    );
    assert_eq!(fs::read(&path).unwrap(), bytes);
    // `check` reads it.
    let output = fenkit(&["check", "--format", "short", path.to_str().unwrap()], b"");
    assert!(
        stdout(&output).contains("records.fen.gz:1:21: error[fenkit::fen::invalid_side_to_move]"),
        "{}",
        stdout(&output)
    );
}

const PUZZLES: &str = "PuzzleId,FEN,Moves\n\
    1,4k3/8/8/8/8/8/8/4K3 w - - 0 1,e1e2\n\
    2,\"4k3/8/8/8/8/8/8/4K3 x - - 0 1\",e1e2\n\
    3,\"multi\nline\",e1e2\n\
    4,\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\"\",x\n\
    5,4k3/8/8/8/8/8/8/4K3 w - - 0 1\n\
    6,\"oops\"x,y\n\
    \n\
    7,4k3/8/8/8/8/8/8/4K3 b - - 0 1,m\r\n\
    8,\"never closed,m\n";

#[test]
fn a_csv_column_points_into_its_cells() {
    let path = scratch("csv", "puzzles.csv", PUZZLES.as_bytes());
    let name = path.to_str().unwrap();
    for jobs in ["1", "3"] {
        let output = fenkit(
            &[
                "check", "--format", "short", "--field", "FEN", "-j", jobs, name,
            ],
            b"",
        );
        assert_eq!(output.status.code(), Some(1));
        let shown = stdout(&output).replace(name, "P");
        let codes: Vec<&str> = shown.lines().collect();
        assert_eq!(
            codes,
            [
                "P:3:24: error[fenkit::fen::invalid_side_to_move]: `x` is not a side to move",
                "P:4:4: error[fenkit::fen::missing_fields]: the record has 1 of six fields: the side to move is missing",
                "P:4:4: error[fenkit::fen::invalid_piece]: `multi` are not piece letters",
                "P:4:4: error[fenkit::fen::too_few_ranks]: the placement has 1 rank, not 8",
                "P:4:9: error[fenkit::fen::non_ascii]: `\\n` is not a printable ASCII character",
                // The cell's second line: its line and column in the file.
                "P:5:1: error[fenkit::fen::invalid_piece]: `li` are not piece letters",
                "P:5:4: error[fenkit::fen::invalid_piece]: `e` is not a piece letter",
                // `1"` is `1""` in the file: the span covers the doubled quote.
                "P:6:33: error[fenkit::fen::invalid_fullmove_number]: `1\"` is not a fullmove number",
                "P:7:32: error[fenkit::input::csv_field_count]: this row has 2 fields, the header has 3: the row was skipped",
                "P:8:9: error[fenkit::input::csv_stray_quote]: text after the closing quote of a field: the row was skipped",
                "P:11:3: error[fenkit::input::csv_unclosed_quote]: this quoted field is never closed: the row was skipped",
            ],
            "-j {jobs}"
        );
    }
    // JSON gives the same line and column for the cell's second line.
    let output = fenkit(&["check", "--format", "json", "--field", "FEN", name], b"");
    let json = stdout(&output);
    assert!(
        json.contains(r#"{"offset":9,"length":2,"label":"not pieces","line":5,"column":1,"#),
        "{json}"
    );
    // By number, and from a TSV file.
    let output = fenkit(&["check", "-q", "--field", "2", name], b"");
    assert!(
        stdout(&output).contains("8 records: 2 valid, 6 invalid"),
        "{}",
        stdout(&output)
    );
    let tsv = scratch(
        "tsv",
        "p.tsv",
        b"id\tfen\n1\t4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    let output = fenkit(&["check", "--field", "fen", tsv.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn a_header_without_the_column_is_one_diagnostic() {
    let path = scratch("header", "puzzles.csv", PUZZLES.as_bytes());
    let name = path.to_str().unwrap();
    let output = fenkit(&["check", "--format", "short", "--field", "fen", name], b"");
    assert_eq!(
        stdout(&output).replace(name, "P"),
        "P:1:1: error[fenkit::input::column_not_found]: the header has no column `fen`: no row was read\n"
    );
}

#[test]
fn a_json_lines_field_points_into_its_string() {
    let text = "{\"fen\": \"4k3/8/8/8/8/8/8/4K3 w - -\", \"evals\": [{\"cp\": 3}]}\n\
        {\"game\": {\"fen\": \"4k3/8/8/8/8/8/8/4K3 x - -\"}}\n\
        not json\n\
        {\"other\": 1}\n\
        {\"fen\": 3}\n\
        {\"fen\": \"4k3/8/8/8/8/8/8/4K3 \\u0078 - -\"}\n";
    let path = scratch("jsonl", "evals.jsonl", text.as_bytes());
    let name = path.to_str().unwrap();
    let output = fenkit(&["check", "--format", "short", "--field", "fen", name], b"");
    assert_eq!(
        stdout(&output)
            .replace(name, "P")
            .lines()
            .collect::<Vec<_>>(),
        [
            "P:2:1: error[fenkit::input::json_missing_field]: this line has no field `fen`",
            "P:3:2: error[fenkit::input::json_syntax]: this line is not JSON: expected a value",
            "P:4:1: error[fenkit::input::json_missing_field]: this line has no field `fen`",
            "P:5:9: error[fenkit::input::json_not_a_string]: the field `fen` is a number, not a string",
            "P:6:30: error[fenkit::fen::invalid_side_to_move]: `x` is not a side to move",
        ]
    );
    // A dotted path; the four fields of a lichess evaluation read as EPD.
    let output = fenkit(
        &["check", "--format", "json", "--field", "game.fen", name],
        b"",
    );
    let first = stdout(&output).lines().nth(1).unwrap().to_string();
    assert!(first.contains("\"line\":2,\"notation\":\"epd\""), "{first}");
    assert!(first.contains("\"column\":39"), "{first}");
}

#[test]
fn fix_rewrites_only_the_cell() {
    let text = "id,FEN,note\n\
        1,4k3/8/8/8/8/8/8/4K3  w - - 0 1,\"a, b\"\r\n\
        2,\"4k3/8/8/8/8/8/8/4K3 w - - 0 01\",c\n\
        3,bad,d\n";
    let path = scratch("fixcsv", "p.csv", text.as_bytes());
    let output = fenkit(&["fix", "--field", "FEN", path.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        "id,FEN,note\n\
        1,4k3/8/8/8/8/8/8/4K3 w - - 0 1,\"a, b\"\r\n\
        2,\"4k3/8/8/8/8/8/8/4K3 w - - 0 01\",c\n\
        3,bad,d\n"
    );
    let json = scratch(
        "fixjson",
        "p.jsonl",
        b"{\"fen\": \"4k3/8/8/8/8/8/8/4K3  w - - 0 1\", \"x\": [1]}\n",
    );
    let output = fenkit(
        &["fmt", "--check", "--field", "fen", json.to_str().unwrap()],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).contains("+{\"fen\": \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\", \"x\": [1]}"),
        "{}",
        stdout(&output)
    );
}

/// A table of `rows` rows whose every 13th row from row 100 on has a quoted note that holds a
/// line break (and a FEN with a wrong side to move), with a quote never closed in row 5 (the
/// maximum record length of 2000 bytes is past before row 100): rows over lines fall across
/// the blocks the file is read in, quiet or not.
fn rows_over_lines(rows: usize) -> (String, usize) {
    let mut text = String::from("id,FEN,note\n");
    let mut broken_rows = 0;
    for row in 1..=rows {
        let line = match row {
            5 => format!("{row},4k3/8/8/8/8/8/8/4K3 w - - 0 1,\"never closed\n"),
            _ if row % 13 == 0 && row >= 100 => {
                broken_rows += 1;
                format!("{row},4k3/8/8/8/8/8/8/4K3 x - - 0 1,\"two\nlines, \"\"quoted\"\"\"\n")
            }
            _ => format!("{row},4k3/8/8/8/8/8/8/4K3 w - - 0 1,a plain note\n"),
        };
        text.push_str(&line);
    }
    (text, broken_rows)
}

#[test]
fn rows_over_lines_read_the_same_whatever_the_blocks() {
    let (text, broken_rows) = rows_over_lines(16_000);
    assert!(
        text.lines().count() > 3 * 4096,
        "more than three quiet blocks"
    );
    let path = scratch("rowsoverlines", "rows.csv", text.as_bytes());
    let name = path.to_str().unwrap();
    let short = |jobs: &str, input: &str, stdin: &[u8]| {
        let args = [
            "check",
            "--format",
            "short",
            "--max-record-bytes",
            "2000",
            "--field",
            "FEN",
            "-j",
            jobs,
            input,
        ];
        let output = fenkit(&args, stdin);
        assert_eq!(output.status.code(), Some(1));
        stdout(&output).replace(name, "P").replace("-:", "P:")
    };
    let expected = short("1", name, b"");
    // One quote never closed, given up after the maximum record length; every row over two
    // lines read whole, its FEN's diagnostic on its first line.
    assert_eq!(
        expected.matches("csv_unclosed_quote").count(),
        1,
        "{expected}"
    );
    assert!(expected.starts_with("P:6:"), "{expected}");
    assert_eq!(
        expected.matches("invalid_side_to_move").count(),
        broken_rows,
        "{expected}"
    );
    // Row 9997 (13 × 769) starts line 1 + 9997 + 761 (the rows over two lines before it,
    // from row 104 = 13 × 8 on).
    assert!(expected.contains("P:10759:"), "{expected}");
    for jobs in ["2", "4"] {
        assert_eq!(short(jobs, name, b""), expected, "-j {jobs}");
    }
    assert_eq!(short("2", "-", text.as_bytes()), expected, "stdin");
    // Quiet, the blocks are eight times larger: the same records.
    let quiet = |input: &str, stdin: &[u8]| {
        let args = [
            "check",
            "-q",
            "--max-record-bytes",
            "2000",
            "--field",
            "FEN",
            input,
        ];
        stdout(&fenkit(&args, stdin))
    };
    let summary = quiet(name, b"");
    let invalid = format!("{} invalid", broken_rows + 1);
    assert!(summary.contains(&invalid), "{summary}");
    assert_eq!(quiet("-", text.as_bytes()), summary);
}

#[test]
fn fix_reads_rows_as_check_reads_them() {
    // A header over two lines; a row whose note holds a CRLF, its FEN after it; a quote inside
    // an unquoted field (no quoted field); a FEN cell over two lines, reported; a quote never
    // closed, reported.
    let text = "\"note\nline\",FEN,id\n\
        \"a\r\nb\",4k3/8/8/8/8/8/8/4K3  w - - 0 1,1\r\n\
        x,\"multi\nline\",2\n\
        a\"b,4k3/8/8/8/8/8/8/4K3  b - - 0 1,3\n\
        c,\"4k3/8/8/8/8/8/8/4K3  w - - 0 1\",4\n\
        d,\"never closed,5\n";
    let path = scratch("fixrows", "rows.csv", text.as_bytes());
    let name = path.to_str().unwrap();
    let output = fenkit(&["fix", "--field", "FEN", name], b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        text.replace("K3  ", "K3 ")
    );
    let said = String::from_utf8_lossy(&output.stderr).replace(name, "P");
    assert!(
        said.contains("P:5:4: error[fenkit::fen::missing_fields]"),
        "{said}"
    );
    assert!(
        said.contains("P:9:3: error[fenkit::input::csv_unclosed_quote]"),
        "{said}"
    );
    assert!(
        said.contains("3 lines changed, 2 invalid records left as they are"),
        "{said}"
    );
}

#[test]
fn fix_rows_over_lines_across_blocks() {
    // Every seventh row's note holds a line break, so rows over lines fall across the blocks
    // the file is read in; every row's FEN has a double space to fix.
    let mut text = String::from("id,note,FEN\n");
    for row in 1..=12_000 {
        let note = if row % 7 == 0 {
            "\"two\r\nlines\""
        } else {
            "plain"
        };
        text.push_str(&format!("{row},{note},4k3/8/8/8/8/8/8/4K3  w - - 0 1\n"));
    }
    let fixed = text.replace("K3  ", "K3 ");
    let path = scratch("fixblocks", "rows.csv", text.as_bytes());
    let output = fenkit(&["fix", "--field", "FEN", path.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert!(fs::read_to_string(&path).unwrap() == fixed);
    let output = fenkit(&["fix", "--field", "FEN", "-"], text.as_bytes());
    assert!(String::from_utf8_lossy(&output.stdout) == fixed);
}
