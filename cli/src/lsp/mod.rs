//! `fenkit lsp`: a language server over standard input and output for `.fen`, `.epd`, `.pgn`,
//! `.pdn` and `.feen` documents (and any document whose language id is `fen`, `epd`, `pgn`,
//! `pdn` or `feen`); `.pgn` and `.pdn` documents are read as game files (`fenkit::pgn`).
//!
//! It publishes every diagnostic on open and change (checked on a worker thread, see
//! [`worker`]), offers each diagnostic's fix as a quick fix, formats documents, and shows a
//! record's board on hover. Records are read as
//! `fenkit check` reads files, strict and validated; the client's `initializationOptions`
//! `{"lenient": true}` accepts the dialects as warnings, as `--lenient` does, and
//! `{"castling": "standard"}` validates castling rights by standard chess, as
//! `--castling standard` does, and `{"variant": "crazyhouse"}` reads chess records by a
//! variant's rules, as `--variant` does (a game's `[Variant]` tag still rules its game). An
//! option it does not know, or a value it cannot take, is said in a `window/showMessage`
//! warning, as is a document whose URI it cannot read (a raw space or `é`): nothing is dropped
//! without a word. A line over `--max-record-bytes` (64 KiB by default) is one
//! `record_too_long` diagnostic in every request, never parsed, so the memory of a request stays
//! a small multiple of the document's.
//!
//! No message can stop it ([`transport`]): a message body over 16 MiB is answered with an
//! error and skipped unread, a malformed one is answered with JSON-RPC's parse error or invalid
//! request and the next one is read, invalid UTF-8 and lone surrogate escapes are read as
//! U+FFFD. A document gets at most [`diagnostics::MAX_DOCUMENT_DIAGNOSTICS`] diagnostics
//! (errors first), then a note that counts the rest. A client that does not read slows the
//! server down but never blocks it: a newer publication replaces an unsent one. Lines end at
//! `\n`, `\r\n` or a lone `\r`, as `fenkit check` and the LSP specification read them. The
//! session follows [`lifecycle`]: after `shutdown` requests get InvalidRequest; `exit` ends
//! the server with status 0 after `shutdown` and 1 without it; input that ends without `exit`
//! ends it with 1, and input that cannot be read with 2.

mod code_action;
mod diagnostics;
mod document;
mod formatting;
mod hover;
mod lifecycle;
mod transport;
mod worker;

use std::collections::HashMap;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::time::{Duration, Instant};

use fenkit::codes::CodeFilter;
use fenkit::{Castling, Mode, ParseOptions, Variant};
use lsp_server::{ErrorCode, ExtractError, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    ShowMessage,
};
use lsp_types::request::{CodeActionRequest, Formatting, HoverRequest, Request as _};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionParams, CodeActionProviderCapability,
    DocumentFormattingParams, HoverParams, HoverProviderCapability, MessageType, OneOf,
    ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use serde_json::Value;

use crate::messages;
use crate::terminal::shown;
use document::{Document, DocumentKind, Rules};
use lifecycle::{Lifecycle, Step};
use transport::{Incoming, Limits, MessageReader, Outbox, Rejection, frame, write_frames};
use worker::Checker;

/// Frames read ahead of the message loop: few, as each may be a whole document.
const READ_AHEAD: usize = 2;

/// At the end, the frames still queued (`shutdown`'s answer) get this long to be written; a
/// client that does not read cannot hold the exit longer.
const DRAIN_AT_EXIT: Duration = Duration::from_secs(1);

/// Serves one client on stdin/stdout until it says `exit` or its input ends; the exit status
/// is 0 after `shutdown` then `exit`, 1 otherwise, 2 when a thread cannot start or stdin fails.
pub fn run(max_record_bytes: usize) -> ExitCode {
    match serve_stdio(max_record_bytes) {
        Ok(status) => ExitCode::from(status),
        Err(error) => {
            let _ = writeln!(
                io::stderr(),
                "fenkit lsp: {}",
                crate::terminal::shown(&error.to_string())
            );
            ExitCode::from(2)
        }
    }
}

