//! `fenkit lsp` within a small multiple of the document: the record limit in every request,
//! formatting as edits of the lines that change, and a warning for what it cannot use (an
//! unknown option or value, a URI it cannot read) rather than silence.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use serde_json::{Value, json};

use crate::lsp_client::Client;

const URI: &str = "file:///tmp/safety.fen";

/// Peak memory the server may reach (KiB) for the documents of these tests (a few MB each):
/// before the bounds, the 2 MB line took about 270 MB and the 20,000 lines to format 125 MB.
const PEAK_MEMORY_KIB: u64 = 60 * 1024;

fn assert_memory_bounded(client: &Client, what: &str) {
    if let Some(peak) = client.peak_memory_kib() {
        assert!(
            peak < PEAK_MEMORY_KIB,
            "{what}: fenkit lsp peaked at {peak} KiB, over {PEAK_MEMORY_KIB}"
        );
    }
}

#[test]
fn a_line_over_the_record_limit_is_one_diagnostic_in_every_request() {
    let mut client = Client::start(json!({}));
    // 2 MB of `x ` on one line: parsed, it is a million fields.
    let long = "x ".repeat(1 << 20);
    let text = format!("{long}\n4k3/8/8/8/8/8/8/4K3 W - - 0 1\n");
    client.open(URI, "fen", &text);
    let diagnostics = client.diagnostics(URI, 1);
    let codes: Vec<(&str, u64)> = diagnostics
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap(),
                d["range"]["start"]["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        codes[0],
        ("fenkit::input::record_too_long", 0),
        "{diagnostics:?}"
    );
    assert!(codes[1..].iter().all(|(_, line)| *line == 1), "{codes:?}");
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 3}}),
    );
    assert_eq!(hover, Value::Null);
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI},
               "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 9}},
               "context": {"diagnostics": []}}),
    );
    assert_eq!(actions, json!([]));
    let edits = client.format(URI);
    assert_eq!(edits.as_array().unwrap().len(), 1, "{edits}");
    assert_eq!(edits[0]["range"]["start"]["line"], 1);
    assert_memory_bounded(&client, "a 2 MB line");
    client.shut_down();
}

#[test]
fn the_record_limit_is_an_option_of_the_server() {
    let mut client = Client::spawn_with(&["--max-record-bytes", "10"]);
    client.open(URI, "fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    let diagnostics = client.diagnostics(URI, 1);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "fenkit::input::record_too_long");
    client.shut_down();
}

#[test]
fn formatting_many_lines_is_a_few_edits_in_bounded_memory() {
    let mut client = Client::start(json!({}));
    let bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1";
    let good = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let text = format!("{bad}\n").repeat(20_000) + "# a comment\n" + &format!("{bad}\r\n{bad}");
    client.open(URI, "fen", &text);
    let edits = client.format(URI);
    let edits = edits.as_array().unwrap();
    assert_eq!(edits.len(), 2);
    assert_eq!(
        edits[0]["range"],
        json!({"start": {"line": 0, "character": 0}, "end": {"line": 19_999, "character": 56}})
    );
    assert_eq!(
        edits[0]["newText"].as_str().unwrap(),
        format!("{good}\n").repeat(19_999) + good
    );
    assert_eq!(
        edits[1]["range"],
        json!({"start": {"line": 20_001, "character": 0}, "end": {"line": 20_002, "character": 56}})
    );
    assert_eq!(edits[1]["newText"], format!("{good}\r\n{good}"));
    assert_memory_bounded(&client, "formatting 20,000 lines");
    client.shut_down();
}

/// The `window/showMessage` warnings the server sends next, as many as `count`.
fn warnings(client: &mut Client, count: usize) -> Vec<String> {
    (0..count)
        .map(|_| {
            let message = client.wait_for(|message| message["method"] == "window/showMessage");
            assert_eq!(message["params"]["type"], 2, "{message}");
            message["params"]["message"].as_str().unwrap().to_string()
        })
        .collect()
}

#[test]
fn unknown_options_and_values_are_said() {
    let mut client = Client::start(json!({
        "variant": "bughouse",
        "castling": "shredder",
        "colour": true,
        "ignore": ["trailing_dot", "E0001"],
    }));
    let mut said = warnings(&mut client, 4);
    said.sort();
    assert!(
        said[0].contains("`castling` cannot be \"shredder\""),
        "{said:?}"
    );
    assert!(
        said[1].contains("`variant` cannot be \"bughouse\""),
        "{said:?}"
    );
    assert!(said[2].contains("unknown code `E0001`"), "{said:?}");
    assert!(
        said[3].contains("unknown initialization option `colour`"),
        "{said:?}"
    );
    // The defaults are kept: chess, standard castling, every code.
    client.open(URI, "fen", "r5k1/8/8/8/8/8/8/4K3 w q - 0 1\n");
    let codes: Vec<Value> = client
        .diagnostics(URI, 1)
        .iter()
        .map(|d| d["code"].clone())
        .collect();
    assert_eq!(codes, [json!("fenkit::fen::castling_not_standard")]);
    client.shut_down();
}

#[test]
fn a_uri_the_server_cannot_read_is_said() {
    let mut client = Client::start(json!({}));
    for uri in ["file:///tmp/with space.fen", "file:///tmp/caf\u{e9}.fen"] {
        client.open(uri, "fen", "4k3/8/8/8/8/8/8/4K3 W - - 0 1\n");
        let said = warnings(&mut client, 1);
        assert!(
            said[0].contains(&format!("cannot read the document {uri}")),
            "{said:?}"
        );
    }
    // A valid one is still served.
    client.open(URI, "fen", "4k3/8/8/8/8/8/8/4K3 W - - 0 1\n");
    assert_eq!(client.diagnostics(URI, 1).len(), 1);
    client.shut_down();
}
