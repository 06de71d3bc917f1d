//! The exact bytes of `fenkit check --format json` lines. The CLI writes them by hand (no
//! allocation per valid record), so these pin them to what serde_json writes: key order,
//! `null`, the escaping of `"`, `\` and control characters in a path or a canonical text, and
//! `"omitted"` only when the cap left diagnostics out.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;

fn json_lines(args: &[&str]) -> Vec<String> {
    let output = Command::cargo_bin("fenkit")
        .unwrap()
        .args(["check", "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn a_valid_record_is_one_line_with_its_canonical_text() {
    let lines = json_lines(&["-p", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]);
    assert_eq!(
        lines[0],
        r#"{"source":"-p","line":1,"notation":"fen","valid":true,"canonical":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","diagnostics":[]}"#
    );
    assert_eq!(
        lines[1],
        r#"{"summary":{"records":1,"valid":1,"invalid":0,"errors":0,"warnings":0}}"#
    );
}

#[test]
fn quotes_backslashes_and_tabs_in_a_canonical_text_are_escaped() {
    let lines = json_lines(&[
        "-p",
        "4k3/8/8/8/8/8/8/4K3 w - - c0 \"a\\\\b \\\"q\\\"\tt\";",
    ]);
    assert_eq!(
        lines[0],
        r#"{"source":"-p","line":1,"notation":"epd","valid":true,"canonical":"4k3/8/8/8/8/8/8/4K3 w - - c0 \"a\\\\b \\\"q\\\"\tt\";","diagnostics":[]}"#
    );
}

#[test]
fn quotes_and_backslashes_in_a_path_are_escaped() {
    let dir = std::env::temp_dir().join(format!("fenkit-json-{}", std::process::id()));
    let dir = dir.join("we\"ird\\dir");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a.fen");
    std::fs::write(&path, "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n").unwrap();
    let path = path.to_str().unwrap();
    let lines = json_lines(&[path]);
    let escaped = path.replace('\\', "\\\\").replace('"', "\\\"");
    assert_eq!(
        lines[0],
        format!(
            r#"{{"source":"{escaped}","line":1,"notation":"fen","valid":true,"canonical":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","diagnostics":[]}}"#
        )
    );
}

#[test]
fn an_invalid_record_has_a_null_canonical_and_its_diagnostics() {
    let lines = json_lines(&[
        "-p",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ]);
    assert_eq!(
        lines[0],
        r#"{"source":"-p","line":1,"notation":"fen","valid":false,"canonical":null,"diagnostics":[{"code":"fenkit::fen::invalid_side_to_move","severity":"error","message":"`x` is not a side to move","help":"write `w` (White to move) or `b` (Black to move)","labels":[{"offset":44,"length":1,"label":"expected `w` or `b`","line":1,"column":45,"end_column":46,"column_utf16":45,"end_column_utf16":46}]}]}"#
    );
}

#[test]
fn diagnostics_are_separated_by_commas_and_the_omitted_count_ends_the_line() {
    let lines = json_lines(&["-p", &("xK".repeat(80) + " w - - 0 1")]);
    assert_eq!(lines[0].matches("},{\"code\":").count(), 31);
    assert!(lines[0].ends_with(r#"}]}],"omitted":50}"#), "{}", lines[0]);
}
