//! What editors read from the CLI: JSON diagnostics in the library's serde form, with lines and
//! columns in characters and UTF-16 units, and the one-line `--format short`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;
use serde_json::Value;

fn fenkit() -> Command {
    let mut command = Command::cargo_bin("fenkit").unwrap();
    command.env("NO_COLOR", "1").env("COLUMNS", "100");
    command
}

fn temp_file(name: &str, contents: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fenkit-editors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn first_json_line(stdout: &[u8]) -> Value {
    let text = String::from_utf8(stdout.to_vec()).unwrap();
    serde_json::from_str(text.lines().next().unwrap()).unwrap()
}

/// `é` (2 bytes, 1 UTF-16 unit) and `😀` (4 bytes, 2 units) in an EPD `id` before a bad side.
const MULTIBYTE: &str = "8/8/8/8/8/8/8/8 w - - c0 \"é😀\"; id \"x\"; hmvc 5x;";

#[test]
fn json_labels_give_line_and_columns_in_characters_and_utf16() {
    // Line 3 of the file (after a comment and a blank line).
    let path = temp_file("columns.epd", &format!("# comment\n\n{MULTIBYTE}\n"));
    let output = fenkit()
        .args(["check", "--format", "json", "--lenient"])
        .arg(&path)
        .output()
        .unwrap();
    let record = first_json_line(&output.stdout);
    // The last diagnostic is the one after the multi-byte characters (they get their own).
    let diagnostics = record["diagnostics"].as_array().unwrap();
    let diagnostic = diagnostics.last().unwrap();
    let label = &diagnostic["labels"][0];
    let offset = label["offset"].as_u64().unwrap() as usize;
    let length = label["length"].as_u64().unwrap() as usize;
    // The label points at text after `é😀`, so bytes, characters and UTF-16 units all differ.
    let before = &MULTIBYTE[..offset];
    let under = &MULTIBYTE[offset..offset + length];
    assert!(before.contains("é😀"), "{diagnostic}");
    assert_eq!(label["line"], 3);
    assert_eq!(label["column"], before.chars().count() + 1);
    assert_eq!(
        label["end_column"],
        before.chars().count() + under.chars().count() + 1
    );
    assert_eq!(label["column_utf16"], before.encode_utf16().count() + 1);
    assert_eq!(
        label["end_column_utf16"],
        before.encode_utf16().count() + under.encode_utf16().count() + 1
    );
    // `é😀` is 6 bytes, 2 characters, 3 UTF-16 units.
    assert_eq!(label["column"].as_u64().unwrap() + 4, offset as u64 + 1);
    assert_eq!(
        label["column_utf16"].as_u64().unwrap() + 3,
        offset as u64 + 1
    );
}

#[test]
fn json_diagnostics_parse_back_into_the_library_type() {
    let output = fenkit()
        .args(["check", "--format", "json", "--notation", "fen"])
        .args(["-p", "é8/8/8/8/8/8/8/8 x KQkq - 0 1"])
        .output()
        .unwrap();
    let record = first_json_line(&output.stdout);
    let parsed = fenkit::Fen::parse(
        "é8/8/8/8/8/8/8/8 x KQkq - 0 1".as_bytes(),
        &fenkit::ParseOptions::strict().validated(),
    );
    let from_cli: Vec<fenkit::Diagnostic> =
        serde_json::from_value(record["diagnostics"].clone()).unwrap();
    assert!(from_cli.len() >= 2);
    assert_eq!(from_cli, parsed.diagnostics);
}

#[test]
fn short_format_is_one_line_per_diagnostic_with_character_columns() {
    let path = temp_file(
        "short.fen",
        "# two records\né😀 x\n8/8/8/8/8/8/8/8 w - - 0 1\n",
    );
    let output = fenkit()
        .args(["check", "--format", "short", "--notation", "fen"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let name = path.display().to_string();
    let lines: Vec<&str> = stdout.lines().collect();
    // `é` at column 1, `😀` at column 2 (byte 2), `x` at column 4 (byte 7).
    for line in &lines {
        assert!(line.starts_with(&format!("{name}:")), "{line}");
        let rest = &line[name.len() + 1..];
        let mut parts = rest.splitn(3, ':');
        let line_number: usize = parts.next().unwrap().parse().unwrap();
        let column: usize = parts.next().unwrap().parse().unwrap();
        assert!(line_number == 2 || line_number == 3, "{line}");
        assert!(column >= 1, "{line}");
        assert!(
            parts.next().unwrap().starts_with(" error[fenkit::fen::"),
            "{line}"
        );
    }
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("{name}:2:4: error["))),
        "{stdout}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with(&format!(
            "{name}:3:1: error[fenkit::fen::missing_king]: white has no king"
        ))),
        "{stdout}"
    );
    // The summary goes to stderr, so stdout is diagnostics only.
    assert!(!stdout.contains("records:"));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("2 records: 0 valid, 2 invalid ("),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn short_format_warnings_and_quiet() {
    let output = fenkit()
        .args(["check", "--format", "short", "--lenient"])
        .args(["-p", "8/8/8/8/8/8/8/8 w - - 0 0"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("-p:1:"), "{stdout}");
    assert!(stdout.contains(": warning[fenkit::fen::"), "{stdout}");
    let quiet = fenkit()
        .args(["check", "--format", "short", "-q", "-p", "8/8 x"])
        .output()
        .unwrap();
    assert_eq!(quiet.stdout, b"");
    assert_eq!(quiet.status.code(), Some(1));
    assert!(
        String::from_utf8(quiet.stderr)
            .unwrap()
            .starts_with("1 record: 0 valid, 1 invalid")
    );
}

#[test]
fn fmt_in_short_format_keeps_stdout_for_the_records() {
    let output = fenkit()
        .args(["fmt", "--format", "short", "--notation", "fen"])
        .args([
            "-p",
            "8/8/8/8/8/8/8/8 x - - 0 1",
            "-p",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("-p:1:17: error[fenkit::fen::invalid_side_to_move]: "),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("2 records: 1 valid, 1 invalid (1 error, 0 warnings)\n"),
        "{stderr}"
    );
}

#[test]
fn library_diagnostics_of_every_notation_round_trip_through_serde() {
    let records = [
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR x KQkq e4 0 1",
        "8/8/8/8/8/8/8/8 w · - 0 1",
        "4k3/8/8/8/8/8/4Q3/4K3 W - - 0 0",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg9; id \"x",
        "W:W31,é:B1",
        "B:W1-60:Bx",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL 00P/p SHOGI/SHOGI",
        "+K'2/3 / A/b x",
    ];
    let mut count = 0;
    for options in [
        fenkit::ParseOptions::strict().validated(),
        fenkit::ParseOptions::lenient().validated(),
    ] {
        for record in records {
            let (_, parsed) = fenkit::parse_any(record.as_bytes(), None, &options);
            for diagnostic in &parsed.diagnostics {
                let plain = serde_json::to_string(diagnostic).unwrap();
                let located =
                    serde_json::to_string(&diagnostic.located(record.as_bytes(), 9)).unwrap();
                for json in [plain, located] {
                    let back: fenkit::Diagnostic = serde_json::from_str(&json).unwrap();
                    assert_eq!(&back, diagnostic, "{json}");
                }
                count += 1;
            }
        }
    }
    assert!(count > 20, "{count}");
}

#[test]
fn json_fixes_have_edits_with_positions_and_read_back() {
    // `é` (2 bytes) before the `W`: its fix edits byte 22, character and UTF-16 column 22.
    let record = "é4k3/8/8/8/8/8/8/4K3 W - - 0 1";
    let output = fenkit()
        .args([
            "check",
            "--format",
            "json",
            "--notation",
            "fen",
            "-p",
            record,
        ])
        .output()
        .unwrap();
    let json = first_json_line(&output.stdout);
    let diagnostics = json["diagnostics"].as_array().unwrap();
    let uppercase = diagnostics
        .iter()
        .find(|d| d["code"] == "fenkit::fen::uppercase_side_to_move")
        .unwrap();
    assert_eq!(
        uppercase["fix"],
        serde_json::json!({"applicability": "safe", "edits": [{
            "offset": 22, "length": 1, "text": "w", "line": 1,
            "column": 22, "end_column": 23, "column_utf16": 22, "end_column_utf16": 23
        }]})
    );
    let back: fenkit::Diagnostic = serde_json::from_value(uppercase.clone()).unwrap();
    let fix = back.fix().unwrap();
    assert!(fix.is_safe());
    assert_eq!(
        fix.apply(record.as_bytes()),
        "é4k3/8/8/8/8/8/8/4K3 w - - 0 1".as_bytes()
    );
    // A diagnostic without a fix has no `fix` field.
    assert!(diagnostics.iter().any(|d| d.get("fix").is_none()));
}
