//! `fenkit check -j N`: any N is safe. A count over four threads per core is cut to that, and
//! threads start as the input needs them, so a huge N neither panics nor allocates for it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;
use serde_json::Value;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const BAD_SIDE: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";

/// Counts that once panicked ("failed to spawn thread", "capacity overflow") or allocated
/// until the kernel killed the process.
const HUGE_JOBS: [&str; 3] = ["100000", "18446744073709551615", "4294967296"];

fn fenkit() -> Command {
    let mut command = Command::cargo_bin("fenkit").unwrap();
    command.env("NO_COLOR", "1").env("COLUMNS", "100");
    command
}

fn temp_file(name: &str, contents: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fenkit-cli-jobs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// `lines` records, every 97th invalid: several blocks of 512 lines when `lines` is large.
fn records(lines: usize) -> String {
    let mut input = String::new();
    for line in 1..=lines {
        input.push_str(if line % 97 == 0 { BAD_SIDE } else { START });
        input.push('\n');
    }
    input
}

#[test]
fn a_huge_jobs_count_checks_small_and_multi_block_inputs_in_order() {
    let small = temp_file("small.fen", &records(3));
    let multi = temp_file("multi.fen", &records(5_000));
    for jobs in HUGE_JOBS {
        for (path, count) in [(&small, 3), (&multi, 5_000)] {
            let output = fenkit()
                .args(["check", "--format", "json", "-j", jobs])
                .arg(path)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(!stderr.contains("panicked"), "-j {jobs}: {stderr}");
            let expected_status = if count >= 97 { 1 } else { 0 };
            assert_eq!(output.status.code(), Some(expected_status), "-j {jobs}");
            let lines: Vec<Value> = String::from_utf8(output.stdout)
                .unwrap()
                .lines()
                .map(|line| serde_json::from_str(line).unwrap())
                .collect();
            assert_eq!(lines.len(), count + 1, "-j {jobs}");
            for (index, line) in lines[..count].iter().enumerate() {
                assert_eq!(line["line"], index + 1);
                assert_eq!(line["valid"], (index + 1) % 97 != 0);
            }
            assert_eq!(lines[count]["summary"]["records"], count);
        }
    }
}

#[test]
fn a_huge_jobs_count_reads_pdn_and_human_output_as_usual() {
    let pdn = temp_file(
        "open.pdn",
        "[GameType \"21\"]\n[FEN \"W:W21-32:B1-12\"]\n1. 11-15 { never closed\n",
    );
    for jobs in HUGE_JOBS {
        let output = fenkit()
            .args(["check", "-j", jobs])
            .arg(&pdn)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(1), "-j {jobs}: {stdout}");
        // The scanner's state at the end of the file still reports the open comment.
        assert!(stdout.contains("2 records: 1 valid, 1 invalid"), "{stdout}");
        let output = fenkit()
            .args(["fmt", "-j", jobs])
            .write_stdin(records(3))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "-j {jobs}");
        assert_eq!(String::from_utf8(output.stdout).unwrap(), records(3));
    }
}

/// A few lines under `-j 64` start one worker: the process has its main thread, the reader
/// and one worker, not 64 workers (counted in `/proc` while it waits for more input).
#[cfg(target_os = "linux")]
#[test]
fn threads_start_as_the_input_needs_them() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;

    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("fenkit"))
        .args(["check", "--format", "json", "-j", "64"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(records(3).as_bytes()).unwrap();
    stdin.flush().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    for _ in 0..3 {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        assert!(line.contains("\"valid\":true"), "{line}");
    }
    // The three records are written: their block was checked, and the reader waits for more.
    let threads = std::fs::read_dir(format!("/proc/{}/task", child.id()))
        .unwrap()
        .count();
    drop(stdin);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    assert_eq!(threads, 3, "main, reader and one worker");
}

/// Where no thread can be started (here every thread's stack is set to a pebibyte, which no
/// address space holds), the main thread checks the input alone, with the same output.
#[cfg(target_os = "linux")]
#[test]
fn without_threads_the_input_is_checked_on_the_main_thread() {
    let multi = temp_file("alone.fen", &records(2_000));
    let pdn = temp_file(
        "alone.pdn",
        "[GameType \"21\"]\n[FEN \"W:W21-32:B1-12\"]\n1. 11-15 { never closed\n",
    );
    for jobs in ["1", "4", "100000"] {
        let output = fenkit()
            .env("RUST_MIN_STACK", (1u64 << 50).to_string())
            .args(["check", "--format", "short", "-j", jobs])
            .arg(&multi)
            .arg(&pdn)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "-j {jobs}: {stderr}");
        assert_eq!(output.status.code(), Some(1));
        let stdout = String::from_utf8(output.stdout).unwrap();
        let reported: Vec<&str> = stdout.lines().collect();
        assert_eq!(reported.len(), 2_000 / 97 + 1, "{stdout}");
        assert!(reported[0].contains("alone.fen:97:"), "{stdout}");
        assert!(reported[19].contains("alone.fen:1940:"), "{stdout}");
        assert!(reported[20].contains("unclosed_comment"), "{stdout}");
        assert!(
            stderr.contains("2002 records: 1981 valid, 21 invalid"),
            "{stderr}"
        );
    }
}

