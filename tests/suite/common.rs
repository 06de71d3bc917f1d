//! Helpers shared by the integration tests.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use std::path::PathBuf;

use fenkit::{Diagnostic, Parsed, Severity};
use miette::{GraphicalReportHandler, GraphicalTheme};

/// Renders every diagnostic of `record` as the CLI does, without colour, 80 columns wide.
pub fn render(name: &str, record: &str, diagnostics: &[Diagnostic]) -> String {
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(80)
        .with_links(false)
        .with_urls(false);
    let mut out = String::new();
    for diagnostic in diagnostics {
        handler
            .render_report(&mut out, &diagnostic.with_source(name, 1, record))
            .unwrap();
    }
    out
}

/// `(code, offset, len)` of the primary label of each diagnostic.
pub fn primary_spans(diagnostics: &[Diagnostic]) -> Vec<(&'static str, usize, usize)> {
    diagnostics
        .iter()
        .map(|d| {
            let span = d.span().expect("every diagnostic has a primary label");
            (d.code(), span.offset, span.len)
        })
        .collect()
}

/// `(code, severity, offset, len)` of each diagnostic and its primary label: for combinators
/// that read the same input as an error in strict mode and a warning in lenient mode.
pub fn primary_spans_and_severity(
    diagnostics: &[Diagnostic],
) -> Vec<(&'static str, Severity, usize, usize)> {
    primary_spans(diagnostics)
        .into_iter()
        .zip(diagnostics)
        .map(|((code, offset, len), d)| (code, d.severity(), offset, len))
        .collect()
}

/// A file of `tests/data`: the freely licensed corpus files that ship with the repository (see
/// `tests/data/SOURCES.md`). Always there, so a missing file is a failure.
pub fn data(path: &str) -> String {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
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

    /// A file of the shared corpus as bytes (game files may be Latin-1).
    pub fn read_bytes(&self, path: &str) -> Vec<u8> {
        let full = self.0.join(path);
        std::fs::read(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
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
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
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

/// Asserts that `diagnostics` (of `record`, read in `mode`) hold one with `code` whose primary
/// span is `offset..offset + len`, with the severity its kind gives in `mode`, a help, and a
/// lowercase message without a trailing period. Returns the code, for coverage bookkeeping.
pub fn assert_diagnostic(
    diagnostics: &[Diagnostic],
    mode: fenkit::Mode,
    record: &str,
    (offset, len): (usize, usize),
    code: &str,
) -> &'static str {
    use fenkit::codes::CodeKind;
    let found = diagnostics
        .iter()
        .find(|d| d.code() == code && d.span().map(|s| (s.offset, s.len)) == Some((offset, len)));
    let Some(found) = found else {
        panic!(
            "{record:?}: expected {code} at {offset}+{len}, got {:?}",
            primary_spans(diagnostics)
        );
    };
    let kind = fenkit::codes::all()
        .find(|info| info.code == code)
        .unwrap()
        .kind;
    let expected = match (kind, mode) {
        (CodeKind::Dialect, fenkit::Mode::Lenient) | (CodeKind::Warning, _) => {
            fenkit::Severity::Warning
        }
        _ => fenkit::Severity::Error,
    };
    assert_eq!(found.severity(), expected, "{code} in {mode:?}");
    assert!(
        found.help_text().is_some_and(|h| !h.is_empty()),
        "{code} has no help"
    );
    assert!(
        !found.message().ends_with('.'),
        "{code}: message ends with a period"
    );
    found.code()
}

/// A record's verdict as the research-vector tables write it: `valid: ` or `invalid: ` and its
/// codes (warnings marked `~`), each code shortened by `name`.
pub fn verdict<T>(parsed: &Parsed<T>, name: impl Fn(&'static str) -> &'static str) -> String {
    let codes: Vec<String> = parsed
        .diagnostics
        .iter()
        .map(|d| {
            let name = name(d.code());
            if d.is_error() {
                name.to_string()
            } else {
                format!("{name}~")
            }
        })
        .collect();
    let valid = if parsed.is_valid() {
        "valid"
    } else {
        "invalid"
    };
    format!("{valid}: {}", codes.join(" "))
}

/// The last part of a code: `fenkit::fen::bad_rank` → `bad_rank`.
pub fn last_part(code: &'static str) -> &'static str {
    code.rsplit("::").next().unwrap_or(code)
}
