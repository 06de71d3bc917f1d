//! A language client for the `fenkit lsp` tests: it drives a child `fenkit lsp` over JSON-RPC
//! on its stdin and stdout, as an editor does, and can also send raw bytes, stop reading, and
//! measure the server's memory.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long a test waits for one answer of the server.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A language client talking to a `fenkit lsp` child process.
pub struct Client {
    pub child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    /// Held by a test that wants the client to stop reading the server's output.
    reading: Arc<Mutex<()>>,
    next_id: i64,
}

impl Client {
    /// A server that has answered `initialize` with these options and heard `initialized`.
    pub fn start(initialization_options: Value) -> Client {
        let mut client = Client::spawn();
        let result = client.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {},
                   "initializationOptions": initialization_options}),
        );
        assert_eq!(result["capabilities"]["hoverProvider"], json!(true));
        assert_eq!(
            result["capabilities"]["documentFormattingProvider"],
            json!(true)
        );
        client.notify("initialized", json!({}));
        client
    }

    /// A server that has heard nothing yet.
    pub fn spawn() -> Client {
        Client::spawn_bare(&[])
    }

    /// A server started with `arguments` after `lsp`, initialized without options.
    pub fn spawn_with(arguments: &[&str]) -> Client {
        let mut client = Client::spawn_bare(arguments);
        let result = client.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}}),
        );
        assert_eq!(result["capabilities"]["hoverProvider"], json!(true));
        client.notify("initialized", json!({}));
        client
    }

    fn spawn_bare(arguments: &[&str]) -> Client {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("fenkit"))
            .arg("lsp")
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, messages) = mpsc::channel();
        let reading = Arc::new(Mutex::new(()));
        let gate = reading.clone();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                // Waits here while a test holds the gate: the server's output then piles up.
                let open = gate
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                drop(open);
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        Client {
            child,
            stdin: Some(stdin),
            messages,
            reading,
            next_id: 1,
        }
    }

    /// The gate that, while locked, stops the client reading (after the message at hand).
    pub fn reading_gate(&self) -> Arc<Mutex<()>> {
        self.reading.clone()
    }

    pub fn stdin(&mut self) -> &mut ChildStdin {
        self.stdin.as_mut().expect("stdin was closed")
    }

    /// Takes stdin away (to write from another thread, or to close it).
    pub fn take_stdin(&mut self) -> ChildStdin {
        self.stdin.take().expect("stdin was closed")
    }

    pub fn give_stdin(&mut self, stdin: ChildStdin) {
        self.stdin = Some(stdin);
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    pub fn send(&mut self, message: &Value) {
        self.send_raw(&frame(message));
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request without waiting; returns its id.
    pub fn send_request(&mut self, method: &str, params: Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// Sends a request and returns its result (failing on an error response).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.send_request(method, params);
        let response = self.wait_for(|message| message["id"] == json!(id));
        assert!(response.get("error").is_none(), "{response}");
        response["result"].clone()
    }

    /// The edits `textDocument/formatting` answers for the document at `uri`.
    pub fn format(&mut self, uri: &str) -> Value {
        self.request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
        )
    }

    /// The next message that `wanted` accepts (others are skipped).
    pub fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = self
                .messages
                .recv_timeout(left)
                .expect("fenkit lsp did not answer in time");
            if wanted(&message) {
                return message;
            }
        }
    }

    /// The next response (a message with an id and no method).
    pub fn next_response(&mut self) -> Value {
        self.wait_for(|message| message.get("id").is_some() && message.get("method").is_none())
    }

    /// The diagnostics published for `uri` at `version`.
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let message = self.publication(uri, version);
        message["params"]["diagnostics"].as_array().unwrap().clone()
    }

    /// The publication for `uri` at `version`, whole.
    pub fn publication(&mut self, uri: &str, version: i64) -> Value {
        self.wait_for(|message| {
            message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
                && message["params"]["version"] == version
        })
    }

    pub fn open(&mut self, uri: &str, language_id: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language_id, "version": 1, "text": text}}),
        );
    }

    /// Shuts the server down and checks that it exits 0.
    pub fn shut_down(mut self) {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        let status = self.wait_exit();
        assert_eq!(status.code(), Some(0), "fenkit lsp exited with {status}");
    }

    /// The server's exit status, waiting at most [`PATIENCE`] (then it is killed).
    pub fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("fenkit lsp did not exit in time");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The server's peak resident memory in KiB (`VmHWM`), where the system tells it (Linux).
    pub fn peak_memory_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // A failed test must not leave a server behind.
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// `message` framed as LSP's base protocol frames it.
pub fn frame(message: &Value) -> Vec<u8> {
    let body = message.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

pub fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).ok()? == 0 {
            return None;
        }
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some(value) = header.strip_prefix("Content-Length: ") {
            length = value.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

/// `(code, start line, start character, end character)` of each diagnostic.
pub fn places(diagnostics: &[Value]) -> Vec<(String, u64, u64, u64)> {
    diagnostics
        .iter()
        .map(|d| {
            let range = &d["range"];
            assert_eq!(range["start"]["line"], range["end"]["line"]);
            (
                d["code"].as_str().unwrap().to_string(),
                range["start"]["line"].as_u64().unwrap(),
                range["start"]["character"].as_u64().unwrap(),
                range["end"]["character"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// `(code, line, start, end)` of each diagnostic `fenkit check --format json PATH` reports,
/// in LSP's terms (0-based lines, UTF-16 characters).
pub fn places_from_check(path: &str) -> Vec<(String, u64, u64, u64)> {
    let output = assert_cmd::Command::cargo_bin("fenkit")
        .unwrap()
        .args(["check", "--format", "json", path])
        .output()
        .unwrap();
    let mut found = Vec::new();
    for line in String::from_utf8(output.stdout).unwrap().lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        for d in record["diagnostics"].as_array().into_iter().flatten() {
            let label = &d["labels"][0];
            found.push((
                d["code"].as_str().unwrap().to_string(),
                label["line"].as_u64().unwrap() - 1,
                label["column_utf16"].as_u64().unwrap() - 1,
                label["end_column_utf16"].as_u64().unwrap() - 1,
            ));
        }
    }
    found
}