fn serve_stdio(max_record_bytes: usize) -> io::Result<u8> {
    let outbox = Arc::new(Outbox::new());
    let (incoming, received) = mpsc::sync_channel(READ_AHEAD);
    std::thread::Builder::new()
        .name("fenkit-lsp-reader".to_string())
        .spawn(move || read_stdin(&incoming))?;
    let writer_outbox = outbox.clone();
    let writer = std::thread::Builder::new()
        .name("fenkit-lsp-writer".to_string())
        // A write error means the client is gone; its input ends next.
        .spawn(move || write_frames(&writer_outbox, io::stdout().lock()))?;
    let status = serve(&received, &outbox, max_record_bytes);
    outbox.close();
    let deadline = Instant::now() + DRAIN_AT_EXIT;
    while !writer.is_finished() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    // The reader, and a writer the client does not read, end with the process.
    status
}

fn read_stdin(incoming: &SyncSender<io::Result<Incoming>>) {
    let mut reader = MessageReader::new(io::stdin().lock(), Limits::SERVER);
    loop {
        let next = reader.next_incoming().transpose();
        let last = !matches!(next, Some(Ok(_)));
        if let Some(next) = next
            && incoming.send(next).is_err()
        {
            return;
        }
        if last {
            return;
        }
    }
}

/// The message loop: each frame through the [`Lifecycle`], served or answered.
fn serve(
    received: &Receiver<io::Result<Incoming>>,
    outbox: &Arc<Outbox>,
    max_record_bytes: usize,
) -> io::Result<u8> {
    let mut lifecycle = Lifecycle::default();
    let mut server: Option<Server> = None;
    let status = loop {
        let incoming = match received.recv() {
            Ok(Ok(incoming)) => incoming,
            Ok(Err(error)) => {
                stop(server);
                return Err(error);
            }
            Err(_) => break lifecycle::EXIT_WITHOUT_SHUTDOWN,
        };
        match lifecycle.step(incoming) {
            Step::Initialize(request) => {
                let (started, warnings) =
                    Server::start(&request.params, outbox.clone(), max_record_bytes)?;
                send(outbox, Message::Response(started.initialized(request)));
                for warning in warnings {
                    show_warning(outbox, warning);
                }
                server = Some(started);
            }
            Step::Serve(Message::Request(request)) => {
                if let Some(server) = &server {
                    send(outbox, Message::Response(server.answer(request)));
                }
            }
            Step::Serve(Message::Notification(notification)) => {
                if let Some(server) = &mut server
                    && let Err(warning) = server.notice(notification)
                {
                    show_warning(outbox, warning);
                }
            }
            Step::Serve(Message::Response(_)) | Step::Nothing => {}
            Step::Answer(response) => send(outbox, Message::Response(response)),
            Step::Reject(rejection) => outbox.send(rejection.frame()),
            Step::Exit(status) => break status,
        }
    };
    stop(server);
    Ok(status)
}

fn stop(server: Option<Server>) {
    if let Some(server) = server {
        server.checker.stop();
    }
}

/// Queues `message`; one that cannot be written as JSON is answered with an internal error.
fn send(outbox: &Outbox, message: Message) {
    let id = match &message {
        Message::Response(response) => Some(response.id.clone()),
        Message::Request(_) | Message::Notification(_) => None,
    };
    match frame(&message) {
        Ok(frame) => outbox.send(frame),
        Err(error) => outbox.send(
            Rejection {
                id,
                code: ErrorCode::InternalError as i32,
                message: error.to_string(),
            }
            .frame(),
        ),
    }
}

/// Queues a `window/showMessage` warning.
fn show_warning(outbox: &Outbox, message: String) {
    let params = serde_json::json!({"type": MessageType::WARNING, "message": message});
    let notification = Notification {
        method: ShowMessage::METHOD.to_string(),
        params,
    };
    send(outbox, Message::Notification(notification));
}

/// The initialization options the server reads.
const OPTIONS: [&str; 5] = ["lenient", "castling", "variant", "select", "ignore"];

