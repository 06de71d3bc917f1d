//! The order the protocol sets: `initialize` first, then service until `shutdown`, then
//! nothing but `exit`. Before `initialize`, a request is answered with ServerNotInitialized
//! (-32002) and a notification is dropped; after `shutdown`, a request is answered with
//! InvalidRequest (-32600) and the server reads on until `exit`. `exit` ends the server with
//! status 0 after `shutdown` and 1 without it; so does the end of the input (1).
//!
//! Like [`super::transport`], this file uses only lsp-server's types, for the fuzz target.

use lsp_server::{ErrorCode, Message, Request, Response};
use serde_json::Value;

use super::transport::{Incoming, Rejection};

/// The exit status when the client ends the session without a `shutdown` first.
pub const EXIT_WITHOUT_SHUTDOWN: u8 = 1;

/// Where the session is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    /// No `initialize` yet.
    #[default]
    Uninitialized,
    /// Serving requests and notifications.
    Running,
    /// After `shutdown`: waiting for `exit`.
    ShutDown,
}

/// What the server does with one incoming frame.
#[derive(Debug)]
pub enum Step {
    /// Answer the `initialize` request with the server's capabilities.
    Initialize(Request),
    /// A request or notification for the server's handlers.
    Serve(Message),
    /// Send this answer (`shutdown`'s).
    Answer(Response),
    /// Send this error.
    Reject(Rejection),
    /// Stop with this exit status.
    Exit(u8),
    /// Nothing (a notification out of turn, a client's response).
    Nothing,
}

#[derive(Debug, Default)]
pub struct Lifecycle {
    phase: Phase,
}

impl Lifecycle {
    /// What to do with `incoming`, moving the session on.
    pub fn step(&mut self, incoming: Incoming) -> Step {
        let message = match incoming {
            Incoming::Message(message) => message,
            Incoming::Rejected(rejection) => return Step::Reject(rejection),
            Incoming::Dropped => return Step::Nothing,
        };
        match message {
            Message::Response(_) => Step::Nothing,
            Message::Notification(notification) if notification.method == "exit" => {
                Step::Exit(match self.phase {
                    Phase::ShutDown => 0,
                    Phase::Uninitialized | Phase::Running => EXIT_WITHOUT_SHUTDOWN,
                })
            }
            Message::Notification(notification) => match self.phase {
                Phase::Running => Step::Serve(Message::Notification(notification)),
                Phase::Uninitialized | Phase::ShutDown => Step::Nothing,
            },
            Message::Request(request) => self.request(request),
        }
    }

    fn request(&mut self, request: Request) -> Step {
        match (self.phase, request.method.as_str()) {
            (Phase::Uninitialized, "initialize") => {
                self.phase = Phase::Running;
                Step::Initialize(request)
            }
            (Phase::Uninitialized, _) => Step::Reject(Rejection {
                id: Some(request.id),
                code: ErrorCode::ServerNotInitialized as i32,
                message: "the server is not initialized: send initialize first".to_string(),
            }),
            (Phase::Running, "initialize") => Step::Reject(Rejection::invalid_request(
                Some(request.id),
                "the server is already initialized",
            )),
            (Phase::Running, "shutdown") => {
                self.phase = Phase::ShutDown;
                Step::Answer(Response {
                    id: request.id,
                    response_result: Ok(Value::Null),
                })
            }
            (Phase::Running, _) => Step::Serve(Message::Request(request)),
            (Phase::ShutDown, _) => Step::Reject(Rejection::invalid_request(
                Some(request.id),
                "the server is shut down: only exit is expected",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use lsp_server::{Notification, RequestId};

    use super::*;

    fn request(id: i32, method: &str) -> Incoming {
        Incoming::Message(Message::Request(Request {
            id: RequestId::from(id),
            method: method.to_string(),
            params: Value::Null,
        }))
    }

    fn notification(method: &str) -> Incoming {
        Incoming::Message(Message::Notification(Notification {
            method: method.to_string(),
            params: Value::Null,
        }))
    }

    /// A short name for each step.
    fn names(lifecycle: &mut Lifecycle, incoming: Vec<Incoming>) -> Vec<String> {
        incoming
            .into_iter()
            .map(|incoming| match lifecycle.step(incoming) {
                Step::Initialize(_) => "initialize".to_string(),
                Step::Serve(_) => "serve".to_string(),
                Step::Answer(_) => "answer".to_string(),
                Step::Reject(rejection) => format!("reject {}", rejection.code),
                Step::Exit(status) => format!("exit {status}"),
                Step::Nothing => "nothing".to_string(),
            })
            .collect()
    }

    #[test]
    fn a_whole_session() {
        let mut lifecycle = Lifecycle::default();
        let steps = names(
            &mut lifecycle,
            vec![
                request(1, "textDocument/hover"),
                notification("textDocument/didOpen"),
                request(2, "initialize"),
                notification("initialized"),
                request(3, "initialize"),
                request(4, "textDocument/hover"),
                request(5, "shutdown"),
                request(6, "textDocument/hover"),
                request(7, "shutdown"),
                notification("textDocument/didOpen"),
                notification("exit"),
            ],
        );
        assert_eq!(
            steps,
            [
                "reject -32002",
                "nothing",
                "initialize",
                "serve",
                "reject -32600",
                "serve",
                "answer",
                "reject -32600",
                "reject -32600",
                "nothing",
                "exit 0",
            ]
        );
    }

    #[test]
    fn exit_without_shutdown_is_status_1() {
        for before in [vec![], vec![request(1, "initialize")]] {
            let mut lifecycle = Lifecycle::default();
            let mut incoming = before;
            incoming.push(notification("exit"));
            let steps = names(&mut lifecycle, incoming);
            assert_eq!(steps.last().map(String::as_str), Some("exit 1"));
        }
    }
}
