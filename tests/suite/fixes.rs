//! Fixes as data: for every code that carries a fix, applying it gives a record without that
//! diagnostic; every dialect has a safe fix.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::codes::CodeKind;
use fenkit::{Applicability, Notation, ParseOptions, parse_any};

/// `(code, notation, record, applicability)`: a record that triggers `code`, whose diagnostic
/// must carry a fix of that applicability.
const CASES: &[(&str, Notation, &str, Applicability)] = {
    use Applicability::{Guess, Safe};
    use Notation::{Epd, Feen, Fen, Pdn};
    &[
        (
            "fenkit::fen::surrounding_whitespace",
            Fen,
            " 4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            Safe,
        ),
        (
            "fenkit::fen::surrounding_whitespace",
            Fen,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1\t ",
            Safe,
        ),
        (
            "fenkit::fen::field_separator",
            Fen,
            "4k3/8/8/8/8/8/8/4K3  w - - 0 1",
            Safe,
        ),
        (
            "fenkit::fen::field_separator",
            Fen,
            "4k3/8/8/8/8/8/8/4K3 w -\t- 0 1",
            Safe,
        ),
        (
            "fenkit::fen::missing_clocks",
            Fen,
            "4k3/8/8/8/8/8/8/4K3 w - -",
            Safe,
        ),
        (
            "fenkit::fen::missing_clocks",
            Fen,
            "4k3/8/8/8/8/8/8/4K3 w - - 0",
            Safe,
        ),
        (
            "fenkit::fen::adjacent_digits",
            Fen,
            "4k3/44/8/8/8/8/8/4K3 w - - 0 1",
            Safe,
        ),
        (
            "fenkit::fen::uppercase_side_to_move",
            Fen,
            "4k3/8/8/8/8/8/8/4K3 W - - 0 1",
            Safe,
        ),
        (
            "fenkit::fen::castling_order",
            Fen,
            "r3k2r/8/8/8/8/8/8/R3K2R w kqKQ - 0 1",
            Safe,
        ),
        (
            "fenkit::fen::castling_order",
            Fen,
            "r3k2r/8/8/8/8/8/8/R3K2R w kqKX - 0 1",
            Guess,
        ),
        (
            "fenkit::fen::castling_repeated",
            Fen,
            "r3k2r/8/8/8/8/8/8/R3K2R w KKQkq - 0 1",
            Safe,
        ),
        (
            "fenkit::fen::dash_clock",
            Fen,
            "4k3/8/8/8/8/8/8/4K3 w - - - 1",
            Safe,
        ),
        (
            "fenkit::fen::dash_clock",
            Fen,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 -",
            Safe,
        ),
        (
            "fenkit::fen::fullmove_zero",
            Fen,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
            Safe,
        ),
        (
            "fenkit::epd::surrounding_whitespace",
            Epd,
            "4k3/8/8/8/8/8/8/4K3 w - - id \"x\"; ",
            Safe,
        ),
        (
            "fenkit::epd::field_separator",
            Epd,
            "4k3/8/8/8/8/8/8/4K3 w -  - id \"x\";",
            Safe,
        ),
        (
            "fenkit::epd::fen_clocks",
            Epd,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 id \"x\";",
            Safe,
        ),
        (
            "fenkit::epd::missing_semicolon",
            Epd,
            "4k3/8/8/8/8/8/8/4K3 w - - id \"x\"",
            Safe,
        ),
        (
            "fenkit::epd::missing_space",
            Epd,
            "4k3/8/8/8/8/8/8/4K3 w - - id \"x\";bm Kd2;",
            Safe,
        ),
        (
            "fenkit::epd::unterminated_string",
            Epd,
            "4k3/8/8/8/8/8/8/4K3 w - - id \"x",
            Safe,
        ),
        (
            "fenkit::epd::invalid_escape",
            Epd,
            "4k3/8/8/8/8/8/8/4K3 w - - id \"a\\b\";",
            Safe,
        ),
        (
            "fenkit::epd::uci_move",
            Epd,
            "4k3/8/8/8/8/8/8/4K3 w - - bm e1d2;",
            Safe,
        ),
        (
            "fenkit::epd::field_separator",
            Epd,
            "4k3/8/8/8/8/8/8/4K3 w - - id \"x\" ;",
            Safe,
        ),
        (
            "fenkit::epd::empty_operation",
            Epd,
            "4k3/8/8/8/8/8/8/4K3 w - - id \"x\"; ;",
            Safe,
        ),
        (
            "fenkit::feen::surrounding_whitespace",
            Feen,
            " k/K / C/c",
            Safe,
        ),
        ("fenkit::feen::count_one", Feen, "k/K 1P/ C/c", Safe),
        (
            "fenkit::feen::hand_not_aggregated",
            Feen,
            "k/K 2PP/ C/c",
            Safe,
        ),
        ("fenkit::feen::hand_order", Feen, "k/K PB/ C/c", Safe),
        ("fenkit::feen::hand_wrong_case", Feen, "k/K Pp/ C/c", Guess),
        (
            "fenkit::feen::missing_hand_separator",
            Feen,
            "k/K Pp C/c",
            Guess,
        ),
        ("fenkit::pdn::whitespace", Pdn, "W:W31-50 :B1-20", Safe),
        ("fenkit::pdn::lowercase", Pdn, "w:W31-50:B1-20", Safe),
        (
            "fenkit::pdn::lowercase",
            Pdn,
            "[FEN \"W:W31-50:b1-20\"]",
            Safe,
        ),
        ("fenkit::pdn::empty_item", Pdn, "W:W31,,32:B1-20", Safe),
        ("fenkit::pdn::counters", Pdn, "W:W31-50:B1-20:H0", Safe),
        ("fenkit::pdn::trailing_dot", Pdn, "W:W31-50:B1-20.", Safe),
        ("fenkit::pdn::leading_zero", Pdn, "W:W31-50:B1-19,020", Safe),
        (
            "fenkit::pdn::single_square_range",
            Pdn,
            "W:W31-50:B1-19,20-20",
            Safe,
        ),
        (
            "fenkit::pdn::descending_range",
            Pdn,
            "W:W50-31:B1-20",
            Guess,
        ),
        ("fenkit::feen::field_separator", Feen, "k/K  / C/c", Safe),
    ]
};

