//! Past the cap of 32 diagnostics a record still says how many it had: the library counts what
//! it left out, errors and warnings apart (the CLI's output of the count is tested in
//! `cli/tests/suite/diagnostic_cap.rs`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::{Epd, Fen, MAX_DIAGNOSTICS, Omitted, ParseOptions};

/// 80 letters that are not pieces, each alone, on one rank: 80 `invalid_piece`, the rank too
/// long and too few ranks.
fn many_errors() -> String {
    "xK".repeat(80) + " w - - 0 1"
}

/// 40 operations with no space after their `;`: lenient reads each as a warning.
fn many_warnings() -> String {
    let operations: Vec<String> = (0..40).map(|i| format!("op{i} 1")).collect();
    format!("8/8/8/8/8/8/8/8 w - - {};", operations.join(";"))
}

#[test]
fn parsed_counts_the_errors_it_left_out() {
    let parsed = Fen::parse(many_errors().as_bytes(), &ParseOptions::strict());
    assert_eq!(parsed.diagnostics.len(), MAX_DIAGNOSTICS);
    assert_eq!(
        parsed.omitted,
        Omitted {
            errors: 82 - MAX_DIAGNOSTICS,
            warnings: 0
        }
    );
    assert_eq!(parsed.error_count(), 82);
    assert_eq!(parsed.warning_count(), 0);
}

#[test]
fn parsed_counts_the_warnings_it_left_out() {
    let parsed = Epd::parse(many_warnings().as_bytes(), &ParseOptions::lenient());
    assert_eq!(parsed.diagnostics.len(), MAX_DIAGNOSTICS);
    assert_eq!(
        parsed.omitted,
        Omitted {
            errors: 0,
            warnings: 39 - MAX_DIAGNOSTICS
        }
    );
    assert_eq!(parsed.warning_count(), 39);
    // Validation adds two errors (no kings): the first takes the last warning's place, so a
    // full list of warnings does not hide that the record is invalid; the second is counted.
    let parsed = Epd::parse(
        many_warnings().as_bytes(),
        &ParseOptions::lenient().validated(),
    );
    assert_eq!(parsed.diagnostics.len(), MAX_DIAGNOSTICS);
    assert_eq!(parsed.errors().count(), 1);
    assert_eq!(
        parsed.omitted,
        Omitted {
            errors: 1,
            warnings: 39 - MAX_DIAGNOSTICS + 1
        }
    );
    assert_eq!((parsed.error_count(), parsed.warning_count()), (2, 39));
}

#[test]
fn nothing_is_omitted_under_the_cap() {
    let parsed = Fen::parse(b"8/8/8/8/8/8/8/8 x - - 0 1", &ParseOptions::strict());
    assert_eq!(parsed.omitted, Omitted::default());
    assert_eq!(parsed.omitted.total(), 0);
}

#[test]
fn a_draughts_tag_counts_what_its_value_left_out() {
    let squares: Vec<String> = (0..60).map(|_| String::from("x")).collect();
    let record = format!("[FEN \"W:W{}:B1\"]", squares.join(","));
    let (_, parsed) = fenkit::parse_any(
        record.as_bytes(),
        Some(fenkit::Notation::Pdn),
        &ParseOptions::strict(),
    );
    assert_eq!(parsed.diagnostics.len(), MAX_DIAGNOSTICS);
    assert_eq!(parsed.omitted.errors, 60 - MAX_DIAGNOSTICS);
}
