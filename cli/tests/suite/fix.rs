//! `fenkit fix` and `fenkit fmt --check` on real files: in place, nothing lost.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::fs;
use std::os::unix::fs::FileTypeExt;
use std::path::PathBuf;

use assert_cmd::Command;

use crate::common;

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
    let original = fs::read_to_string(common::repo("examples/tour.txt")).unwrap();
    let path = scratch("tour", "tour.txt", original.as_bytes());
    let output = fenkit(&["fix", path.to_str().unwrap()]);
    // The tour keeps invalid records on purpose: they stay, and the exit status says so.
    assert_eq!(output.status.code(), Some(1));
    // The problems of the records left come first; the summary ends the output.
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr
            .lines()
            .last()
            .unwrap()
            .starts_with("5 lines changed, "),
        "{stderr}"
    );
    assert!(
        stderr.contains("error[fenkit::fen::rank_too_long]"),
        "{stderr}"
    );

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
    // Fixing is idempotent: a second run changes nothing, and `fmt --check` agrees, failing
    // only on the records nothing can fix.
    let again = fenkit(&["fmt", "--check", path.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(1), "{again:?}");
    assert!(again.stdout.is_empty());
    let summary = String::from_utf8_lossy(&again.stderr);
    assert!(
        summary
            .lines()
            .last()
            .is_some_and(|line| line.starts_with("0 lines would change, 11 invalid records")),
        "{summary}"
    );
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
            stderr
                .lines()
                .last()
                .unwrap()
                .starts_with(&format!("{changed} lines changed")),
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

// ---------------------------------------------------------------------------------------------
// Files `fix` does not own, and runs that fail: the user's data stays intact.

/// The start position, and the same with two spaces before `w` (a record with a safe fix).
const GOOD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const BAD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1";

/// The names in the directory of `path`, sorted.
fn directory_names(path: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

fn set_mode(path: &std::path::Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn a_link_planted_where_an_old_fix_wrote_its_temporary_file_is_never_followed() {
    for record in [GOOD, BAD] {
        let path = scratch("planted", "v.fen", format!("{record}\n").as_bytes());
        let precious = path.with_file_name("p.txt");
        fs::write(&precious, "precious\n").unwrap();
        set_mode(&precious, 0o600);
        std::os::unix::fs::symlink("p.txt", path.with_file_name(".v.fen.fenkit-fix")).unwrap();
        let output = fenkit(&["fix", path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        assert_eq!(fs::read_to_string(&precious).unwrap(), "precious\n");
        assert_eq!(mode(&precious), 0o600);
        assert!(!fs::symlink_metadata(&path).unwrap().is_symlink());
        assert_eq!(fs::read_to_string(&path).unwrap(), format!("{GOOD}\n"));
        assert_eq!(
            directory_names(&path),
            [".v.fen.fenkit-fix", "p.txt", "v.fen"]
        );
    }
}

#[test]
fn two_runs_at_once_take_turns_and_lose_no_line() {
    const OTHER: &str = "4k3/8/8/8/8/8/8/4KK2  w - - 0 1";
    let lines = 100_000;
    let mut text = String::new();
    for index in 0..lines {
        text.push_str(if index % 2 == 0 { BAD } else { OTHER });
        text.push('\n');
    }
    // Whichever runs first, every line ends up with one space between its fields: the
    // validated run leaves the two white kings alone, the syntax-only run fixes them.
    let expected = text.replace("  ", " ");
    let path = scratch("concurrent", "mix.fen", text.as_bytes());
    let run = |args: &[&str]| {
        std::process::Command::new(assert_cmd::cargo::cargo_bin("fenkit"))
            .args(args)
            .arg(&path)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let first = run(&["fix"]);
    std::thread::sleep(std::time::Duration::from_millis(50));
    let second = run(&["fix", "--syntax-only"]);
    let (first, second) = (
        first.wait_with_output().unwrap(),
        second.wait_with_output().unwrap(),
    );
    assert!(matches!(first.status.code(), Some(0 | 1)), "{first:?}");
    assert_eq!(second.status.code(), Some(0), "{second:?}");
    let fixed = fs::read_to_string(&path).unwrap();
    assert_eq!(fixed.lines().count(), lines);
    assert!(fixed == expected, "the two runs mixed their output");
    assert_eq!(directory_names(&path), ["mix.fen"]);
}

#[test]
fn a_symlinked_file_is_rewritten_through_its_link() {
    let target = scratch("symlinked", "real.fen", format!("{BAD}\n").as_bytes());
    let link = target.with_file_name("link.fen");
    std::os::unix::fs::symlink("real.fen", &link).unwrap();
    let output = fenkit(&["fix", link.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(fs::read_to_string(&target).unwrap(), format!("{GOOD}\n"));
    assert_eq!(directory_names(&target), ["link.fen", "real.fen"]);
}

#[test]
fn mode_owner_and_group_are_kept() {
    use std::os::unix::fs::MetadataExt;
    let path = scratch("mode", "private.fen", format!("{BAD}\n").as_bytes());
    set_mode(&path, 0o640);
    // Root can hand the file to another user; anyone else keeps their own.
    let _ = std::os::unix::fs::chown(&path, Some(4321), Some(4321));
    let before = fs::metadata(&path).unwrap();
    let output = fenkit(&["fix", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let after = fs::metadata(&path).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), format!("{GOOD}\n"));
    assert_eq!(mode(&path), 0o640);
    assert_eq!((after.uid(), after.gid()), (before.uid(), before.gid()));
}

#[test]
fn files_fix_must_not_replace_are_left_alone_with_exit_2() {
    // A read-only file.
    let path = scratch("read-only", "locked.fen", format!("{BAD}\n").as_bytes());
    set_mode(&path, 0o444);
    let output = fenkit(&["fix", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(stderr(&output).contains("read-only"), "{output:?}");
    assert_eq!(fs::read_to_string(&path).unwrap(), format!("{BAD}\n"));
    assert_eq!(directory_names(&path), ["locked.fen"]);

    // A file with a second hard link: both names keep the one file.
    let path = scratch("hard-link", "a.fen", format!("{BAD}\n").as_bytes());
    let other = path.with_file_name("b.fen");
    fs::hard_link(&path, &other).unwrap();
    let output = fenkit(&["fix", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(stderr(&output).contains("hard links"), "{output:?}");
    assert_eq!(fs::read_to_string(&other).unwrap(), format!("{BAD}\n"));
    fs::write(&other, format!("{BAD}\n{BAD}\n")).unwrap();
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("{BAD}\n{BAD}\n")
    );

    // A FIFO: refused without waiting for a writer.
    let path = scratch("fifo", "placeholder", b"");
    let fifo = path.with_file_name("pipe.fen");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let output = fenkit(&["fix", fifo.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(stderr(&output).contains("not a regular file"), "{output:?}");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    let output = fenkit(&["fix", "--check", fifo.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");

    // A file with nothing to fix is not written, whatever it is.
    let path = scratch(
        "read-only-valid",
        "fine.fen",
        format!("{GOOD}\n").as_bytes(),
    );
    set_mode(&path, 0o444);
    let output = fenkit(&["fix", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

/// A file of `lines` fixable records, big enough that fixing it takes a moment.
fn big_file(test: &str, name: &str, lines: usize) -> PathBuf {
    let text = format!("{BAD}\n").repeat(lines);
    scratch(test, name, text.as_bytes())
}

/// Starts `fenkit fix path` and waits until its temporary file exists.
fn fix_until_the_temporary_file_appears(path: &std::path::Path) -> std::process::Child {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("fenkit"))
        .args(["fix", path.to_str().unwrap()])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !directory_names(path)
        .iter()
        .any(|name| name.ends_with(".fenkit-fix"))
    {
        assert!(std::time::Instant::now() < deadline, "no temporary file");
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    child
}

#[test]
fn a_signal_leaves_no_temporary_file_and_the_original_intact() {
    let path = big_file("signal", "priv.fen", 300_000);
    set_mode(&path, 0o600);
    let original = fs::read(&path).unwrap();
    let child = fix_until_the_temporary_file_appears(&path);
    let temporary = directory_names(&path)
        .into_iter()
        .find(|name| name.ends_with(".fenkit-fix"))
        .unwrap();
    // Never more readable than the original, even while it is written.
    assert_eq!(mode(&path.with_file_name(&temporary)), 0o600);
    assert!(
        std::process::Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap()
            .success()
    );
    let output = child.wait_with_output().unwrap();
    // Ended by the signal (or, on a fast machine, done before it came).
    if output.status.success() {
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            format!("{GOOD}\n").repeat(300_000)
        );
    } else {
        assert_eq!(fs::read(&path).unwrap(), original);
    }
    assert_eq!(directory_names(&path), ["priv.fen"]);
}

#[test]
fn a_line_appended_during_the_run_is_not_lost() {
    let path = big_file("appended", "growing.fen", 300_000);
    let child = fix_until_the_temporary_file_appears(&path);
    let mut file = fs::OpenOptions::new().append(true).open(&path).unwrap();
    std::io::Write::write_all(&mut file, b"added while fixing\n").unwrap();
    drop(file);
    let output = child.wait_with_output().unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.ends_with("added while fixing\n"), "{output:?}");
    if output.status.code() == Some(2) {
        assert!(
            stderr(&output).contains("changed while fenkit read it"),
            "{output:?}"
        );
        assert!(stderr(&output).contains("0 lines changed"), "{output:?}");
    }
    assert_eq!(directory_names(&path), ["growing.fen"]);
}

#[test]
fn fix_reads_records_as_check_does() {
    // A line over the maximum length is one invalid record, copied byte for byte; the lines
    // around it are fixed.
    let long = "x".repeat(5000);
    let text = format!("{BAD}\n{long}\r\n{BAD}");
    let path = scratch("long-line", "long.fen", text.as_bytes());
    let output = fenkit(&["fix", "--max-record-bytes", "1000", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("{GOOD}\n{long}\r\n{GOOD}")
    );
    assert!(
        stderr(&output).contains("2 lines changed, 1 invalid record"),
        "{output:?}"
    );

    // Standard input with no line end at all (text: NUL bytes would make it binary): one invalid record, in
    // bounded memory.
    let output = Command::cargo_bin("fenkit")
        .unwrap()
        .args(["fix", "--check", "--max-record-bytes", "64"])
        .write_stdin(vec![b'x'; 8 << 20])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(
        stderr(&output).contains("0 lines would change, 1 invalid record"),
        "{output:?}"
    );
    let output = Command::cargo_bin("fenkit")
        .unwrap()
        .args(["fix", "--max-record-bytes", "64"])
        .write_stdin(vec![b'x'; 8 << 20])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(output.stdout.len(), 8 << 20);

    // A lone CR ends a line, as for `check`: three records, each fixed, each CR kept.
    let path = scratch(
        "cr-only",
        "old-mac.fen",
        format!("{BAD}\r{BAD}\r{BAD}\r").as_bytes(),
    );
    let output = fenkit(&["fix", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("{GOOD}\r{GOOD}\r{GOOD}\r")
    );
    let check = fenkit(&["check", path.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&check.stdout).contains("3 records: 3 valid"));

    // A `{` comment never closed: the error `check` reports makes the file invalid.
    let path = scratch(
        "unclosed",
        "games.pdn",
        b"[FEN \"W:W31:B20\"]\n1. 31-26 {never closed\n",
    );
    let output = fenkit(&["fix", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(stderr(&output).contains("1 invalid record"), "{output:?}");
}

#[test]
fn output_that_cannot_be_written_is_exit_2_with_one_message() {
    let path = scratch("full", "two.fen", format!("{BAD}\n{GOOD}\n").as_bytes());
    let binary = assert_cmd::cargo::cargo_bin("fenkit");
    let name = path.to_str().unwrap();
    for args in [
        vec!["fix", "-"],
        vec!["fix", "--check", name],
        vec!["check", name],
        vec!["check", "--format", "json", name],
        vec!["fmt", name],
        vec!["explain", "fenkit::fen::invalid_piece"],
    ] {
        // A full disk.
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = std::process::Command::new(&binary)
            .args(&args)
            .stdin(fs::File::open(&path).unwrap())
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let said = stderr(&output);
        assert!(said.contains("No space left on device"), "{args:?}: {said}");
        assert!(
            !said.contains("changed"),
            "a summary after a failed write: {said}"
        );
        // Closed by the shell: the runtime puts `/dev/null` in its place, so the command runs
        // as it does with its output on `/dev/null`.
        let run = |redirect: &str| {
            std::process::Command::new("sh")
                .arg("-c")
                .arg(format!("exec \"$@\" < \"$0\" {redirect}"))
                .arg(&path)
                .arg(&binary)
                .args(&args)
                .output()
                .unwrap()
        };
        let (closed, null) = (run(">&-"), run(">/dev/null"));
        assert_ne!(closed.status.code(), Some(2), "{args:?}: {closed:?}");
        assert_eq!(closed.status.code(), null.status.code(), "{args:?}");
        assert_eq!(stderr(&closed), stderr(&null), "{args:?}");
    }
    // `fix FILE` writes nothing to standard output: a closed one does not matter.
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg("exec \"$1\" fix \"$0\" >&-")
        .arg(&path)
        .arg(&binary)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("{GOOD}\n{GOOD}\n")
    );
}

#[test]
fn names_and_records_in_the_listing_and_messages_are_escaped() {
    let path = scratch(
        "escaped",
        "a\u{1b}]0;TITLE\u{7}.fen",
        format!("{BAD}\u{202e}\n{BAD}\n").as_bytes(),
    );
    let output = fenkit(&["fix", "--check", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let listing = String::from_utf8(output.stdout).unwrap();
    assert!(
        listing.contains("a\\u{1b}]0;TITLE\\u{7}.fen:2:"),
        "{listing}"
    );
    assert!(
        !listing.contains('\u{1b}') && !listing.contains('\u{7}'),
        "{listing}"
    );
    let missing = path.with_file_name("gone\u{1b}[2J.fen");
    let output = fenkit(&["fix", missing.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(!stderr(&output).contains('\u{1b}'), "{output:?}");
    assert!(stderr(&output).contains("gone\\u{1b}[2J.fen"), "{output:?}");
}
