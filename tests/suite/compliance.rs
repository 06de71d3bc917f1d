//! The compliance cases of `tests/compliance/`: records of each notation with every diagnostic
//! fenkit reports for them (code, severity, primary span), in order. The cases are data, one
//! line each, so a case needs no Rust and a file can be read without knowing the test code; the
//! line format is described at the top of each file. The files are named by notation
//! (`fen.txt`, `epd.txt`, `feen.txt`, `pdn.txt`), and every record of a file is read as that
//! notation through `parse_any`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use fenkit::draughts::Board;
use fenkit::{Castling, Diagnostic, Notation, ParseOptions, parse_any};

/// The notations with a file of cases, by the name `Notation::name` gives them.
const NOTATIONS: [Notation; 4] = [Notation::Fen, Notation::Epd, Notation::Feen, Notation::Pdn];

/// One line of a compliance file.
struct Case {
    options: ParseOptions,
    /// `code@offset+len` per diagnostic, `~` after the code of a warning; empty for `valid`.
    expected: Vec<String>,
    record: Vec<u8>,
}

/// The options of a case: `strict` or `lenient`, then any of `validated`, `board=NAME`
/// (a draughts board by name or GameType) and `castling=standard|chess960`, joined by commas.
fn options(text: &str) -> Result<ParseOptions, String> {
    let mut parts = text.split(',');
    let mut options = match parts.next() {
        Some("strict") => ParseOptions::strict(),
        Some("lenient") => ParseOptions::lenient(),
        other => return Err(format!("not strict or lenient: {other:?}")),
    };
    for part in parts {
        options = match part.split_once('=') {
            None if part == "validated" => options.validated(),
            Some(("board", name)) => options.with_draughts_board(
                Board::from_name_or_game_type(name).ok_or(format!("no board {name:?}"))?,
            ),
            Some(("castling", "standard")) => options.with_castling(Castling::Standard),
            Some(("castling", "chess960")) => options.with_castling(Castling::Chess960),
            _ => return Err(format!("unknown option {part:?}")),
        };
    }
    Ok(options)
}

/// The bytes of a record as a case writes them: `\t`, `\r`, `\n`, `\\` and `\xHH` (any byte)
/// are escapes, everything else stands for itself (UTF-8).
fn record(text: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        bytes.extend_from_slice(&rest.as_bytes()[..at]);
        let escape = &rest[at + 1..];
        let (byte, used) = match escape.as_bytes().first() {
            Some(b't') => (b'\t', 1),
            Some(b'r') => (b'\r', 1),
            Some(b'n') => (b'\n', 1),
            Some(b'\\') => (b'\\', 1),
            Some(b'x') => {
                let hex = escape.get(1..3).ok_or("\\x needs two hex digits")?;
                let byte = u8::from_str_radix(hex, 16).map_err(|_| format!("bad \\x{hex}"))?;
                (byte, 3)
            }
            _ => return Err(format!("unknown escape in {text:?}")),
        };
        bytes.push(byte);
        rest = &escape[used..];
    }
    bytes.extend_from_slice(rest.as_bytes());
    Ok(bytes)
}

/// A line of a file, or `None` for a comment or a blank line: `OPTIONS EXPECTED... | RECORD`.
fn parse_line(line: &str) -> Result<Option<Case>, String> {
    if line.trim().is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (head, text) = line.split_once('|').ok_or("no `|` before the record")?;
    let mut words = head.split_whitespace();
    let options = options(words.next().ok_or("no options")?)?;
    let mut expected: Vec<String> = words.map(str::to_string).collect();
    match expected.as_slice() {
        [] => return Err("no expected diagnostics (`valid` when there are none)".into()),
        [valid] if valid == "valid" => expected.clear(),
        _ => {}
    }
    // One space after the bar is the separator; any further space belongs to the record.
    let text = text.strip_prefix(' ').unwrap_or(text);
    Ok(Some(Case {
        options,
        expected,
        record: record(text)?,
    }))
}

/// A diagnostic as the files write it: `fen::rank_too_long@4+4`, `fen::field_separator~@24+1`.
fn describe(diagnostic: &Diagnostic) -> String {
    let code = diagnostic.code().trim_start_matches("fenkit::");
    let warning = if diagnostic.is_error() { "" } else { "~" };
    match diagnostic.span() {
        Some(span) => format!("{code}{warning}@{}+{}", span.offset, span.len),
        None => format!("{code}{warning}"),
    }
}

/// The file of cases of `notation`.
fn file_of(notation: Notation) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/compliance")
        .join(format!("{}.txt", notation.name()))
}

#[test]
fn every_case_reports_the_diagnostics_its_file_lists() {
    let mut failures = Vec::new();
    for notation in NOTATIONS {
        let path = file_of(notation);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut cases = 0;
        for (index, line) in text.lines().enumerate() {
            let place = format!("{}:{}", path.display(), index + 1);
            let case = match parse_line(line) {
                Ok(Some(case)) => case,
                Ok(None) => continue,
                Err(why) => {
                    failures.push(format!("{place}: {why}"));
                    continue;
                }
            };
            cases += 1;
            let (_, parsed) = parse_any(&case.record, Some(notation), &case.options);
            let found: Vec<String> = parsed.diagnostics.iter().map(describe).collect();
            if found != case.expected {
                failures.push(format!(
                    "{place}: {:?}\n  expected: {}\n  found:    {}",
                    String::from_utf8_lossy(&case.record),
                    listed(&case.expected),
                    listed(&found)
                ));
            }
        }
        assert!(cases > 0, "{} has no case", path.display());
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Diagnostics as a case lists them.
fn listed(diagnostics: &[String]) -> String {
    if diagnostics.is_empty() {
        "valid".to_string()
    } else {
        diagnostics.join(" ")
    }
}

#[test]
fn the_line_format_reads_options_escapes_and_the_separator() {
    let case =
        parse_line("lenient,validated,board=english  pdn::x@0+1 | \\x20W:W21\\t|\\\\").unwrap();
    let case = case.unwrap();
    assert_eq!(case.record, b" W:W21\t|\\");
    assert_eq!(case.expected, ["pdn::x@0+1"]);
    assert!(case.options.is_lenient());
    assert!(parse_line("# a comment").unwrap().is_none());
    assert!(parse_line("   ").unwrap().is_none());
    let valid = parse_line("strict valid | 8/8/8/8/8/8/8/8 w - - 0 1")
        .unwrap()
        .unwrap();
    assert!(valid.expected.is_empty());
    assert!(parse_line("strict | x").is_err(), "no expectation");
    assert!(parse_line("loose valid | x").is_err(), "unknown mode");
    assert!(
        parse_line("strict,board=nowhere valid | x").is_err(),
        "unknown board"
    );
    assert!(parse_line("strict valid | \\q").is_err(), "unknown escape");
    assert!(parse_line("strict valid").is_err(), "no record");
}