/// The repository's game files: lichess puzzles (a FEN tag each) and chess.js's games.
fn game_files() -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/chess/pgn/");
    let mut games = String::new();
    for name in ["lichess-puzzles.pgn", "benchmark.pgn"] {
        games.push_str(&std::fs::read_to_string(format!("{dir}{name}")).unwrap());
        games.push('\n');
    }
    games
}

/// Game files that `fenkit check` reads in parts, each part from a likely start of a game (a
/// blank line, then `[`), with the starts it guesses wrong: inside a comment over many lines,
/// inside a tag section, in a file of no blank lines; and lines over the maximum length.
fn game_files_read_in_parts() -> Vec<(&'static str, String)> {
    let games = game_files();
    // Invalid FENs, a bare FEN line, a variant without rules and a FEN without SetUp.
    let broken = games
        .replacen("[FEN \"5rk1/1p3ppp", "[FEN \"5rk9/1p3ppp", 3)
        .replacen(
            "[SetUp \"1\"]\n",
            "[SetUp \"1\"]\n[Variant \"Atomic\"]\n",
            2,
        )
        .replacen("[SetUp \"1\"]\n[FEN \"8/4R3", "[FEN \"8/4R3", 1)
        .replacen(
            "\n1. e4 c6",
            "\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\n1. e4 c6",
            2,
        );
    // A comment of many lines, each blank line then a tag pair that is no tag pair, and a
    // game's tag section cut by blank lines.
    let mut comment = String::from("[Event \"commented\"]\n\n1. e4 {");
    for n in 0..1_500 {
        comment.push_str(&format!(
            "\n\n[Event \"not a game {n}\"]\n[FEN \"nonsense\"]"
        ));
    }
    comment.push_str("} e5 *\n\n[Event \"tags\"]\n\n[SetUp \"1\"]\n\n");
    for _ in 0..1_000 {
        comment.push_str("[Site \"far\"]\n\n");
    }
    comment.push_str("[FEN \"8/8/8/8/8/8/8/4K2k w - - 0 1\"]\n\n1. Kd2 *\n\n");
    let commented = format!("{broken}{comment}{broken}");
    // Lines longer than one read of the file, and longer than the maximum record length.
    let long = format!(
        "{broken}\n[Event \"long\"]\n\n1. e4 {{{}}} e5 *\n\n{}\n\n{broken}",
        "x".repeat(300_000),
        "8/".repeat(100_000)
    );
    vec![
        ("broken.pgn", broken.clone()),
        ("commented.pgn", commented),
        ("crlf.pgn", broken.replace('\n', "\r\n")),
        ("cr.pgn", broken.replace('\n', "\r")),
        ("no-blank-lines.pgn", broken.replace("\n\n", "\n")),
        ("long.pgn", long),
    ]
}

/// A game file read in parts on several threads reports exactly what it reports read in order
/// by one: every record, line number and note, in every output format; and what standard input
/// reports, read in blocks of lines.
#[test]
fn game_files_read_in_parts_report_as_read_in_order() {
    for (name, contents) in game_files_read_in_parts() {
        let path = temp_file(name, &contents);
        for args in [
            &["check"][..],
            &["check", "-q"],
            &["check", "--format", "json", "--max-record-bytes", "60"],
            &["fmt", "--format", "short"],
        ] {
            let run = |jobs: &str| {
                fenkit()
                    .args(args)
                    .args(["-j", jobs])
                    .arg(&path)
                    .output()
                    .unwrap()
            };
            let in_order = run("1");
            assert!(!in_order.stdout.is_empty() || !in_order.stderr.is_empty());
            if args.contains(&"json") {
                let piped = fenkit()
                    .args(args)
                    .args(["-j", "4", "--notation", "pgn", "-"])
                    .write_stdin(contents.as_bytes())
                    .output()
                    .unwrap();
                let named = format!("\"{}\"", path.display());
                let in_order = String::from_utf8_lossy(&in_order.stdout).replace(&named, "\"-\"");
                assert!(
                    String::from_utf8_lossy(&piped.stdout) == in_order,
                    "{name} {args:?}: standard input differs"
                );
            }
            let in_parts = run("4");
            assert_eq!(in_parts.status, in_order.status, "{name} {args:?}");
            assert!(
                in_parts.stdout == in_order.stdout,
                "{name} {args:?}: stdout differs"
            );
            assert!(
                in_parts.stderr == in_order.stderr,
                "{name} {args:?}: stderr differs"
            );
        }
    }
}
