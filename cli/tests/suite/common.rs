//! Helpers shared by the command line's integration tests. They run in `cli/`, so the
//! repository's files (the tour, the Neovim fixtures) are reached from its root.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

/// The repository's root: the folder above this crate.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the CLI crate is a folder of the repository")
        .to_path_buf()
}

/// A file of the repository, by its path from the root (`examples/tour.txt`).
pub fn repo(path: &str) -> PathBuf {
    repo_root().join(path)
}

/// `../shared/corpus`, beside the project: the copyleft and unlicensed files (python-chess,
/// shakmaty, sunfish, lasker, py-draughts, wiegerw-pdn) the repository must not redistribute.
pub struct SharedCorpus(PathBuf);

impl SharedCorpus {
    /// A file of the shared corpus; once the folder is there, a missing file is a failure.
    pub fn read(&self, path: &str) -> String {
        let full = self.0.join(path);
        std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
    }

    /// The files of a folder of the shared corpus, sorted.
    pub fn files(&self, folder: &str) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.0.join(folder))
            .unwrap_or_else(|e| panic!("{folder}: {e}"))
            .map(|entry| entry.unwrap().path())
            .collect();
        files.sort();
        files
    }
}

/// The shared corpus, or `None` after one line on stderr saying that the calling test was
/// skipped and why. With `CI=true` a missing corpus panics instead: CI never skips silently.
pub fn shared_corpus() -> Option<SharedCorpus> {
    use std::io::Write;
    let dir = repo_root().join("../shared/corpus");
    if dir.is_dir() {
        return Some(SharedCorpus(dir));
    }
    let test = std::thread::current()
        .name()
        .unwrap_or("a corpus test")
        .to_string();
    let why = format!(
        "{} is absent: it holds the copyleft and unlicensed data that is not redistributed here",
        dir.display()
    );
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{test}: {why} (CI=true, so this is a failure, not a skip)"
    );
    // Written to the real stderr, past the test harness's capture of `eprintln!`.
    let _ = writeln!(std::io::stderr(), "skipped {test}: {why}");
    None
}

/// A fresh copy of `bytes` at `name` in a directory of its own, for test `test` of the file
/// `suite`.
pub fn scratch(suite: &str, test: &str, name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fenkit-{suite}-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// `fenkit ARGS` with `stdin` on its standard input, run to its end.
pub fn run(args: &[&str], stdin: &[u8]) -> std::process::Output {
    assert_cmd::Command::cargo_bin("fenkit")
        .unwrap()
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap()
}
