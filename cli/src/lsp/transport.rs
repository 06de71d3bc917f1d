//! The wire: LSP's base protocol (`Content-Length` headers, then a JSON body) read and written
//! with bounds, so that no byte stream a client sends can exhaust memory or stop the server.
//!
//! - A body over [`Limits::max_message_bytes`] is answered with an error at once and its bytes
//!   are then skipped as they arrive, never held. A header line keeps only its last
//!   [`Limits::max_header_line_bytes`] bytes.
//! - A header block without a readable `Content-Length` is answered with JSON-RPC's parse error
//!   (-32700, id `null`); the reader then finds the next `Content-Length:` header even where it
//!   follows the unread body on the same line, so one bad frame costs one message, not the rest.
//! - A body that is not JSON is a parse error; JSON that is no request, notification or response
//!   is an invalid request (-32600, with the request's id when one can be read, else `null`);
//!   a malformed response is dropped, as JSON-RPC answers no response.
//! - Invalid UTF-8 and lone UTF-16 surrogate escapes (`"\ud83d"` without its pair, which
//!   serde_json refuses) are read as U+FFFD, as an editor shows half a character, so the rest
//!   of the document is still checked.
//! - Frames go out through an [`Outbox`] drained by one writer thread that holds no lock while
//!   it writes: a client that does not read slows the server down but cannot stop it reading,
//!   and a newer `publishDiagnostics` for a document replaces an older one not yet sent.
//!
//! This file uses only std, serde_json and lsp-server's message types, so the fuzz target
//! `lsp_messages` compiles it as it is.

use std::collections::{HashMap, VecDeque};
use std::io::{self, BufRead, Read, Write};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use serde_json::{Map, Value, json};

/// How large a message and a header line may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest body read; a larger one is answered with an error and skipped.
    pub max_message_bytes: u64,
    /// The most bytes of one header line kept (its end, where a resynchronised
    /// `Content-Length:` would be).
    pub max_header_line_bytes: usize,
}

impl Limits {
    /// The server's limits: 16 MiB holds a large EPD suite, and every copy the server makes of
    /// a document stays a small multiple of it.
    pub const SERVER: Limits = Limits {
        max_message_bytes: 16 << 20,
        max_header_line_bytes: 1024,
    };
}

/// The responses waiting to be written may hold this many bytes before the message loop waits
/// for the client to read (publications are not counted: each document has at most one).
pub const MAX_QUEUED_BYTES: usize = 64 << 20;

/// What one frame of input turned out to be.
#[derive(Debug)]
pub enum Incoming {
    /// A well-formed request, notification or response.
    Message(Message),
    /// A malformed message, and the error that answers it.
    Rejected(Rejection),
    /// A malformed response: JSON-RPC answers no response, so it is dropped.
    Dropped,
}

/// An error answer to a message the server could not take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// The message's id; `None` when it could not be read (sent as `null`).
    pub id: Option<RequestId>,
    pub code: i32,
    pub message: String,
}

impl Rejection {
    /// JSON-RPC's parse error: the frame or its JSON could not be read.
    pub fn parse_error(message: impl Into<String>) -> Rejection {
        Rejection {
            id: None,
            code: ErrorCode::ParseError as i32,
            message: message.into(),
        }
    }

    /// JSON-RPC's invalid request: readable JSON that is no message, or a message out of turn.
    pub fn invalid_request(id: Option<RequestId>, message: impl Into<String>) -> Rejection {
        Rejection {
            id,
            code: ErrorCode::InvalidRequest as i32,
            message: message.into(),
        }
    }

    /// The error response, framed.
    pub fn frame(&self) -> Vec<u8> {
        let id = self
            .id
            .as_ref()
            .and_then(|id| serde_json::to_value(id).ok())
            .unwrap_or(Value::Null);
        let body = json!({
            "jsonrpc": "2.0",
            "id": id,
            "error": {"code": self.code, "message": self.message},
        });
        framed(body.to_string().into_bytes())
    }
}

/// Reads messages from a byte stream within [`Limits`].
pub struct MessageReader<R> {
    input: R,
    limits: Limits,
    /// Bytes of an over-limit body still to skip before the next header.
    to_skip: u64,
    /// The header line being read (reused).
    line: Vec<u8>,
}

impl<R: BufRead> MessageReader<R> {
    pub fn new(input: R, limits: Limits) -> MessageReader<R> {
        MessageReader {
            input,
            limits,
            to_skip: 0,
            line: Vec::new(),
        }
    }

