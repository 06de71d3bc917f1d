//! `fenkit lsp` driven over JSON-RPC on its stdin and stdout, as an editor drives it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::pgn::GameScanner;
use fenkit::{ParseOptions, Severity, SpanColumns};
use serde_json::{Value, json};

use crate::common;
use crate::lsp_client::{Client, places, places_from_check};

const URI: &str = "file:///tmp/positions.fen";

#[test]
fn diagnostics_on_open_and_change_with_utf16_ranges() {
    let mut client = Client::start(Value::Null);
    let text = "# a comment\n\
                rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPPP/RNBQKBNR x KQkq e4 0 1\n\
                \n\
                k😀/8/8/8/8/8/8/K7 x - - 0 1\r\n\
                4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    client.open(URI, "fen", text);
    let diagnostics = client.diagnostics(URI, 1);
    let found = places(&diagnostics);
    // `😀` is two UTF-16 code units: the `x` after it is at character 19, not 18 or 21.
    let expected = [
        ("fenkit::fen::rank_too_long", 1, 28, 37),
        ("fenkit::fen::invalid_side_to_move", 1, 47, 48),
        ("fenkit::fen::en_passant_rank", 1, 55, 56),
        // The rank holding `😀` is not measured as well: one character, one diagnostic.
        ("fenkit::fen::non_ascii", 3, 1, 3),
        ("fenkit::fen::invalid_side_to_move", 3, 19, 20),
    ];
    let expected: Vec<_> = expected
        .iter()
        .map(|&(code, line, start, end)| (code.to_string(), line, start, end))
        .collect();
    assert_eq!(found, expected);

    let first = &diagnostics[0];
    assert_eq!(first["severity"], 1);
    assert_eq!(first["source"], "fenkit");
    assert!(first["message"].as_str().unwrap().contains("\nhelp: "));
    let href = first["codeDescription"]["href"].as_str().unwrap();
    assert_eq!(href, fenkit::codes::url("fenkit::fen::rank_too_long"));

    // A change replaces the text: the new version's diagnostics only.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2},
               "contentChanges": [{"text": "4k3/8/8/8/8/8/8/4K3 w KQ e6 0 1\n"}]}),
    );
    let diagnostics = client.diagnostics(URI, 2);
    let codes: Vec<_> = places(&diagnostics).into_iter().map(|p| p.0).collect();
    assert_eq!(
        codes,
        [
            "fenkit::fen::castling_without_rook",
            "fenkit::fen::castling_without_rook",
            "fenkit::fen::en_passant_no_pawn",
        ]
    );
    // Secondary labels are related information at their own ranges.
    let related = &diagnostics[0]["relatedInformation"][0];
    assert_eq!(related["message"], "no white rook on f1-h1");
    assert_eq!(related["location"]["uri"], URI);
    assert_eq!(
        related["location"]["range"]["start"],
        json!({"line": 0, "character": 18})
    );
    assert_eq!(
        related["location"]["range"]["end"],
        json!({"line": 0, "character": 19})
    );

    // Closing clears the document's diagnostics.
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": URI}}),
    );
    let cleared = client.wait_for(|message| {
        message["method"] == "textDocument/publishDiagnostics" && message["params"]["uri"] == URI
    });
    assert_eq!(cleared["params"]["diagnostics"], json!([]));
    client.shut_down();
}

#[test]
fn ranges_match_the_cli_json_on_the_tour() {
    let tour = std::fs::read_to_string(common::repo("examples/tour.txt")).unwrap();
    let mut client = Client::start(Value::Null);
    let uri = "file:///tmp/tour.txt";
    client.open(uri, "fen", &tour);
    let from_lsp = places(&client.diagnostics(uri, 1));
    client.shut_down();

    let from_cli = places_from_check(common::repo("examples/tour.txt").to_str().unwrap());
    assert!(from_cli.len() > 30, "the tour has many diagnostics");
    assert_eq!(from_lsp, from_cli);
}

