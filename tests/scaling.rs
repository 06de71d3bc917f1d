//! Parsing time grows linearly with the record, whatever its shape.
//!
//! Each shape is parsed at about `SMALL` bytes and at 16 times that; a linear parser takes about
//! 16 times longer, a quadratic one 256 times. The test fails above 40 times, which leaves room
//! for a noisy machine while catching any quadratic path. These are the only timed tests; the
//! throughput benchmarks live in `benches/`.

use std::time::{Duration, Instant};

use fenkit::pgn::GameScanner;
use fenkit::{Epd, Feen, Mode, Notation, ParseOptions, parse_any};

/// The smaller record of each pair, in bytes.
const SMALL: usize = 2_048;
/// The larger record is this many times the smaller.
const FACTOR: usize = 16;
/// The most the larger record may take, as a multiple of the smaller's time.
const LIMIT: u32 = 40;

/// `head`, then `unit` repeated until the record holds at least `size` bytes, then `tail`; a
/// `#` in `unit` is replaced by the unit's number (for distinct opcodes, tags...).
fn repeat(head: &str, unit: &str, tail: &str, size: usize) -> Vec<u8> {
    let mut record = Vec::with_capacity(size + head.len() + unit.len() + tail.len() + 16);
    record.extend_from_slice(head.as_bytes());
    let mut number = 0usize;
    while record.len() < size + head.len() {
        record.extend_from_slice(unit.replace('#', &number.to_string()).as_bytes());
        number += 1;
    }
    record.extend_from_slice(tail.as_bytes());
    record
}

/// A shape: its name, the head, the repeated unit and the tail of the record.
type Shape = (&'static str, &'static str, &'static str, &'static str);

/// The least time over `runs` runs of `repeat` parses of `record` (the least is the least noisy
/// on a busy machine).
fn fastest(record: &[u8], runs: usize, repeat: usize, parse: &dyn Fn(&[u8])) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..repeat {
                parse(record);
            }
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// `large_time / small_time` for one shape, the small record parsed 16 times as often, both
/// repeated until the larger lasts about 12 ms (so a timer tick or a context switch is noise).
fn ratio(small: &[u8], large: &[u8], parse: &dyn Fn(&[u8])) -> (f64, Duration, Duration) {
    let target = Duration::from_millis(12);
    let once = fastest(large, 1, 1, parse).max(Duration::from_micros(10));
    let repeat = (target.as_secs_f64() / once.as_secs_f64()).ceil() as usize;
    let repeat = repeat.clamp(1, 50);
    // Slow shapes are long enough to measure with fewer runs.
    let runs = if once > target { 2 } else { 3 };
    let small_time = fastest(small, runs, FACTOR * repeat, parse);
    let large_time = fastest(large, runs, repeat, parse);
    let ratio = large_time.as_secs_f64() / small_time.as_secs_f64().max(1e-9);
    (ratio, small_time, large_time)
}

/// Asserts that every shape takes less than `LIMIT` times longer at 16 times the size.
///
/// The small record is parsed 16 times as often as the large one, so both timings cover the
/// same number of bytes: linear time gives a ratio near 1, quadratic near 16, and the limit is
/// `LIMIT / FACTOR` = 2.5. A shape over the limit is measured twice more before it fails.
fn assert_linear(shapes: &[Shape], parse: &dyn Fn(&[u8])) {
    assert_linear_from(SMALL, shapes, parse);
}

/// [`assert_linear`] from records of `size` bytes.
fn assert_linear_from(size: usize, shapes: &[Shape], parse: &dyn Fn(&[u8])) {
    let limit = f64::from(LIMIT) / FACTOR as f64;
    let mut slow = Vec::new();
    for &(name, head, unit, tail) in shapes {
        let small = repeat(head, unit, tail, size);
        let large = repeat(head, unit, tail, size * FACTOR);
        let mut attempts = Vec::new();
        for _ in 0..3 {
            let measured = ratio(&small, &large, parse);
            attempts.push(measured);
            if measured.0 <= limit {
                break;
            }
        }
        // Shown with `--nocapture`: how each shape scales.
        eprintln!("{name}: {attempts:.2?}");
        if attempts.iter().all(|&(ratio, _, _)| ratio > limit) {
            slow.push(format!(
                "{name} ({} and {} bytes): {attempts:?}",
                small.len(),
                large.len()
            ));
        }
    }
    assert!(slow.is_empty(), "not linear:\n{}", slow.join("\n"));
}

