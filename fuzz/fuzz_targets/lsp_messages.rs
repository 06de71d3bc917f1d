//! The language server's message handling on any bytes: framing, JSON, lossy reading, the
//! lifecycle, and the outbox. No panic; every frame the server writes reads back as a
//! JSON-RPC message; a session ends with status 0 or 1. The body limit is small here, so over-
//! limit bodies are common; memory that a header promises but never sends would trip
//! libFuzzer's `-rss_limit_mb`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lsp_server::{ErrorCode, Message, Response};
use serde_json::json;

#[allow(dead_code)]
#[path = "../../cli/src/lsp/transport.rs"]
mod transport;

#[allow(dead_code)]
#[path = "../../cli/src/lsp/lifecycle.rs"]
mod lifecycle;

use lifecycle::{Lifecycle, Step};
use transport::{Incoming, Limits, MessageReader, Outbox, Rejection, frame, write_frames};

const LIMITS: Limits = Limits {
    max_message_bytes: 512,
    max_header_line_bytes: 64,
};

fuzz_target!(|data: &[u8]| {
    let mut reader = MessageReader::new(data, LIMITS);
    let mut lifecycle = Lifecycle::default();
    let outbox = Outbox::new();
    while let Some(incoming) = reader.next_incoming().expect("reading memory cannot fail") {
        match lifecycle.step(incoming) {
            Step::Initialize(request) => {
                let response = Response::new_ok(request.id, json!({"capabilities": {}}));
                outbox.send(frame(&Message::Response(response)).expect("a response is JSON"));
            }
            Step::Serve(Message::Request(request)) => outbox.send(
                Rejection {
                    id: Some(request.id),
                    code: ErrorCode::MethodNotFound as i32,
                    message: request.method,
                }
                .frame(),
            ),
            // Publications keyed by whatever the input names, to exercise replacement.
            Step::Serve(Message::Notification(notification)) => {
                let key = notification.method.clone();
                let framed = frame(&Message::Notification(notification));
                outbox.publish(&key, framed.expect("a notification is JSON"));
            }
            Step::Answer(response) => {
                outbox.send(frame(&Message::Response(response)).expect("a response is JSON"));
            }
            Step::Reject(rejection) => outbox.send(rejection.frame()),
            Step::Exit(status) => {
                assert!(status <= 1, "exit status {status}");
                break;
            }
            Step::Serve(Message::Response(_)) | Step::Nothing => {}
        }
    }
    outbox.close();
    let mut written = Vec::new();
    write_frames(&outbox, &mut written).expect("writing to memory cannot fail");
    let unlimited = Limits {
        max_message_bytes: u64::MAX,
        max_header_line_bytes: 64,
    };
    let mut written_back = MessageReader::new(written.as_slice(), unlimited);
    while let Some(incoming) = written_back
        .next_incoming()
        .expect("reading memory cannot fail")
    {
        // An error answer with id null reads back as a dropped response; nothing is malformed.
        assert!(
            matches!(incoming, Incoming::Message(_) | Incoming::Dropped),
            "the server wrote a malformed frame: {incoming:?}"
        );
    }
});