#[test]
fn pdn_documents_read_fen_tags_with_the_game_type() {
    let mut client = Client::start(Value::Null);
    let uri = "file:///tmp/games.pdn";
    // On the English board (GameType 21) square 33 does not exist; the Event tag is skipped.
    let text = "[Event \"x\"]\n[GameType \"21\"]\n[FEN \"W:W21-33:B1-12\"]\n1. 9-14 *\n";
    client.open(uri, "plaintext", text);
    let found = places(&client.diagnostics(uri, 1));
    assert_eq!(
        found,
        [("fenkit::pdn::square_out_of_range".to_string(), 2, 12, 14)]
    );
    client.shut_down();
}

#[test]
fn documents_of_other_languages_are_left_alone() {
    let mut client = Client::start(Value::Null);
    client.open("file:///tmp/notes.txt", "plaintext", "x y z\n");
    client.open(URI, "fen", "8/8/8/8/8/8/8/8 x - - 0 1\n");
    // The first publication is the fen document's: the notes got none.
    let first = client.wait_for(|message| message["method"] == "textDocument/publishDiagnostics");
    assert_eq!(first["params"]["uri"], URI);
    client.shut_down();
}

#[test]
fn hover_shows_the_board_of_a_valid_record() {
    let mut client = Client::start(Value::Null);
    let text = "# comment\n4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n4k3/8/8 x\n";
    client.open(URI, "fen", text);
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 1, "character": 3}}),
    );
    assert_eq!(hover["contents"]["kind"], "markdown");
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(value.starts_with("fen position\n```text\n"), "{value}");
    assert!(value.contains("2 | . . . . P . . . |"), "{value}");
    assert!(value.ends_with("```"), "{value}");
    assert_eq!(hover["range"]["start"], json!({"line": 1, "character": 0}));
    // A comment and an invalid record have no board.
    for line in [0, 2] {
        let hover = client.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": 0}}),
        );
        assert_eq!(hover, Value::Null, "line {line}");
    }
    client.shut_down();
}

#[test]
fn formatting_writes_valid_records_canonically_and_keeps_the_rest() {
    let mut client = Client::start(json!({"lenient": true}));
    let text = "% comment\n\
                rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  W KQkq - 0 0\r\n\
                4k3/8/8 x\n\
                4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    client.open(URI, "fen", text);
    // Lenient: the dialect line is a warning, not an error.
    let diagnostics = client.diagnostics(URI, 1);
    assert!(diagnostics.iter().any(|d| d["severity"] == 2));
    let edits = client.format(URI);
    assert_eq!(
        edits,
        json!([{
            "range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 57}},
            "newText": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        }])
    );
    client.shut_down();
}

#[test]
fn unknown_requests_get_method_not_found() {
    let mut client = Client::start(Value::Null);
    client
        .send(&json!({"jsonrpc": "2.0", "id": 99, "method": "textDocument/rename", "params": {}}));
    let response = client.wait_for(|message| message["id"] == 99);
    assert_eq!(response["error"]["code"], -32601);
    client.shut_down();
}

#[test]
fn quick_edits_of_a_large_document_publish_in_order_ending_with_the_newest() {
    let mut client = Client::start(Value::Null);
    let line = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPPP/RNBQKBNR x KQkq e4 0 1\n";
    let large = line.repeat(5000);
    client.open(URI, "fen", &large);
    for version in 2..=10 {
        let text = if version == 10 {
            "8/8 w - - 0 1\n"
        } else {
            &large
        };
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version},
                   "contentChanges": [{"text": text}]}),
        );
    }
    // Stale versions may be dropped, but never published after a newer one.
    let mut seen = Vec::new();
    loop {
        let message =
            client.wait_for(|message| message["method"] == "textDocument/publishDiagnostics");
        let version = message["params"]["version"].as_i64().unwrap();
        seen.push(version);
        if version == 10 {
            assert_eq!(
                message["params"]["diagnostics"].as_array().unwrap().len(),
                1
            );
            break;
        }
    }
    assert!(seen.windows(2).all(|pair| pair[0] < pair[1]), "{seen:?}");
    client.shut_down();
}

