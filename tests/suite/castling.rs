//! The castling choice of `ParseOptions`: standard chess (the default), where each right needs
//! its king on e1/e8 and its rook in the corner (`castling_not_standard`), or Chess960 rules.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::{Castling, Epd, Fen, Mode, ParseOptions};

use crate::common;

const NOT_STANDARD: &str = "fenkit::fen::castling_not_standard";

fn standard() -> ParseOptions {
    ParseOptions::strict()
        .validated()
        .with_castling(Castling::Standard)
}

fn chess960() -> ParseOptions {
    ParseOptions::strict()
        .validated()
        .with_castling(Castling::Chess960)
}

/// `(code, offset, len)` of every diagnostic of `record` read with `options`.
fn found(record: &str, options: &ParseOptions) -> Vec<(&'static str, usize, usize)> {
    common::primary_spans(&Fen::parse(record.as_bytes(), options).diagnostics)
}

/// The offset of the `index`-th byte of the castling field of `record`.
fn castling_at(record: &str, index: usize) -> usize {
    let field = record.match_indices(' ').nth(1).unwrap().0 + 1;
    field + index
}

#[test]
fn the_default_is_standard_chess_and_builders_set_chess960() {
    assert_eq!(ParseOptions::default().castling, Castling::Standard);
    assert_eq!(ParseOptions::strict().castling, Castling::Standard);
    assert_eq!(ParseOptions::lenient().castling, Castling::Standard);
    let options = ParseOptions::lenient().with_castling(Castling::Chess960);
    assert_eq!(options.castling, Castling::Chess960);
    assert_eq!(options.mode, Mode::Lenient, "the other options stay");
    // The record python-chess, chess.js and lichess refuse: `q` with the king castled on g8.
    let record = "r5k1/8/8/8/8/8/8/4K3 w q - 0 1";
    assert_eq!(
        found(record, &ParseOptions::strict().validated()),
        [(NOT_STANDARD, castling_at(record, 0), 1)]
    );
}

#[test]
fn standard_positions_pass_both_ways() {
    for record in [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // Extra rooks are fine: K/Q name the corner rook.
        "rr2k1rr/8/8/8/8/8/8/RR2K1RR b KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        assert_eq!(found(record, &standard()), [], "{record}");
        assert_eq!(found(record, &chess960()), [], "{record}");
    }
}

#[test]
fn a_rook_off_its_corner_fires_on_each_letter_that_names_it() {
    // White K is the f1 rook, black k the g8 rook; Q and q are in their corners.
    let record = "r3k1r1/8/8/8/8/8/8/R3KR2 w KQkq - 0 1";
    assert_eq!(found(record, &chess960()), []);
    assert_eq!(
        found(record, &standard()),
        [
            (NOT_STANDARD, castling_at(record, 0), 1),
            (NOT_STANDARD, castling_at(record, 2), 1),
        ]
    );
    // Queenside: the b1 rook.
    let record = "4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1";
    assert_eq!(
        found(record, &standard()),
        [(NOT_STANDARD, castling_at(record, 0), 1)]
    );
}

#[test]
fn a_king_off_the_e_file_fires() {
    // python-chess test_status with chess960=False: the Chess960 start position 0.
    let record = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
    assert_eq!(found(record, &chess960()), []);
    let codes = found(record, &standard());
    assert_eq!(codes.len(), 4, "{codes:?}");
    for (index, (code, offset, len)) in codes.into_iter().enumerate() {
        assert_eq!(
            (code, offset, len),
            (NOT_STANDARD, castling_at(record, index), 1)
        );
    }
    let diagnostic = &Fen::parse(record.as_bytes(), &standard()).diagnostics[0];
    assert_eq!(
        diagnostic.message(),
        "castling right `K` is not standard chess: the white king is on g1, not e1"
    );
}

#[test]
fn file_letters_are_standard_only_for_corner_rooks() {
    let record = "4k3/8/8/8/8/8/8/4K1R1 w G - 0 1";
    assert_eq!(found(record, &chess960()), []);
    assert_eq!(
        found(record, &standard()),
        [(NOT_STANDARD, castling_at(record, 0), 1)]
    );
    let record = "4k3/8/8/8/8/8/8/R3K3 w A - 0 1";
    assert_eq!(found(record, &standard()), []);
}

