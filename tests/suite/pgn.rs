//! PGN and PDN game files through `fenkit::pgn::GameScanner`: how each game's FEN is judged,
//! every `fenkit::pgn::*` code with its span, and the game files of the corpus (python-chess's,
//! GPL, read in place from `../shared/corpus` and skipped where it is absent; chess.js's
//! benchmark and a file made from the lichess puzzles, in `tests/data`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::pgn::{
    FileSummary, GameRecord, GameScanner, RecordKind, RulesFrom, is_game_file_start,
};
use fenkit::{Notation, ParseOptions, Position};

use crate::common;

fn scan_with(file: &[u8], options: ParseOptions) -> (Vec<GameRecord>, FileSummary) {
    let mut scanner = GameScanner::new(options);
    let mut records = Vec::new();
    for line in file.split(|&b| b == b'\n') {
        records.extend(scanner.scan_line(line));
    }
    records.extend(scanner.finish());
    (records, scanner.summary())
}

fn scan(file: &str) -> Vec<GameRecord> {
    scan_with(file.as_bytes(), ParseOptions::strict().validated()).0
}

fn codes(record: &GameRecord) -> Vec<&'static str> {
    record.parsed.diagnostics.iter().map(|d| d.code()).collect()
}

/// The text under the primary span of the record's diagnostic with `code`.
fn spanned<'a>(record: &'a GameRecord, code: &str) -> &'a [u8] {
    let diagnostic = record
        .parsed
        .diagnostics
        .iter()
        .find(|d| d.code() == code)
        .unwrap_or_else(|| panic!("no {code} in {:?}", codes(record)));
    diagnostic.span().unwrap().of(&record.text)
}

#[test]
fn chess_fen_with_setup_is_valid() {
    let records = scan(
        "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n",
    );
    assert_eq!(records.len(), 1);
    let record = &records[0];
    assert_eq!(
        (record.kind, record.line, record.game),
        (RecordKind::FenTag, 3, 1)
    );
    assert_eq!(record.notation, Some(Notation::Fen));
    assert_eq!(record.rules, Some(RulesFrom::Shape));
    assert!(record.parsed.is_valid(), "{:?}", codes(record));
    assert!(matches!(record.parsed.value, Some(Position::Fen(_))));
}

#[test]
fn fen_without_setup_is_a_warning_on_the_value() {
    let records = scan("[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n1. e4 *\n");
    let record = &records[0];
    assert_eq!(codes(record), ["fenkit::pgn::fen_without_setup"]);
    assert!(record.parsed.value.is_some());
    let span = record.parsed.diagnostics[0].span().unwrap();
    assert_eq!((span.offset, span.len), (6, 31));
    let d = &record.parsed.diagnostics[0];
    common::assert_diagnostic(
        &record.parsed.diagnostics,
        fenkit::Mode::Strict,
        "fen without setup",
        (6, 31),
        "fenkit::pgn::fen_without_setup",
    );
    assert_eq!(d.severity(), fenkit::Severity::Warning);
}

#[test]
fn setup_without_fen_is_an_error_on_the_setup_value() {
    let records = scan("[Event \"x\"]\n[SetUp \"1\"]\n\n1. e4 *\n");
    assert_eq!(records.len(), 1);
    let record = &records[0];
    assert_eq!((record.kind, record.line), (RecordKind::SetUpWithoutFen, 2));
    common::assert_diagnostic(
        &record.parsed.diagnostics,
        fenkit::Mode::Strict,
        "setup without fen",
        (8, 1),
        "fenkit::pgn::setup_without_fen",
    );
    assert_eq!(spanned(record, "fenkit::pgn::setup_without_fen"), b"1");
    // SetUp "0" says the game starts from the initial position.
    assert!(scan("[SetUp \"0\"]\n1. e4 *\n").is_empty());
}

#[test]
fn chess960_castling_is_read_by_the_variant() {
    // A Shredder-FEN position: castling with the rooks on b and g.
    let file = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1\"]\n1. O-O *\n";
    let records = scan(file);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].rules, Some(RulesFrom::Variant));
    assert!(records[0].parsed.is_valid(), "{:?}", codes(&records[0]));
    // The same tags read with standard castling by a standard game are not valid.
    let standard = ParseOptions::strict()
        .validated()
        .with_castling(fenkit::Castling::Standard);
    let (records, _) = scan_with(file.replace("Chess960", "Standard").as_bytes(), standard);
    assert!(!records[0].parsed.is_valid());
    // Chess960 keeps its castling whatever the options say.
    let (records, _) = scan_with(file.as_bytes(), standard);
    assert!(records[0].parsed.is_valid());
}

