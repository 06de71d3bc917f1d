//! Real EPD and FEN files, read as the CLI reads them: line by line (LF or CRLF), comments
//! skipped, FEN or EPD detected per record. STS (MIT) is copied to `tests/data/chess`; the GPL
//! files (sunfish, python-chess, lasker) are read in place from `../shared/corpus/chess` and
//! skipped where it is absent.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::{Notation, ParseOptions, Parsed, Position, parse_any};

use crate::common;

/// Every record of a file: (line number, text, notation, outcome).
fn check_file(
    text: &str,
    options: &ParseOptions,
) -> Vec<(usize, String, Notation, Parsed<Position>)> {
    text.split('\n')
        .enumerate()
        .map(|(index, line)| (index + 1, line.strip_suffix('\r').unwrap_or(line)))
        .filter(|(_, line)| {
            !line.trim().is_empty() && !line.starts_with('#') && !line.starts_with('%')
        })
        .map(|(number, line)| {
            let (notation, parsed) = parse_any(line.as_bytes(), None, options);
            (number, line.to_string(), notation, parsed)
        })
        .collect()
}

fn assert_all_valid(path: &str, text: &str, records: usize) {
    let checked = check_file(text, &ParseOptions::strict().validated());
    assert_eq!(checked.len(), records, "{path}");
    for (line, text, notation, parsed) in &checked {
        assert_eq!(*notation, Notation::Epd, "{path}:{line}");
        assert!(
            parsed.diagnostics.is_empty(),
            "{path}:{line}: {text}: {:?}",
            parsed.diagnostics
        );
        let canonical = parsed.value.as_ref().unwrap().to_string();
        assert_eq!(
            canonical,
            text.trim_end(),
            "{path}:{line} is not written back byte for byte"
        );
    }
}

#[test]
fn win_at_chess_is_valid() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let path = "chess/sunfish/win_at_chess_test.epd";
    assert_all_valid(path, &corpus.read(path), 300);
}

#[test]
fn sts_v3_with_crlf_is_valid() {
    let text = common::data("chess/sts/STS1-STS15_LAN_v3.epd");
    assert!(text.contains("\r\n"));
    assert_all_valid("chess/sts/STS1-STS15_LAN_v3.epd", &text, 1500);
}

#[test]
fn sts_v6_with_a_private_opcode_is_valid() {
    let text = common::data("chess/sts/STS1-STS15_LAN_v6.epd");
    assert_all_valid("chess/sts/STS1-STS15_LAN_v6.epd", &text, 1188);
    let checked = check_file(&text, &ParseOptions::strict());
    let Some(Position::Epd(epd)) = &checked[0].3.value else {
        panic!("not an EPD")
    };
    assert_eq!(epd.operand("Ae").map(|o| o.as_str()), Some("Stockish 15"));
}

#[test]
fn bratko_kopec_is_valid() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let path = "chess/python-chess/bratko-kopec.epd";
    assert_all_valid(path, &corpus.read(path), 24);
}

#[test]
fn endgame_epd_with_private_opcodes_is_valid() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let path = "chess/python-chess/endgame.epd";
    assert_all_valid(path, &corpus.read(path), 200);
}

/// The lasker opening book: pairs of lines, a modified FEN then its classification.
#[test]
fn lasker_book_positions_are_valid_epd() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    for (path, entries) in [
        ("chess/lasker-book/eco000.idx", 1004),
        ("chess/lasker-book/nic000.idx", 1086),
        ("chess/lasker-book/long001.idx", 4038),
    ] {
        let text = corpus.read(path);
        let positions: Vec<&str> = text.lines().step_by(2).collect();
        assert_eq!(positions.len(), entries, "{path}");
        let mut illegal = Vec::new();
        for (index, record) in positions.iter().enumerate() {
            let line = index * 2 + 1;
            let (notation, syntax) = parse_any(record.as_bytes(), None, &ParseOptions::strict());
            assert_eq!(notation, Notation::Epd, "{path}:{line}");
            assert!(
                syntax.diagnostics.is_empty(),
                "{path}:{line}: {record}: {:?}",
                syntax.diagnostics
            );
            let (_, validated) =
                parse_any(record.as_bytes(), None, &ParseOptions::strict().validated());
            if !validated.is_valid() {
                let codes: Vec<_> = validated.diagnostics.iter().map(|d| d.code()).collect();
                illegal.push((line, codes));
            }
        }
        // Four entries of long001 keep castling rights whose rook is gone (python-chess and
        // shakmaty flag the same four).
        let expected: Vec<(usize, Vec<&str>)> = if path.ends_with("long001.idx") {
            [1581, 4159, 4855, 7975]
                .into_iter()
                .map(|line| (line, vec!["fenkit::fen::castling_without_rook"]))
                .collect()
        } else {
            Vec::new()
        };
        assert_eq!(illegal, expected, "{path}");
    }
}

