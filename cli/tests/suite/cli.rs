//! The `fenkit` binary end to end: inputs, output formats, summary and exit codes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;
use serde_json::Value;

use crate::common;

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
        "1 record: 1 valid, 0 invalid (0 errors, 0 warnings)\n"
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
        text.ends_with("2 records: 1 valid, 1 invalid (1 error, 0 warnings)\n"),
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
        "1 record: 0 valid, 1 invalid (1 error, 0 warnings)\n"
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
            .ends_with("1 record: 1 valid, 0 invalid (0 errors, 2 warnings)\n")
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
    let tour = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/tour.txt");
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

/// Runs `command` (a shell command line) with a terminal as stdin, stdout and stderr, through
/// util-linux `script`; `None` where `script` is not installed.
fn in_terminal(command: &str) -> Option<String> {
    let binary = assert_cmd::cargo::cargo_bin("fenkit");
    let line = format!(
        "stty rows 24 cols 60; {}",
        command.replace("fenkit", &binary.display().to_string())
    );
    let output = std::process::Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .env_remove("COLUMNS")
        .env_remove("NO_COLOR")
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&output.stdout).replace('\r', ""))
}

#[test]
fn a_line_over_the_maximum_record_length_is_one_diagnostic_at_its_start() {
    let long = "K/".repeat(40_000);
    let output = fenkit()
        .args(["check", "--format", "json"])
        .write_stdin(format!("{START}\n{long}\n{BAD_SIDE}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let lines = json_lines(&output.stdout);
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[1]["line"], 2);
    let diagnostics = lines[1]["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0]["code"], "fenkit::input::record_too_long");
    assert_eq!(
        diagnostics[0]["message"],
        "this line is 80000 bytes long, over the maximum record length of 65536 bytes"
    );
    assert_eq!(
        diagnostics[0]["labels"],
        serde_json::json!([{"offset": 0, "length": 0, "label": "the line starts here; it was skipped unread",
            "line": 2, "column": 1, "end_column": 1, "column_utf16": 1, "end_column_utf16": 1}])
    );
    // The records after it are read as usual.
    assert_eq!(lines[2]["line"], 3);
    assert_eq!(
        lines[2]["diagnostics"][0]["code"],
        "fenkit::fen::invalid_side_to_move"
    );
}

#[test]
fn max_record_bytes_sets_the_limit_and_the_snippet_shows_the_start_of_the_line() {
    let output = fenkit()
        .args(["check", "--max-record-bytes", "56"])
        .arg(temp_file("limit.fen", &format!("{START}\n{START} \n")))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("fenkit::input::record_too_long"), "{text}");
    assert!(text.contains("limit.fen:2:1]"), "{text}");
    assert!(
        text.contains("2 │ rnbqkbnr/pppppppp/8/8/8/8/PPPPPP\n"),
        "{text}"
    );
    assert!(text.contains("this line is 57 bytes long"), "{text}");
    assert!(text.ends_with("2 records: 1 valid, 1 invalid (1 error, 0 warnings)\n"));
}

#[test]
fn lf_crlf_and_a_lone_cr_each_end_a_line_in_files_and_stdin() {
    let input = format!("{START}\r{BAD_SIDE}\r\n{START}\n\r{BAD_SIDE}");
    let from_file = temp_file("newlines.fen", &input);
    for source in [Some(from_file), None] {
        let mut command = fenkit();
        command.args(["check", "--format", "json"]);
        match &source {
            Some(path) => command.arg(path),
            None => command.write_stdin(input.clone()),
        };
        let lines = json_lines(&command.output().unwrap().stdout);
        let found: Vec<_> = lines[..4]
            .iter()
            .map(|line| {
                (
                    line["line"].as_u64().unwrap(),
                    line["valid"].as_bool().unwrap(),
                )
            })
            .collect();
        assert_eq!(found, [(1, true), (2, false), (3, true), (5, false)]);
    }
}

#[test]
fn a_crlf_split_between_two_reads_is_one_line_end() {
    // Reads are 64 KiB: a 65-byte line then 64-byte lines put a `\r` at byte 65535 and its
    // `\n` at byte 65536, the first byte of the second read.
    let mut input = format!("#{}\r\n", "a".repeat(62));
    input.push_str(&format!("#{}\r\n", "b".repeat(61)).repeat(1100));
    assert_eq!(input.as_bytes()[65535], b'\r');
    input.push_str(BAD_SIDE);
    let output = fenkit()
        .args(["check", "--format", "json"])
        .arg(temp_file("crlf.fen", &input))
        .output()
        .unwrap();
    let lines = json_lines(&output.stdout);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["line"], 1102);
    assert_eq!(lines[0]["valid"], false);
}

