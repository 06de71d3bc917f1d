//! The `fenkit` binary end to end: inputs, output formats, summary and exit codes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;
use serde_json::Value;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const BAD_SIDE: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";

fn fenkit() -> Command {
    let mut command = Command::cargo_bin("fenkit").unwrap();
    command.env("NO_COLOR", "1").env("COLUMNS", "100");
    command
}

fn json_lines(output: &[u8]) -> Vec<Value> {
    String::from_utf8(output.to_vec())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn temp_file(name: &str, contents: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fenkit-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn valid_records_exit_0_with_a_summary() {
    let output = fenkit().args(["check", "-p", START]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "1 records: 1 valid, 0 invalid (0 errors, 0 warnings)\n"
    );
}

#[test]
fn invalid_records_exit_1_with_located_reports() {
    let output = fenkit()
        .args(["check", "-p", START, "-p", BAD_SIDE])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("fenkit::fen::invalid_side_to_move"), "{text}");
    assert!(text.contains("╭─[-p:2:45]"), "{text}");
    assert!(
        text.ends_with("2 records: 1 valid, 1 invalid (1 errors, 0 warnings)\n"),
        "{text}"
    );
}

#[test]
fn json_lines_have_the_contract_fields() {
    let output = fenkit()
        .args(["check", "--format", "json", "-p", START, "-p", BAD_SIDE])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let lines = json_lines(&output.stdout);
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[0],
        serde_json::json!({"source": "-p", "line": 1, "notation": "fen", "valid": true, "canonical": START, "diagnostics": []})
    );
    let diagnostic = &lines[1]["diagnostics"][0];
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["canonical"], Value::Null);
    assert_eq!(diagnostic["code"], "fenkit::fen::invalid_side_to_move");
    assert_eq!(diagnostic["severity"], "error");
    assert_eq!(diagnostic["message"], "`x` is not a side to move");
    assert_eq!(
        diagnostic["help"],
        "write `w` (White to move) or `b` (Black to move)"
    );
    assert_eq!(
        diagnostic["labels"],
        serde_json::json!([{"offset": 44, "length": 1, "label": "expected `w` or `b`",
            "line": 2, "column": 45, "end_column": 46, "column_utf16": 45, "end_column_utf16": 46}])
    );
    assert_eq!(
        lines[2],
        serde_json::json!({"summary": {"records": 2, "valid": 1, "invalid": 1, "errors": 1, "warnings": 0}})
    );
}

#[test]
fn stdin_is_read_when_no_input_is_named() {
    let output = fenkit()
        .args(["check", "--format", "json"])
        .write_stdin(format!("{START}\r\n\n# comment\n{BAD_SIDE}"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let lines = json_lines(&output.stdout);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["source"], "-");
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[1]["line"], 4);
}

#[test]
fn several_files_in_one_run_are_located_by_path_and_line() {
    let first = temp_file("first.fen", &format!("{START}\n"));
    let second = temp_file("second.fen", &format!("% a comment\n{START}\n{BAD_SIDE}\n"));
    let output = fenkit()
        .args(["check", "--format", "json"])
        .arg(&first)
        .arg(&second)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let lines = json_lines(&output.stdout);
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["source"], first.display().to_string());
    assert_eq!(lines[2]["source"], second.display().to_string());
    assert_eq!(lines[2]["line"], 3);
    assert_eq!(lines[2]["valid"], false);
}