#[test]
fn ccr_clocks_are_errors_in_strict_mode_and_warnings_in_lenient_mode() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let strict = check_file(
        &corpus.read("chess/sunfish/ccr_one_hour_test.epd"),
        &ParseOptions::strict().validated(),
    );
    assert_eq!(strict.len(), 25);
    for (line, text, notation, parsed) in &strict {
        assert_eq!(*notation, Notation::Epd);
        assert!(!parsed.is_valid(), "{line}");
        let clocks = parsed
            .diagnostics
            .iter()
            .find(|d| d.code() == "fenkit::epd::fen_clocks")
            .unwrap();
        let span = clocks.span().unwrap();
        let fields: Vec<&str> = text.split(' ').collect();
        assert_eq!(
            span.of(text.as_bytes()),
            format!("{} {}", fields[4], fields[5]).as_bytes(),
            "{line}"
        );
    }
    let lenient = check_file(
        &corpus.read("chess/sunfish/ccr_one_hour_test.epd"),
        &ParseOptions::lenient().validated(),
    );
    for (line, text, _, parsed) in &lenient {
        assert!(
            parsed
                .warnings()
                .any(|d| d.code() == "fenkit::epd::fen_clocks"),
            "{line}"
        );
        if text.contains("bm Bcx3+;") {
            // CCR06's best move is misspelt in the suite (`Bcx3+` for `Bxc3+`): still an error.
            let errors: Vec<_> = parsed
                .errors()
                .map(|d| (d.code(), d.span().unwrap().of(text.as_bytes()).to_vec()))
                .collect();
            assert_eq!(errors, [("fenkit::epd::operand_type", b"Bcx3+".to_vec())]);
        } else {
            assert!(
                parsed.is_valid(),
                "{line}: {text}: {:?}",
                parsed.diagnostics
            );
        }
    }
}

#[test]
fn mate2_fullmove_zero_is_an_error_in_strict_mode_and_a_warning_in_lenient_mode() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let strict = check_file(
        &corpus.read("chess/sunfish/mate2.fen"),
        &ParseOptions::strict().validated(),
    );
    assert_eq!(strict.len(), 212);
    let zero: Vec<_> = strict
        .iter()
        .filter(|(_, _, _, parsed)| {
            parsed
                .errors()
                .any(|d| d.code() == "fenkit::fen::fullmove_zero")
        })
        .collect();
    assert_eq!(zero.len(), 150);
    for (line, text, _, parsed) in &zero {
        let span = parsed
            .errors()
            .find(|d| d.code() == "fenkit::fen::fullmove_zero")
            .unwrap()
            .span()
            .unwrap();
        assert_eq!(span.of(text.as_bytes()), b"0", "{line}");
        assert_eq!(span.end(), text.trim_end().len(), "{line}");
    }
    let lenient = check_file(
        &corpus.read("chess/sunfish/mate2.fen"),
        &ParseOptions::lenient().validated(),
    );
    assert!(
        lenient
            .iter()
            .all(|(_, _, notation, parsed)| *notation == Notation::Fen && parsed.is_valid())
    );
    assert_eq!(
        lenient
            .iter()
            .filter(|(_, _, _, p)| p
                .warnings()
                .any(|d| d.code() == "fenkit::fen::fullmove_zero"))
            .count(),
        150
    );
    // Line 13 ends with a space.
    assert!(
        lenient[12]
            .3
            .warnings()
            .any(|d| d.code() == "fenkit::fen::surrounding_whitespace")
    );
}