#[test]
fn unsupported_variant_is_one_error_on_its_value_and_the_fen_is_not_judged() {
    // lichess writes FEN, then SetUp and Variant.
    let file = "[Event \"zh\"]\n[FEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\"]\n[SetUp \"1\"]\n[Variant \"Shogi\"]\n\n*\n";
    let (records, summary) = scan_with(file.as_bytes(), ParseOptions::strict().validated());
    assert_eq!(records.len(), 1, "{records:?}");
    let record = &records[0];
    assert_eq!(
        (record.kind, record.line),
        (RecordKind::UnsupportedVariant, 4)
    );
    common::assert_diagnostic(
        &record.parsed.diagnostics,
        fenkit::Mode::Strict,
        "shogi",
        (10, 5),
        "fenkit::pgn::unsupported_variant",
    );
    assert_eq!(
        spanned(record, "fenkit::pgn::unsupported_variant"),
        b"Shogi"
    );
    let help = record.parsed.diagnostics[0].help_text().unwrap();
    assert!(
        help.contains("this game's FEN is not checked: fenkit reads the chess variants `chess`"),
        "{help}"
    );
    assert_eq!((summary.games, summary.fen_tags), (1, 1));
    for name in ["Xiangqi", "qwerty", "Chess 9600"] {
        let records = scan(&format!("[Variant \"{name}\"]\n1. e4 *\n"));
        assert_eq!(
            codes(&records[0]),
            ["fenkit::pgn::unsupported_variant"],
            "{name}"
        );
    }
}

#[test]
fn each_chess_variant_selects_its_rules() {
    // lichess's crazyhouse FEN, read with its pockets.
    let file = "[Event \"zh\"]\n[FEN \"r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1[NNNrp] b - - 39 20\"]\n[SetUp \"1\"]\n[Variant \"Crazyhouse\"]\n\n20... Qc6 *\n";
    let records = scan(file);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].rules, Some(RulesFrom::Variant));
    assert!(records[0].parsed.is_valid(), "{:?}", codes(&records[0]));
    assert!(matches!(
        records[0].parsed.value,
        Some(Position::Crazyhouse(_))
    ));
    // Each variant's own FEN, valid by its rules and not by chess's.
    for (variant, fen) in [
        ("Antichess", "8/1p6/8/8/8/8/P7/8 w - - 0 1"),
        ("giveaway", "8/1p6/8/8/8/8/P7/8 w - - 0 1"),
        ("Atomic", "8/8/8/8/8/3kK3/8/8 w - - 0 1"),
        (
            "Horde",
            "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
        ),
        ("Three-check", "4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1"),
        ("threeCheck", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0"),
        ("Crazyhouse", "4k3/8/8/8/8/8/8/4K3/Qn w - - 0 1"),
    ] {
        let tags =
            |name: &str| format!("[Variant \"{name}\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n*\n");
        let records = scan(&tags(variant));
        assert_eq!(records.len(), 1, "{variant}");
        assert!(
            records[0].parsed.is_valid(),
            "{variant}: {:?}",
            codes(&records[0])
        );
        let records = scan(&tags("Standard"));
        assert!(!records[0].parsed.is_valid(), "{variant} as chess");
    }
    // Racing kings: a check is wrong.
    let records = scan(
        "[Variant \"Racing Kings\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/k5RK/8 b - - 0 1\"]\n\n*\n",
    );
    assert_eq!(codes(&records[0]), ["fenkit::variant::racing_kings_check"]);
}