/// Strict and validated, as `fenkit check`; lenient when the client asks, the variant of
/// `{"variant": NAME}` (a name `--variant` takes), and Chess960 castling for
/// `{"castling": "chess960"}` (`"standard"`, the default, keeps standard chess, as `--castling`;
/// none leaves it to the variant's name). An unknown option, or a value the server cannot take
/// (which then keeps the default), comes back as a warning to show.
/// Read from the raw `initialize` parameters, so that a field the server does not use cannot
/// make it refuse a client.
fn options(params: &Value) -> (ParseOptions, Vec<String>) {
    let mut warnings = Vec::new();
    let given = params.get("initializationOptions");
    if let Some(Value::Object(given)) = given {
        for name in given
            .keys()
            .filter(|name| !OPTIONS.contains(&name.as_str()))
        {
            warnings.push(messages::lsp_unknown_option(&shown(name)));
        }
    }
    let setting = |name: &str| given.and_then(|options| options.get(name));
    let mut unusable = |name: &str, value: &Value, takes: &str| {
        warnings.push(messages::lsp_unusable_value(
            name,
            &shown(&value.to_string()),
            takes,
        ));
    };
    let lenient = match setting("lenient") {
        Some(Value::Bool(lenient)) => *lenient,
        Some(value) => {
            unusable("lenient", value, "true or false");
            false
        }
        None => false,
    };
    let mode = if lenient { Mode::Lenient } else { Mode::Strict };
    let (variant, named_castling) = match setting("variant") {
        Some(value) => match value.as_str().and_then(Variant::from_name) {
            Some(variant) => variant,
            None => {
                unusable("variant", value, &Variant::NAMES.join(", "));
                Default::default()
            }
        },
        None => Default::default(),
    };
    let castling = match setting("castling") {
        Some(value) => match value.as_str().and_then(Castling::from_name) {
            Some(castling) => castling,
            None => {
                unusable("castling", value, "\"standard\" or \"chess960\"");
                Castling::Standard
            }
        },
        None => named_castling.unwrap_or_default(),
    };
    let options = ParseOptions::strict()
        .with_mode(mode)
        .validated()
        .with_castling(castling)
        .with_variant(variant);
    (options, warnings)
}

/// The codes `{"select": [...], "ignore": [...]}` keep (lists of names, or one comma-separated
/// string, as `--select` and `--ignore` take them). A list the server cannot take (not a list
/// of names, or a name that stands for no code) keeps every code and is a warning to show.
fn filter(params: &Value, warnings: &mut Vec<String>) -> CodeFilter {
    let mut names = |name: &str| -> Vec<String> {
        let setting = params
            .get("initializationOptions")
            .and_then(|options| options.get(name));
        let names: Option<Vec<String>> = match setting {
            None => Some(Vec::new()),
            Some(Value::String(list)) => Some(vec![list.clone()]),
            Some(Value::Array(items)) => items
                .iter()
                .map(|item| item.as_str().map(str::to_owned))
                .collect(),
            Some(_) => None,
        };
        names.unwrap_or_else(|| {
            let value = setting.map(Value::to_string).unwrap_or_default();
            warnings.push(messages::lsp_unusable_value(
                name,
                &shown(&value),
                CODE_LISTS,
            ));
            Vec::new()
        })
    };
    let (select, ignore) = (names("select"), names("ignore"));
    CodeFilter::new(&select, &ignore).unwrap_or_else(|unknown| {
        let value = shown(&unknown.name).into_owned();
        warnings.push(messages::lsp_unknown_code(&value));
        CodeFilter::default()
    })
}

/// What `select` and `ignore` take, for a warning.
const CODE_LISTS: &str = "a list of codes, or one comma-separated string of them";

struct Server {
    checker: Checker,
    /// Open documents by URI text (a `Uri` caches parts of itself, so it is no map key).
    documents: HashMap<String, Document>,
    rules: Rules,
}

impl Server {
    /// The server for a client that sent `initialize` with `params`, and the warnings its
    /// options get.
    fn start(
        params: &Value,
        outbox: Arc<Outbox>,
        max_record_bytes: usize,
    ) -> io::Result<(Server, Vec<String>)> {
        let (options, mut warnings) = options(params);
        let filter = filter(params, &mut warnings);
        let rules = Rules {
            options,
            max_record_bytes,
        };
        let server = Server {
            checker: Checker::spawn(rules, filter, outbox)?,
            documents: HashMap::new(),
            rules,
        };
        Ok((server, warnings))
    }