/// Whole lines are taken from each read at once, and the lines that path cannot take (over the
/// maximum length, a `\r` at the end of a read) byte by byte: over many blocks, in both block
/// sizes (with reports, and larger with `-q`), every line keeps its number and its verdict.
#[test]
fn many_lines_of_mixed_endings_and_lengths_keep_their_numbers() {
    let long = format!("{START} {}", "x".repeat(100));
    let endings = ["\n", "\r\n", "\r"];
    let mut input = String::new();
    let mut invalid = Vec::new();
    for number in 1..=12_000u64 {
        let record = match number {
            n if n % 11 == 0 => &long,
            n if n % 7 == 0 => BAD_SIDE,
            _ => START,
        };
        if record != START {
            invalid.push(number);
        }
        input.push_str(record);
        input.push_str(endings[(number % 3) as usize]);
    }
    let path = temp_file("mixed.fen", &input);
    let output = fenkit()
        .args([
            "check",
            "--format",
            "json",
            "--max-record-bytes",
            "80",
            "-j",
            "2",
        ])
        .arg(&path)
        .output()
        .unwrap();
    let lines = json_lines(&output.stdout);
    let reported: Vec<u64> = lines
        .iter()
        .filter(|line| line["valid"] == false)
        .map(|line| line["line"].as_u64().unwrap())
        .collect();
    assert_eq!(reported, invalid);
    let too_long = lines
        .iter()
        .filter(|line| line["diagnostics"][0]["code"] == "fenkit::input::record_too_long")
        .count();
    assert_eq!(too_long, 12_000 / 11);
    let quiet = fenkit()
        .args(["check", "-q", "--max-record-bytes", "80"])
        .arg(&path)
        .output()
        .unwrap();
    let summary = String::from_utf8(quiet.stdout).unwrap();
    let expected = format!(
        "12000 records: {} valid, {} invalid",
        12_000 - invalid.len(),
        invalid.len()
    );
    assert!(summary.contains(&expected), "{summary}");
}

#[test]
fn records_are_reported_in_input_order_from_every_worker() {
    let mut input = String::new();
    for line in 1..=20_000 {
        input.push_str(if line % 997 == 0 { BAD_SIDE } else { START });
        input.push('\n');
    }
    let output = fenkit()
        .args(["check", "--format", "json", "-j", "4"])
        .write_stdin(input)
        .output()
        .unwrap();
    let lines = json_lines(&output.stdout);
    assert_eq!(lines.len(), 20_001);
    for (index, line) in lines[..20_000].iter().enumerate() {
        assert_eq!(line["line"], index + 1);
        assert_eq!(line["valid"], (index + 1) % 997 != 0);
    }
}

#[test]
fn a_full_stdout_is_one_message_and_exit_2() {
    let path = temp_file("full.fen", &format!("{BAD_SIDE}\n"));
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("fenkit"))
        .arg("check")
        .arg(&path)
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "fenkit: cannot write to standard output: No space left on device (os error 28)\n"
    );
}

#[test]
fn a_full_stderr_exits_2_without_a_panic() {
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("fenkit"))
        .args(["fmt", "-p", "x"])
        .stderr(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
}

#[test]
fn a_closed_pipe_keeps_the_exit_status_of_what_was_checked() {
    let path = temp_file("pipe.fen", &format!("{BAD_SIDE}\n{START}\n"));
    // A pipe whose reading end is closed before fenkit starts: its first write fails.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("fenkit"))
        .arg("check")
        .arg(&path)
        .stdout(writer)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stderr.is_empty(), "{:?}", output.stderr);
}

#[test]
fn color_is_chosen_with_the_color_option() {
    let always = fenkit()
        .args(["check", "--color", "always", "-p", BAD_SIDE])
        .output()
        .unwrap();
    assert!(
        String::from_utf8(always.stdout)
            .unwrap()
            .contains("\u{1b}[")
    );
    let fmt_always = fenkit()
        .args(["fmt", "--color", "always", "-p", BAD_SIDE])
        .output()
        .unwrap();
    assert!(
        String::from_utf8(fmt_always.stderr)
            .unwrap()
            .contains("\u{1b}[")
    );
    let never = fenkit()
        .env_remove("NO_COLOR")
        .args(["check", "--color", "never", "-p", BAD_SIDE])
        .output()
        .unwrap();
    assert!(!String::from_utf8(never.stdout).unwrap().contains('\u{1b}'));
}