#[test]
fn rights_the_chess960_rules_refuse_get_only_their_diagnostic() {
    // No rook for K, the king off the back rank for Q: the Chess960 codes, nothing more.
    let record = "4k3/8/8/8/8/8/4K3/R7 w KQ - 0 1";
    let chess960 = found(record, &chess960());
    assert!(!chess960.is_empty());
    assert!(chess960.iter().all(|(code, ..)| *code != NOT_STANDARD));
    assert_eq!(found(record, &standard()), chess960);
    let record = "1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1";
    let standard_codes: Vec<_> = found(record, &standard())
        .into_iter()
        .map(|(code, offset, _)| (code, offset - castling_at(record, 0)))
        .collect();
    assert_eq!(
        standard_codes,
        [
            (NOT_STANDARD, 0),
            ("fenkit::fen::castling_without_rook", 2),
            (NOT_STANDARD, 3),
        ]
    );
}

#[test]
fn standard_castling_needs_validation_and_keeps_the_value() {
    let record = "r3k1r1/8/8/8/8/8/8/R3KR2 w KQkq - 0 1";
    let syntax_only = ParseOptions::strict().with_castling(Castling::Standard);
    let parsed = Fen::parse(record.as_bytes(), &syntax_only);
    assert!(parsed.diagnostics.is_empty());
    assert_eq!(parsed.value.unwrap().to_string(), record);
    let standard = Fen::parse(record.as_bytes(), &standard());
    assert!(!standard.is_valid());
    assert!(
        standard.value.is_some(),
        "a validation error keeps the value"
    );
}

#[test]
fn epd_validation_follows_the_option() {
    let record = r#"r3k1r1/8/8/8/8/8/8/R3KR2 w KQkq - id "960";"#;
    let chess960 = Epd::parse(record.as_bytes(), &chess960());
    assert!(chess960.diagnostics.is_empty());
    let standard = Epd::parse(record.as_bytes(), &standard());
    assert_eq!(
        common::primary_spans(&standard.diagnostics),
        [
            (NOT_STANDARD, castling_at(record, 0), 1),
            (NOT_STANDARD, castling_at(record, 2), 1),
        ]
    );
}

#[test]
fn lasker_book_keeps_its_chess960_verdicts_and_gains_none_in_standard_mode() {
    // The opening book is standard chess: no right of it fails only the standard rules.
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let text = corpus.read("chess/lasker-book/long001.idx");
    let mut checked = 0;
    // Pairs of lines: a modified FEN, then its classification.
    for record in text.lines().step_by(2) {
        let chess960 = Epd::parse(
            record.as_bytes(),
            &ParseOptions::lenient()
                .validated()
                .with_castling(Castling::Chess960),
        );
        let standard = Epd::parse(
            record.as_bytes(),
            &ParseOptions::lenient()
                .validated()
                .with_castling(Castling::Standard),
        );
        assert_eq!(chess960.diagnostics, standard.diagnostics, "{record}");
        checked += 1;
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn standard_problems_sit_among_the_castling_diagnostics_in_letter_order() {
    // A rook-less `K`, a non-standard `Q` (rook on b1), an en passant problem after them.
    let record = "4k3/8/8/8/8/8/8/1R2K3 w KQ e3 0 1";
    let codes: Vec<_> = found(record, &standard())
        .into_iter()
        .map(|(code, ..)| code)
        .collect();
    assert_eq!(
        codes,
        [
            "fenkit::fen::castling_without_rook",
            NOT_STANDARD,
            "fenkit::fen::en_passant_wrong_rank"
        ]
    );
}

#[test]
fn rendered() {
    let mut out = String::new();
    for record in [
        "r3k1r1/8/8/8/8/8/8/R3KR2 w KQkq - 0 1",
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w K - 0 1",
    ] {
        out += &common::render(
            "standard.fen",
            record,
            &Fen::parse(record.as_bytes(), &standard()).diagnostics,
        );
    }
    insta::assert_snapshot!(out);
}
