//! Past the cap of 32 diagnostics the CLI prints `… and N more diagnostics`, writes
//! `"omitted": N` in JSON and counts them all in the summary (the library's count is tested in
//! `tests/suite/diagnostic_cap.rs`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;
use fenkit::MAX_DIAGNOSTICS;
use serde_json::Value;

/// 80 letters that are not pieces, each alone, on one rank: 80 `invalid_piece`, the rank too
/// long and too few ranks.
fn many_errors() -> String {
    "xK".repeat(80) + " w - - 0 1"
}

/// 40 operations with no space after their `;`: lenient reads each as a warning.
fn many_warnings() -> String {
    let operations: Vec<String> = (0..40).map(|i| format!("op{i} 1")).collect();
    format!("8/8/8/8/8/8/8/8 w - - {};", operations.join(";"))
}

fn fenkit() -> Command {
    let mut command = Command::cargo_bin("fenkit").unwrap();
    command.env("NO_COLOR", "1").env("COLUMNS", "100");
    command
}

#[test]
fn human_output_says_how_many_more_and_counts_them() {
    // The notation given: no note on how it was detected after the reports.
    let output = fenkit()
        .args(["check", "--notation", "fen", "-p", &many_errors()])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[lines.len() - 3], "… and 50 more diagnostics");
    assert_eq!(
        lines[lines.len() - 2],
        "",
        "a blank line ends the record's reports"
    );
    assert_eq!(
        lines[lines.len() - 1],
        "1 record: 0 valid, 1 invalid (82 errors, 0 warnings)"
    );
}

#[test]
fn json_output_has_the_omitted_count() {
    let output = fenkit()
        .args(["check", "--format", "json", "-p", &many_errors()])
        .args(["-p", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let lines: Vec<Value> = String::from_utf8(output)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines[0]["diagnostics"].as_array().unwrap().len(), 32);
    assert_eq!(lines[0]["omitted"], 50);
    assert_eq!(
        lines[1].get("omitted"),
        None,
        "absent when nothing is left out"
    );
    assert_eq!(lines[2]["summary"]["errors"], 82);
}

#[test]
fn lenient_summary_counts_omitted_warnings() {
    let output = fenkit()
        .args([
            "check",
            "--lenient",
            "--notation",
            "epd",
            "-p",
            &many_warnings(),
        ])
        .assert()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    assert!(text.contains("39 warnings)"), "{text}");
    assert!(text.contains("… and "), "{text}");
}

#[test]
fn short_output_ends_the_record_with_a_note_of_how_many_more() {
    let output = fenkit()
        .args(["check", "--format", "short", "-p", &many_errors()])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), MAX_DIAGNOSTICS + 1, "{stdout}");
    assert_eq!(
        lines[MAX_DIAGNOSTICS],
        "-p:1:1: note: … and 50 more diagnostics"
    );
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "1 record: 0 valid, 1 invalid (82 errors, 0 warnings)\n"
    );
}