#[test]
fn the_shape_decides_without_variant_or_game_type() {
    let file = "[Event \"d\"]\n[FEN \"W:W31-50:B1-20\"]\n1. 32-28 2-0\n\n[Event \"c\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n1. Kd2 *\n";
    let (records, summary) = scan_with(file.as_bytes(), ParseOptions::strict().validated());
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].notation, Some(Notation::Pdn));
    assert_eq!(records[1].notation, Some(Notation::Fen));
    for record in &records {
        assert_eq!(record.rules, Some(RulesFrom::Shape));
        // Draughts games are not held to SetUp.
        assert!(record.parsed.is_valid(), "{:?}", codes(record));
    }
    assert_eq!(records[1].game, 2);
    assert_eq!(
        summary.to_string(),
        "read as PGN and PDN: 2 games, 2 FEN tags, rules from the tag's shape"
    );
}

#[test]
fn game_type_chooses_the_draughts_board() {
    let file = "[GameType \"21\"]\n[FEN \"W:W21-32:B1-12\"]\n1. 9-14 *\n[GameType \"21\"]\n[FEN \"W:W31-50:B1-20\"]\n*\n";
    let records = scan(file);
    assert_eq!(records[0].rules, Some(RulesFrom::GameType));
    assert!(records[0].parsed.is_valid());
    assert_eq!(codes(&records[1])[0], "fenkit::pdn::square_out_of_range");
    // GameType 0 is chess.
    let records =
        scan("[GameType \"0\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n*\n");
    assert_eq!(records[0].notation, Some(Notation::Fen));
    assert!(records[0].parsed.is_valid());
}

#[test]
fn bom_comments_and_escapes_before_the_first_tag() {
    let file = "\u{feff}% written by hand\n{ a comment\nover two lines }\n; a line comment\n[Event \"a \\\"quoted\\\" \\\\ event\"]\n[SetUp \"1\"] [FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n1. Kd2 ; the king\n{ another } *\n";
    assert!(is_game_file_start(file.as_bytes()));
    let records = scan(file);
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0].line, 6);
    assert!(records[0].parsed.is_valid(), "{:?}", codes(&records[0]));
    assert_eq!(
        records[0].heading.event.as_deref(),
        Some("a \"quoted\" \\ event")
    );
}

#[test]
fn a_tag_on_the_first_line_after_a_bom_has_spans_into_the_line_as_given() {
    let records = scan("\u{feff}[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n*\n");
    let span = records[0].parsed.diagnostics[0].span().unwrap();
    assert_eq!(span.offset, 9);
    assert_eq!(span.of(&records[0].text), b"4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn latin1_player_names_are_headings() {
    let mut file = b"[White \"Polg".to_vec();
    file.push(0xE1);
    file.extend_from_slice(b"r, Judit\"]\n[Black \"Kasparov\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n*\n");
    let (records, _) = scan_with(&file, ParseOptions::strict());
    assert_eq!(records[0].heading.white.as_deref(), Some("Polgár, Judit"));
    assert_eq!(records[0].heading.black.as_deref(), Some("Kasparov"));
    assert!(records[0].parsed.is_valid());
}

#[test]
fn a_bare_fen_line_is_a_record_of_its_own() {
    let file = "[Event \"x\"]\n1. e4 e5 *\n8/8/8/8/8/8/8/8 w - - 0 1\nb:w31,k6:b20\nX:W31-50:B1-20\nrandom words\n";
    let (records, summary) = scan_with(file.as_bytes(), ParseOptions::lenient());
    let kinds: Vec<_> = records.iter().map(|r| (r.kind, r.line)).collect();
    assert_eq!(
        kinds,
        [
            (RecordKind::BareLine, 3),
            (RecordKind::BareLine, 4),
            (RecordKind::BareLine, 5),
            (RecordKind::BareLine, 6)
        ]
    );
    assert_eq!(records[0].notation, Some(Notation::Fen));
    assert!(records[0].parsed.value.is_some());
    // The lowercase draughts FEN is read as draughts, with its dialect's warnings.
    assert_eq!(records[1].notation, Some(Notation::Pdn));
    assert!(
        codes(&records[1]).contains(&"fenkit::pdn::lowercase"),
        "{:?}",
        codes(&records[1])
    );
    assert!(records[1].parsed.value.is_some());
    assert!(!records[2].parsed.is_valid());
    assert!(!records[3].parsed.is_valid());
    assert_eq!(summary.bare_lines, 4);
}

#[test]
fn several_tags_on_one_line() {
    let file = "[Event \"x\"][White \"a\"] [Black \"b\"] [SetUp \"1\"] [FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"] [Variant \"Standard\"]\n1. Kd2 *\n";
    let records = scan(file);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].rules, Some(RulesFrom::Variant));
    assert!(records[0].parsed.is_valid());
    // Without the SetUp tag, the warning points at the FEN value in the line.
    let records = scan(&file.replace("[SetUp \"1\"] ", ""));
    assert_eq!(
        spanned(&records[0], "fenkit::pgn::fen_without_setup"),
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    assert_eq!(records[0].heading.white.as_deref(), Some("a"));
}