#[test]
fn color_and_width_are_decided_per_terminal_stream() {
    let Some(terminal) = in_terminal("fenkit check -p x") else {
        eprintln!("skipped: `script` is not installed");
        return;
    };
    assert!(terminal.contains("\u{1b}["), "{terminal}");
    // The terminal is 60 columns wide: the help is wrapped to it.
    let help = terminal
        .lines()
        .find(|line| line.contains("help:"))
        .unwrap();
    assert!(help.chars().count() < 75, "{terminal}");
    let no_color = in_terminal("NO_COLOR=1 fenkit check -p x").unwrap();
    assert!(!no_color.contains('\u{1b}'), "{no_color}");
    // `fmt` reports on stderr: a file there gets no colour though stdout is a terminal.
    let report = std::env::temp_dir().join(format!("stderr-report-{}.txt", std::process::id()));
    in_terminal(&format!("fenkit fmt -p x 2>{}", report.display())).unwrap();
    let stderr = std::fs::read_to_string(&report).unwrap();
    assert!(stderr.contains("fenkit::fen::"), "{stderr}");
    assert!(!stderr.contains('\u{1b}'), "{stderr}");
}

#[test]
fn with_no_input_on_a_terminal_check_says_it_reads_stdin() {
    let Some(terminal) = in_terminal("fenkit check") else {
        eprintln!("skipped: `script` is not installed");
        return;
    };
    assert!(
        terminal.contains("fenkit: reading records from standard input"),
        "{terminal}"
    );
}

#[test]
fn with_no_input_on_a_terminal_show_and_fix_say_they_read_stdin() {
    for command in ["fenkit show", "fenkit fix"] {
        let Some(terminal) = in_terminal(command) else {
            eprintln!("skipped: `script` is not installed");
            return;
        };
        assert!(
            terminal.contains("fenkit: reading records from standard input"),
            "{command}: {terminal}"
        );
    }
}

#[test]
fn reports_are_separated_by_a_blank_line() {
    let output = fenkit()
        .args(["check", "--notation", "fen", "-p", "x"])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("\n\nfenkit::fen::invalid_piece\n"), "{text}");
    assert!(text.contains("╰────\n  help: "), "{text}");
    assert!(
        text.ends_with("\n\n1 record: 0 valid, 1 invalid (4 errors, 0 warnings)\n"),
        "{text}"
    );
}

#[test]
fn human_output_names_a_detected_notation() {
    let detected = fenkit()
        .args(["check", "-p", "8/8/8/8/8/8/8/8 w - -"])
        .output()
        .unwrap();
    let text = String::from_utf8(detected.stdout).unwrap();
    assert!(
        text.contains(
            "\n\nnote: -p: each record was read in the notation its shape shows (epd 1; \
             `--notation` sets it)\n\n1 record:"
        ),
        "{text}"
    );
    // Once per input, however many records it has.
    let tour = fenkit()
        .current_dir(common::repo_root())
        .args(["check", "examples/tour.txt"])
        .output()
        .unwrap();
    let text = String::from_utf8(tour.stdout).unwrap();
    assert_eq!(text.matches("note: ").count(), 1, "{text}");
    assert!(
        text.contains("note: examples/tour.txt: each record was read in the notation"),
        "{text}"
    );
    let given = fenkit()
        .args(["check", "--notation", "epd", "-p", "8/8/8/8/8/8/8/8 w - -"])
        .output()
        .unwrap();
    let text = String::from_utf8(given.stdout).unwrap();
    assert!(!text.contains("read as"), "{text}");
}

const PDN_GAME: &str =
    "[Event \"club\"]\n[GameType \"21\"]\n[FEN \"W:W21-32:B1-12\"]\n\n1. 11-15 *\n";

#[test]
fn notation_pdn_reads_pdn_games_from_a_pipe() {
    let output = fenkit()
        .args(["check", "--format", "json", "--notation", "pdn"])
        .write_stdin(format!("{PDN_GAME}W:W21-32:B1-12\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let lines = json_lines(&output.stdout);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0]["line"], 3);
    assert_eq!(lines[0]["canonical"], "W:W21-32:B1-12");
    // A bare draughts FEN line is a record too, on the board of its game (English, GameType 21).
    assert_eq!(lines[1]["line"], 6);
    assert_eq!(lines[1]["valid"], true);
}

#[test]
fn an_input_whose_first_record_is_a_tag_pair_is_read_as_pdn() {
    let games = temp_file("games.txt", &format!("% a comment\n{PDN_GAME}"));
    let output = fenkit()
        .args(["check", "--format", "json"])
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let lines = json_lines(&output.stdout);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0]["line"], 4);
    assert_eq!(lines[0]["canonical"], "W:W21-32:B1-12");
}