fn diagnostics_of(record: &[u8], notation: Notation) -> Vec<fenkit::Diagnostic> {
    let options = ParseOptions::lenient().validated();
    parse_any(record, Some(notation), &options).1.diagnostics
}

#[test]
fn applying_each_fix_removes_its_diagnostic() {
    for &(code, notation, record, applicability) in CASES {
        let found = diagnostics_of(record.as_bytes(), notation);
        let diagnostic = found
            .iter()
            .find(|d| d.code() == code)
            .unwrap_or_else(|| panic!("{record:?} does not report {code}: {found:?}"));
        let fix = diagnostic
            .fix()
            .unwrap_or_else(|| panic!("{code} on {record:?} has no fix"));
        assert_eq!(fix.applicability, applicability, "{code} on {record:?}");
        let fixed = fix.apply(record.as_bytes());
        let after = diagnostics_of(&fixed, notation);
        assert!(
            after.iter().all(|d| d.code() != code),
            "{code}: {record:?} fixed to {:?} still reports it: {after:?}",
            String::from_utf8_lossy(&fixed)
        );
    }
}

#[test]
fn the_fix_of_a_strict_error_is_the_same_as_in_lenient_mode() {
    for &(code, notation, record, _) in CASES {
        let strict = parse_any(record.as_bytes(), Some(notation), &ParseOptions::strict()).1;
        let lenient = parse_any(record.as_bytes(), Some(notation), &ParseOptions::lenient()).1;
        let fix_of = |diagnostics: &[fenkit::Diagnostic]| {
            diagnostics
                .iter()
                .find(|d| d.code() == code)
                .and_then(|d| d.fix().cloned())
        };
        assert_eq!(
            fix_of(&strict.diagnostics),
            fix_of(&lenient.diagnostics),
            "{code} on {record:?}"
        );
    }
}

#[test]
fn every_dialect_has_a_safe_fix_in_the_table() {
    let missing: Vec<_> = fenkit::codes::all()
        .filter(|info| info.kind == CodeKind::Dialect)
        // The variant FENs are no `Notation`: tests/suite/variant.rs applies each of their fixes.
        .filter(|info| !info.code.starts_with("fenkit::variant::"))
        .filter(|info| {
            !CASES.iter().any(|&(code, _, _, applicability)| {
                code == info.code && applicability == Applicability::Safe
            })
        })
        .map(|info| info.code)
        .collect();
    assert_eq!(missing, Vec::<&str>::new(), "dialects without a safe fix");
}

/// Every fix reported on the tour and the test files (strict and lenient) is of a code in the
/// table, so no code carries an untested fix.
#[test]
fn every_code_with_a_fix_is_in_the_table() {
    let mut files = vec![std::fs::read_to_string("examples/tour.txt").unwrap()];
    files.push(std::fs::read_to_string("tests/nvim/wide.fen").unwrap());
    let records = files
        .iter()
        .flat_map(|file| file.lines())
        .chain(CASES.iter().map(|case| case.2));
    let mut with_fix = std::collections::BTreeSet::new();
    for record in records.filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
        for options in [
            ParseOptions::strict().validated(),
            ParseOptions::lenient().validated(),
        ] {
            for diagnostic in parse_any(record.as_bytes(), None, &options).1.diagnostics {
                if diagnostic.fix().is_some() {
                    with_fix.insert(diagnostic.code());
                }
            }
        }
    }
    let untested: Vec<_> = with_fix
        .iter()
        .filter(|code| !CASES.iter().any(|case| case.0 == **code))
        .collect();
    assert!(with_fix.len() > 20, "{with_fix:?}");
    assert_eq!(untested, Vec::<&&str>::new());
}
