//! `--variant NAME` on `check`, `fmt`, `show` and `fix`: chess records read by a variant's rules
//! (the library's `ParseOptions::with_variant`), and a PGN game's `[Variant]` tag over it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;
use serde_json::Value;

fn fenkit() -> Command {
    let mut command = Command::cargo_bin("fenkit").unwrap();
    command.env("NO_COLOR", "1").env("COLUMNS", "100");
    command
}

/// Each record's codes, from `check --format json`.
fn codes(args: &[&str], records: &[&str]) -> Vec<Vec<String>> {
    let mut command = fenkit();
    command.args(["check", "--format", "json"]).args(args);
    for record in records {
        command.args(["-p", record]);
    }
    let output = command.output().unwrap();
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|object| object.get("diagnostics").is_some())
        .map(|object| {
            object["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["code"].as_str().unwrap().to_string())
                .collect()
        })
        .collect()
}

/// A good and a broken record of each variant: the good one has no diagnostic under
/// `--variant`, the broken one exactly the variant's own code.
const CASES: &[(&str, &str, &str, &str)] = &[
    (
        "crazyhouse",
        "r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1/NNNrp b - - 39 20",
        "r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1[NNNrpk] b - - 39 20",
        "fenkit::variant::king_in_pocket",
    ),
    (
        "3check",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +4+0",
        "fenkit::variant::invalid_checks",
    ),
    (
        "horde",
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPKPPP w kq - 0 1",
        "fenkit::variant::horde_king",
    ),
    (
        "atomic",
        "8/8/8/8/3kK3/8/8/8 w - - 0 1",
        "8/8/8/8/3kK3/8/8/8 w K - 0 1",
        "fenkit::fen::castling_without_king",
    ),
    (
        "antichess",
        "8/8/8/8/8/8/p7/1N6 w - - 0 1",
        "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
        "fenkit::variant::no_castling",
    ),
    (
        "racingKings",
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRP w - - 0 1",
        "fenkit::variant::racing_kings_pawn",
    ),
    (
        "king-of-the-hill",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK w KQkq - 0 1",
        "fenkit::fen::too_many_kings",
    ),
];

#[test]
fn each_variant_reads_its_positions_and_reports_its_own_rule() {
    for (variant, good, bad, code) in CASES {
        let found = codes(&["--variant", variant], &[good, bad]);
        assert_eq!(found[0], Vec::<String>::new(), "{variant}: {good}");
        assert!(
            found[1].contains(&code.to_string()),
            "{variant}: {bad}: {:?}",
            found[1]
        );
    }
}

#[test]
fn positions_written_as_shakmaty_s_perft_files_write_them_are_valid() {
    // Four fields and the variant's additions, no clocks: each variant's EPD form.
    let found = codes(
        &["--variant", "crazyhouse"],
        &[
            "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - -",
            "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -",
        ],
    );
    assert_eq!(found, [Vec::<String>::new(), Vec::new()]);
    let found = codes(
        &["--variant", "3check"],
        &["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1"],
    );
    assert_eq!(found, [Vec::<String>::new()]);
    let found = codes(
        &["--variant", "atomic"],
        &["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"],
    );
    assert_eq!(found, [Vec::<String>::new()]);
}

#[test]
fn without_the_variant_a_variant_record_gets_one_diagnostic_naming_it() {
    let found = codes(&[], &[CASES[0].1, CASES[1].1]);
    assert_eq!(found[0], ["fenkit::fen::variant_record"]);
    assert_eq!(found[1], ["fenkit::fen::variant_record"]);
    let horde = codes(&[], &[CASES[2].1]);
    assert!(horde[0].len() > 1, "chess rules judge the horde: {horde:?}");
}

#[test]
fn fmt_writes_the_variant_s_canonical_form() {
    let output = fenkit()
        .args(["fmt", "--variant", "crazyhouse", "-p", CASES[0].1])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1[NNNpr] b - - 39 20\n"
    );
    let output = fenkit()
        .args(["fmt", "--variant", "three-check", "-p", CASES[1].1])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1\n"
    );
}

#[test]
fn show_draws_a_variant_board() {
    let output = fenkit()
        .args(["show", "--variant", "horde", "-p", CASES[2].1])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(
        String::from_utf8(output.stdout)
            .unwrap()
            .contains("P P P P P P P P")
    );
}

#[test]
fn fix_reads_by_the_variant() {
    let dir = std::env::temp_dir().join(format!("fenkit-variant-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("pockets.fen");
    std::fs::write(
        &path,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq - 0 1\n",
    )
    .unwrap();
    fenkit()
        .args(["fix", "--variant", "crazyhouse"])
        .arg(&path)
        .assert()
        .code(0);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_s_variant_tag_chooses_its_rules() {
    let game = "[Event \"x\"]\n[Variant \"Horde\"]\n[SetUp \"1\"]\n\
                [FEN \"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\"]\n\n*\n";
    let output = fenkit()
        .args(["check", "--notation", "pgn", "-"])
        .write_stdin(game)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("1 record: 1 valid"), "{stdout}");
}

#[test]
fn an_unknown_variant_is_a_usage_error_that_lists_the_names() {
    let output = fenkit()
        .args([
            "check",
            "--variant",
            "xiangqi",
            "-p",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("unknown variant `xiangqi`"), "{stderr}");
    assert!(stderr.contains("racing-kings"), "{stderr}");
}
