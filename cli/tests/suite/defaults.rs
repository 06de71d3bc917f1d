//! What chess users mean by default: standard castling in games whose tags name no Chess960,
//! a `[FEN]` tag read as a FEN, records in file order, codes chosen with `--select` and
//! `--ignore`, the board a draughts file needs, and `fmt --check` honest about what it cannot
//! read.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;
use fenkit::{DraughtsFen, Fen, ParseOptions};
use serde_json::{Value, json};

use crate::lsp_client::Client;

fn fenkit() -> Command {
    let mut command = Command::cargo_bin("fenkit").unwrap();
    command.env("NO_COLOR", "1").env("COLUMNS", "100");
    command
}

fn temp_file(name: &str, contents: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fenkit-defaults-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// `(stdout, stderr, exit code)` of `fenkit ARGS` with `stdin`.
fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let output = fenkit().args(args).write_stdin(stdin).output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

/// The `(line, code)` of every diagnostic of `check --format json`, in output order.
fn json_codes(stdout: &str) -> Vec<(u64, String)> {
    stdout
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|record| record.get("line").is_some())
        .flat_map(|record| {
            let line = record["line"].as_u64().unwrap();
            record["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| (line, d["code"].as_str().unwrap().to_owned()))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A game whose FEN has `KQq` with the black king castled on g8 (as a lichess study has it),
/// under a `[Variant]` tag of `variant` (none when empty).
fn game_castled_black(variant: &str) -> String {
    let tag = if variant.is_empty() {
        String::new()
    } else {
        format!("[Variant \"{variant}\"]\n")
    };
    format!(
        "[Event \"study\"]\n{tag}[SetUp \"1\"]\n[FEN \"r4rk1/8/8/8/8/8/8/R3K2R w KQq - 0 1\"]\n\n1. O-O *\n"
    )
}

#[test]
fn a_game_is_standard_chess_unless_its_variant_says_chess960() {
    for variant in ["", "Standard", "From Position"] {
        let path = temp_file("castled.pgn", &game_castled_black(variant));
        let (stdout, _, code) = run(&["check", "--format", "json", path.to_str().unwrap()], "");
        assert_eq!(code, 1, "{variant:?}");
        assert_eq!(
            json_codes(&stdout),
            [(
                3 + u64::from(!variant.is_empty()),
                "fenkit::fen::castling_not_standard".to_owned()
            )],
            "{variant:?}"
        );
    }
    for variant in ["Chess960", "fischerandom"] {
        let path = temp_file("castled960.pgn", &game_castled_black(variant));
        fenkit()
            .args(["check", "-q", path.to_str().unwrap()])
            .assert()
            .code(0);
    }
    // The option too, for games whose tags name no Chess960.
    let path = temp_file("castled-option.pgn", &game_castled_black(""));
    fenkit()
        .args([
            "check",
            "-q",
            "--castling",
            "chess960",
            path.to_str().unwrap(),
        ])
        .assert()
        .code(0);
}

#[test]
fn variants_that_start_from_the_standard_position_castle_as_standard_chess() {
    // King on d1 with `KQ`: python-chess refuses it in these variants.
    let record = "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
    for variant in ["atomic", "king-of-the-hill", "three-check", "crazyhouse"] {
        let (stdout, _, code) = run(
            &[
                "check",
                "--format",
                "json",
                "--variant",
                variant,
                "-p",
                record,
            ],
            "",
        );
        assert_eq!(code, 1, "{variant}");
        let codes = json_codes(&stdout);
        assert!(
            codes
                .iter()
                .any(|(_, code)| code == "fenkit::fen::castling_not_standard"),
            "{variant}: {codes:?}"
        );
    }
}

#[test]
fn a_fen_tag_holds_a_fen_and_fix_writes_only_fens_into_it() {
    let text = "[Event \"a\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/k1K5 b - - bm Kb2;\"]\n\n1... Kb2 *\n\n\
                [Event \"b\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x\"]\n\n1. e4 *\n\n\
                [Event \"c\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w QKkq - 0 1\"]\n\n1. e4 *\n\n\
                [Event \"d\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - -\"]\n\n1. Kd2 *\n\n\
                [Event \"e\"]\n[GameType \"20\"]\n[FEN \"W:W31-50:B1-20.\"]\n\n1. 32-28 *\n";
    let path = temp_file("fen-tags.pgn", text);
    let path = path.to_str().unwrap();
    let (stdout, _, _) = run(&["check", "--format", "json", path], "");
    let codes = json_codes(&stdout);
    // An EPD-shaped value gets FEN's diagnostics, never EPD's.
    assert!(
        codes
            .iter()
            .all(|(_, code)| !code.starts_with("fenkit::epd::")),
        "{codes:?}"
    );
    assert!(codes.contains(&(3, "fenkit::fen::invalid_halfmove_clock".to_owned())));
    assert!(codes.contains(&(9, "fenkit::fen::extra_fields".to_owned())));

    // Every value `fix` writes into a tag reads back as the notation of its game.
    // Records nothing can fix stay: exit 1.
    fenkit().args(["fix", path]).assert().code(1);
    let fixed = std::fs::read_to_string(path).unwrap();
    let mut game_type = None;
    for line in fixed.lines() {
        if line.starts_with("[Event") {
            game_type = None;
        }
        if let Some(value) = line.strip_prefix("[GameType \"") {
            game_type = value.strip_suffix("\"]").map(str::to_owned);
        }
        let Some(value) = line
            .strip_prefix("[FEN \"")
            .and_then(|value| value.strip_suffix("\"]"))
        else {
            continue;
        };
        if text.contains(line) {
            continue; // left as it was
        }
        let options = ParseOptions::strict();
        let valid = match game_type.as_deref() {
            Some("20") => DraughtsFen::parse(value.as_bytes(), &options).is_valid(),
            _ => Fen::parse(value.as_bytes(), &options).is_valid(),
        };
        assert!(valid, "fix wrote `{value}` into a FEN tag");
    }
    assert!(fixed.contains("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]"));
    assert!(fixed.contains("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]"));
    assert!(fixed.contains("[FEN \"W:W31-50:B1-20\"]"));
    assert!(!fixed.contains("hmvc"), "{fixed}");
}

#[test]
fn an_antichess_board_without_pieces_is_no_position() {
    let (stdout, _, code) = run(
        &[
            "check",
            "--format",
            "json",
            "--variant",
            "antichess",
            "-p",
            "8/8/8/8/8/8/8/8 w - - 0 70",
        ],
        "",
    );
    assert_eq!(code, 1);
    assert_eq!(
        json_codes(&stdout),
        [(1, "fenkit::variant::empty_board".to_owned())]
    );
}

/// A PDN tag section where a FEN tag waits for the section's end while later lines are judged
/// at once: a FEN with a trailing dot (line 3), an unclosed FEN tag (4), a stray line (6).
const ORDER: &str = "[GameType \"20\"]\n[FEN \"W:W31-50:B1-20\"]\n[FEN \"W:W31-50:B1-20.\"]\n\
                     [FEN \"W:W31-50:B1-20\n[Event \"x\"]\nW:W31-50:B1-2x\n\n1. 32-28 *\n";

#[test]
fn records_come_out_in_file_order_in_every_format() {
    let (stdout, _, _) = run(&["check", "--notation", "pdn", "--format", "json"], ORDER);
    let lines: Vec<u64> = stdout
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter_map(|record| record["line"].as_u64())
        .collect();
    assert_eq!(lines, [2, 3, 4, 6]);
    let path = temp_file("order.pdn", ORDER);
    let (stdout, _, _) = run(&["check", "--format", "short", path.to_str().unwrap()], "");
    let lines: Vec<&str> = stdout
        .lines()
        .map(|line| line.split(':').nth(1).unwrap())
        .collect();
    assert_eq!(lines, ["3", "4", "6"], "{stdout}");
    let (stdout, _, _) = run(&["check", path.to_str().unwrap()], "");
    let at = |needle: &str| stdout.find(needle).unwrap();
    assert!(at("order.pdn:3:") < at("order.pdn:4:") && at("order.pdn:4:") < at("order.pdn:6:"));
}

#[test]
fn the_language_server_publishes_in_file_order_and_with_the_chosen_codes() {
    let uri = "file:///tmp/order.pdn";
    let mut client = Client::start(Value::Null);
    client.open(uri, "pdn", ORDER);
    let lines: Vec<u64> = client
        .diagnostics(uri, 1)
        .iter()
        .map(|d| d["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [2, 3, 5]);
    client.shut_down();

    let mut client = Client::start(json!({"ignore": ["trailing_dot"], "select": "fenkit::pdn"}));
    client.open(uri, "pdn", ORDER);
    let codes: Vec<String> = client
        .diagnostics(uri, 1)
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        codes,
        [
            "fenkit::pdn::tag_syntax",
            "fenkit::pdn::unexpected_character"
        ]
    );
    client.shut_down();
}

#[test]
fn fmt_check_fails_on_a_record_it_cannot_read() {
    let path = temp_file(
        "comment.pdn",
        "[Event \"x\"]\n[FEN \"W:W31-50:B1-20\"]\n\n1. 32-28 { never closed\n",
    );
    fenkit()
        .args(["fmt", "--check", path.to_str().unwrap()])
        .assert()
        .code(1);
    fenkit()
        .args(["fix", "--check", path.to_str().unwrap()])
        .assert()
        .code(1);
    // A clean file still passes.
    let path = temp_file("clean.fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    fenkit()
        .args(["fmt", "--check", path.to_str().unwrap()])
        .assert()
        .code(0);
}

#[test]
fn explain_quotes_a_code_as_it_was_typed() {
    let (_, stderr, code) = run(&["explain", "E0001"], "");
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with("fenkit: unknown code `E0001`"),
        "{stderr}"
    );
}

#[test]
fn ignore_and_select_choose_the_codes_and_the_summary_counts_the_rest() {
    let dots = "W:W31-50:B1-20.\nW:W31-50:B1-20.\nW:W31-50:B1-2x\n";
    let path = temp_file("dots.txt", dots);
    let path = path.to_str().unwrap();
    let (stdout, _, code) = run(&["check", "--ignore", "trailing_dot", path], "");
    assert_eq!(code, 1);
    assert!(!stdout.contains("trailing_dot"), "{stdout}");
    assert!(
        stdout.ends_with("3 records: 2 valid, 1 invalid (1 error, 0 warnings, 2 ignored)\n"),
        "{stdout}"
    );
    let (stdout, _, _) = run(
        &[
            "check",
            "--format",
            "json",
            "--select",
            "pdn::trailing_dot",
            path,
        ],
        "",
    );
    // The error that kept the third record from being read is shown whatever is selected, as
    // ruff shows a syntax error.
    assert_eq!(
        json_codes(&stdout),
        [
            (1, "fenkit::pdn::trailing_dot".to_owned()),
            (2, "fenkit::pdn::trailing_dot".to_owned()),
            (3, "fenkit::pdn::unexpected_character".to_owned())
        ]
    );
    let summary: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(summary["summary"]["invalid"], 1);
    assert!(summary["summary"].get("ignored").is_none(), "{summary}");
    let (stdout, _, _) = run(
        &[
            "check",
            "--format",
            "json",
            "--select",
            "pdn::whitespace",
            path,
        ],
        "",
    );
    let summary: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(summary["summary"]["ignored"], 2);
    assert_eq!(summary["summary"]["warnings"], 0);

    // An ignored legality error makes its record valid; an error that left no value does not.
    let castled = "r5k1/8/8/8/8/8/8/4K3 w q - 0 1";
    fenkit()
        .args([
            "check",
            "-q",
            "--ignore",
            "castling_not_standard",
            "-p",
            castled,
        ])
        .assert()
        .code(0);
    let (stdout, _, code) = run(
        &[
            "check",
            "--format",
            "short",
            "--ignore",
            "fen",
            "-p",
            "8/8/8/8/8/8/8/k1K6 w - - 0 1",
        ],
        "",
    );
    assert_eq!(code, 1);
    assert!(stdout.contains("fenkit::fen::rank_too_long"), "{stdout}");

    // A name that stands for no code is a usage error, quoted as typed.
    let (_, stderr, code) = run(&["check", "--ignore", "E0001", "-p", castled], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown code `E0001`"), "{stderr}");
}

#[test]
fn a_draughts_file_of_an_8x8_game_is_told_its_board() {
    let path = temp_file("checkers.txt", "W:W5,22-32:B1-4,6-12\n");
    let (stdout, _, code) = run(&["check", path.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(
        stdout.contains("fenkit::pdn::man_on_promotion_row"),
        "{stdout}"
    );
    assert!(stdout.contains("`--board english`"), "{stdout}");
    assert!(stdout.contains("[GameType \"21\"]"), "{stdout}");
    fenkit()
        .args(["check", "-q", "--board", "english", path.to_str().unwrap()])
        .assert()
        .code(0);
    // A position no 8x8 board holds gets no such hint.
    let path = temp_file("international.txt", "W:W5,31-50:B1-4,6-20\n");
    let (stdout, _, _) = run(&["check", path.to_str().unwrap()], "");
    assert!(!stdout.contains("--board english"), "{stdout}");
}

#[test]
fn fix_names_what_it_leaves_and_keeps_to_the_chosen_codes() {
    let path = temp_file(
        "comment-fix.pdn",
        "[Event \"x\"]\n[FEN \"W:W31-50:B1-20\"]\n\n1. 32-28 { never closed\n",
    );
    let (_, stderr, code) = run(&["fix", path.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(
        stderr.contains(
            ":4:10: error[fenkit::pdn::unclosed_comment]: the `{` comment is never closed\n"
        ),
        "{stderr}"
    );
    let records = "8/8/8/8/8/8/8/k1K6 w - - 0 1\nW:W31-50:B1-20.\nr5k1/8/8/8/8/8/8/4K3 w q - 0 1\n";
    let path = temp_file("left.txt", records);
    let name = path.to_str().unwrap();
    let (_, stderr, code) = run(&["fix", "--ignore", "castling_not_standard", name], "");
    assert_eq!(code, 1);
    assert_eq!(
        stderr,
        format!(
            "{name}:1:15: error[fenkit::fen::rank_too_long]: rank 1 `k1K6` covers 9 squares, not 8\n\
             1 line changed, 1 invalid record left as it is\n"
        )
    );
    // The ignored error let the castled record be written as it is, valid.
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "8/8/8/8/8/8/8/k1K6 w - - 0 1\nW:W31-50:B1-20\nr5k1/8/8/8/8/8/8/4K3 w q - 0 1\n"
    );
    let (_, stderr, code) = run(&["fmt", "--check", "--select", "fenkit::pdn", name], "");
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.ends_with("0 lines would change, 1 invalid record left as it is\n"),
        "{stderr}"
    );
}
