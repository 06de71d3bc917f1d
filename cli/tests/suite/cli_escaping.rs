//! No file name, argument or record reaches the terminal raw: control characters (an `ESC ]0;…
//! BEL` retitles a terminal) and bidirectional controls (U+202E reorders the line) are shown
//! escaped, `\u{1b}` and `\u{202e}`, in every output format and message; JSON writes them as
//! `\u001b` and `\u202e`, the same JSON value.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

const BAD_SIDE: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const TITLE_NAME: &str = "a\u{1b}]0;TITLE\u{7}.fen";
const OVERRIDE_NAME: &str = "b\u{202e}nef.fen";

fn fenkit() -> Command {
    let mut command = Command::cargo_bin("fenkit").unwrap();
    command.env("NO_COLOR", "1").env("COLUMNS", "100");
    command
}

/// A fresh directory for one test's files.
fn directory(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fenkit-escaping-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, contents: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// Fails when `bytes` hold a character a terminal would obey: C0 (but line feed), DEL, C1 or
/// a bidirectional control.
fn assert_terminal_safe(what: &str, bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let raw = text.chars().find(|&c| {
        (c.is_control() && c != '\n')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    });
    assert_eq!(raw, None, "{what}: {text}");
}

/// Both files, each with a bad record holding an escape sequence and a U+202E.
fn hostile_files(test: &str) -> (PathBuf, PathBuf) {
    let dir = directory(test);
    let record = format!("{BAD_SIDE} \u{1b}]0;PWNED\u{7}\u{202e}\n{START}\n");
    (
        write(&dir, TITLE_NAME, &record),
        write(&dir, OVERRIDE_NAME, &format!("{BAD_SIDE}\u{202e}\n")),
    )
}

#[test]
fn names_and_records_are_escaped_in_human_and_short_output() {
    let (title, override_name) = hostile_files("formats");
    for format in ["human", "short"] {
        let output = fenkit()
            .args(["check", "--format", format])
            .arg(&title)
            .arg(&override_name)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        assert_terminal_safe(format, &output.stdout);
        assert_terminal_safe(format, &output.stderr);
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(stdout.contains("a\\u{1b}]0;TITLE\\u{7}.fen:1:"), "{stdout}");
        assert!(stdout.contains("b\\u{202e}nef.fen:1:"), "{stdout}");
        if format == "human" {
            // The snippet shows the record's own escape sequence and override escaped.
            assert!(
                stdout.contains("\\u{1b}]0;PWNED\\u{7}\\u{202e}"),
                "{stdout}"
            );
        }
    }
}

#[test]
fn json_escapes_names_as_json_and_reads_back_the_same_name() {
    let (title, override_name) = hostile_files("json");
    let output = fenkit()
        .args(["check", "--format", "json"])
        .arg(&title)
        .arg(&override_name)
        .output()
        .unwrap();
    assert_terminal_safe("json", &output.stdout);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("TITLE\\u0007.fen"), "{stdout}");
    assert!(stdout.contains("b\\u202enef.fen"), "{stdout}");
    let sources: Vec<String> = stdout
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter_map(|line| line["source"].as_str().map(String::from))
        .collect();
    assert!(
        sources.contains(&title.display().to_string()),
        "{sources:?}"
    );
    assert!(sources.contains(&override_name.display().to_string()));
}

#[test]
fn fmt_show_and_error_messages_escape_names() {
    let (title, override_name) = hostile_files("messages");
    let missing = title.with_file_name("missing\u{1b}[2J\u{202e}.fen");
    let runs: [&[&str]; 3] = [&["fmt"], &["show"], &["check", "--format", "json"]];
    for args in runs {
        let output = fenkit()
            .args(args)
            .arg(&title)
            .arg(&override_name)
            .arg(&missing)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_terminal_safe(&format!("{args:?} stdout"), &output.stdout);
        assert_terminal_safe(&format!("{args:?} stderr"), &output.stderr);
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains("missing\\u{1b}[2J\\u{202e}.fen: No such file"),
            "{args:?}: {stderr}"
        );
    }
    // `show` heads each drawing with its file name.
    let output = fenkit().arg("show").arg(&title).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("a\\u{1b}]0;TITLE\\u{7}.fen:2 (fen)"),
        "{stdout}"
    );
}

#[test]
fn explain_escapes_the_code_it_echoes() {
    let output = fenkit()
        .args(["explain", "x\u{1b}]0;T\u{7}\u{202e}"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_terminal_safe("explain", &output.stderr);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("x\\u{1b}]0;T\\u{7}\\u{202e}"), "{stderr}");
    // The message's own line break stays one.
    assert!(stderr.lines().count() >= 2, "{stderr}");
}

#[test]
fn usage_errors_escape_the_argument_they_quote() {
    let output = fenkit()
        .args(["check", "--format", "\u{1b}]0;T\u{7}\u{202e}"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_terminal_safe("usage", &output.stderr);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("invalid value '\\u{1b}]0;T\\u{7}\\u{202e}' for '--format"),
        "{stderr}"
    );
    // Help and valid command lines are unchanged by an argument that needs escaping.
    let output = fenkit()
        .args(["check", "-p", &format!("{START}\u{202e}")])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_terminal_safe("check -p", &output.stdout);
}
