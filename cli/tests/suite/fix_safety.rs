//! `fenkit fix` loses and widens nothing: a file that changes while it is fixed, its mode bits,
//! extended attributes and ACL, a file its user cannot write, standard input without end, a
//! FEN standing alone in a game file, and a tag section of many FEN tags.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::fs;
use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const GOOD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const BAD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1";

fn scratch(test: &str, name: &str, text: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fenkit-safety-{}-{test}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path
}

fn fenkit() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("fenkit"))
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_file_changed_before_the_rename_is_left_alone_or_its_appended_lines_taken_back() {
    // Written by a test writer at the two steps of the window (debug builds have the hook).
    let path = scratch("window", "w.fen", format!("{BAD}\n{BAD}\n").as_bytes());
    let output = fenkit()
        .arg("fix")
        .arg(&path)
        .env("FENKIT_TEST_APPEND", "read:appended after the read\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        stderr(&output).contains("w.fen: the file changed while fenkit read it: left alone"),
        "{output:?}"
    );
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("{BAD}\n{BAD}\nappended after the read\n")
    );

    // After the last comparison, right before the rename: taken back from the original.
    let path = scratch("rename", "r.fen", format!("{BAD}\n{BAD}\n").as_bytes());
    let output = fenkit()
        .arg("fix")
        .arg(&path)
        .env("FENKIT_TEST_APPEND", "rename:appended before the rename\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        stderr(&output).contains("r.fen: lines were appended while fenkit replaced the file"),
        "{output:?}"
    );
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("{GOOD}\n{GOOD}\nappended before the rename\n")
    );
    assert_eq!(names_in(path.parent().unwrap()), ["r.fen"]);
}

#[test]
fn lines_appended_while_fix_runs_are_never_lost() {
    // 1,500 races: in each, a writer appends numbered lines, each with an open of its own as
    // `echo >>` does, while fix runs (up to a number of lines that changes from round to round,
    // so that some rounds end quietly and fix gets to replace the file); every line must be in
    // the file at the end, whether fix replaced the file or refused.
    let path = scratch("race", "race.fen", b"");
    let (mut fixed, mut refused, mut appended) = (0, 0, 0);
    for round in 0..1500 {
        fs::write(&path, format!("{BAD}\n").repeat(20)).unwrap();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let writer = {
            let (path, stop) = (path.clone(), stop.clone());
            std::thread::spawn(move || {
                let mut written = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) && written < 1 + round % 64 {
                    let mut file = fs::OpenOptions::new().append(true).open(&path).unwrap();
                    file.write_all(format!("line {round}.{written}\n").as_bytes())
                        .unwrap();
                    written += 1;
                    std::thread::sleep(std::time::Duration::from_micros(300));
                }
                written
            })
        };
        let output = fenkit().arg("fix").arg(&path).output().unwrap();
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let written = writer.join().unwrap();
        appended += written;
        match output.status.code() {
            Some(0 | 1) => fixed += 1,
            Some(2) => refused += 1,
            _ => panic!("{output:?}"),
        }
        let text = fs::read_to_string(&path).unwrap();
        for n in 0..written {
            let line = format!("line {round}.{n}\n");
            assert!(
                text.contains(&line),
                "round {round}: {line} lost: {output:?}"
            );
        }
    }
    assert!(
        fixed > 0 && appended > 0,
        "{fixed} fixed, {refused} refused"
    );
}

#[test]
fn setuid_setgid_and_sticky_bits_are_kept() {
    let path = scratch("mode-bits", "tool.fen", format!("{BAD}\n").as_bytes());
    fs::set_permissions(&path, fs::Permissions::from_mode(0o6755)).unwrap();
    let before = fs::metadata(&path).unwrap().mode() & 0o7777;
    let output = fenkit().arg("fix").arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(fs::read_to_string(&path).unwrap(), format!("{GOOD}\n"));
    assert_eq!(fs::metadata(&path).unwrap().mode() & 0o7777, before);

    let path = scratch("sticky", "s.fen", format!("{BAD}\n").as_bytes());
    fs::set_permissions(&path, fs::Permissions::from_mode(0o1644)).unwrap();
    let output = fenkit().arg("fix").arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(fs::metadata(&path).unwrap().mode() & 0o7777, 0o1644);
}

/// The `system.posix_acl_access` value of an ACL: the owner rw, user `user` r, the group r,
/// the mask r, others r (mode 0644).
fn acl(user: u32) -> Vec<u8> {
    let mut bytes = 2_u32.to_le_bytes().to_vec();
    for (tag, permissions, id) in [
        (0x01_u16, 6_u16, u32::MAX),
        (0x02, 4, user),
        (0x04, 4, u32::MAX),
        (0x10, 4, u32::MAX),
        (0x20, 4, u32::MAX),
    ] {
        bytes.extend(tag.to_le_bytes());
        bytes.extend(permissions.to_le_bytes());
        bytes.extend(id.to_le_bytes());
    }
    bytes
}

#[test]
fn extended_attributes_and_acls_are_kept() {
    let path = scratch("xattr", "tagged.fen", format!("{BAD}\n").as_bytes());
    let flags = rustix::fs::XattrFlags::empty();
    if let Err(error) = rustix::fs::setxattr(&path, "user.fenkit.origin", b"lichess", flags) {
        let _ = writeln!(
            std::io::stderr(),
            "skipped extended_attributes_and_acls_are_kept: {error}"
        );
        return;
    }
    let with_acl = rustix::fs::setxattr(&path, "system.posix_acl_access", &acl(4321), flags);
    let output = fenkit().arg("fix").arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(fs::read_to_string(&path).unwrap(), format!("{GOOD}\n"));
    let mut value = [0_u8; 64];
    let read = rustix::fs::getxattr(&path, "user.fenkit.origin", &mut value[..]).unwrap();
    assert_eq!(&value[..read], b"lichess");
    if with_acl.is_ok() {
        let mut value = [0_u8; 256];
        let read = rustix::fs::getxattr(&path, "system.posix_acl_access", &mut value[..]).unwrap();
        assert_eq!(&value[..read], acl(4321));
    }
}