#[test]
fn io_errors_are_json_objects_in_json_output() {
    let output = fenkit()
        .args([
            "check",
            "--format",
            "json",
            "/nonexistent/fenkit.fen",
            "-p",
            START,
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let lines = json_lines(&output.stdout);
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[1],
        serde_json::json!({"source": "/nonexistent/fenkit.fen", "error": "No such file or directory (os error 2)"})
    );
    // A directory opens, then fails to read: the same object.
    let directory = std::env::temp_dir();
    let output = fenkit()
        .args(["check", "--format", "json"])
        .arg(&directory)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let lines = json_lines(&output.stdout);
    assert_eq!(lines[0]["source"], directory.display().to_string());
    assert_eq!(lines[0]["error"], "Is a directory (os error 21)");
    assert!(lines[1]["summary"].is_object());
}

// ---------------------------------------------------------------------------------------------
// Game files (PGN and PDN): each `[FEN]` tag by its game's rules, no line left unjudged.

const CHESS_GAME: &str = "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 e5 *\n";

#[test]
fn a_chess_pgn_file_is_read_game_by_game() {
    let path = temp_file("game.pgn", CHESS_GAME);
    let output = fenkit().arg("check").arg(&path).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.ends_with(&format!(
            "note: {} was read as PGN: 1 game, 1 FEN tag, rules from the tag's shape\n\n\
             1 record: 1 valid, 0 invalid (0 errors, 0 warnings)\n",
            path.display()
        )),
        "{text}"
    );
    // The same game on stdin: found by its first tag, or under `--notation pgn`.
    for args in [vec!["check"], vec!["check", "--notation", "pgn"]] {
        let output = fenkit()
            .args(&args)
            .write_stdin(CHESS_GAME)
            .output()
            .unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(
            text.contains("note: - was read as PGN: 1 game"),
            "{args:?}: {text}"
        );
        assert!(text.ends_with("1 record: 1 valid, 0 invalid (0 errors, 0 warnings)\n"));
    }
    // JSON: one record, its line the tag's, no note.
    let output = fenkit()
        .args(["check", "--format", "json"])
        .arg(&path)
        .output()
        .unwrap();
    let lines = json_lines(&output.stdout);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0]["line"], 3);
    assert_eq!(lines[0]["notation"], "fen");
}

