//! A character that is not printable ASCII, anywhere in a record of any notation: it is reported
//! once (`non_ascii`, or one field error), a run of them once, and no label starts or ends
//! inside a character.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::{Diagnostic, Notation, ParseOptions, parse_any};
use proptest::prelude::*;

use crate::common;

/// One valid record per notation, with every field and (for EPD) every kind of operation.
const RECORDS: [(Notation, &str); 6] = [
    (
        Notation::Fen,
        "r3k2r/pppq1ppp/2n2n2/3pp3/4P3/2N2N2/PPPQ1PPP/R3K2R w KQkq d6 0 12",
    ),
    (
        Notation::Epd,
        r#"r3k2r/pppq1ppp/2n2n2/3pp3/4P3/2N2N2/PPPQ1PPP/R3K2R w KQkq d6 bm O-O; ce 12; id "a b"; hmvc 0;"#,
    ),
    (
        Notation::Feen,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL 2P/p SHOGI/shogi",
    ),
    (Notation::Pdn, "W:W31,32-34,K35:B1,2-4,K5"),
    (Notation::Pdn, r#"[FEN "B:W31,K32:B1-3"]"#),
    (Notation::Pdn, r#"/FEN "W:W31:B1"/"#),
];

/// Characters of every UTF-8 length, an invalid byte, a control character and a run.
const FOREIGN: [&[u8]; 7] = [
    "é".as_bytes(),
    "–".as_bytes(),
    "·".as_bytes(),
    "𝄞".as_bytes(),
    b"\xFF",
    b"\x01",
    "éé–".as_bytes(),
];

/// Spans of the units of `record`: one per UTF-8 character, one per invalid byte.
fn units(record: &[u8]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut offset = 0;
    for chunk in record.utf8_chunks() {
        for c in chunk.valid().chars() {
            found.push((offset, offset + c.len_utf8()));
            offset += c.len_utf8();
        }
        for _ in chunk.invalid() {
            found.push((offset, offset + 1));
            offset += 1;
        }
    }
    found
}

fn is_boundary(units: &[(usize, usize)], offset: usize, len: usize) -> bool {
    offset == len || units.iter().any(|&(start, _)| start == offset)
}

fn is_foreign(b: u8) -> bool {
    b >= 0x7F || (b < 0x20 && b != b'\t')
}

/// The maximal runs of foreign bytes of `record`.
fn foreign_runs(record: &[u8]) -> Vec<(usize, usize)> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (index, &b) in record.iter().enumerate() {
        if !is_foreign(b) {
            continue;
        }
        match runs.last_mut() {
            Some(run) if run.1 == index => run.1 = index + 1,
            _ => runs.push((index, index + 1)),
        }
    }
    runs
}

/// Whether `start..end` of a record holding `FEN "` lies outside the quoted value.
fn is_outside_tag_value(record: &[u8], start: usize, end: usize) -> bool {
    let Some(open) = record.windows(5).position(|w| w == b"FEN \"") else {
        return false;
    };
    let close = record.iter().rposition(|&b| b == b'"').unwrap();
    !(start > open + 4 && end <= close)
}

/// Checks the rules for `record`; returns a description of the first broken one.
fn broken_rule(record: &[u8], diagnostics: &[Diagnostic]) -> Option<String> {
    let units = units(record);
    for diagnostic in diagnostics {
        for label in diagnostic.labels() {
            let span = label.span;
            if !is_boundary(&units, span.offset, record.len())
                || !is_boundary(&units, span.end(), record.len())
            {
                return Some(format!(
                    "{} labels {}+{} inside a character",
                    diagnostic.code(),
                    span.offset,
                    span.len
                ));
            }
        }
    }
    for (start, end) in foreign_runs(record) {
        let inside: Vec<&str> = diagnostics
            .iter()
            .filter(|d| {
                d.span()
                    .is_some_and(|s| s.len > 0 && s.offset >= start && s.end() <= end)
            })
            .map(Diagnostic::code)
            .collect();
        // Outside a tag's value (after `]`, or in a value left unread because the tag is
        // broken) a character is not the notation's to report.
        let expected = if is_outside_tag_value(record, start, end) {
            0..=1
        } else {
            1..=1
        };
        if !expected.contains(&inside.len()) {
            return Some(format!(
                "{} diagnostics on the run {start}..{end}: {inside:?}",
                inside.len()
            ));
        }
    }
    None
}

/// Every record with `foreign` put at every offset, in place of each byte and in between.
fn mutations(record: &[u8], foreign: &[u8]) -> Vec<Vec<u8>> {
    let mut found = Vec::new();
    for at in 0..=record.len() {
        let mut inserted = record[..at].to_vec();
        inserted.extend_from_slice(foreign);
        inserted.extend_from_slice(&record[at..]);
        found.push(inserted);
        if at < record.len() {
            let mut replaced = record[..at].to_vec();
            replaced.extend_from_slice(foreign);
            replaced.extend_from_slice(&record[at + 1..]);
            found.push(replaced);
        }
    }
    found
}

#[test]
fn every_field_of_every_notation_reports_a_foreign_character_once() {
    let options = [
        ParseOptions::strict().validated(),
        ParseOptions::lenient().validated(),
    ];
    let mut failures = Vec::new();
    for (notation, record) in RECORDS {
        for foreign in FOREIGN {
            for mutated in mutations(record.as_bytes(), foreign) {
                for options in &options {
                    let (_, parsed) = parse_any(&mutated, Some(notation), options);
                    if let Some(rule) = broken_rule(&mutated, &parsed.diagnostics) {
                        failures.push(format!(
                            "{notation:?} {:?}: {rule}",
                            String::from_utf8_lossy(&mutated)
                        ));
                    }
                }
            }
        }
    }
    failures.dedup();
    assert!(
        failures.is_empty(),
        "{} failures, the first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(100000)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_records_are_valid_before_the_change() {
    for (notation, record) in RECORDS {
        let (_, parsed) = parse_any(record.as_bytes(), Some(notation), &ParseOptions::strict());
        assert!(
            parsed.is_valid(),
            "{record}: {:?}",
            common::primary_spans(&parsed.diagnostics)
        );
    }
}

fn spans(notation: Notation, record: &str) -> Vec<(&'static str, usize, usize)> {
    let (_, parsed) = parse_any(record.as_bytes(), Some(notation), &ParseOptions::strict());
    common::primary_spans(&parsed.diagnostics)
}

#[test]
fn a_character_in_the_castling_field_is_one_error() {
    assert_eq!(
        spans(Notation::Fen, "8/8/8/8/8/8/8/8 w · - 0 1"),
        [("fenkit::fen::non_ascii", 18, 2)]
    );
    assert_eq!(
        spans(Notation::Epd, "8/8/8/8/8/8/8/8 w – - 0 1"),
        [
            ("fenkit::epd::non_ascii", 18, 3),
            ("fenkit::epd::fen_clocks", 24, 3)
        ]
    );
}

#[test]
fn a_rank_or_a_hand_with_a_character_is_not_judged_again() {
    // The `é` is no square: the rank is not measured as well.
    assert_eq!(
        spans(Notation::Fen, "8/8/8/8/8/8/8/8é w - - 0 1"),
        [("fenkit::fen::non_ascii", 15, 2)]
    );
    // A hands field holding the character is not judged for its missing `/` as well.
    assert_eq!(
        spans(Notation::Feen, "K é A/b"),
        [("fenkit::feen::non_ascii", 2, 2)]
    );
}

#[test]
fn a_draughts_item_of_foreign_characters_is_not_empty() {
    assert_eq!(
        spans(Notation::Pdn, "W:W31,é:B1"),
        [("fenkit::pdn::non_ascii", 6, 2)]
    );
    assert_eq!(
        spans(Notation::Pdn, "W:Wé,31:B1"),
        [("fenkit::pdn::non_ascii", 3, 2)]
    );
    assert_eq!(
        spans(Notation::Pdn, "W:W31,,32:B1"),
        [("fenkit::pdn::empty_item", 5, 1)]
    );
}

#[test]
fn a_run_of_foreign_characters_in_a_field_is_one_diagnostic() {
    assert_eq!(
        spans(Notation::Fen, "hello world"),
        [
            ("fenkit::fen::invalid_piece", 0, 5),
            ("fenkit::fen::rank_too_short", 0, 5),
            ("fenkit::fen::too_few_ranks", 0, 5),
            ("fenkit::fen::missing_fields", 6, 5),
            ("fenkit::fen::invalid_side_to_move", 6, 5),
        ]
    );
    assert_eq!(
        spans(Notation::Fen, "8/8/8/8/8/8/8/8 w KQxyz - 0 1"),
        [("fenkit::fen::invalid_castling", 20, 3)]
    );
    assert_eq!(
        spans(Notation::Epd, "8/8/8/8/8/8/8/8 w xyKz -"),
        [
            ("fenkit::fen::invalid_castling", 18, 2),
            ("fenkit::fen::invalid_castling", 21, 1)
        ]
    );
    assert_eq!(
        spans(
            Notation::Feen,
            "lnsgkgsnl/1r5b1/ppp%%%ppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL 2P/p SHOGI/shogi"
        ),
        [("fenkit::feen::invalid_character", 19, 3)]
    );
    assert_eq!(
        spans(Notation::Pdn, "W:W31,3xyz:B1"),
        [("fenkit::pdn::unexpected_character", 7, 3)]
    );
    assert_eq!(
        spans(Notation::Fen, "8/8/8/8/8/8/8/8 w - - 0 1éé"),
        [("fenkit::fen::non_ascii", 25, 4)]
    );
    let (_, parsed) = parse_any(
        "8/8/8/8/8/8/8/8 w éé - 0 1".as_bytes(),
        Some(Notation::Fen),
        &ParseOptions::strict(),
    );
    assert_eq!(
        parsed.diagnostics[0].message(),
        "`éé` are not printable ASCII characters"
    );
    let (_, parsed) = parse_any(
        b"8/8/8/8/8/8/8/8 w \xC3\xA9\xFF - 0 1",
        Some(Notation::Fen),
        &ParseOptions::strict(),
    );
    assert_eq!(
        parsed.diagnostics[0].message(),
        "`é` byte 0xFF are not printable ASCII characters"
    );
}

fn notation() -> impl Strategy<Value = Notation> {
    prop::sample::select(vec![
        Notation::Fen,
        Notation::Epd,
        Notation::Feen,
        Notation::Pdn,
    ])
}

/// Records made of the notations' own characters mixed with foreign ones.
fn record() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop::sample::select(
        "rnbqkpRNBQKP12345678/ -wWbB:,K;\"'^+x0%[]é–𝄞"
            .chars()
            .collect::<Vec<_>>(),
    );
    prop::collection::vec(
        prop_oneof![
            8 => piece.prop_map(|c| c.to_string().into_bytes()),
            1 => any::<u8>().prop_map(|b| vec![b]),
        ],
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #[test]
    fn every_label_lies_on_character_boundaries(notation in notation(), record in record()) {
        let units = units(&record);
        for options in [ParseOptions::strict().validated(), ParseOptions::lenient().validated()] {
            let (_, parsed) = parse_any(&record, Some(notation), &options);
            for diagnostic in &parsed.diagnostics {
                for label in diagnostic.labels() {
                    prop_assert!(
                        is_boundary(&units, label.span.offset, record.len())
                            && is_boundary(&units, label.span.end(), record.len()),
                        "{} labels {:?} of {:?}",
                        diagnostic.code(),
                        label.span,
                        String::from_utf8_lossy(&record)
                    );
                }
            }
        }
    }
}