#[test]
fn a_missing_file_exits_2() {
    let output = fenkit()
        .args(["check", "/nonexistent/fenkit.fen"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains("/nonexistent/fenkit.fen")
    );
}

#[test]
fn a_usage_error_exits_2() {
    let output = fenkit()
        .args(["check", "--format", "xml"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn quiet_prints_only_the_summary() {
    let output = fenkit()
        .args(["check", "-q", "-p", BAD_SIDE])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "1 records: 0 valid, 1 invalid (1 errors, 0 warnings)\n"
    );
}

#[test]
fn lenient_accepts_dialects_with_warnings_and_syntax_only_skips_legality() {
    let dialect = "8/8/8/8/8/8/8/8 W - -";
    let strict = fenkit()
        .args(["check", "--notation", "fen", "--syntax-only", "-p", dialect])
        .output()
        .unwrap();
    assert_eq!(strict.status.code(), Some(1));
    let lenient = fenkit()
        .args([
            "check",
            "--notation",
            "fen",
            "--lenient",
            "--syntax-only",
            "-p",
            dialect,
        ])
        .output()
        .unwrap();
    assert_eq!(lenient.status.code(), Some(0));
    assert!(
        String::from_utf8(lenient.stdout)
            .unwrap()
            .ends_with("1 records: 1 valid, 0 invalid (0 errors, 2 warnings)\n")
    );
    // With legality, the empty board has no kings.
    let validated = fenkit()
        .args(["check", "--notation", "fen", "--lenient", "-p", dialect])
        .output()
        .unwrap();
    assert_eq!(validated.status.code(), Some(1));
}

#[test]
fn fmt_prints_canonical_records_and_reports_on_stderr() {
    let output = fenkit()
        .args([
            "fmt",
            "--lenient",
            "-p",
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR  w kqKQ - 0 0",
            "-p",
            BAD_SIDE,
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!("{START}\n")
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("fenkit::fen::invalid_side_to_move"),
        "{stderr}"
    );
    assert!(stderr.contains("2 records: 1 valid, 1 invalid"), "{stderr}");
}

#[test]
fn the_tour_shows_diagnostics() {
    let tour = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/tour.txt");
    let output = fenkit().args(["check", tour]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("fenkit::fen::rank_too_long"), "{text}");
    assert!(text.contains("examples/tour.txt:"), "{text}");
}

#[test]
fn pdn_files_are_scanned_for_fen_tags_with_their_game_type() {
    let pdn = temp_file(
        "games.pdn",
        "[Event \"club\"]\n[GameType \"21\"]\n[FEN \"W:W21-32:B1-12\"]\n\n1. 11-15 *\n\n[Event \"next\"]\n[FEN \"B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K55\"]\n",
    );
    let output = fenkit()
        .args(["check", "--format", "json"])
        .arg(&pdn)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let lines = json_lines(&output.stdout);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0]["line"], 3);
    assert_eq!(lines[0]["notation"], "pdn");
    assert_eq!(lines[0]["canonical"], "W:W21-32:B1-12");
    // The second game has no GameType: the international board, where K55 is off the board.
    assert_eq!(lines[1]["line"], 8);
    assert_eq!(lines[1]["valid"], false);
    let label = &lines[1]["diagnostics"][0]["labels"][0];
    assert_eq!(label["offset"], 48);
    assert_eq!(label["length"], 2);
}

#[test]
fn the_board_option_selects_a_draughts_board() {
    let english = fenkit()
        .args(["check", "--board", "english", "-p", "W:W21-32:B1-12"])
        .output()
        .unwrap();
    assert_eq!(english.status.code(), Some(0));
    let by_game_type = fenkit()
        .args(["check", "--board", "21", "-p", "W:W31-50:B1-20"])
        .output()
        .unwrap();
    assert_eq!(by_game_type.status.code(), Some(1));
    let unknown = fenkit()
        .args(["check", "--board", "hexagonal", "-p", "W:W21-32:B1-12"])
        .output()
        .unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        String::from_utf8(unknown.stderr)
            .unwrap()
            .contains("unknown board `hexagonal`")
    );
}

#[test]
fn feen_and_epd_are_detected_per_record() {
    let output = fenkit()
        .args([
            "check",
            "--format",
            "json",
            "-p",
            "K / A/b",
            "-p",
            "8/8/8/8/8/8/8/8 w - - bm Kd2;",
            "-p",
            "W:W31-50:B1-20",
        ])
        .output()
        .unwrap();
    let lines = json_lines(&output.stdout);
    let notations: Vec<_> = lines[..3]
        .iter()
        .map(|line| line["notation"].as_str().unwrap())
        .collect();
    assert_eq!(notations, ["feen", "epd", "pdn"]);
}
