//! The exit status does not depend on where the output goes: `/dev/null` opened read-write (as
//! Python's `subprocess.DEVNULL` and Node's `stdio: 'ignore'` open it) is an output like any
//! other, and a reader that goes away early does not change the verdict.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

const VALID: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
/// Valid once fixed (the side to move in lower case).
const FIXABLE: &str = "4k3/8/8/8/8/8/8/4K3 W - - 0 1";
const INVALID: &str = "4k3/8/8/8/8/8/8/4K3 x - - 0 1";

fn scratch(test: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fenkit-status-{}-{test}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("records.fen");
    fs::write(&path, text).unwrap();
    path
}

fn fenkit() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("fenkit"))
}

/// `/dev/null` opened for reading and writing, as `subprocess.DEVNULL` opens it.
fn dev_null_read_write() -> fs::File {
    fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .unwrap()
}

#[test]
fn output_on_dev_null_opened_read_write_is_checked_as_any_other() {
    let valid = scratch("null-valid", &format!("{VALID}\n"));
    let invalid = scratch("null-invalid", &format!("{VALID}\n{INVALID}\n"));
    let fixable = scratch("null-fixable", &format!("{FIXABLE}\n"));
    let cases: [(&[&str], &PathBuf, i32); 6] = [
        (&["check", "-q"], &valid, 0),
        (&["check", "-q"], &invalid, 1),
        (&["check", "--format", "json"], &invalid, 1),
        (&["fmt"], &invalid, 1),
        (&["fix", "--check"], &fixable, 1),
        (&["show"], &valid, 0),
    ];
    for (args, path, status) in cases {
        let output = fenkit()
            .args(args)
            .arg(path)
            .stdout(dev_null_read_write())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(status), "{args:?}: {output:?}");
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(!said.contains("closed"), "{args:?}: {said}");
    }
    // `fix -` writes the fixed text there.
    let output = fenkit()
        .args(["fix", "-"])
        .stdin(fs::File::open(&fixable).unwrap())
        .stdout(dev_null_read_write())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

/// Runs `fenkit ARGS` into a pipe whose reader takes one line and goes away (`| head -1`);
/// returns the exit status.
fn into_a_reader_of_one_line(args: &[&str]) -> Option<i32> {
    let mut child = fenkit()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).unwrap();
    assert!(!first.is_empty());
    // The reader is dropped here: the next writes fail with a broken pipe.
    child.wait().unwrap().code()
}

#[test]
fn a_reader_that_goes_away_keeps_the_verdict_of_check_listings() {
    // Far more listing than a pipe holds, so the writer outlives its reader.
    let many = format!("{FIXABLE}\n").repeat(20_000);
    let path = scratch("head", &many);
    let name = path.to_str().unwrap();
    for args in [
        &["fix", "--check", name][..],
        &["fmt", "--check", name],
        &["check", name],
    ] {
        assert_eq!(into_a_reader_of_one_line(args), Some(1), "{args:?}");
    }
    // A file with nothing to change writes nothing: exit 0 (no line for the reader: none read).
    let clean = scratch("head-clean", &format!("{VALID}\n").repeat(20_000));
    let output = fenkit()
        .args(["fix", "--check"])
        .arg(&clean)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}
