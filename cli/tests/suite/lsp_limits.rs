//! `fenkit lsp` against a client that misbehaves: malformed, huge and unread messages, large
//! documents, lone `\r` line ends, and the shutdown/exit rules. The server must answer, keep
//! its memory bounded, and exit with the status the protocol sets.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::io::Write;
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

use crate::lsp_client::{Client, frame, places, places_from_check};

const URI: &str = "file:///tmp/limits.fen";

/// The server's peak memory may not pass this (KiB): a few MiB of its own plus what one bounded
/// publication and the documents at hand need. Without the bounds, the 200 KB document of `x`
/// lines alone took 1.8 GB and a `Content-Length` of 48 MiB took 48 MiB.
const PEAK_MEMORY_KIB: u64 = 40 * 1024;

/// The message body limit of the server (`Limits::SERVER`).
const MAX_MESSAGE_BYTES: usize = 16 << 20;

fn assert_memory_bounded(client: &Client, what: &str) {
    if let Some(peak) = client.peak_memory_kib() {
        assert!(
            peak < PEAK_MEMORY_KIB,
            "{what}: fenkit lsp peaked at {peak} KiB, over {PEAK_MEMORY_KIB}"
        );
    }
}

/// Asks for a hover and checks the answer comes: the server is alive and reading.
fn assert_answers(client: &mut Client) {
    let result = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///tmp/none.fen"},
               "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(result, Value::Null);
}

fn assert_error(response: &Value, code: i64, id: &Value) {
    assert_eq!(response["error"]["code"], code, "{response}");
    assert_eq!(&response["id"], id, "{response}");
}

#[test]
fn malformed_messages_are_answered_and_the_server_reads_on() {
    let mut client = Client::start(Value::Null);
    // Not JSON: a parse error, id null.
    let body = r#"{"jsonrpc":"2.0","id":1,"method""#;
    client.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    assert_error(&client.next_response(), -32700, &Value::Null);
    assert_answers(&mut client);
    // A batch, or no object: an invalid request, id null.
    for body in [
        "[]",
        "[{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"shutdown\"}]",
        "7",
    ] {
        client.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
        assert_error(&client.next_response(), -32600, &Value::Null);
    }
    // An object that is no message: invalid request, with its id.
    client.send(&json!({"jsonrpc": "2.0", "id": 41, "method": 3}));
    assert_error(&client.next_response(), -32600, &json!(41));
    assert_answers(&mut client);
    // A header without a byte count: a parse error; the frame after it is read.
    let body = json!({"jsonrpc": "2.0", "id": 42, "method": "textDocument/hover"}).to_string();
    client.send_raw(format!("Content-Length: many\r\n\r\n{body}").as_bytes());
    assert_error(&client.next_response(), -32700, &Value::Null);
    client.send_raw(format!("Content-Type: x\r\n\r\n{body}").as_bytes());
    assert_error(&client.next_response(), -32700, &Value::Null);
    assert_answers(&mut client);
    // A lone surrogate (half of `😀`) is read as U+FFFD: one non-ASCII character.
    let body = r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":
        {"uri":"file:///tmp/limits.fen","languageId":"fen","version":1,
         "text":"k\ud83d/8/8/8/8/8/8/K7 w - - 0 1"}}}"#;
    client.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    let found = places(&client.diagnostics(URI, 1));
    assert_eq!(found, [("fenkit::fen::non_ascii".to_string(), 0, 1, 2)]);
    // An unknown method made of a lone surrogate is just an unknown method.
    let body = r#"{"jsonrpc":"2.0","id":43,"method":"\udc00"}"#;
    client.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    assert_error(&client.next_response(), -32601, &json!(43));
    client.shut_down();
}

#[test]
fn a_huge_content_length_is_answered_at_once_and_never_allocated() {
    let mut client = Client::start(Value::Null);
    client.send_raw(b"Content-Length: 99999999999999\r\n\r\n{}");
    let response = client.next_response();
    assert_error(&response, -32600, &Value::Null);
    let message = response["error"]["message"].as_str().unwrap();
    assert!(message.contains("over the limit"), "{message}");
    assert_memory_bounded(&client, "after Content-Length: 99999999999999");
    // The promised bytes never come: the input ends without `exit`, status 1.
    drop(client.take_stdin());
    let status = client.wait_exit();
    assert_eq!(status.code(), Some(1), "{status}");
}