    /// The next frame, or `None` at the end of the input (also when it ends inside a frame).
    /// An over-limit body is rejected before its bytes are read, so the client hears of it at
    /// once; they are skipped on the next call.
    pub fn next_incoming(&mut self) -> io::Result<Option<Incoming>> {
        if !self.skip_pending()? {
            return Ok(None);
        }
        let length = match self.read_header()? {
            Header::End => return Ok(None),
            Header::Bad(why) => return Ok(Some(Incoming::Rejected(Rejection::parse_error(why)))),
            Header::Length(length) => length,
        };
        if length > self.limits.max_message_bytes {
            self.to_skip = length;
            return Ok(Some(Incoming::Rejected(Rejection::invalid_request(
                None,
                format!(
                    "a message of {length} bytes is over the limit of {} bytes; it is skipped",
                    self.limits.max_message_bytes
                ),
            ))));
        }
        // Grows with the bytes that arrive, not with what the header promised.
        let mut body = Vec::new();
        (&mut self.input).take(length).read_to_end(&mut body)?;
        if (body.len() as u64) < length {
            return Ok(None);
        }
        Ok(Some(parse_body(body)))
    }

    /// Skips what remains of an over-limit body; `false` when the input ended first.
    fn skip_pending(&mut self) -> io::Result<bool> {
        while self.to_skip > 0 {
            let available = match self.input.fill_buf() {
                Ok(available) => available.len(),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if available == 0 {
                return Ok(false);
            }
            let taken = usize::try_from(self.to_skip).map_or(available, |left| left.min(available));
            self.input.consume(taken);
            self.to_skip -= taken as u64;
        }
        Ok(true)
    }

    /// Reads header lines up to the blank line that ends them. Blank lines before any header
    /// are passed over; text before a `Content-Length:` (the body of a frame whose header was
    /// bad) is forgotten.
    fn read_header(&mut self) -> io::Result<Header> {
        let mut length: Option<Result<u64, String>> = None;
        let mut lines_seen = false;
        loop {
            if !read_line(
                &mut self.input,
                &mut self.line,
                self.limits.max_header_line_bytes,
            )? {
                return Ok(Header::End);
            }
            if self.line.is_empty() {
                if !lines_seen {
                    continue;
                }
                return Ok(match length {
                    Some(Ok(length)) => Header::Length(length),
                    Some(Err(why)) => Header::Bad(why),
                    None => Header::Bad("a message header without Content-Length".to_string()),
                });
            }
            lines_seen = true;
            if let Some(value) = content_length(&self.line) {
                length = Some(parse_length(value));
            }
        }
    }
}

enum Header {
    End,
    Length(u64),
    Bad(String),
}

/// Reads one line into `line` without its `\n` or `\r\n`, keeping only its last `max` bytes;
/// `false` at the end of the input.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> io::Result<bool> {
    line.clear();
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            // A last line without its end is no header: the frame is incomplete.
            return Ok(false);
        }
        let newline = available.iter().position(|&byte| byte == b'\n');
        let (chunk, used) = match newline {
            Some(at) => (available.get(..at).unwrap_or_default(), at + 1),
            None => (available, available.len()),
        };
        line.extend_from_slice(chunk);
        if line.len() > max {
            line.drain(..line.len() - max);
        }
        input.consume(used);
        if newline.is_some() {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(true);
        }
    }
}

/// The value of a `Content-Length:` header in `line` (the name in any case), found at the
/// start of the line or, after a desynchronised body, anywhere in it (the last one).
fn content_length(line: &[u8]) -> Option<&[u8]> {
    const NAME: &[u8] = b"content-length:";
    let start = line
        .windows(NAME.len())
        .rposition(|window| window.eq_ignore_ascii_case(NAME))?;
    line.get(start + NAME.len()..)
}

fn parse_length(value: &[u8]) -> Result<u64, String> {
    let digits = value.trim_ascii();
    let valid = !digits.is_empty() && digits.iter().all(u8::is_ascii_digit);
    std::str::from_utf8(digits)
        .ok()
        .filter(|_| valid)
        .and_then(|digits| digits.parse().ok())
        .ok_or_else(|| {
            format!(
                "Content-Length `{}` is not a byte count",
                String::from_utf8_lossy(digits)
            )
        })
}