#[test]
fn a_fen_error_points_at_its_bytes_in_the_line() {
    let file = "[SetUp \"1\"] [FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 x\"]\n*\n";
    let records = scan(file);
    let d = records[0]
        .parsed
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .unwrap();
    assert_eq!(d.span().unwrap().of(&records[0].text), b"x");
}

#[test]
fn unclosed_comment_points_at_its_brace() {
    let records = scan(
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n1. Kd2 {a note\n[FEN \"x\"]\n",
    );
    let last = records.last().unwrap();
    assert_eq!((last.kind, last.line), (RecordKind::UnclosedComment, 3));
    common::assert_diagnostic(
        &last.parsed.diagnostics,
        fenkit::Mode::Strict,
        "unclosed",
        (7, 1),
        "fenkit::pdn::unclosed_comment",
    );
    assert_eq!(records.len(), 2);
}

#[test]
fn game_file_start_detection() {
    assert!(is_game_file_start(b"\n\n[Event \"x\"]"));
    assert!(is_game_file_start(b"; comment\n[ Event \"x\"]"));
    assert!(!is_game_file_start(b"W:W31-50:B1-20\n"));
    assert!(!is_game_file_start(b"{ never closed"));
    assert!(!is_game_file_start(b"1. e4 e5"));
}

/// python-chess's game files: per file, games, FEN tags and what each game's tags make of
/// them.
#[test]
fn python_chess_game_files() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    // (file, games, FEN tags, unsupported-variant records)
    const FILES: &[(&str, usize, usize, usize)] = &[
        ("anastasian-lewis.pgn", 1, 0, 0),
        ("antichess-programfox.pgn", 2, 0, 0),
        ("chessbase-empty-line.pgn", 1, 0, 0),
        ("cutechess-fischerrandom.pgn", 4, 4, 0),
        ("kasparov-deep-blue-1997.pgn", 6, 0, 0),
        ("knightvuillaume-jannlee-zh-lichess.pgn", 1, 0, 0),
        ("molinari-bordais-1979.pgn", 1, 0, 0),
        ("nepomniachtchi-liren-game1.pgn", 1, 0, 0),
        ("saturs-jannlee-zh-lichess.pgn", 1, 0, 0),
        ("stockfish-learning.pgn", 1, 0, 0),
        ("uci-moves.pgn", 1, 0, 0),
        ("utf8-bom.pgn", 2, 0, 0),
    ];
    let found = corpus.files("chess/pgn/python-chess");
    assert_eq!(found.len(), FILES.len());
    for &(file, games, fens, unsupported) in FILES {
        let bytes = corpus.read_bytes(&format!("chess/pgn/python-chess/{file}"));
        assert!(is_game_file_start(&bytes), "{file}");
        let (records, summary) = scan_with(&bytes, ParseOptions::strict().validated());
        eprintln!("{file}: {summary}");
        assert_eq!((summary.games, summary.fen_tags), (games, fens), "{file}");
        let mut variants = 0;
        for record in &records {
            match record.kind {
                RecordKind::FenTag => {
                    assert!(
                        record.parsed.is_valid(),
                        "{file}:{}: {:?}",
                        record.line,
                        codes(record)
                    );
                    assert_eq!(record.rules, Some(RulesFrom::Variant));
                }
                RecordKind::UnsupportedVariant => variants += 1,
                other => panic!("{file}:{}: {other:?} {:?}", record.line, codes(record)),
            }
        }
        assert_eq!(variants, unsupported, "{file}");
    }
}

#[test]
fn chess_js_benchmark_game_file() {
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/chess/pgn/benchmark.pgn"
    ))
    .unwrap();
    let (records, summary) = scan_with(&bytes, ParseOptions::strict().validated());
    assert_eq!(
        (summary.games, summary.fen_tags, summary.bare_lines),
        (100, 0, 0),
        "{summary:?}"
    );
    assert!(records.is_empty(), "{:?}", records.first());
}