#[test]
fn code_actions_offer_each_fix_as_a_quick_fix() {
    let mut client = Client::start(Value::Null);
    let text = "# x\n4k3/44/8/8/8/8/8/4K3 W - - 0 1\nk😀/8/8/8/8/8/8/K7 w kqKX - 0 1\n";
    client.open(URI, "fen", text);
    client.diagnostics(URI, 1);
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI},
               "range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 0}},
               "context": {"diagnostics": []}}),
    );
    let actions = actions.as_array().unwrap();
    let titles: Vec<_> = actions
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Replace `44` with `8`", "Replace `W` with `w`"]);
    let first = &actions[0];
    assert_eq!(first["kind"], "quickfix");
    assert_eq!(first["isPreferred"], true);
    assert_eq!(
        first["diagnostics"][0]["code"],
        "fenkit::fen::adjacent_digits"
    );
    assert_eq!(
        first["edit"]["changes"][URI],
        json!([{"range": {"start": {"line": 1, "character": 4}, "end": {"line": 1, "character": 6}},
                "newText": "8"}])
    );
    // A guess is offered but not preferred; its range counts `😀` as two UTF-16 units.
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI},
               "range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 5}},
               "context": {"diagnostics": []}}),
    );
    let guess = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["diagnostics"][0]["code"] == "fenkit::fen::castling_order")
        .unwrap();
    assert_eq!(guess["title"], "Replace `kqKX` with `Kkq` (check it)");
    assert_eq!(guess["isPreferred"], false);
    let range = &guess["edit"]["changes"][URI][0]["range"];
    assert_eq!(range["start"], json!({"line": 2, "character": 21}));
    client.shut_down();
}

#[test]
fn formatting_in_strict_mode_applies_the_safe_fixes_as_fix_does() {
    let mut client = Client::start(Value::Null);
    let text = "4k3/44/8/8/8/8/8/4K3 W - - 0 1\r\n# keep\n4k3/8/8 x\n";
    client.open(URI, "fen", text);
    client.diagnostics(URI, 1);
    let edits = client.format(URI);
    assert_eq!(
        edits,
        json!([{
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 30}},
            "newText": "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
        }])
    );
    // In a PDN document the tag keeps its wrapping.
    let uri = "file:///tmp/games.pdn";
    client.open(uri, "pdn", "[Event \"x\"]\n[FEN \"w:W31-50:B1-20.\"]\n");
    client.diagnostics(uri, 1);
    let edits = client.format(uri);
    assert_eq!(edits[0]["newText"], "[FEN \"W:W31-50:B1-20\"]");
    assert_eq!(edits.as_array().unwrap().len(), 1);
    client.shut_down();
}

#[test]
fn standard_castling_unless_the_initialization_options_say_chess960() {
    let chess960 = "bbqnrkrn/pppppppp/8/8/8/8/PPPPPPPP/BBQNRKRN w KQkq - 0 1\n";
    for options in [
        json!({"castling": "chess960"}),
        json!({"variant": "chess960"}),
    ] {
        let mut client = Client::start(options);
        client.open(URI, "fen", chess960);
        assert_eq!(client.diagnostics(URI, 1), Vec::<Value>::new());
        client.shut_down();
    }

    let mut client = Client::start(Value::Null);
    client.open(URI, "fen", chess960);
    let found = client.diagnostics(URI, 1);
    assert!(!found.is_empty());
    assert!(
        found
            .iter()
            .all(|diagnostic| diagnostic["code"] == "fenkit::fen::castling_not_standard"),
        "{found:?}"
    );
    client.shut_down();
}

#[test]
fn the_variant_from_the_initialization_options() {
    let horde = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\n";
    let mut client = Client::start(Value::Null);
    client.open(URI, "fen", horde);
    assert!(
        !client.diagnostics(URI, 1).is_empty(),
        "chess rules: no white king"
    );
    client.shut_down();

    let mut client = Client::start(json!({"variant": "horde"}));
    client.open(URI, "fen", horde);
    assert_eq!(client.diagnostics(URI, 1), Vec::<Value>::new());
    client.shut_down();
}