/// What a message body holds: a message, or the error that answers it.
pub fn parse_body(mut body: Vec<u8>) -> Incoming {
    let value = match serde_json::from_slice::<Value>(&body) {
        Ok(value) => value,
        Err(error) => {
            if !read_lossily(&mut body) {
                return Incoming::Rejected(Rejection::parse_error(format!(
                    "the message is not JSON: {error}"
                )));
            }
            match serde_json::from_slice::<Value>(&body) {
                Ok(value) => value,
                Err(error) => {
                    return Incoming::Rejected(Rejection::parse_error(format!(
                        "the message is not JSON: {error}"
                    )));
                }
            }
        }
    };
    classify(value)
}

/// Replaces invalid UTF-8 and lone surrogate escapes in `body` with U+FFFD; whether anything
/// changed.
fn read_lossily(body: &mut Vec<u8>) -> bool {
    let mut changed = false;
    if let std::borrow::Cow::Owned(text) = String::from_utf8_lossy(body) {
        *body = text.into_bytes();
        changed = true;
    }
    replace_lone_surrogates(body) || changed
}

/// Rewrites each `\uXXXX` escape of an unpaired UTF-16 surrogate in the JSON strings of
/// `body` as `\ufffd` (the same length, in place); whether there was one.
fn replace_lone_surrogates(body: &mut [u8]) -> bool {
    let mut changed = false;
    let mut in_string = false;
    let mut at = 0;
    while let Some(&byte) = body.get(at) {
        match byte {
            b'"' => {
                in_string = !in_string;
                at += 1;
            }
            b'\\' if in_string => {
                if body.get(at + 1) != Some(&b'u') {
                    // `\"`, `\\` and the like: the escaped byte is no quote or escape.
                    at += 2;
                    continue;
                }
                match utf16_unit(body.get(at + 2..at + 6)) {
                    Some(0xD800..=0xDBFF) => {
                        let pair = (body.get(at + 6..at + 8) == Some(b"\\u"))
                            .then(|| utf16_unit(body.get(at + 8..at + 12)))
                            .flatten();
                        if matches!(pair, Some(0xDC00..=0xDFFF)) {
                            at += 12;
                            continue;
                        }
                        changed |= replace_escape(body, at);
                    }
                    Some(0xDC00..=0xDFFF) => changed |= replace_escape(body, at),
                    _ => {}
                }
                at += 6;
            }
            _ => at += 1,
        }
    }
    changed
}

fn utf16_unit(hex: Option<&[u8]>) -> Option<u16> {
    let hex = std::str::from_utf8(hex?).ok()?;
    let valid = hex.bytes().all(|byte| byte.is_ascii_hexdigit());
    u16::from_str_radix(hex, 16).ok().filter(|_| valid)
}

fn replace_escape(body: &mut [u8], at: usize) -> bool {
    match body.get_mut(at..at + 6) {
        Some(escape) => {
            escape.copy_from_slice(b"\\ufffd");
            true
        }
        None => false,
    }
}

/// The message a JSON value is, or why it is none.
fn classify(value: Value) -> Incoming {
    let mut object = match value {
        Value::Object(object) => object,
        Value::Array(_) => {
            return Incoming::Rejected(Rejection::invalid_request(
                None,
                "a batch (a JSON array) is not part of LSP: send one object per message",
            ));
        }
        _ => {
            return Incoming::Rejected(Rejection::invalid_request(
                None,
                "a message is a JSON object",
            ));
        }
    };
    let id = object
        .remove("id")
        .map(|id| serde_json::from_value::<RequestId>(id).ok());
    let params = object.remove("params").unwrap_or(Value::Null);
    match (object.remove("method"), id) {
        (Some(Value::String(method)), Some(Some(id))) => {
            Incoming::Message(Message::Request(Request { id, method, params }))
        }
        (Some(Value::String(method)), None) => {
            Incoming::Message(Message::Notification(Notification { method, params }))
        }
        (Some(Value::String(_)), Some(None)) => Incoming::Rejected(Rejection::invalid_request(
            None,
            "a request's id is an integer (32 bits) or a string",
        )),
        (Some(_), id) => Incoming::Rejected(Rejection::invalid_request(
            id.flatten(),
            "a message's method is a string",
        )),
        (None, id) if object.contains_key("result") || object.contains_key("error") => {
            match id.flatten() {
                Some(id) => Incoming::Message(Message::Response(response(id, object))),
                None => Incoming::Dropped,
            }
        }
        (None, id) => Incoming::Rejected(Rejection::invalid_request(
            id.flatten(),
            "a message has a method, or is a response with a result or an error",
        )),
    }
}

