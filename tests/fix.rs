//! `fenkit fix` and `fenkit fmt --check` on real files: in place, nothing lost.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::fs;
use std::path::PathBuf;

use assert_cmd::Command;

mod common;

/// A fresh copy of `text` at `name` in a directory of its own.
fn scratch(test: &str, name: &str, text: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fenkit-fix-{}-{test}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path
}

fn fenkit(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("fenkit")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn fix_rewrites_the_tour_in_place_keeping_every_other_line() {
    let original = fs::read_to_string("examples/tour.txt").unwrap();
    let path = scratch("tour", "tour.txt", original.as_bytes());
    let output = fenkit(&["fix", path.to_str().unwrap()]);
    // The tour keeps invalid records on purpose: they stay, and the exit status says so.
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("5 lines changed, "), "{stderr}");

    let fixed = fs::read_to_string(&path).unwrap();
    let before: Vec<_> = original.lines().collect();
    let after: Vec<_> = fixed.lines().collect();
    assert_eq!(before.len(), after.len());
    let changed: Vec<usize> = (0..before.len())
        .filter(|&i| before[i] != after[i])
        .map(|i| i + 1)
        .collect();
    assert_eq!(changed, [14, 25, 35, 49, 52]);
    assert_eq!(
        after[13],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        after[24],
        "rn1qkb1r/pp2pppp/5n2/3p1b2/3P4/1QN1P3/PP3PPP/R1B1KBNR b KQkq - hmvc 1; fmvn 1; id \"CCR02\"; bm Nh5;"
    );
    assert_eq!(after[48], "[FEN \"W:W28,K10:B5,K2\"]");
    for (old, new) in before.iter().zip(&after) {
        if old.starts_with('#') || old.is_empty() {
            assert_eq!(old, new);
        }
    }
    // Fixing is idempotent: a second run changes nothing, and `fmt --check` agrees.
    let again = fenkit(&["fmt", "--check", path.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(0), "{again:?}");
    assert!(again.stdout.is_empty());
}

#[test]
fn crlf_stays_crlf_and_invalid_records_stay_as_written() {
    let text = b"# comment\r\n4k3/44/8/8/8/8/8/4K3  W - - 0 0\r\n\r\n4k3/8/8 x \r\n% end\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let path = scratch("crlf", "positions.fen", text);
    let output = fenkit(&["fix", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(
        fs::read(&path).unwrap(),
        b"# comment\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\r\n\r\n4k3/8/8 x \r\n% end\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
}

#[test]
fn fmt_check_lists_the_changes_and_leaves_the_file_alone() {
    let text = b"4k3/8/8/8/8/8/8/4K3 W - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    let path = scratch("check", "positions.fen", text);
    let name = path.to_str().unwrap();
    for command in [["fmt", "--check", name], ["fix", "--check", name]] {
        let output = fenkit(&command);
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            format!("{name}:1:\n-4k3/8/8/8/8/8/8/4K3 W - - 0 1\n+4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")
        );
        assert_eq!(
            String::from_utf8(output.stderr).unwrap(),
            "1 line would change, 0 invalid records left as they are\n"
        );
        assert_eq!(fs::read(&path).unwrap(), text);
    }
}

#[test]
fn pdn_games_get_their_fixes_inside_the_tags_on_the_game_board() {
    let text = "[Event \"x\"]\n[GameType \"21\"]\n[FEN \"w:W21-32:B1-12.\"]\n\n1. 9-14 {a comment} *\n\n[GameType \"20\"]\n[FEN \"W:W31-50:B1-20:H0\"]\n[FEN \"W:W31-55:B1-20.\"]\n";
    let path = scratch("pdn", "games.pdn", text.as_bytes());
    let output = fenkit(&["fix", path.to_str().unwrap()]);
    // Square 55 is off the board: that tag keeps its dot.
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let fixed = fs::read_to_string(&path).unwrap();
    assert_eq!(
        fixed,
        text.replace("w:W21-32:B1-12.", "W:W21-32:B1-12")
            .replace("B1-20:H0", "B1-20")
    );
}

#[test]
fn standard_input_is_fixed_to_standard_output() {
    let output = Command::cargo_bin("fenkit")
        .unwrap()
        .args(["fix"])
        .write_stdin("# c\n4k3/8/8/8/8/8/8/4K3 w - - 0 0\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, b"# c\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
}

#[test]
fn a_missing_file_is_an_input_error() {
    let output = fenkit(&["fix", "/nonexistent/positions.fen"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn real_files_lose_no_line_and_fixing_twice_changes_nothing() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    for (file, changed) in [
        ("draughts/wiegerw-pdn/bridges.pdn", 223),
        ("chess/sunfish/ccr_one_hour_test.epd", 24),
        ("chess/sunfish/mate2.fen", 150),
    ] {
        let original = corpus.read(file);
        let name = file.rsplit('/').next().unwrap();
        let path = scratch(&format!("corpus-{name}"), name, original.as_bytes());
        let output = fenkit(&["fix", path.to_str().unwrap()]);
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with(&format!("{changed} lines changed")),
            "{file}: {stderr}"
        );
        let fixed = fs::read_to_string(&path).unwrap();
        assert_eq!(original.lines().count(), fixed.lines().count(), "{file}");
        assert_eq!(original.ends_with('\n'), fixed.ends_with('\n'), "{file}");
        // Lines without a record are kept byte for byte.
        for (old, new) in original.lines().zip(fixed.lines()) {
            if !old.contains("FEN") && !old.contains('/') {
                assert_eq!(old, new, "{file}");
            }
        }
        let again = fenkit(&["fix", "--check", path.to_str().unwrap()]);
        assert!(again.stdout.is_empty(), "{file}: {again:?}");
    }
}

#[test]
fn fmt_check_into_a_closed_pipe_still_exits_1() {
    let path = scratch("closed-pipe", "one.fen", b"8/8/8/8/8/8/8/k1K5 W - - 0 1\n");
    // A pipe whose reading end is closed before fenkit starts: listing the change fails.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("fenkit"))
        .args(["fmt", "--check"])
        .arg(&path)
        .stdout(writer)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
}

#[test]
fn pdn_games_are_recognised_as_check_recognises_them() {
    // On the English board of the game, W5 and B12 are a valid position with a trailing dot;
    // on the default international board W5 is a man on its promotion row.
    let game = b"[GameType \"21\"]\n[FEN \"W:W5:B12.\"]\n";
    let fixed = b"[GameType \"21\"]\n[FEN \"W:W5:B12\"]\n";
    // A file of any name whose first record is a tag pair.
    let path = scratch("tagged", "game.txt", game);
    let output = fenkit(&["fix", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(fs::read(&path).unwrap(), fixed);
    // Standard input under `--notation pdn`.
    let output = Command::cargo_bin("fenkit")
        .unwrap()
        .args(["fix", "--notation", "pdn"])
        .write_stdin(&game[..])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(output.stdout, fixed);
}
