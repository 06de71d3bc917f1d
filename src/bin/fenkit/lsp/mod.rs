//! `fenkit lsp`: a language server over standard input and output for `.fen`, `.epd`, `.pdn`
//! and `.feen` documents (and any document whose language id is `fen`, `epd`, `pdn` or `feen`).
//!
//! It publishes every diagnostic on open and change (checked on a worker thread, see
//! [`worker`]), offers each diagnostic's fix as a quick fix, formats documents, and shows a
//! record's board on hover. Records are read as
//! `fenkit check` reads files, strict and validated; the client's `initializationOptions`
//! `{"lenient": true}` accepts the dialects as warnings, as `--lenient` does, and
//! `{"castling": "standard"}` validates castling rights by standard chess, as
//! `--castling standard` does.

mod code_action;
mod diagnostics;
mod document;
mod formatting;
mod hover;
mod worker;

use std::collections::HashMap;
use std::error::Error;

use fenkit::{Castling, Mode, ParseOptions};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
};
use lsp_types::request::{CodeActionRequest, Formatting, HoverRequest, Request as _};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionParams, CodeActionProviderCapability,
    DocumentFormattingParams, HoverParams, HoverProviderCapability, InitializeParams, OneOf,
    ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};

use document::{Document, Reading};
use worker::Checker;

type Failure = Box<dyn Error + Send + Sync>;

/// Serves one client on stdin/stdout until it says `exit`.
pub fn run() -> Result<(), Failure> {
    let (connection, io_threads) = Connection::stdio();
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
    let params: InitializeParams =
        serde_json::from_value(connection.initialize(serde_json::to_value(capabilities)?)?)?;
    let options = options(&params);
    let sender = connection.sender.clone();
    let checker = Checker::spawn(options, move |message| {
        // The client is gone when this fails; the message loop ends on its own then.
        let _ = sender.send(message);
    });
    let mut server = Server {
        connection: &connection,
        checker: &checker,
        documents: HashMap::new(),
        options,
    };
    let served = server.serve();
    checker.stop();
    drop(connection);
    io_threads.join()?;
    served
}

/// Strict and validated, as `fenkit check`; lenient when the client asks, and standard
/// castling for `{"castling": "standard"}` (anything else keeps Chess960, as `--castling`).
fn options(params: &InitializeParams) -> ParseOptions {
    let setting = |name: &str| {
        params
            .initialization_options
            .as_ref()
            .and_then(|options| options.get(name))
    };
    let lenient = setting("lenient")
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(false);
    let mode = if lenient { Mode::Lenient } else { Mode::Strict };
    let castling = match setting("castling").and_then(serde_json::Value::as_str) {
        Some("standard") => Castling::Standard,
        _ => Castling::Chess960,
    };
    ParseOptions::strict()
        .with_mode(mode)
        .validated()
        .with_castling(castling)
}

struct Server<'a> {
    connection: &'a Connection,
    checker: &'a Checker,
    /// Open documents by URI text (a `Uri` caches parts of itself, so it is no map key).
    documents: HashMap<String, Document>,
    options: ParseOptions,
}

impl Server<'_> {
    fn serve(&mut self) -> Result<(), Failure> {
        while let Ok(message) = self.connection.receiver.recv() {
            match message {
                Message::Request(request) => {
                    if self.connection.handle_shutdown(&request)? {
                        return Ok(());
                    }
                    let response = self.answer(request);
                    self.connection.sender.send(Message::Response(response))?;
                }
                Message::Notification(notification) => self.notice(notification),
                Message::Response(_) => {}
            }
        }
        Ok(())
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
                            |document| hover::hover(document, at.position.line, self.options),
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
                        .map(|document| formatting::format(document, self.options));
                    serde_json::to_value(edits)
                }),
            CodeActionRequest::METHOD => request
                .extract::<CodeActionParams>(CodeActionRequest::METHOD)
                .map(|(_, params)| {
                    let uri = &params.text_document.uri;
                    let actions = self.documents.get(uri.as_str()).map(|document| {
                        code_action::code_actions(uri, document, params.range, self.options)
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

    fn notice(&mut self, notification: Notification) {
        match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(params) = notification
                    .extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                {
                    let opened = params.text_document;
                    if let Some(reading) = Reading::of(&opened.uri, &opened.language_id) {
                        let document = Document {
                            version: opened.version,
                            text: opened.text.into(),
                            reading,
                        };
                        self.open(opened.uri, document);
                    }
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(params) = notification.extract::<lsp_types::DidChangeTextDocumentParams>(
                    DidChangeTextDocument::METHOD,
                ) {
                    let uri = params.text_document.uri;
                    // Full sync: the last change holds the whole text.
                    let text = params.content_changes.into_iter().last();
                    let reading = self
                        .documents
                        .get(uri.as_str())
                        .map(|document| document.reading);
                    if let (Some(change), Some(reading)) = (text, reading) {
                        let document = Document {
                            version: params.text_document.version,
                            text: change.text.into(),
                            reading,
                        };
                        self.open(uri, document);
                    }
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(params) = notification
                    .extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                {
                    let uri = params.text_document.uri;
                    if self.documents.remove(uri.as_str()).is_some() {
                        self.checker.close(&uri);
                    }
                }
            }
            _ => {}
        }
    }

    fn open(&mut self, uri: Uri, document: Document) {
        self.documents.insert(uri.to_string(), document.clone());
        self.checker.check(uri, document);
    }
}