/// A client's response (the server sends no requests, so its content is not looked at).
fn response(id: RequestId, mut object: Map<String, Value>) -> Response {
    Response {
        id,
        response_result: Ok(object.remove("result").unwrap_or(Value::Null)),
    }
}

/// `message` as a frame: the header, then the JSON body with `"jsonrpc": "2.0"`. The message
/// is written once, as it is (no copy of its JSON value: a large answer is not held twice),
/// and the version goes in front of its other members.
pub fn frame(message: &Message) -> Result<Vec<u8>, serde_json::Error> {
    let body = serde_json::to_vec(message)?;
    let Some(members) = body.strip_prefix(b"{") else {
        let mut object = Map::new();
        object.insert("result".to_string(), serde_json::from_slice(&body)?);
        object.insert("jsonrpc".to_string(), Value::from("2.0"));
        return Ok(framed(serde_json::to_vec(&object)?));
    };
    let mut versioned = Vec::with_capacity(body.len() + 18);
    versioned.extend_from_slice(br#"{"jsonrpc":"2.0""#);
    if members != b"}" {
        versioned.push(b',');
    }
    versioned.extend_from_slice(members);
    Ok(framed(versioned))
}

fn framed(body: Vec<u8>) -> Vec<u8> {
    let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    frame.extend_from_slice(&body);
    frame
}

/// The frames waiting to be written, in order; a document's publication keeps one place in
/// the queue and holds only its newest text.
#[derive(Default)]
pub struct Outbox {
    queue: Mutex<Queue>,
    changed: Condvar,
}

#[derive(Default)]
struct Queue {
    order: VecDeque<Slot>,
    /// The newest unsent publication of each document, by key.
    latest: HashMap<String, Vec<u8>>,
    /// Bytes of the frames in `order` (publications apart).
    queued_bytes: usize,
    /// The writer stopped (the client is gone) or the server ends: nothing more is queued.
    closed: bool,
}

enum Slot {
    Frame(Vec<u8>),
    Latest(String),
}

impl Outbox {
    pub fn new() -> Outbox {
        Outbox::default()
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `frame` (a response), first waiting while the client leaves more than
    /// [`MAX_QUEUED_BYTES`] unread; dropped once the outbox is closed.
    pub fn send(&self, frame: Vec<u8>) {
        let mut queue = self.lock();
        while !queue.closed && queue.queued_bytes > MAX_QUEUED_BYTES {
            queue = self
                .changed
                .wait(queue)
                .unwrap_or_else(PoisonError::into_inner);
        }
        if queue.closed {
            return;
        }
        queue.queued_bytes += frame.len();
        queue.order.push_back(Slot::Frame(frame));
        self.changed.notify_all();
    }

    /// Queues `frame` as the publication for `key`, replacing one not yet written. Never waits,
    /// so it may be called under another lock.
    pub fn publish(&self, key: &str, frame: Vec<u8>) {
        let mut queue = self.lock();
        if queue.closed {
            return;
        }
        if queue.latest.insert(key.to_string(), frame).is_none() {
            queue.order.push_back(Slot::Latest(key.to_string()));
        }
        self.changed.notify_all();
    }

    /// The next frame to write, waiting for one; `None` once closed and empty.
    pub fn next_frame(&self) -> Option<Vec<u8>> {
        let mut queue = self.lock();
        loop {
            if let Some(slot) = queue.order.pop_front() {
                let frame = match slot {
                    Slot::Frame(frame) => {
                        queue.queued_bytes -= frame.len();
                        frame
                    }
                    Slot::Latest(key) => queue.latest.remove(&key).unwrap_or_default(),
                };
                self.changed.notify_all();
                return Some(frame);
            }
            if queue.closed {
                return None;
            }
            queue = self
                .changed
                .wait(queue)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Whether nothing waits to be written.
    pub fn is_empty(&self) -> bool {
        self.lock().order.is_empty()
    }

    /// Takes no more frames; the writer ends after those already queued.
    pub fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }
}

/// Writes the outbox's frames to `output` until it is closed and empty, holding no lock while
/// writing; on a write error (the client is gone) the outbox is closed.
pub fn write_frames(outbox: &Outbox, mut output: impl Write) -> io::Result<()> {
    while let Some(frame) = outbox.next_frame() {
        let written = output.write_all(&frame).and_then(|()| {
            if outbox.is_empty() {
                output.flush()
            } else {
                Ok(())
            }
        });
        if let Err(error) = written {
            outbox.close();
            return Err(error);
        }
    }
    output.flush()
}

#[cfg(test)]
mod tests;
