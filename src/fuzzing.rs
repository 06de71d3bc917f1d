//! Properties every parser must keep on any input, shared by the cargo-fuzz targets in `fuzz/`
//! and the proptest suites, so a plain `cargo test` checks the same things the fuzzer does.
//!
//! Each function panics when a property breaks; that is the point.
#![allow(clippy::panic)]

use crate::chess::Fen;
use crate::mode::Mode;
use crate::options::ParseOptions;

/// Chess FEN: no panic in either mode or in validation; whatever parses is written in a
/// canonical form that parses (strictly) to the same value and is written the same way; and
/// the fast path and the diagnostic path agree on what is valid strict FEN.
pub fn check_fen(data: &[u8]) {
    for mode in [Mode::Strict, Mode::Lenient] {
        let parsed = Fen::parse(data, &ParseOptions::strict().with_mode(mode).validated());
        assert_spans_inside(&parsed.diagnostics, data.len());
        assert_diagnostics_render(data, &parsed.diagnostics);
        if let Some(fen) = parsed
            .value
            .filter(|_| only_legality_errors(&parsed.diagnostics))
        {
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
    assert_lenient_accepts_strict(data, |options| Fen::parse(data, options));
    let fast_ok = Fen::from_ascii(data).is_ok();
    let slow = crate::chess::diagnose_for_fuzzing(data, Mode::Strict);
    assert_eq!(
        fast_ok,
        slow.is_valid(),
        "fast path and diagnostic path disagree on {:?}",
        String::from_utf8_lossy(data)
    );
    assert_no_fallback(&slow.diagnostics, "fenkit::fen::syntax", data);
}

/// Whether every error is a legality error (the syntax gave a value).
fn only_legality_errors(diagnostics: &[crate::Diagnostic]) -> bool {
    diagnostics
        .iter()
        .all(|d| !d.is_error() || is_legality(d.code()))
}

/// The grammar fallback `code` never fires: a specific check explains every invalid record.
fn assert_no_fallback(diagnostics: &[crate::Diagnostic], code: &str, data: &[u8]) {
    assert!(
        !diagnostics.iter().any(|d| d.code() == code),
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
        assert_spans_inside(&parsed.diagnostics, data.len());
        assert_diagnostics_render(data, &parsed.diagnostics);
        let syntax_ok = only_legality_errors(&parsed.diagnostics);
        if let Some(epd) = parsed.value.filter(|_| syntax_ok) {
            let written = epd.to_string();
            let reparsed = Epd::from_ascii(written.as_bytes()).unwrap_or_else(|error| {
                panic!("canonical text {written:?} does not parse: {error:?}")
            });
            assert_eq!(reparsed, epd, "round trip changed the value of {written:?}");
            assert_eq!(reparsed.to_string(), written, "writing is not stable");
        }
    }
    assert_lenient_accepts_strict(data, |options| Epd::parse(data, options));
    // `FromStr` and the byte parser are one parser.
    let strict = Epd::parse(data, &ParseOptions::strict());
    if let Ok(text) = std::str::from_utf8(data) {
        let from_str = text.parse::<Epd>();
        assert_eq!(
            from_str.as_ref().ok(),
            strict.value.as_ref().filter(|_| strict.is_valid()),
            "FromStr and Epd::parse disagree on {text:?}"
        );
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
        assert_spans_inside(&parsed.diagnostics, data.len());
        assert_diagnostics_render(data, &parsed.diagnostics);
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
    assert_lenient_accepts_strict(data, |options| Feen::parse(data, options));
    let fast_ok = crate::feen::Feen::from_ascii(data).is_ok();
    let slow = crate::feen::diagnose_for_fuzzing(data, Mode::Strict);
    assert_eq!(
        fast_ok,
        slow.is_valid(),
        "fast path and diagnostic path disagree on {:?}",
        String::from_utf8_lossy(data)
    );
    assert_no_fallback(&slow.diagnostics, "fenkit::feen::syntax", data);
}

/// Draughts FEN: no panic in either mode, on the default board and on an 8x8 numeric and an
/// alphanumeric board, with validation; spans inside the record; whatever parses is written in a
/// canonical form that parses strictly, with no diagnostic, to the same value (the lenient
/// counters aside) and is written identically; the fast path accepts exactly what the
/// diagnostic path reads without any diagnostic; and the bytes read as a PDN record (a line
/// of tag pairs and setup commands, by PGN's syntax) keep the properties of every parser.
pub fn check_draughts(data: &[u8]) {
    use crate::draughts::{Board, DraughtsFen};
    for board in [None, Some(Board::English), Some(Board::Russian)] {
        for mode in [Mode::Strict, Mode::Lenient] {
            let mut options = ParseOptions::strict().with_mode(mode).validated();
            options.draughts_board = board;
            let parsed = DraughtsFen::parse(data, &options);
            assert_spans_inside(&parsed.diagnostics, data.len());
            if board.is_none() {
                // One board is enough for the words and the rendering (and keeps proptest fast).
                assert_diagnostics_render(data, &parsed.diagnostics);
            }
            let syntax_ok = only_legality_errors(&parsed.diagnostics);
            if let Some(fen) = parsed.value.filter(|_| syntax_ok) {
                let written = fen.to_string();
                let canonical = DraughtsFen::parse(
                    written.as_bytes(),
                    &ParseOptions::strict().with_draughts_board(fen.board),
                );
                assert!(
                    canonical.diagnostics.is_empty(),
                    "canonical text {written:?} has diagnostics: {:?}",
                    canonical.diagnostics
                );
                let reparsed = canonical
                    .value
                    .unwrap_or_else(|| panic!("canonical text {written:?} does not parse"));
                let mut expected = fen.clone();
                expected.halfmove_clock = None;
                expected.fullmove_number = None;
                assert_eq!(
                    reparsed, expected,
                    "round trip changed the value of {written:?}"
                );
                assert_eq!(reparsed.to_string(), written, "writing is not stable");
            }
        }
        let fast = DraughtsFen::parse(data, &{
            let mut options = ParseOptions::strict();
            options.draughts_board = board;
            options
        });
        let slow = crate::draughts::diagnose_for_fuzzing(data, Mode::Strict, board);
        assert_no_fallback(&slow.diagnostics, "fenkit::pdn::syntax", data);
        if fast.diagnostics.is_empty() {
            assert!(
                slow.diagnostics.is_empty(),
                "the diagnostic path finds {:?} in {:?}",
                slow.diagnostics,
                String::from_utf8_lossy(data)
            );
            assert_eq!(
                fast.value,
                slow.value,
                "the two paths read {:?} differently",
                String::from_utf8_lossy(data)
            );
        }
    }
    assert_lenient_accepts_strict(data, |options| DraughtsFen::parse(data, options));
    // As a PDN record: a tag pair or setup command, read by PGN's syntax.
    let options = ParseOptions::lenient().validated();
    let (_, found) = crate::parse_any(data, Some(crate::Notation::Pdn), &options);
    assert_spans_inside(&found.diagnostics, data.len());
    assert_diagnostics_render(data, &found.diagnostics);
}

/// Any record of any notation: detection and [`crate::parse_any`] do not panic, their
/// diagnostics keep the properties of every parser, and the canonical text of whatever parses
/// is detected as its own notation (so `fenkit fmt` output reads back the same way).
pub fn check_parse_any(data: &[u8]) {
    use crate::{Notation, Position, parse_any};
    for mode in [Mode::Strict, Mode::Lenient] {
        let options = ParseOptions::strict().with_mode(mode).validated();
        let (notation, parsed) = parse_any(data, None, &options);
        assert_spans_inside(&parsed.diagnostics, data.len());
        assert_diagnostics_render(data, &parsed.diagnostics);
        let Some(position) = parsed.value.filter(|_| parsed.diagnostics.is_empty()) else {
            continue;
        };
        let written = position.to_string();
        let expected = match position {
            Position::Pdn(_) => Notation::Pdn,
            _ => notation,
        };
        assert_eq!(
            Notation::detect(written.as_bytes()),
            expected,
            "canonical text {written:?} is not detected as {expected}"
        );
    }
}

/// Fixing, as `fenkit fix` does: every fix offered (safe or a guess) applies without a panic
/// and its result parses; a record that its safe fixes make valid is written as a valid record
/// that fixing again leaves as it is; each record of a game file, fixed, reads again as valid.
pub fn check_fixes(data: &[u8]) {
    use crate::autofix::{Fixed, fix_game_record, fix_record};
    use crate::{Notation, parse_any};
    let strict = ParseOptions::strict();
    for options in [
        strict.validated(),
        strict,
        ParseOptions::lenient().validated(),
    ] {
        for notation in [
            None,
            Some(Notation::Fen),
            Some(Notation::Epd),
            Some(Notation::Pdn),
            Some(Notation::Feen),
        ] {
            let (_, parsed) = parse_any(data, notation, &options);
            for fix in parsed.diagnostics.iter().filter_map(crate::Diagnostic::fix) {
                let applied = fix.apply(data);
                let (_, reparsed) = parse_any(&applied, notation, &options);
                assert_spans_inside(&reparsed.diagnostics, applied.len());
            }
            if let Fixed::Valid(fixed) = fix_record(data, notation, &options) {
                assert!(
                    parse_any(&fixed, notation, &options).1.is_valid(),
                    "the fix of {:?} is invalid: {:?}",
                    String::from_utf8_lossy(data),
                    String::from_utf8_lossy(&fixed)
                );
                assert_eq!(
                    fix_record(&fixed, notation, &options),
                    Fixed::Valid(fixed.clone()),
                    "fixing {:?} twice changes it",
                    String::from_utf8_lossy(data)
                );
            }
        }
    }
    // A game file: the fix of each record reads again, by its game's rules, as valid.
    let mut scanner = crate::pgn::GameScanner::new(ParseOptions::strict().validated());
    let mut records = Vec::new();
    for line in data.split(|&b| b == b'\n') {
        records.extend(scanner.scan_line(line));
    }
    records.extend(scanner.finish());
    for record in &records {
        if let Fixed::Valid(fixed) = fix_game_record(record) {
            let again = record.read_again(&fixed);
            assert!(
                again.as_ref().is_some_and(crate::Parsed::is_valid),
                "the fix of the game record {:?} reads as {again:?}",
                String::from_utf8_lossy(&record.text)
            );
        }
    }
}

/// A game file (PGN or PDN: the `pgn_file` and `pdn_file` fuzz targets) through
/// [`crate::pgn::GameScanner`]: no panic, every record's spans inside
/// the line it carries and its diagnostics rendered, lines numbered within the file, and an
/// unclosed `{` reported by `finish` where it opened.
pub fn check_pgn_file(data: &[u8]) {
    use crate::pgn::{GameScanner, RecordKind};
    let mut scanner = GameScanner::new(ParseOptions::lenient().validated());
    let mut lines = 0;
    let mut records = Vec::new();
    for line in data.split(|&b| b == b'\n') {
        lines += 1;
        records.extend(scanner.scan_line(line));
    }
    let end = scanner.finish();
    assert!(scanner.finish().is_empty(), "finish() starts a new file");
    let unclosed = end
        .iter()
        .filter(|record| record.kind == RecordKind::UnclosedComment)
        .count();
    assert!(unclosed <= 1, "more than one unclosed comment");
    assert!(
        unclosed == 0 || data.contains(&b'{'),
        "an unclosed comment without `{{`"
    );
    records.extend(end);
    for record in &records {
        assert!(
            (1..=lines).contains(&record.line),
            "line {} of {lines}",
            record.line
        );
        assert_spans_inside(&record.parsed.diagnostics, record.text.len());
        assert_diagnostics_render(&record.text, &record.parsed.diagnostics);
        if record.kind == RecordKind::UnclosedComment {
            let at = record
                .parsed
                .diagnostics
                .first()
                .and_then(crate::Diagnostic::span);
            assert_eq!(
                at.map(|span| span.of(&record.text)),
                Some(b"{".as_slice()),
                "the unclosed comment does not point at its `{{`"
            );
        }
    }
    let summary = scanner.summary();
    assert!(summary.fen_tags <= data.len() && summary.games <= data.len());
    check_pgn_scanners_agree(data);
}

/// A game file read four ways gives the same records and counts: line by line by the scanner
/// as it was before its fast paths ([`crate::pgn::reference::ReferenceScanner`], the oracle),
/// line by line by [`crate::pgn::GameScanner::scan_line`], all at once by
/// [`crate::pgn::GameScanner::scan_lines`], and in parts, each read by a scanner of its own and
/// joined where [`crate::pgn::GameScanner::can_split_before`] allows (read again where it does
/// not), as `fenkit check` reads a game file on several threads. Lines end at `\n`, `\r\n` or
/// `\r`, as the command's reader cuts them; a line over a length the data chooses is read as
/// an empty line, as the command reads a line over the maximum record length.
pub fn check_pgn_scanners_agree(data: &[u8]) {
    use crate::pgn::GameScanner;
    use crate::pgn::reference::ReferenceScanner;
    let options = ParseOptions::strict().validated();
    let longest = data.first().map_or(usize::MAX, |&b| 16 + usize::from(b));
    let lines = file_lines(data);
    // Whether a line is read, or is over the length and read as an empty line.
    let read_as = |line: &[u8]| line.len() <= longest;

    let mut reference = ReferenceScanner::new(options);
    let mut want = Vec::new();
    for line in &lines {
        want.extend(reference.scan_line(if read_as(line) { line } else { b"" }));
    }
    want.extend(reference.finish());
    let want_summary = reference.summary();

    let mut scanner = GameScanner::new(options);
    let mut by_line = Vec::new();
    for line in &lines {
        by_line.extend(scanner.scan_line(if read_as(line) { line } else { b"" }));
    }
    by_line.extend(scanner.finish());
    assert_eq!(by_line, want, "line by line");
    assert_eq!(scanner.summary(), want_summary, "line by line");

    let mut scanner = GameScanner::new(options);
    let mut at_once = Vec::new();
    scan_text(&mut scanner, data, longest, &mut at_once);
    at_once.extend(scanner.finish());
    assert_eq!(at_once, want, "at once");
    assert_eq!(scanner.summary(), want_summary, "at once");

    // Parts start at lines that start with `[`, some of them (the data's bytes choose).
    let mut starts = vec![0];
    let mut line_start = 0;
    for (number, line) in lines.iter().enumerate() {
        let chosen = data
            .get(number % data.len().max(1))
            .is_some_and(|b| b % 3 != 0);
        if number > 0 && line.first() == Some(&b'[') && chosen {
            starts.push(line_start);
        }
        line_start += line.len() + line_end_len(data, line_start + line.len());
    }
    starts.push(data.len());
    let mut joined = GameScanner::new(options);
    let mut in_parts = Vec::new();
    let mut lines_before = 0;
    for (&start, &end) in starts.iter().zip(starts.iter().skip(1)) {
        let part = data.get(start..end).unwrap_or_default();
        let part_lines = file_lines(part);
        let first = part_lines
            .first()
            .filter(|line| read_as(line))
            .map_or(&[][..], |line| line);
        if joined.can_split_before(first) {
            let games_before = joined.summary().games;
            let mut scanner = GameScanner::after_lines(options, lines_before);
            let mut found = Vec::new();
            scan_text(&mut scanner, part, longest, &mut found);
            for mut record in found {
                if record.game > 0 {
                    record.game += games_before;
                }
                in_parts.push(record);
            }
            joined.join(scanner);
        } else {
            scan_text(&mut joined, part, longest, &mut in_parts);
        }
        lines_before += part_lines.len();
        assert_eq!(joined.lines(), lines_before, "lines counted in parts");
    }
    in_parts.extend(joined.finish());
    assert_eq!(in_parts, want, "in parts at {starts:?}");
    assert_eq!(joined.summary(), want_summary, "in parts");
}

/// `text` through [`crate::pgn::GameScanner::scan_lines`], a line over `longest` bytes read as
/// an empty line.
fn scan_text(
    scanner: &mut crate::pgn::GameScanner,
    text: &[u8],
    longest: usize,
    found: &mut Vec<crate::pgn::GameRecord>,
) {
    let mut at = 0;
    while at < text.len() {
        at += scanner.scan_lines(text.get(at..).unwrap_or_default(), longest, found);
        if let Some(rest) = text.get(at..).filter(|rest| !rest.is_empty()) {
            let len = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
            assert!(
                len > longest,
                "scan_lines stopped before a line of {len} bytes"
            );
            found.extend(scanner.scan_line(b""));
            at += len + line_end_len(rest, len);
        }
    }
}

/// The lines of a file as `fenkit check` cuts them: `\n`, `\r\n` and `\r` each end a line,
/// and the last line may have no end.
fn file_lines(data: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::new();
    let mut at = 0;
    while at < data.len() {
        let rest = data.get(at..).unwrap_or_default();
        let len = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
        lines.push(rest.get(..len).unwrap_or_default());
        at += len + line_end_len(rest, len);
    }
    lines
}

/// The length of the line end at `at` of `text`: 2 for `\r\n`, 1 for `\n` or `\r`, 0 at its
/// end.
fn line_end_len(text: &[u8], at: usize) -> usize {
    match text.get(at..at + 2) {
        Some(b"\r\n") => 2,
        _ => usize::from(at < text.len()),
    }
}

/// A record strict mode accepts is accepted by lenient mode with the same value.
fn assert_lenient_accepts_strict<T: PartialEq + std::fmt::Debug>(
    data: &[u8],
    parse: impl Fn(&ParseOptions) -> crate::Parsed<T>,
) {
    let strict = parse(&ParseOptions::strict());
    if !strict.is_valid() {
        return;
    }
    let lenient = parse(&ParseOptions::lenient());
    assert!(
        lenient.is_valid(),
        "strict accepts, lenient rejects {:?}: {:?}",
        String::from_utf8_lossy(data),
        lenient.diagnostics
    );
    assert_eq!(
        strict.value,
        lenient.value,
        "strict and lenient read {:?} differently",
        String::from_utf8_lossy(data)
    );
}

/// Every span on a character boundary of the record as rendered, no control character in any
/// message, label or help, and every diagnostic rendered without panic, alone (as the CLI
/// does) and in a [`crate::ParseError`] (as `miette::Report` does).
fn assert_diagnostics_render(data: &[u8], diagnostics: &[crate::Diagnostic]) {
    let text = crate::record_text(data);
    for diagnostic in diagnostics {
        for label in diagnostic.labels() {
            assert!(
                text.is_char_boundary(label.span.offset.min(text.len()))
                    && text.is_char_boundary(label.span.end().min(text.len())),
                "span {:?} of {} is not on a character boundary",
                label.span,
                diagnostic.code()
            );
            assert_printable(&label.text, diagnostic.code());
        }
        assert_printable(diagnostic.message(), diagnostic.code());
        assert_printable(
            diagnostic.help_text().unwrap_or_default(),
            diagnostic.code(),
        );
    }
    #[cfg(feature = "fancy")]
    render(data, &text, diagnostics);
}

fn assert_printable(words: &str, code: &str) {
    assert!(
        !words.chars().any(char::is_control),
        "{code} has a control character in {words:?}"
    );
}

/// Renders as the CLI does, and as `miette::Report` does a [`crate::ParseError`].
#[cfg(feature = "fancy")]
fn render(data: &[u8], text: &str, diagnostics: &[crate::Diagnostic]) {
    use miette::{GraphicalReportHandler, GraphicalTheme};
    // Without terminal hyperlinks (the CLI's choice off a terminal): their escapes are miette's.
    let handler =
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_links(false);
    // A few diagnostics are enough to exercise the snippet code; all 32 make proptest slow.
    const RENDERED: usize = 4;
    let diagnostics = diagnostics.get(..RENDERED).unwrap_or(diagnostics);
    let mut out = String::new();
    for diagnostic in diagnostics {
        let sourced = diagnostic.with_source("fuzz", 1, text);
        handler
            .render_report(&mut out, &sourced)
            .unwrap_or_else(|error| panic!("{} does not render: {error}", diagnostic.code()));
    }
    let error = crate::ParseError::new("fuzz", data, diagnostics.to_vec());
    handler
        .render_report(&mut out, &error)
        .unwrap_or_else(|error| panic!("the parse error does not render: {error}"));
    assert!(
        !out.chars().any(|c| c.is_control() && c != '\n'),
        "rendered output holds a control character: {out:?}"
    );
}

/// At most 32 diagnostics, each with a label, every span inside the record.
fn assert_spans_inside(diagnostics: &[crate::Diagnostic], len: usize) {
    assert!(diagnostics.len() <= crate::MAX_DIAGNOSTICS);
    for diagnostic in diagnostics {
        assert!(
            !diagnostic.labels().is_empty(),
            "{} has no label",
            diagnostic.code()
        );
        for label in diagnostic.labels() {
            assert!(
                label.span.end() <= len,
                "span {:?} of {} outside the record",
                label.span,
                diagnostic.code()
            );
        }
    }
}