#[test]
fn an_over_limit_body_is_skipped_unread_and_the_next_message_is_served() {
    let mut client = Client::start(Value::Null);
    let length = 3 * MAX_MESSAGE_BYTES;
    client.send_raw(format!("Content-Length: {length}\r\n\r\n").as_bytes());
    assert_error(&client.next_response(), -32600, &Value::Null);
    let chunk = vec![b' '; 1 << 20];
    for _ in 0..length / chunk.len() {
        client.stdin().write_all(&chunk).unwrap();
    }
    assert_answers(&mut client);
    assert_memory_bounded(&client, "after a body of 48 MiB");
    client.shut_down();
}

#[test]
fn a_client_that_does_not_read_slows_the_server_but_cannot_block_it() {
    let mut client = Client::start(Value::Null);
    // 300 lines of `x`: each publication is about 400 KB, far more than a pipe holds.
    let text = "x\n".repeat(300);
    client.open(URI, "fen", &text);
    client.diagnostics(URI, 1);
    let gate = client.reading_gate();
    let stopped = gate.lock().unwrap();
    let mut stdin = client.take_stdin();
    let (done, finished) = mpsc::channel();
    let changes = std::thread::spawn(move || {
        for version in 2..=1001 {
            let change = json!({"jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": {"textDocument": {"uri": URI, "version": version},
                           "contentChanges": [{"text": format!("{text}# {version}\n")}]}});
            stdin.write_all(&frame(&change)).unwrap();
        }
        stdin.flush().unwrap();
        let _ = done.send(());
        stdin
    });
    // The server reads every change while its output waits: the writes end.
    let wrote = finished.recv_timeout(Duration::from_secs(60));
    if wrote.is_err() {
        let _ = client.child.kill();
    }
    assert!(wrote.is_ok(), "fenkit lsp stopped reading its input");
    client.give_stdin(changes.join().unwrap());
    assert_memory_bounded(&client, "with 1,000 changes unread");
    drop(stopped);
    // Stale publications were dropped: versions only go up, ending with the newest.
    let mut seen = Vec::new();
    loop {
        let message =
            client.wait_for(|message| message["method"] == "textDocument/publishDiagnostics");
        let version = message["params"]["version"].as_i64().unwrap();
        seen.push(version);
        if version == 1001 {
            break;
        }
    }
    assert!(seen.windows(2).all(|pair| pair[0] < pair[1]), "{seen:?}");
    assert!(
        seen.len() < 1000,
        "{} publications: none was dropped",
        seen.len()
    );
    assert_answers(&mut client);
    client.shut_down();
}

#[test]
fn a_200_kb_document_of_x_lines_gets_a_bounded_publication() {
    let mut client = Client::start(Value::Null);
    // 100,000 records of `x`, four errors each.
    let text = "x\n".repeat(100_000);
    client.open(URI, "fen", &text);
    let publication = client.publication(URI, 1);
    let size = publication.to_string().len();
    assert!(size < 600_000, "a publication of {size} bytes");
    let diagnostics = publication["params"]["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1001);
    let note = &diagnostics[1000];
    assert_eq!(note["severity"], 3);
    let message = note["message"].as_str().unwrap();
    assert!(
        message.starts_with("… and 399000 more diagnostics not shown (399000 errors, 0 warnings)"),
        "{message}"
    );
    // The first 250 records' errors are shown, in document order; the rest start on line 250.
    assert_eq!(diagnostics[999]["range"]["start"]["line"], 249);
    assert_eq!(note["range"]["start"], json!({"line": 250, "character": 0}));
    assert_memory_bounded(&client, "with a 200 KB document of `x` lines");
    assert_answers(&mut client);
    client.shut_down();
}

#[test]
fn a_game_file_whose_tag_section_never_ends_gets_a_bounded_publication() {
    let mut client = Client::start(Value::Null);
    // A FEN tag waits for the end of its tag section, which 100,000 stray `x` lines never
    // bring: their records may not pile up while it waits.
    let uri = "file:///tmp/limits.pgn";
    let mut text = String::from("[Event \"x\"]\n[FEN \"8/8 w - - 0 1\"]\n");
    text.push_str(&"x\n".repeat(100_000));
    client.open(uri, "pgn", &text);
    let diagnostics = client.diagnostics(uri, 1);
    assert_eq!(diagnostics.len(), 1001);
    // The records held in line order while the FEN waited went out in bounded batches: the FEN
    // tag, judged early when the batch was full, comes first, in file order.
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 1);
    assert_eq!(diagnostics[1]["range"]["start"]["line"], 2);
    assert_memory_bounded(&client, "with a game file of 100,000 stray lines");
    assert_answers(&mut client);
    client.shut_down();
}

