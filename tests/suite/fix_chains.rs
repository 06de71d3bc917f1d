//! A fix fenkit offers never makes a record worse: applying any fix of any record of the test
//! data and the fuzz seeds gives a record with no error code the original did not have, and
//! without the diagnostic the fix was for.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use fenkit::{ParseOptions, parse_any};

/// Every line-per-record file of `tests/data` and every fuzz seed.
fn record_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut stack = vec![root.join("tests/data"), root.join("fuzz/seeds")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            // Game files are not one record per line (tests/suite/pgn.rs reads them), nor are the
            // language server's protocol messages.
            let not_records = path.ends_with("pgn")
                || path.ends_with("pdn_file")
                || path.ends_with("pgn_file")
                || path.ends_with("lsp_messages");
            if not_records {
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

/// Whether `code` is a legality finding (of a position that reads).
fn is_legality(code: &str) -> bool {
    fenkit::codes::all()
        .any(|info| info.code == code && info.kind == fenkit::codes::CodeKind::Legality)
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
    let chess960 = ParseOptions::strict()
        .validated()
        .with_castling(fenkit::Castling::Chess960);
    let (_, parsed) = parse_any(record, None, &chess960);
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
    let (_, parsed) = parse_any(record, None, &chess960.with_mode(fenkit::Mode::Lenient));
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
                // Positions are judged only once their text reads: a fix that makes the text
                // read can show a legality error that was there all along (no king).
                let judged = parsed.value.is_some();
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
                        .filter(|d| judged || !is_legality(d.code()))
                        .map(|d| d.code())
                        .collect();
                    let still = after
                        .diagnostics
                        .iter()
                        .any(|d| d.code() == diagnostic.code() && d.span() == diagnostic.span());
                    if !new.is_empty() || still {
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

/// Applies the fix of the first diagnostic with `code` in `record`, read with `options`; returns
/// the fixed record and the codes of its diagnostics (errors and warnings).
fn apply_fix(record: &str, code: &str, options: &ParseOptions) -> (String, Vec<&'static str>) {
    let (_, parsed) = parse_any(record.as_bytes(), None, options);
    let diagnostic = parsed
        .diagnostics
        .iter()
        .find(|d| d.code() == code)
        .unwrap_or_else(|| panic!("no {code} in {record:?}: {:?}", parsed.diagnostics));
    let fixed = diagnostic.fix().unwrap().apply(record.as_bytes());
    let (_, after) = parse_any(&fixed, None, options);
    let fixed = String::from_utf8(fixed).unwrap();
    (fixed, after.diagnostics.iter().map(|d| d.code()).collect())
}

/// Every UCI move of a `pv` is rewritten by the fix of any of them: one rewritten alone would
/// stand as SAN before UCI moves, which are then not read from the position it leaves.
#[test]
fn a_principal_variation_in_uci_is_rewritten_as_a_whole() {
    let record = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e2e4 e7e5 g1f3;";
    let (_, parsed) = parse_any(record.as_bytes(), None, &ParseOptions::lenient());
    let fixes: Vec<_> = parsed
        .diagnostics
        .iter()
        .map(|d| (d.code(), d.fix().unwrap().apply(record.as_bytes())))
        .collect();
    let whole = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 e5 Nf3;".to_vec();
    assert_eq!(
        fixes,
        [
            ("fenkit::epd::uci_move", whole.clone()),
            ("fenkit::epd::uci_move", whole.clone()),
            ("fenkit::epd::uci_move", whole),
        ]
    );
    assert_eq!(
        parsed.diagnostics[1].help_text(),
        Some("write `e5`, and the line's other UCI moves in SAN with it: `e4 e5 Nf3`")
    );
    for options in [ParseOptions::strict(), ParseOptions::lenient()] {
        let (fixed, codes) = apply_fix(record, "fenkit::epd::uci_move", &options);
        assert_eq!(
            fixed,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 e5 Nf3;"
        );
        assert!(codes.is_empty(), "{codes:?}");
    }
    // Castling both ways (seed 09).
    let (fixed, codes) = apply_fix(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - pv e1g1 e8c8 a1a8; ce -32767;",
        "fenkit::epd::uci_move",
        &ParseOptions::strict(),
    );
    assert_eq!(
        fixed,
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - pv O-O O-O-O Ra8+; ce -32767;"
    );
    assert!(codes.is_empty(), "{codes:?}");
    // The moves after one that is SAN are not UCI moves of the line: the fix rewrites those
    // before it, and the error on the move after it stays as it was.
    let record = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e2e4 e7e5 Nf3 b8c6;";
    let (fixed, codes) = apply_fix(record, "fenkit::epd::uci_move", &ParseOptions::lenient());
    assert_eq!(
        fixed,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 e5 Nf3 b8c6;"
    );
    assert_eq!(codes, ["fenkit::epd::operand_type"]);
    // A single UCI move, and the moves of `bm` (each from the position), are fixed one by one.
    let (fixed, _) = apply_fix(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e2e4 d2d4;",
        "fenkit::epd::uci_move",
        &ParseOptions::lenient(),
    );
    assert_eq!(
        fixed,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d2d4;"
    );
}

/// Removing an empty operation removes the gap before its `;` with it, so one space is left
/// between the operations around it.
#[test]
fn an_empty_operation_goes_with_the_gap_before_it() {
    let cases = [
        // Seed 08: `;;` then ` ;`.
        (
            r#"4k3/8/8/8/8/8/8/4K3 w - - a "foo\"bar";; ; b "foo\\";"#,
            r#"4k3/8/8/8/8/8/8/4K3 w - - a "foo\"bar"; ; b "foo\\";"#,
        ),
        (
            r#"4k3/8/8/8/8/8/8/4K3 w - - a "foo\"bar"; ; b "foo\\";"#,
            r#"4k3/8/8/8/8/8/8/4K3 w - - a "foo\"bar"; b "foo\\";"#,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - id \"x\"; ;",
            "4k3/8/8/8/8/8/8/4K3 w - - id \"x\";",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - ; id \"x\";",
            "4k3/8/8/8/8/8/8/4K3 w - - id \"x\";",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - id \"x\";\t; c0 \"y\";",
            "4k3/8/8/8/8/8/8/4K3 w - - id \"x\"; c0 \"y\";",
        ),
    ];
    for (record, expected) in cases {
        for options in [ParseOptions::strict(), ParseOptions::lenient()] {
            let (fixed, codes) = apply_fix(record, "fenkit::epd::empty_operation", &options);
            assert_eq!(fixed, expected);
            let (_, before) = parse_any(record.as_bytes(), None, &options);
            let before: Vec<_> = before.diagnostics.iter().map(|d| d.code()).collect();
            let empty = "fenkit::epd::empty_operation";
            let left = before.iter().filter(|&&c| c == empty).count() - 1;
            assert_eq!(
                codes.iter().filter(|&&c| c == empty).count(),
                left,
                "{record}"
            );
            assert!(
                codes
                    .iter()
                    .all(|c| *c == empty || *c == "fenkit::epd::missing_space"),
                "{record}: {codes:?}"
            );
        }
    }
}

/// Each Lidraughts counter's fix removes every counter of the record, as its help says: one
/// removed alone would leave the next on its span.
#[test]
fn lidraughts_counters_are_removed_together() {
    for (record, expected) in [
        ("W:W31-50:B1-20:H0:F1", "W:W31-50:B1-20"),
        ("W:W31-50:B1-20:H0", "W:W31-50:B1-20"),
        ("W:W31-50:H12:B1-20:F3", "W:W31-50:B1-20"),
        ("[FEN \"W:W31-50:B1-20:H0:F1\"]", "[FEN \"W:W31-50:B1-20\"]"),
    ] {
        for options in [ParseOptions::strict(), ParseOptions::lenient()] {
            let (_, parsed) = parse_any(record.as_bytes(), None, &options);
            assert!(!parsed.diagnostics.is_empty(), "{record}");
            for diagnostic in &parsed.diagnostics {
                assert_eq!(diagnostic.code(), "fenkit::pdn::counters");
                assert_eq!(
                    diagnostic.help_text(),
                    Some("PDN FEN has no counters: remove the `:H<n>` and `:F<n>` fields")
                );
                let fixed = diagnostic.fix().unwrap().apply(record.as_bytes());
                assert_eq!(String::from_utf8_lossy(&fixed), expected);
                let (_, after) = parse_any(&fixed, None, &options);
                assert!(after.diagnostics.is_empty(), "{:?}", after.diagnostics);
            }
        }
    }
    // A record whose only sections are counters is offered no fix: removing them would leave
    // no section (the side to move alone is no draughts FEN).
    for record in ["W:H0", "W:H0:F1"] {
        let (_, parsed) = parse_any(record.as_bytes(), None, &ParseOptions::lenient());
        let codes: Vec<_> = parsed.diagnostics.iter().map(|d| d.code()).collect();
        assert!(!codes.is_empty() && codes.iter().all(|c| *c == "fenkit::pdn::counters"));
        assert!(parsed.diagnostics.iter().all(|d| d.fix().is_none()));
    }
}