/// A chess game file: a FEN with two spaces before `w` in a game whose `[FEN]` comes before its
/// `[SetUp "1"]` and `[Variant "Chess960"]`, a Crazyhouse game, a SetUp without FEN, a stray
/// record between games and a valid FEN without SetUp.
const PGN: &str = "[Event \"Casual\"]\n\
                   [White \"Anna\"]\n\
                   [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1\"]\n\
                   [SetUp \"1\"]\n\
                   [Variant \"Chess960\"]\n\
                   \n\
                   1. e4 e5 2. Nf3 *\n\
                   \n\
                   [Event \"Zh\"]\n\
                   [Variant \"Crazyhouse\"]\n\
                   [SetUp \"1\"]\n\
                   [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\
                   \n\
                   1. e4 *\n\
                   \n\
                   8/8 w - - 0 1\n\
                   [Event \"No FEN\"]\n\
                   [SetUp \"1\"]\n\
                   \n\
                   1. d4 *\n\
                   \n\
                   [Event \"Ending\"]\n\
                   [FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\
                   \n\
                   1. e4 *\n";

/// `(code, line, start, end)` of each diagnostic `fenkit::pgn::GameScanner` reports in `text`,
/// in LSP's terms (0-based lines, UTF-16 characters).
fn places_from_scanner(text: &str) -> Vec<(String, u64, u64, u64)> {
    let mut scanner = GameScanner::new(ParseOptions::strict().validated());
    let mut records = Vec::new();
    for line in text.split('\n') {
        records.extend(scanner.scan_line(line.as_bytes()));
    }
    records.extend(scanner.finish());
    records.sort_by_key(|record| record.line);
    let mut found = Vec::new();
    for record in &records {
        for diagnostic in &record.parsed.diagnostics {
            let columns = SpanColumns::of(&record.text, diagnostic.span().unwrap());
            found.push((
                diagnostic.code().to_string(),
                record.line as u64 - 1,
                columns.column_utf16 as u64 - 1,
                columns.end_column_utf16 as u64 - 1,
            ));
        }
    }
    found
}

#[test]
fn pgn_documents_read_fen_tags_by_their_games_tags() {
    let mut client = Client::start(Value::Null);
    let uri = "file:///tmp/games.pgn";
    client.open(uri, "plaintext", PGN);
    let from_lsp = places(&client.diagnostics(uri, 1));
    let expected: Vec<_> = [
        // Two spaces before `w`; the SetUp after the FEN is its SetUp.
        ("fenkit::fen::field_separator", 2, 49, 51),
        // A crazyhouse game's FEN without its pocket.
        ("fenkit::variant::missing_pocket", 11, 6, 49),
        // A stray record between games is read too.
        ("fenkit::fen::too_few_ranks", 15, 0, 3),
        ("fenkit::pgn::setup_without_fen", 17, 8, 9),
        ("fenkit::pgn::fen_without_setup", 22, 6, 37),
    ]
    .iter()
    .map(|&(code, line, start, end)| (code.to_string(), line, start, end))
    .collect();
    assert_eq!(from_lsp, places_from_scanner(PGN));
    assert_eq!(from_lsp, expected);
    // The language id alone makes a game file of another extension.
    let other = "file:///tmp/games.txt";
    client.open(other, "pgn", PGN);
    assert_eq!(places(&client.diagnostics(other, 1)), from_lsp);
    client.shut_down();
}

#[test]
fn hover_and_code_actions_on_pgn_fen_tags() {
    let mut client = Client::start(Value::Null);
    let uri = "file:///tmp/games.pgn";
    client.open(uri, "pgn", PGN);
    client.diagnostics(uri, 1);
    // The valid FEN of the last game (only a warning: no SetUp) has a board.
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 22, "character": 8}}),
    );
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(value.starts_with("fen position\n```text\n"), "{value}");
    assert!(value.contains("2 | . . . . P . . . |"), "{value}");
    assert_eq!(hover["range"]["start"], json!({"line": 22, "character": 0}));
    // The invalid FEN, the unjudged Crazyhouse FEN and a plain tag have none.
    for line in [0, 2, 11] {
        let hover = client.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": 8}}),
        );
        assert_eq!(hover, Value::Null, "line {line}");
    }
    // The fix of the FEN tag's value, at its place in the line.
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri},
               "range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}},
               "context": {"diagnostics": []}}),
    );
    let actions = actions.as_array().unwrap();
    assert_eq!(actions.len(), 1, "{actions:?}");
    let action = &actions[0];
    assert_eq!(action["kind"], "quickfix");
    assert_eq!(
        action["diagnostics"][0]["code"],
        "fenkit::fen::field_separator"
    );
    let edits = &action["edit"]["changes"][uri];
    assert_eq!(edits[0]["range"]["start"]["line"], 2);
    let mut line = PGN.lines().nth(2).unwrap().to_string();
    for edit in edits.as_array().unwrap().iter().rev() {
        let start = edit["range"]["start"]["character"].as_u64().unwrap() as usize;
        let end = edit["range"]["end"]["character"].as_u64().unwrap() as usize;
        line.replace_range(start..end, edit["newText"].as_str().unwrap());
    }
    assert_eq!(
        line,
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]"
    );
    client.shut_down();
}

