//! `--castling standard|chess960` on `check`, `fmt`, `show` and `fix`: which castling rules chess
//! records are validated by (the library's `ParseOptions::with_castling`); standard chess unless
//! told.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;
use serde_json::Value;

/// A Chess960 start (king on f1/f8): valid by Chess960 rules, not by standard chess.
const CHESS960: &str = "bbqnrkrn/pppppppp/8/8/8/8/PPPPPPPP/BBQNRKRN w KQkq - 0 1";
const NOT_STANDARD: &str = "fenkit::fen::castling_not_standard";

fn fenkit() -> Command {
    let mut command = Command::cargo_bin("fenkit").unwrap();
    command.env("NO_COLOR", "1").env("COLUMNS", "100");
    command
}

fn temp_file(name: &str, contents: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fenkit-castling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn check_reads_standard_rights_by_default_and_chess960_rights_when_told() {
    fenkit()
        .args(["check", "-q", "-p", CHESS960])
        .assert()
        .code(1);
    fenkit()
        .args(["check", "-q", "--castling", "chess960", "-p", CHESS960])
        .assert()
        .code(0);
    fenkit()
        .args(["check", "-q", "--variant", "chess960", "-p", CHESS960])
        .assert()
        .code(0);
    // `q` with the black king castled on g8, which python-chess, chess.js and lichess refuse.
    let output = fenkit()
        .args([
            "check",
            "--format",
            "short",
            "-p",
            "r5k1/8/8/8/8/8/8/4K3 w q - 0 1",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "-p:1:24: error[fenkit::fen::castling_not_standard]: castling right `q` is not standard chess: the black king is on g8, not e8\n"
    );
}

#[test]
fn check_with_standard_castling_reports_each_right_at_its_letter() {
    let output = fenkit()
        .args([
            "check",
            "--castling",
            "standard",
            "--format",
            "json",
            "-p",
            CHESS960,
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let first = String::from_utf8(output.stdout).unwrap();
    let record: Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    let diagnostics = record["diagnostics"].as_array().unwrap();
    assert!(!diagnostics.is_empty());
    let castling = CHESS960.find(" KQkq").unwrap() + 1;
    for diagnostic in diagnostics {
        assert_eq!(diagnostic["code"], NOT_STANDARD);
        let offsets: Vec<usize> = diagnostic["labels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|label| label["offset"].as_u64().unwrap() as usize)
            .collect();
        assert!(
            offsets
                .iter()
                .any(|offset| (castling..castling + 4).contains(offset)),
            "labels at {offsets:?}, none on the castling field"
        );
    }
}

#[test]
fn standard_castling_keeps_a_standard_start_valid() {
    fenkit()
        .args(["check", "-q", "--castling", "standard"])
        .args([
            "-p",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ])
        .assert()
        .code(0);
}

#[test]
fn an_unknown_castling_rule_is_a_usage_error() {
    fenkit()
        .args(["check", "--castling", "shredder", "-p", CHESS960])
        .assert()
        .code(2);
}

#[test]
fn fmt_with_standard_castling_prints_no_chess960_record() {
    let output = fenkit()
        .args(["fmt", "--castling", "standard", "-p", CHESS960])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains(NOT_STANDARD)
    );
    fenkit()
        .args(["fmt", "--castling", "chess960", "-p", CHESS960])
        .assert()
        .code(0)
        .stdout(format!("{CHESS960}\n"));
}

#[test]
fn show_with_standard_castling_draws_no_chess960_record() {
    fenkit()
        .args(["show", "--castling", "chess960", "-p", CHESS960])
        .assert()
        .code(0);
    fenkit()
        .args(["show", "--castling", "standard", "-p", CHESS960])
        .assert()
        .code(1);
}

#[test]
fn fix_with_standard_castling_leaves_the_record_invalid() {
    let path = temp_file("start.fen", &format!("{CHESS960}\n"));
    let path = path.to_str().unwrap();
    fenkit()
        .args(["fix", "--castling", "chess960", path])
        .assert()
        .code(0);
    fenkit().args(["fix", path]).assert().code(1);
    assert_eq!(
        std::fs::read_to_string(path).unwrap(),
        format!("{CHESS960}\n")
    );
}

#[test]
fn explain_reads_the_wrong_example_by_the_default_standard_castling() {
    let output = fenkit().args(["explain", NOT_STANDARD]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("(read with `fenkit check --notation fen`)"),
        "{text}"
    );
    assert!(!text.contains("--castling standard"), "{text}");
}