    /// The answer to `initialize`: what the server can do.
    fn initialized(&self, request: Request) -> Response {
        let capabilities = ServerCapabilities {
            text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            document_formatting_provider: Some(OneOf::Left(true)),
            code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
                code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
                ..CodeActionOptions::default()
            })),
            ..ServerCapabilities::default()
        };
        let server_info = ServerInfo {
            name: "fenkit".to_string(),
            version: Some(env!("CARGO_PKG_VERSION").to_string()),
        };
        let result = serde_json::to_value(capabilities).map(|capabilities| {
            serde_json::json!({"capabilities": capabilities, "serverInfo": server_info})
        });
        match result {
            Ok(result) => Response {
                id: request.id,
                response_result: Ok(result),
            },
            Err(error) => Response::new_err(
                request.id,
                ErrorCode::InternalError as i32,
                error.to_string(),
            ),
        }
    }

    fn answer(&self, request: Request) -> Response {
        let id = request.id.clone();
        let result = match request.method.as_str() {
            HoverRequest::METHOD => {
                request
                    .extract::<HoverParams>(HoverRequest::METHOD)
                    .map(|(_, params)| {
                        let at = params.text_document_position_params;
                        let hover = self.documents.get(at.text_document.uri.as_str()).and_then(
                            |document| hover::hover(document, at.position.line, self.rules),
                        );
                        serde_json::to_value(hover)
                    })
            }
            Formatting::METHOD => request
                .extract::<DocumentFormattingParams>(Formatting::METHOD)
                .map(|(_, params)| {
                    let edits = self
                        .documents
                        .get(params.text_document.uri.as_str())
                        .map(|document| formatting::format(document, self.rules));
                    serde_json::to_value(edits)
                }),
            CodeActionRequest::METHOD => request
                .extract::<CodeActionParams>(CodeActionRequest::METHOD)
                .map(|(_, params)| {
                    let uri = &params.text_document.uri;
                    let actions = self.documents.get(uri.as_str()).map(|document| {
                        code_action::code_actions(uri, document, params.range, self.rules)
                    });
                    serde_json::to_value(actions)
                }),
            _ => {
                return Response::new_err(
                    id,
                    ErrorCode::MethodNotFound as i32,
                    format!("fenkit lsp does not handle {}", request.method),
                );
            }
        };
        match result {
            Ok(Ok(value)) => Response::new_ok(id, value),
            Ok(Err(error)) => {
                Response::new_err(id, ErrorCode::InternalError as i32, error.to_string())
            }
            Err(error) => Response::new_err(id, ErrorCode::InvalidParams as i32, error.to_string()),
        }
    }

    /// Serves a notification; a document notification whose parameters cannot be read (a URI
    /// with a raw space or `é`) comes back as a warning to show, not dropped without a word.
    fn notice(&mut self, notification: Notification) -> Result<(), String> {
        let uri = notification
            .params
            .get("textDocument")
            .and_then(|document| document.get("uri"))
            .map(|uri| uri.as_str().map_or_else(|| uri.to_string(), str::to_string));
        let unreadable = |error: ExtractError<Notification>| {
            let why = match error {
                ExtractError::JsonError { error, .. } => error.to_string(),
                ExtractError::MethodMismatch(_) => String::new(),
            };
            messages::lsp_unreadable_document(&shown(uri.as_deref().unwrap_or("?")), &shown(&why))
        };
        match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let params = notification
                    .extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                    .map_err(unreadable)?;
                let opened = params.text_document;
                if let Some(kind) = DocumentKind::of(&opened.uri, &opened.language_id) {
                    let document = Document {
                        version: opened.version,
                        text: opened.text.into(),
                        kind,
                    };
                    self.open(opened.uri, document);
                }
            }
            DidChangeTextDocument::METHOD => {
                let params = notification
                    .extract::<lsp_types::DidChangeTextDocumentParams>(
                        DidChangeTextDocument::METHOD,
                    )
                    .map_err(unreadable)?;
                let uri = params.text_document.uri;
                // Full sync: the last change holds the whole text.
                let text = params.content_changes.into_iter().last();
                let kind = self
                    .documents
                    .get(uri.as_str())
                    .map(|document| document.kind);
                if let (Some(change), Some(kind)) = (text, kind) {
                    let document = Document {
                        version: params.text_document.version,
                        text: change.text.into(),
                        kind,
                    };
                    self.open(uri, document);
                }
            }
            DidCloseTextDocument::METHOD => {
                let params = notification
                    .extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                    .map_err(unreadable)?;
                let uri = params.text_document.uri;
                if self.documents.remove(uri.as_str()).is_some() {
                    self.checker.close(&uri);
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn open(&mut self, uri: Uri, document: Document) {
        self.documents.insert(uri.to_string(), document.clone());
        self.checker.check(uri, document);
    }
}