#[test]
fn a_variant_tag_after_the_fen_chooses_its_castling() {
    let mut client = Client::start(json!({"castling": "standard"}));
    let uri = "file:///tmp/chess960.pgn";
    let fen = "[FEN \"bbqnrkrn/pppppppp/8/8/8/8/PPPPPPPP/BBQNRKRN w KQkq - 0 1\"]";
    let text = format!(
        "[Event \"960\"]\n{fen}\n[SetUp \"1\"]\n[Variant \"Chess960\"]\n\n1. d4 *\n\n\
         [Event \"Standard\"]\n{fen}\n[SetUp \"1\"]\n\n1. d4 *\n"
    );
    client.open(uri, "pgn", &text);
    let found = places(&client.diagnostics(uri, 1));
    assert!(!found.is_empty());
    assert!(
        found
            .iter()
            .all(|(code, line, ..)| code == "fenkit::fen::castling_not_standard" && *line == 8),
        "{found:?}"
    );
    client.shut_down();
}

/// `[code, severity, line, byte column, line, byte end column]` of each diagnostic
/// `GameScanner` reports in `text`, as Neovim holds them (0-based lines, byte columns).
fn byte_places_from_scanner(text: &str) -> Vec<Value> {
    let mut scanner = GameScanner::new(ParseOptions::strict().validated());
    let mut records = Vec::new();
    for line in text.split('\n') {
        records.extend(scanner.scan_line(line.as_bytes()));
    }
    records.extend(scanner.finish());
    let mut found: Vec<Value> = records
        .iter()
        .flat_map(|record| {
            record.parsed.diagnostics.iter().map(move |d| {
                let span = d.span().unwrap();
                let line = record.line - 1;
                let severity = match d.severity() {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                };
                json!([d.code(), severity, line, span.offset, line, span.end()])
            })
        })
        .collect();
    found.sort_by_key(Value::to_string);
    found
}

#[test]
fn the_neovim_check_expects_what_the_library_reports_in_its_pgn_file() {
    let text = std::fs::read_to_string(common::repo("tests/nvim/games.pgn")).unwrap();
    let expected = std::fs::read_to_string(common::repo("tests/nvim/games.expected.json")).unwrap();
    let mut expected: Vec<Value> = serde_json::from_str(&expected).unwrap();
    expected.sort_by_key(Value::to_string);
    let found = byte_places_from_scanner(&text);
    assert_eq!(
        found,
        expected,
        "tests/nvim/games.expected.json should be:\n{}",
        serde_json::to_string(&found).unwrap()
    );
    // And the server reports them at the same places, in UTF-16 characters.
    let mut client = Client::start(Value::Null);
    let uri = "file:///tmp/games.pgn";
    client.open(uri, "pgn", &text);
    assert_eq!(
        places(&client.diagnostics(uri, 1)),
        places_from_scanner(&text)
    );
    client.shut_down();
}

#[test]
fn formatting_a_pgn_document_rewrites_only_its_fen_values() {
    let mut client = Client::start(Value::Null);
    let uri = "file:///tmp/games.pgn";
    // The FEN waits for its SetUp tag; the second line's trailing comment stays.
    let text = "[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3  w - - 0 1\"] [White \"A\"]\n\
                [SetUp \"1\"]\n\n1. Kd2 {a comment} *\n";
    client.open(uri, "pgn", text);
    client.diagnostics(uri, 1);
    let edits = client.format(uri);
    assert_eq!(
        edits,
        json!([{
            "range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 38}},
            "newText": "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]"
        }])
    );
    client.shut_down();
}