#[test]
fn a_fen_tag_is_judged_by_its_game_and_reported_on_its_value() {
    // `[Variant]` and `[SetUp]` come after the FEN, as lichess writes them; a Chess960
    // position with Shredder castling; then a bughouse game and a FEN without SetUp.
    let file = "[Event \"a\"]\n[FEN \"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1\"]\n\
                [Variant \"Chess960\"]\n[SetUp \"1\"]\n\n1. Kf1 *\n\n\
                [Event \"b\"]\n[Variant \"Bughouse\"]\n\n1. e4 *\n\n\
                [Event \"c\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3  w - - 0 1\"]\n\n1. Kd2 *\n";
    let path = temp_file("judged.pgn", file);
    let output = fenkit()
        .args(["check", "--format", "short"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let name = path.display();
    assert_eq!(
        text,
        format!(
            "{name}:9:11: error[fenkit::pgn::unsupported_variant]: fenkit does not read the chess variant `Bughouse`\n\
             {name}:14:7: warning[fenkit::pgn::fen_without_setup]: the game has a `[FEN]` tag but no `[SetUp \"1\"]`\n\
             {name}:14:26: error[fenkit::fen::field_separator]: fields separated by 2 spaces\n"
        )
    );
    let summary = String::from_utf8(output.stderr).unwrap();
    assert!(
        summary.contains("3 records: 1 valid, 2 invalid"),
        "{summary}"
    );
}

#[test]
fn no_line_of_a_game_file_is_dropped() {
    // A lowercase draughts FEN (py-draughts writes them), a wrong colour letter, a chess FEN
    // standing alone: each one is a record with its own diagnostics.
    let path = temp_file("lines.pdn", "W:W31:B20\nb:w31,k6:b20\nW:W32:B19\n");
    let output = fenkit()
        .args(["check", "--format", "short"])
        .arg(&path)
        .output()
        .unwrap();
    let summary = String::from_utf8(output.stderr).unwrap();
    assert!(
        summary.contains("3 records: 2 valid, 1 invalid"),
        "{summary}"
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains(":2:1: error[fenkit::pdn::lowercase]"),
        "{text}"
    );
    for input in ["X:W31-50:B1-20\n", "W\n", "8/8/8/8/8/8/8/8 w - - 0 1\n"] {
        let output = fenkit()
            .args(["check", "--notation", "pdn", "--format", "json"])
            .write_stdin(input)
            .output()
            .unwrap();
        let lines = json_lines(&output.stdout);
        let summary = &lines.last().unwrap()["summary"];
        assert_eq!(summary["records"], 1, "{input}: {lines:?}");
        assert_eq!(
            output.status.code(),
            Some(1 - summary["valid"].as_i64().unwrap() as i32)
        );
    }
    let output = fenkit()
        .args(["check", "--notation", "pdn", "--format", "short"])
        .write_stdin("X:W31-50:B1-20\n")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        text,
        "-:1:1: error[fenkit::pdn::invalid_turn]: `X` is not a side to move\n"
    );
}

#[test]
fn a_byte_order_mark_a_comment_or_an_escape_line_before_the_first_tag_is_still_a_game_file() {
    for (name, start) in [
        ("bom.txt", "\u{feff}"),
        ("comment.txt", "{ an opening file\nwith a comment }\n"),
        ("escape.txt", "% written by a tool\n; and a comment\n\n"),
    ] {
        let path = temp_file(name, &format!("{start}{CHESS_GAME}"));
        let output = fenkit().arg("check").arg(&path).output().unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        assert_eq!(output.status.code(), Some(0), "{name}: {text}");
        assert!(
            text.contains("was read as PGN: 1 game, 1 FEN tag"),
            "{name}: {text}"
        );
        assert!(text.ends_with("1 record: 1 valid, 0 invalid (0 errors, 0 warnings)\n"));
    }
}

#[test]
fn fix_rewrites_the_fen_values_of_a_game_file_and_nothing_else() {
    let file = "[Event \"Polg\u{e1}r\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3  w - - 0 1\"] [White \"x\"]\n\
                [SetUp \"1\"]\n\n1. Kd2 {a comment} *\n\n\
                [GameType \"21\"]\n[FEN \"W:W5:B12.\"]\n\n1. 5-1 *\n";
    let path = temp_file("fixable.pgn", file);
    let output = fenkit()
        .args(["fix", "--check"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let listing = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        listing,
        format!(
            "{name}:2:\n-[FEN \"4k3/8/8/8/8/8/8/4K3  w - - 0 1\"]\n+[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\
             {name}:8:\n-[FEN \"W:W5:B12.\"]\n+[FEN \"W:W5:B12\"]\n",
            name = path.display()
        )
    );
    let output = fenkit().arg("fix").arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        file.replace("K3  w", "K3 w").replace("B12.", "B12")
    );
    let again = fenkit()
        .args(["fix", "--check"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(0), "{again:?}");
}

#[test]
fn show_heads_each_position_with_its_game() {
    let file = "[Event \"Club\"]\n[White \"Anna\"]\n[Black \"Bob\"]\n[SetUp \"1\"]\n\
                [FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n";
    let path = temp_file("show.pgn", file);
    let output = fenkit().arg("show").arg(&path).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with(&format!("{}:5 (fen) Anna - Bob, Club\n", path.display())),
        "{text}"
    );
}

#[test]
fn python_chess_pgn_files_give_one_record_per_fen_tag() {
    let Some(corpus) = common::shared_corpus() else {
        eprintln!("skipped: ../shared/corpus is absent (python-chess's PGN files are GPL)");
        return;
    };
    for path in corpus.files("chess/pgn/python-chess") {
        let output = fenkit()
            .args(["check", "--format", "json"])
            .arg(&path)
            .output()
            .unwrap();
        let lines = json_lines(&output.stdout);
        let text = std::fs::read(&path).unwrap();
        let fen_tags = text.windows(6).filter(|w| w == b"[FEN \"").count();
        let records = &lines[..lines.len() - 1];
        // Every FEN is valid, each judged by its game's rules (Chess960 games among them).
        for record in records {
            assert_eq!(record["valid"], true, "{}: {record}", path.display());
        }
        assert_eq!(records.len(), fen_tags, "{}: {records:?}", path.display());
    }
}
