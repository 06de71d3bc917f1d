//! Properties every parser must keep on any input, shared by the cargo-fuzz targets in `fuzz/`
//! and the proptest suites, so a plain `cargo test` checks the same things the fuzzer does.
//!
//! Each function panics when a property breaks; that is the point.
#![allow(clippy::panic)]

use crate::chess::Fen;
use crate::options::{Mode, ParseOptions};

/// Chess FEN: no panic in either mode or in validation; whatever parses is written in a
/// canonical form that parses (strictly) to the same value and is written the same way; and
/// the fast path and the diagnostic path agree on what is valid strict FEN.
pub fn check_fen(data: &[u8]) {
    for mode in [Mode::Strict, Mode::Lenient] {
        let parsed = Fen::parse(data, &ParseOptions::strict().with_mode(mode).validated());
        assert!(parsed.diagnostics.len() <= crate::MAX_DIAGNOSTICS);
        for diagnostic in &parsed.diagnostics {
            for label in diagnostic.labels() {
                assert!(
                    label.span.end() <= data.len(),
                    "span {:?} outside the record",
                    label.span
                );
            }
        }
        if let Some(fen) = parsed.value.filter(|_| {
            parsed
                .diagnostics
                .iter()
                .all(|d| !d.is_error() || is_legality(d.code()))
        }) {
            let written = fen.to_string();
            let reparsed = Fen::from_ascii(written.as_bytes()).unwrap_or_else(|error| {
                panic!("canonical text {written:?} does not parse: {error}")
            });
            assert_eq!(reparsed, fen, "round trip changed the value of {written:?}");
            assert_eq!(reparsed.to_string(), written, "writing is not stable");
            if mode == Mode::Strict && parsed.diagnostics.is_empty() {
                assert_eq!(
                    written.as_bytes() == data,
                    is_canonical_spelling(data),
                    "{written:?}"
                );
            }
        }
    }
    let fast_ok = Fen::from_ascii(data).is_ok();
    let slow = crate::chess::diagnose_for_fuzzing(data, Mode::Strict);
    assert_eq!(
        fast_ok,
        slow.is_valid(),
        "fast path and diagnostic path disagree on {:?}",
        String::from_utf8_lossy(data)
    );
    let fallback = slow
        .diagnostics
        .iter()
        .any(|d| d.code() == "fenkit::fen::syntax");
    assert!(
        !fallback,
        "no specific check explains why {:?} is invalid",
        String::from_utf8_lossy(data)
    );
}

fn is_legality(code: &str) -> bool {
    crate::codes::all()
        .any(|info| info.code == code && info.kind == crate::codes::CodeKind::Legality)
}

/// Strict FEN that is not written canonically: a halfmove clock with leading zeros.
fn is_canonical_spelling(data: &[u8]) -> bool {
    let fields: Vec<&[u8]> = data.split(|&b| b == b' ').collect();
    !matches!(fields.get(4), Some(clock) if clock.len() > 1 && clock.first() == Some(&b'0'))
}

/// EPD: no panic in either mode or in validation; spans inside the record; whatever parses is
/// written in a canonical form that parses strictly to the same value and is written the same.
pub fn check_epd(data: &[u8]) {
    use crate::epd::Epd;
    for mode in [Mode::Strict, Mode::Lenient] {
        let parsed = Epd::parse(data, &ParseOptions::strict().with_mode(mode).validated());
        assert!(parsed.diagnostics.len() <= crate::MAX_DIAGNOSTICS);
        for diagnostic in &parsed.diagnostics {
            for label in diagnostic.labels() {
                assert!(
                    label.span.end() <= data.len(),
                    "span {:?} outside the record",
                    label.span
                );
            }
        }
        let syntax_ok = parsed
            .diagnostics
            .iter()
            .all(|d| !d.is_error() || is_legality(d.code()));
        if let Some(epd) = parsed.value.filter(|_| syntax_ok) {
            let written = epd.to_string();
            let reparsed = Epd::from_ascii(written.as_bytes()).unwrap_or_else(|error| {
                panic!("canonical text {written:?} does not parse: {error:?}")
            });
            assert_eq!(reparsed, epd, "round trip changed the value of {written:?}");
            assert_eq!(reparsed.to_string(), written, "writing is not stable");
        }
    }
}

/// FEEN: no panic in either mode; spans inside the record; whatever parses is written in a
/// canonical form that parses strictly to the same value and is written identically; strict
/// input without diagnostics is already canonical; and the fast path and the diagnostic path
/// agree, the latter always naming a specific problem.
pub fn check_feen(data: &[u8]) {
    use crate::feen::Feen;
    for mode in [Mode::Strict, Mode::Lenient] {
        let parsed = Feen::parse(data, &ParseOptions::strict().with_mode(mode));
        assert!(parsed.diagnostics.len() <= crate::MAX_DIAGNOSTICS);
        for diagnostic in &parsed.diagnostics {
            assert!(
                !diagnostic.labels().is_empty(),
                "{} has no label",
                diagnostic.code()
            );
            for label in diagnostic.labels() {
                assert!(
                    label.span.end() <= data.len(),
                    "span {:?} outside the record",
                    label.span
                );
            }
        }
        assert_eq!(
            parsed.value.is_some(),
            parsed.is_valid(),
            "a valid record without value, or the reverse"
        );
        if let Some(feen) = parsed.value {
            let written = feen.to_string();
            let reparsed = Feen::from_ascii(written.as_bytes()).unwrap_or_else(|error| {
                panic!("canonical text {written:?} does not parse: {error}")
            });
            assert_eq!(
                reparsed, feen,
                "round trip changed the value of {written:?}"
            );
            assert_eq!(reparsed.to_string(), written, "writing is not stable");
            if mode == Mode::Strict {
                assert_eq!(written.as_bytes(), data, "strict FEEN is canonical");
                assert_eq!(
                    crate::Notation::detect(data),
                    crate::Notation::Feen,
                    "valid FEEN is detected as FEEN"
                );
            }
        }
    }
    let fast_ok = crate::feen::Feen::from_ascii(data).is_ok();
    let slow = crate::feen::diagnose_for_fuzzing(data, Mode::Strict);
    assert_eq!(
        fast_ok,
        slow.is_valid(),
        "fast path and diagnostic path disagree on {:?}",
        String::from_utf8_lossy(data)
    );
    let fallback = slow
        .diagnostics
        .iter()
        .any(|d| d.code() == "fenkit::feen::syntax");
    assert!(
        !fallback,
        "no specific check explains why {:?} is invalid",
        String::from_utf8_lossy(data)
    );
}
