//! The front ends agree: `check`, `fix`, `fmt --check` and the language server read the same
//! records from the same text (a byte order mark, comments, lines over the maximum length,
//! which texts are game files), from a file or a pipe.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::fs;
use std::path::PathBuf;

use serde_json::{Value, json};

use crate::common;
use crate::lsp_client::Client;

const FEN: &str = "8/8/8/8/8/8/8/4K2k w - - 0 1";

/// A fresh copy of `bytes` at `name` in a directory of its own.
fn scratch(test: &str, name: &str, bytes: &[u8]) -> PathBuf {
    common::scratch("agree", test, name, bytes)
}

fn fenkit(args: &[&str], stdin: &[u8]) -> std::process::Output {
    common::run(args, stdin)
}

/// The lines of `check --format json` on `text` from standard input: (line, code) of each
/// diagnostic.
fn checked(text: &[u8], args: &[&str]) -> Vec<(u64, String)> {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    all.push("-");
    let output = fenkit(&all, text);
    let stdout = String::from_utf8(output.stdout).unwrap();
    stdout
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|record| record.get("line").is_some())
        .flat_map(|record| {
            let number = record["line"].as_u64().unwrap();
            let codes: Vec<String> = record["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["code"].as_str().unwrap().to_owned())
                .collect();
            codes.into_iter().map(move |code| (number, code))
        })
        .collect()
}

#[test]
fn a_byte_order_mark_before_a_valid_record_is_kept_and_changes_nothing() {
    let text = format!("\u{FEFF}{FEN}\n");
    assert!(checked(text.as_bytes(), &[]).is_empty());
    let path = scratch("bom-valid", "a.fen", text.as_bytes());
    let output = fenkit(&["fmt", "--check", path.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let output = fenkit(&["fix", path.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(fs::read(&path).unwrap(), text.as_bytes());
}

#[test]
fn fix_rewrites_the_first_record_after_its_byte_order_mark_and_keeps_the_mark() {
    let text = "\u{FEFF}8/8/8/8/8/8/8/4K2k  w - - 0 1\n";
    let path = scratch("bom-fix", "a.fen", text.as_bytes());
    let output = fenkit(&["fix", path.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("\u{FEFF}{FEN}\n")
    );
}

#[test]
fn a_comment_after_a_byte_order_mark_is_skipped_by_check_and_fix() {
    let text = format!("\u{FEFF}# exported\n{FEN}\n");
    assert!(checked(text.as_bytes(), &[]).is_empty());
    let output = fenkit(&["fix", "-"], text.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(output.stdout, text.as_bytes());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("0 invalid records"), "{stderr}");
}

#[test]
fn a_long_line_that_starts_blank_is_a_record_too_long_everywhere() {
    let long = format!("{}{FEN}", " ".repeat(100));
    let text = format!("{FEN}\n{long}\n# {}\n", "x".repeat(100));
    let args = ["--max-record-bytes", "64"];
    let code = "fenkit::input::record_too_long".to_owned();
    assert_eq!(checked(text.as_bytes(), &args), [(2, code)]);
    let output = fenkit(&["fix", "--max-record-bytes", "64", "-"], text.as_bytes());
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(output.stdout, text.as_bytes());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("1 invalid record left"), "{stderr}");
}

#[test]
fn the_language_server_formats_the_first_record_keeping_its_byte_order_mark() {
    const URI: &str = "file:///tmp/first.fen";
    let mut client = Client::start(Value::Null);
    client.open(URI, "fen", "\u{FEFF}8/8/8/8/8/8/8/4K2k  w - - 0 1\n");
    let diagnostics = client.diagnostics(URI, 1);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "fenkit::fen::field_separator");
    let edits = client.format(URI);
    assert_eq!(
        edits,
        json!([{
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 30}},
            "newText": format!("\u{FEFF}{FEN}")
        }])
    );
    client.shut_down();
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

/// The lines of the records `check --format json` reports on `path`.
fn record_lines(path: &str, stdin: &[u8]) -> Vec<u64> {
    let output = fenkit(&["check", "--format", "json", path], stdin);
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).unwrap()["line"].as_u64())
        .collect()
}

/// The same, its standard input written a line at a time with pauses between (a slow pipe).
fn record_lines_from_a_slow_pipe(text: &str) -> Vec<u64> {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("fenkit"))
        .args(["check", "--format", "json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for line in text.split_inclusive('\n') {
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).unwrap()["line"].as_u64())
        .collect()
}

#[test]
fn a_game_after_sixty_comment_lines_is_a_game_file_from_a_file_or_a_slow_pipe() {
    let text = late_game(60);
    let path = scratch("late-game", "late", text.as_bytes());
    // Read as a game: the FEN tag of line 63 is the one record.
    assert_eq!(record_lines(path.to_str().unwrap(), b""), [63]);
    assert_eq!(record_lines("-", text.as_bytes()), [63]);
    assert_eq!(record_lines_from_a_slow_pipe(&text), [63]);
}

#[test]
fn a_tag_after_the_first_sixty_four_lines_makes_no_game_file_from_a_file_or_a_pipe() {
    let text = late_game(70);
    let path = scratch("later-game", "later", text.as_bytes());
    // Read as records: each line of the game is one.
    let records = [71, 72, 73, 75];
    assert_eq!(record_lines(path.to_str().unwrap(), b""), records);
    assert_eq!(record_lines("-", text.as_bytes()), records);
    assert_eq!(record_lines_from_a_slow_pipe(&text), records);
}