#[test]
fn a_file_its_user_cannot_write_is_left_alone() {
    let dir = std::env::temp_dir().join(format!("fenkit-safety-{}-shared", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    // A folder anyone may write in (without the sticky bit of /tmp, which would stop the
    // rename: here only fenkit's own check can).
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o777)).unwrap();
    let path = dir.join("theirs.fen");
    fs::write(&path, format!("{BAD}\n")).unwrap();
    let binary = assert_cmd::cargo::cargo_bin("fenkit");
    // Who runs the tests: the owner of the file just made.
    let me = fs::metadata(&path).unwrap().uid();
    let is_root = me == 0;
    let output = if is_root {
        // Root's 0644 file, fixed by nobody (who may replace it: the folder lets them).
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        let mut up = dir.clone();
        while let Some(parent) = up.parent().map(Path::to_path_buf) {
            // nobody must reach the folder.
            let mode = fs::metadata(&up).unwrap().mode();
            if mode & 0o001 == 0 {
                let _ = writeln!(
                    std::io::stderr(),
                    "skipped a_file_its_user_cannot_write_is_left_alone: {} is closed to others",
                    up.display()
                );
                return;
            }
            up = parent;
        }
        let _ = fs::set_permissions(&binary, fs::Permissions::from_mode(0o755));
        Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(&binary)
            .arg("fix")
            .arg(&path)
            .output()
            .unwrap()
    } else {
        // One's own file that only others may write.
        fs::set_permissions(&path, fs::Permissions::from_mode(0o466)).unwrap();
        fenkit().arg("fix").arg(&path).output().unwrap()
    };
    if is_root && stderr(&output).contains("setpriv") {
        let _ = writeln!(std::io::stderr(), "skipped: setpriv failed: {output:?}");
        return;
    }
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        stderr(&output).contains("theirs.fen: you cannot write this file"),
        "{output:?}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), format!("{BAD}\n"));
    let owner = fs::metadata(&path).unwrap().uid();
    assert_eq!(owner, me);
    assert_eq!(names_in(&dir), ["theirs.fen"]);
}

#[test]
fn standard_input_that_never_ends_its_line_is_refused_in_bounded_memory() {
    let mut child = fenkit()
        .args(["fix", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let zeros = vec![b'x'; 1 << 20];
        // 300 MiB without a line end, unless fenkit stops reading first.
        for _ in 0..300 {
            if stdin.write_all(&zeros).is_err() {
                return false;
            }
        }
        true
    });
    let output = child.wait_with_output().unwrap();
    let _ = feeder.join().unwrap();
    assert_eq!(output.status.code(), Some(2), "{:?}", stderr(&output));
    assert!(
        stderr(&output).contains("fenkit: -: over 256 MiB of standard input"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_bare_fen_in_a_game_file_is_reported_not_rewritten() {
    let game = format!("[Event \"x\"]\n[FEN \"{BAD}\"]\n\n1. e4 e5\n{BAD}\n2. Nf3 *\n");
    let path = scratch("bare", "g.pgn", game.as_bytes());
    let output = fenkit().arg("fix").arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("[Event \"x\"]\n[FEN \"{GOOD}\"]\n\n1. e4 e5\n{BAD}\n2. Nf3 *\n")
    );
    assert!(
        stderr(&output).contains("g.pgn:5: a FEN outside a tag: left as it is"),
        "{output:?}"
    );
    // `--check` lists only the tag.
    let path = scratch("bare-check", "g.pgn", game.as_bytes());
    let output = fenkit()
        .args(["fix", "--check"])
        .arg(&path)
        .output()
        .unwrap();
    let listing = String::from_utf8(output.stdout).unwrap();
    assert!(listing.contains("g.pgn:2:"), "{listing}");
    assert!(!listing.contains("g.pgn:5:"), "{listing}");
}

#[test]
fn a_long_tag_section_waits_in_bounded_memory_and_loses_no_change() {
    // One waiting FEN tag, then more changes behind it than memory keeps: they go through
    // the temporary file, in order.
    let count = 100_000;
    let mut text = String::from("[Event \"x\"]\n[SetUp \"1\"]\n");
    for _ in 0..count {
        text.push_str(&format!("[FEN \"{BAD}\"]\n"));
    }
    text.push_str("\n1. e4 *\n");
    let path = scratch("long-section", "many.pgn", text.as_bytes());
    let output = fenkit().arg("fix").arg(&path).output().unwrap();
    let fixed = fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = fixed.lines().collect();
    assert_eq!(lines.len(), count + 4, "{output:?}");
    let good = format!("[FEN \"{GOOD}\"]");
    // The first 16 wait for the end of the section and are judged alone; the others are
    // judged at once: each is a FEN tag and each is fixed where its fix makes it valid.
    let changed = lines[2..count + 2]
        .iter()
        .filter(|line| **line == good)
        .count();
    let unchanged = lines[2..count + 2]
        .iter()
        .filter(|line| **line == format!("[FEN \"{BAD}\"]"))
        .count();
    assert_eq!(changed + unchanged, count, "{output:?}");
    let again = fenkit()
        .args(["fix", "--check"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        stderr(&again)
            .lines()
            .last()
            .is_some_and(|summary| summary.starts_with("0 lines would change")),
        "{}",
        stderr(&again)
    );
    assert!(changed > 0, "{output:?}");
}