#[test]
fn errors_are_shown_before_warnings_at_the_bound() {
    let mut client = Client::start(json!({"lenient": true}));
    // Lenient: 2,000 records with one warning each (a `W`), then one error.
    let mut text = "4k3/8/8/8/8/8/8/4K3 W - - 0 1\n".repeat(2000);
    text.push_str("x/8/8/8/8/8/8/4K3 w - - 0 1\n");
    client.open(URI, "fen", &text);
    let diagnostics = client.diagnostics(URI, 1);
    assert_eq!(diagnostics.len(), 1001);
    let errors: Vec<_> = diagnostics.iter().filter(|d| d["severity"] == 1).collect();
    assert!(!errors.is_empty(), "the errors are kept over warnings");
    assert!(errors.iter().all(|d| d["range"]["start"]["line"] == 2000));
    // The warnings kept are the first, in document order, and the errors follow them.
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 0);
    assert_eq!(diagnostics[0]["severity"], 2);
    assert_eq!(diagnostics[999]["severity"], 1);
    client.shut_down();
}

#[test]
fn a_lone_cr_ends_a_line_as_check_reads_it() {
    let text = "# a comment\r\
                4k3/44/8/8/8/8/8/4K3 W - - 0 1\r\
                4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\r\n\
                8/8 x\r\
                k😀/8/8/8/8/8/8/K7 x - - 0 1\r";
    let path = std::env::temp_dir().join(format!("fenkit-lsp-cr-{}.fen", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let from_cli = places_from_check(path.to_str().unwrap());
    std::fs::remove_file(&path).unwrap();

    let mut client = Client::start(Value::Null);
    client.open(URI, "fen", text);
    let from_lsp = places(&client.diagnostics(URI, 1));
    assert!(from_cli.len() > 4, "{from_cli:?}");
    assert_eq!(from_lsp, from_cli);
    let lines: Vec<_> = from_lsp.iter().map(|place| place.1).collect();
    assert!(lines.contains(&1) && lines.contains(&3) && lines.contains(&4));
    // Hover, formatting and code actions count lines the same way.
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 2, "character": 0}}),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("2 | . . . . P . . . |")
    );
    let edits = client.format(URI);
    assert_eq!(
        edits,
        json!([{
            "range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 30}},
            "newText": "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
        }])
    );
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI},
               "range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 0}},
               "context": {"diagnostics": []}}),
    );
    let titles: Vec<_> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Replace `44` with `8`", "Replace `W` with `w`"]);
    client.shut_down();
}

#[test]
fn exit_without_shutdown_is_status_1() {
    let mut client = Client::start(Value::Null);
    client.notify("exit", Value::Null);
    let status = client.wait_exit();
    assert_eq!(status.code(), Some(1), "{status}");
}

#[test]
fn the_end_of_input_without_exit_is_status_1() {
    let mut client = Client::start(Value::Null);
    drop(client.take_stdin());
    let status = client.wait_exit();
    assert_eq!(status.code(), Some(1), "{status}");
}

#[test]
fn after_shutdown_requests_are_invalid_until_exit() {
    let mut client = Client::start(Value::Null);
    assert_eq!(client.request("shutdown", Value::Null), Value::Null);
    let id = client.send_request("textDocument/hover", json!({}));
    assert_error(&client.next_response(), -32600, &json!(id));
    client.open(URI, "fen", "x\n");
    client.send_raw(b"Content-Length: 2\r\n\r\n{]");
    assert_error(&client.next_response(), -32700, &Value::Null);
    let id = client.send_request("shutdown", Value::Null);
    assert_error(&client.next_response(), -32600, &json!(id));
    client.notify("exit", Value::Null);
    let status = client.wait_exit();
    assert_eq!(status.code(), Some(0), "{status}");
}

#[test]
fn requests_before_initialize_are_refused() {
    let mut client = Client::spawn();
    let id = client.send_request("textDocument/hover", json!({}));
    assert_error(&client.next_response(), -32002, &json!(id));
    let result = client.request("initialize", json!({"capabilities": {}}));
    assert_eq!(result["serverInfo"]["name"], "fenkit");
    client.notify("initialized", json!({}));
    assert_answers(&mut client);
    client.shut_down();
}
