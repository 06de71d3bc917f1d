//! The wire's bounds, read and written.

#![allow(clippy::unwrap_used, clippy::indexing_slicing)]
use super::*;

fn read_all(input: &[u8], limits: Limits) -> Vec<Incoming> {
    let mut reader = MessageReader::new(input, limits);
    let mut found = Vec::new();
    while let Some(incoming) = reader.next_incoming().unwrap() {
        found.push(incoming);
    }
    found
}

fn framed_text(body: &str) -> String {
    format!("Content-Length: {}\r\n\r\n{body}", body.len())
}

/// `(code, id)` of each rejection, `method` of each message.
fn summary(found: &[Incoming]) -> Vec<String> {
    found
        .iter()
        .map(|incoming| match incoming {
            Incoming::Message(Message::Request(request)) => format!("request {}", request.id),
            Incoming::Message(Message::Notification(notification)) => {
                format!("notification {}", notification.method)
            }
            Incoming::Message(Message::Response(response)) => {
                format!("response {}", response.id)
            }
            Incoming::Rejected(rejection) => {
                format!("error {} {:?}", rejection.code, rejection.id)
            }
            Incoming::Dropped => "dropped".to_string(),
        })
        .collect()
}

const HOVER: &str = r#"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{}}"#;

#[test]
fn malformed_messages_are_answered_and_the_next_one_is_read() {
    let input = [
        framed_text(r#"{"jsonrpc":"2.0","id":1,"method""#),
        framed_text("[]"),
        framed_text("3"),
        framed_text(r#"{"jsonrpc":"2.0","id":2,"method":5}"#),
        framed_text(r#"{"jsonrpc":"2.0","id":3}"#),
        framed_text(r#"{"jsonrpc":"2.0","id":1e99,"method":"x"}"#),
        framed_text(r#"{"jsonrpc":"2.0","id":{},"result":null}"#),
        framed_text(r#"{"jsonrpc":"2.0","id":"a","result":null}"#),
        framed_text(HOVER),
    ]
    .concat();
    let found = read_all(input.as_bytes(), Limits::SERVER);
    assert_eq!(
        summary(&found),
        [
            "error -32700 None",
            "error -32600 None",
            "error -32600 None",
            "error -32600 Some(RequestId(I32(2)))",
            "error -32600 Some(RequestId(I32(3)))",
            "error -32600 None",
            "dropped",
            "response \"a\"",
            "request 7",
        ]
    );
}

#[test]
fn a_bad_header_costs_its_own_message_only() {
    let body = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
    let input = [
        format!("Content-Length: abc\r\n\r\n{body}"),
        framed_text(HOVER),
        format!("Content-Type: x\r\n\r\n{body}"),
        framed_text(HOVER),
        // An over-long header line keeps its end, where the next frame's length is.
        format!("X-Junk: {}\r\n", "y".repeat(5000)),
        framed_text(HOVER),
    ]
    .concat();
    let found = read_all(input.as_bytes(), Limits::SERVER);
    assert_eq!(
        summary(&found),
        [
            "error -32700 None",
            "request 7",
            "error -32700 None",
            "request 7",
            "request 7"
        ]
    );
}

#[test]
fn an_over_limit_body_is_rejected_first_then_skipped() {
    let limits = Limits {
        max_message_bytes: 10,
        max_header_line_bytes: 64,
    };
    let input = format!("{}{}", framed_text(&"z".repeat(11)), framed_text("{}"));
    let mut reader = MessageReader::new(input.as_bytes(), limits);
    let first = reader.next_incoming().unwrap().unwrap();
    assert_eq!(summary(&[first]), ["error -32600 None"]);
    // The skipped bytes are not read as a header: the next frame is the `{}`.
    let second = reader.next_incoming().unwrap().unwrap();
    assert_eq!(summary(&[second]), ["error -32600 None"]);
    assert!(reader.next_incoming().unwrap().is_none());
    // A promise of more bytes than will ever come ends with the input.
    let huge = "Content-Length: 99999999999999\r\n\r\n{}";
    let found = read_all(huge.as_bytes(), Limits::SERVER);
    assert_eq!(summary(&found), ["error -32600 None"]);
    let too_big = "Content-Length: 99999999999999999999999\r\n\r\n{}";
    let found = read_all(too_big.as_bytes(), Limits::SERVER);
    assert_eq!(summary(&found), ["error -32700 None"]);
}

#[test]
fn lone_surrogates_and_invalid_utf8_become_replacement_characters() {
    let body = r#"{"method":"m","params":{"text":"a\ud83db\\ud83d\udc00\ud83d\ude00"}}"#;
    let mut bytes = body.as_bytes().to_vec();
    // An invalid UTF-8 byte inside the string too.
    bytes.insert(bytes.len() - 3, 0xff);
    let Incoming::Message(Message::Notification(notification)) = parse_body(bytes) else {
        panic!("not read");
    };
    assert_eq!(
        notification.params["text"],
        "a\u{fffd}b\\ud83d\u{fffd}😀\u{fffd}"
    );
}

#[test]
fn an_incomplete_frame_is_the_end_of_input() {
    for input in [
        "Content-Length: 5\r\n",
        "Content-Length: 5\r\n\r\n{}",
        "junk",
    ] {
        assert!(
            read_all(input.as_bytes(), Limits::SERVER).is_empty(),
            "{input}"
        );
    }
}

#[test]
fn a_newer_publication_replaces_an_unsent_one_in_its_place() {
    let outbox = Outbox::new();
    outbox.publish("a", b"a1".to_vec());
    outbox.send(b"r1".to_vec());
    outbox.publish("a", b"a2".to_vec());
    outbox.publish("b", b"b1".to_vec());
    outbox.close();
    let mut written = Vec::new();
    write_frames(&outbox, &mut written).unwrap();
    assert_eq!(written, b"a2r1b1");
}

#[test]
fn frames_carry_the_jsonrpc_version_and_their_length() {
    let response = Response::new_ok(RequestId::from(3), Value::Null);
    let frame = frame(&Message::Response(response)).unwrap();
    let text = String::from_utf8(frame).unwrap();
    let (header, body) = text.split_once("\r\n\r\n").unwrap();
    assert_eq!(header, format!("Content-Length: {}", body.len()));
    let value: Value = serde_json::from_str(body).unwrap();
    assert_eq!(value, json!({"jsonrpc": "2.0", "id": 3, "result": null}));
    let rejection = Rejection::parse_error("bad");
    let text = String::from_utf8(rejection.frame()).unwrap();
    let body = text.split_once("\r\n\r\n").unwrap().1;
    let value: Value = serde_json::from_str(body).unwrap();
    assert_eq!(
        value,
        json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "bad"}})
    );
}