#[test]
fn lichess_puzzle_game_file() {
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/chess/pgn/lichess-puzzles.pgn"
    ))
    .unwrap();
    let (records, summary) = scan_with(&bytes, ParseOptions::strict().validated());
    assert_eq!((summary.games, summary.fen_tags), (1000, 1000));
    assert_eq!(records.len(), 1000);
    for record in &records {
        assert_eq!(record.kind, RecordKind::FenTag);
        assert!(
            record.parsed.is_valid(),
            "{}: {:?}",
            record.line,
            codes(record)
        );
    }
    assert_eq!(
        summary.to_string(),
        "read as PGN: 1000 games, 1000 FEN tags, rules from the tag's shape"
    );
}

/// The fuzz target's properties on every seed of `fuzz/seeds/pgn_file`.
#[test]
fn fuzz_seeds_hold_the_properties() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/seeds/pgn_file");
    let mut seeds = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        fenkit::fuzzing::check_pgn_file(&std::fs::read(entry.unwrap().path()).unwrap());
        seeds += 1;
    }
    assert!(seeds >= 8);
}

/// Pieces of game files: tags, move text, comments over lines, escapes, results, lines that
/// are no game text, and the line ends between them.
const PIECES: &[&str] = &[
    "[Event \"x\"]",
    "[Site \"https://lichess.org/abc#12\"]",
    "[SetUp \"1\"]",
    "[SetUp \"0\"]",
    "[FEN \"8/8/8/8/8/8/8/4K2k w - - 0 1\"]",
    "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]",
    "[FEN \"W:W31-50:B1-20\"]",
    "[FEN \"bad\"]",
    "[FEN \"8/8/8 \\\"x\\\"\"]",
    "[FEN \"unclosed",
    "[Variant \"Chess960\"]",
    "[Variant \"Crazyhouse\"]",
    "[GameType \"20\"]",
    "[GameType \"0\"]",
    "[White \"Polg\u{e1}r\"]",
    "[ Black \"b\" ]",
    "[Round \"?\"] [Date \"2024\"]",
    "[not a tag]",
    "1. e4 e5 2. Nf3",
    "12... Qxf7# e8=Q+ O-O 0-0 e2e4 N@f3",
    "32-28 19x30 $1 !? +-",
    "{a comment",
    "}",
    "{ one } { two }",
    "(1... c5 (2. c3))",
    ")",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "; to the end",
    "% escaped",
    "/FEN \"W:W31-50:B1-20\"/",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "hello 0 1",
    "\u{feff}",
    "",
];

/// The line ends and spaces between pieces; a blank line then `[` is where `fenkit check`
/// guesses a game starts.
const BETWEEN: &[&str] = &["\n", "\n\n", "\r\n", "\r\n\r\n", "\r", " ", "\t", "\n \n"];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(1024)
    ))]

    /// The scanner reads a file of game-file pieces as its oracle does: line by line, at once,
    /// and in parts joined as `fenkit check` joins them.
    #[test]
    fn scanners_agree_on_game_file_pieces(
        pieces in proptest::collection::vec(
            (proptest::sample::select(PIECES), proptest::sample::select(BETWEEN)),
            0..40,
        ),
        first in proptest::prelude::any::<u8>(),
    ) {
        let mut file = vec![first];
        for (piece, between) in pieces {
            file.extend_from_slice(piece.as_bytes());
            file.extend_from_slice(between.as_bytes());
        }
        fenkit::fuzzing::check_pgn_scanners_agree(&file);
        // The first byte chooses the longest line read: 271 bytes keeps every line here.
        file[0] = 255;
        fenkit::fuzzing::check_pgn_scanners_agree(&file);
    }

    /// Any bytes of a game file's alphabet.
    #[test]
    fn scanners_agree_on_any_bytes(file in proptest::collection::vec(
        proptest::sample::select(b"[]{}()\"\\;%/ \t\r\n.-=+#!?*$:@01289abcehKNQRPOWBxF".to_vec()),
        0..200,
    )) {
        fenkit::fuzzing::check_pgn_scanners_agree(&file);
    }
}