/// Both modes, validated, through `notation`'s parser (by [`parse_any`]), and detection.
fn both_modes(notation: Notation) -> impl Fn(&[u8]) {
    move |record| {
        let _ = Notation::detect(record);
        for mode in [Mode::Strict, Mode::Lenient] {
            let options = ParseOptions::strict().with_mode(mode).validated();
            let _ = parse_any(record, Some(notation), &options);
        }
    }
}

#[test]
fn chess_fen_is_linear() {
    const SHAPES: &[Shape] = &[
        ("many ranks", "", "K/", " w - - 0 1"),
        ("many pieces in a rank", "", "K", "/8/8/8/8/8/8/8 w - - 0 1"),
        ("bad pieces", "", "@", "/8/8/8/8/8/8/8 w - - 0 1"),
        ("adjacent digits", "", "18", "/8/8/8/8/8/8/8 w - - 0 1"),
        ("one long digit run", "", "9", "/8/8/8/8/8/8/8 w - - 0 1"),
        ("long side to move", "4k3/8/8/8/8/8/8/4K3 ", "w", " - - 0 1"),
        ("long castling", "4k3/8/8/8/8/8/8/4K3 w ", "KQkq", " - 0 1"),
        ("long en passant", "4k3/8/8/8/8/8/8/4K3 w - ", "e3", " 0 1"),
        (
            "long halfmove clock",
            "4k3/8/8/8/8/8/8/4K3 w - - ",
            "0",
            " 1",
        ),
        (
            "long fullmove number",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 ",
            "9",
            "",
        ),
        ("many fields", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", " x", ""),
        ("wide gaps", "4k3/8/8/8/8/8/8/4K3", " \t", "w - - 0 1"),
        ("non-ASCII", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "é\u{1b}", ""),
        ("trailing spaces", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", " ", "x"),
    ];
    assert_linear(SHAPES, &both_modes(Notation::Fen));
}

#[test]
fn epd_is_linear() {
    const SHAPES: &[Shape] = &[
        (
            "distinct operations",
            "4k3/8/8/8/8/8/8/4K3 w - - ",
            "op 1; ",
            "",
        ),
        (
            "duplicate opcodes",
            "4k3/8/8/8/8/8/8/4K3 w - - ",
            "id \"x\"; ",
            "",
        ),
        ("many operands", "4k3/8/8/8/8/8/8/4K3 w - - bm", " Kd1", ";"),
        ("empty operations", "4k3/8/8/8/8/8/8/4K3 w - - ", ";", ""),
        ("bad opcodes", "4k3/8/8/8/8/8/8/4K3 w - - ", "1x; ", ""),
        ("long string", "4k3/8/8/8/8/8/8/4K3 w - - id \"", "a", "\";"),
        (
            "unterminated string",
            "4k3/8/8/8/8/8/8/4K3 w - - id \"",
            "ab",
            "",
        ),
        (
            "bad escapes",
            "4k3/8/8/8/8/8/8/4K3 w - - id \"",
            "\\q",
            "\";",
        ),
        ("glued text", "4k3/8/8/8/8/8/8/4K3 w - - id \"x\"", "y", ";"),
        ("wide gaps", "4k3/8/8/8/8/8/8/4K3 w - - id", "  ", "\"x\";"),
        ("no semicolons", "4k3/8/8/8/8/8/8/4K3 w - - c0", " word", ""),
        (
            "words for strings",
            "4k3/8/8/8/8/8/8/4K3 w - - c0 ",
            "w",
            ";",
        ),
        ("long integer", "4k3/8/8/8/8/8/8/4K3 w - - acd ", "9", ";"),
        ("bad moves", "4k3/8/8/8/8/8/8/4K3 w - - bm", " Zz9", ";"),
        (
            "uci moves",
            "4k3/8/8/8/8/8/8/4K3 w - - pv",
            " e1d1 e8d8 d1e1 d8e8",
            ";",
        ),
        (
            "control characters",
            "4k3/8/8/8/8/8/8/4K3 w - - id \"",
            "\u{1b}]0;x\u{7}",
            "",
        ),
    ];
    assert_linear(SHAPES, &both_modes(Notation::Epd));
    // The standard parser and `FromStr` agree on the same shapes.
    assert_linear(SHAPES, &|record| {
        let _ = std::str::from_utf8(record).map(str::parse::<Epd>);
    });
}

#[test]
fn feen_is_linear() {
    const SHAPES: &[Shape] = &[
        ("many ranks", "", "K/", "K / A/a"),
        ("many ranks, then a bad character", "", "K/", "@ / A/a"),
        ("zero counts", "K", "/0", " / A/a"),
        ("leading zeros", "K", "/01", " / A/a"),
        ("huge count", "K", "9", " / A/a"),
        ("bad style characters", "K / A/a", "@", ""),
        ("long style name", "K / A/a", "b", ""),
        ("mixed-case style", "K / A/", "aB", ""),
        ("many styles", "K / A/a", "/b", ""),
        ("deep separators", "K", "/", "K / A/a"),
        ("leading separators", "", "/", "K / A/a"),
        ("trailing separators", "K", "/", " / A/a"),
        ("many hand pieces", "K ", "P", "/p A/a"),
        ("hand counts", "K ", "2P", "/p A/a"),
        ("unsorted hand", "K ", "pP", "/ A/a"),
        ("hand slashes", "K ", "P/", " A/a"),
        ("hand zero counts", "K ", "0P", "/ A/a"),
        ("piece modifiers", "", "+K'", " / A/a"),
        ("bad modifiers", "", "+", "K / A/a"),
        ("stray characters", "", "K@", " / A/a"),
        ("non-ASCII", "K / A/a", "é\u{1b}", ""),
        ("many fields", "K / A/a", " x", ""),
    ];
    assert_linear(SHAPES, &both_modes(Notation::Feen));
}

#[test]
fn draughts_fen_is_linear() {
    const SHAPES: &[Shape] = &[
        ("many squares", "W:W", "31,", "B1"),
        ("many ranges", "W:W", "31-35,", ":B1"),
        ("descending ranges", "W:W", "35-31,", ":B1"),
        ("one-square ranges", "W:W", "31-31,", ":B1"),
        ("kings", "W:W", "K31,", ":B1"),
        ("squares off the board", "W:W", "99,", ":B1"),
        ("leading zeros", "W:W", "031,", ":B1"),
        ("long square", "W:W", "9", ":B1"),
        ("missing commas", "W:W", "31 ", ":B1"),
        ("many sections", "W", ":W31", ""),
        ("sections without colour", "W", ":31", ""),
        ("bad colours", "W", ":X31", ""),
        ("lowercase", "w:w", "k31,", ":b1"),
        ("stray characters", "W:W31", "@", ":B1"),
        ("non-ASCII", "W:W31:B1", "é\u{1b}", ""),
        ("alphanumeric squares", "W:W", "a1,", ":Bh8"),
    ];
    assert_linear(SHAPES, &both_modes(Notation::Pdn));
}

#[test]
fn pdn_lines_are_read_linearly() {
    const SHAPES: &[Shape] = &[
        (
            "many FEN tags on a line",
            "",
            "[FEN \"W:W31-50:B1-20\"]",
            "",
        ),
        ("many bad FEN tags", "", "[FEN \"W:W99\"]", ""),
        (
            "many setup commands",
            "1. 32-28 ",
            "/FEN \"W:W31:B1\"/ ",
            "",
        ),
        (
            "many GameType tags",
            "",
            "[GameType \"20\"][FEN \"W:W31:B1\"] 1. 32-28 ",
            "",
        ),
        ("many comments", "", "{c} ", "[FEN \"W:W31:B1\"]"),
        ("unclosed comment", "{", "x", ""),
        ("unclosed tags", "", "[FEN \"W:W31", ""),
        ("escaped values", "[FEN \"", "\\\"", "\"]"),
        ("long tag name", "[", "F", " \"x\"]"),
        ("many brackets", "", "[", ""),
    ];
    assert_linear(SHAPES, &|record| {
        let options = ParseOptions::lenient().validated();
        let mut scanner = GameScanner::new(options);
        let _ = scanner.scan_line(record);
        let _ = scanner.finish();
        // The line as one PDN record, read by PGN's syntax without the scanner.
        let _ = parse_any(record, Some(Notation::Pdn), &options);
    });
}

#[test]
fn game_file_scanner_is_linear() {
    const SHAPES: &[Shape] = &[
        (
            "many tags on a line",
            "",
            "[Event \"x\"] [FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"] ",
            "",
        ),
        (
            "many FEN tags in one game",
            "",
            "[FEN \"W:W31-50:B1-20\"]",
            "",
        ),
        ("a long string", "[Event \"", "abc\\\"", "\"]"),
        ("a long comment", "{", "text ", "}"),
        (
            "long move text",
            "[SetUp \"1\"]",
            " 1. e4 e5 (1... c5 $1) ",
            "*",
        ),
        ("a long bare line", "", "8/8/", ""),
    ];
    let scan = |record: &[u8]| {
        let mut scanner = fenkit::pgn::GameScanner::new(ParseOptions::lenient().validated());
        let _ = scanner.scan_line(record);
        let _ = scanner.finish();
    };
    assert_linear(SHAPES, &scan);
    // Over many lines: a comment of many lines and many games, fed line by line.
    const LINES: &[Shape] = &[
        (
            "a comment over many lines",
            "{\n",
            "a line of the comment\n",
            "}\n",
        ),
        (
            "many games",
            "",
            "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n\n",
            "",
        ),
    ];
    assert_linear(LINES, &|file: &[u8]| {
        let mut scanner = fenkit::pgn::GameScanner::new(ParseOptions::lenient().validated());
        for line in file.split(|&b| b == b'\n') {
            let _ = scanner.scan_line(line);
        }
        let _ = scanner.finish();
    });
}

/// Reproducers found by adversarial testing, each quadratic once, at sizes where a quadratic term shows
/// through the debug build's slow linear part.
#[test]
fn adversarial_reproducers_are_linear() {
    const SIZE: usize = 8_192;
    assert_linear_from(
        SIZE,
        &[(
            "EPD, many operations",
            "4k3/8/8/8/8/8/8/4K3 w - - ",
            "op# 1; ",
            "",
        )],
        &both_modes(Notation::Epd),
    );
    // One strict parse: the quadratic copy was in the diagnostic path, the rest is noise here.
    assert_linear_from(
        2 * SIZE,
        &[
            ("FEEN, many separators", "", "K/", "@ / A/a"),
            ("FEEN, zero counts", "K", "/0", " / A/a"),
        ],
        &|record| {
            let _ = Feen::parse(record, &ParseOptions::strict());
        },
    );
    assert_linear_from(
        SIZE,
        &[("FEEN, bad characters in a style name", "K / A/a", "@", "")],
        &both_modes(Notation::Feen),
    );
    assert_linear_from(
        SIZE,
        &[(
            "PDN, one line of FEN tags",
            "",
            "[FEN \"W:W31-50:B1-20\"]",
            "",
        )],
        &|record| {
            let mut scanner = GameScanner::new(ParseOptions::lenient().validated());
            let _ = scanner.scan_line(record);
            let _ = scanner.finish();
        },
    );
}
