//! Checking documents off the message loop, so a large file never blocks hovers and edits: one
//! worker thread takes the newest version of each document and publishes its diagnostics only
//! if no newer version arrived meanwhile (stale results are dropped, long checks cut short).
//!
//! Waiting work is one version per document (a newer one replaces it), so edits sent faster
//! than they are checked cost no memory; the result goes to the [`Outbox`], which never waits,
//! so the worker holds its lock only for the moment it takes to queue a frame.

use std::collections::HashMap;
use std::io;
use std::mem;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use fenkit::codes::CodeFilter;
use lsp_server::{Message, Notification};
use lsp_types::notification::{Notification as _, PublishDiagnostics};
use lsp_types::{PublishDiagnosticsParams, Uri};

use super::diagnostics::{Bounded, MAX_DOCUMENT_DIAGNOSTICS, to_lsp};
use super::document::{Document, Rules, records};
use super::transport::{Outbox, frame};

/// A long check looks whether its version is still the newest every this many records.
const RECHECK_EVERY: usize = 512;

/// What the message loop and the worker share, under one lock.
#[derive(Default)]
struct Work {
    /// The newest version of each open document (by URI text); a closed one has none.
    versions: HashMap<String, i32>,
    /// The documents waiting to be checked, the newest version of each.
    waiting: HashMap<String, Job>,
    stopped: bool,
}

struct Job {
    uri: Uri,
    document: Document,
}

#[derive(Default)]
struct Shared {
    work: Mutex<Work>,
    arrived: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Work> {
        self.work.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn is_current(&self, uri: &Uri, version: i32) -> bool {
        self.lock().versions.get(uri.as_str()) == Some(&version)
    }
}

/// The worker thread and the way to give it documents.
pub struct Checker {
    shared: Arc<Shared>,
    outbox: Arc<Outbox>,
    thread: JoinHandle<()>,
}

impl Checker {
    /// Starts the worker; it queues each `textDocument/publishDiagnostics` in `outbox`.
    /// Only the codes `filter` keeps are published.
    pub fn spawn(rules: Rules, filter: CodeFilter, outbox: Arc<Outbox>) -> io::Result<Checker> {
        let shared = Arc::new(Shared::default());
        let (worker_shared, worker_outbox) = (shared.clone(), outbox.clone());
        let thread = std::thread::Builder::new()
            .name("fenkit-lsp-checker".to_string())
            .spawn(move || work(&worker_shared, rules, &filter, &worker_outbox))?;
        Ok(Checker {
            shared,
            outbox,
            thread,
        })
    }

    /// Checks `document` (a newer version of `uri` makes the result stale).
    pub fn check(&self, uri: Uri, document: Document) {
        let mut work = self.shared.lock();
        let key = uri.to_string();
        work.versions.insert(key.clone(), document.version);
        work.waiting.insert(key, Job { uri, document });
        self.shared.arrived.notify_one();
    }

    /// Forgets `uri` and clears its diagnostics: results still being computed are dropped.
    pub fn close(&self, uri: &Uri) {
        let cleared = publication(PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics: Vec::new(),
            version: None,
        });
        let mut work = self.shared.lock();
        work.versions.remove(uri.as_str());
        work.waiting.remove(uri.as_str());
        // Under the lock, so that a result of the worker cannot replace it.
        if let Some(cleared) = cleared {
            self.outbox.publish(uri.as_str(), cleared);
        }
    }

    /// Stops the worker, cutting the check at hand short.
    pub fn stop(self) {
        {
            let mut work = self.shared.lock();
            work.stopped = true;
            work.versions.clear();
            work.waiting.clear();
        }
        self.shared.arrived.notify_all();
        let _ = self.thread.join();
    }
}

fn work(shared: &Shared, rules: Rules, filter: &CodeFilter, outbox: &Outbox) {
    loop {
        let jobs = {
            let mut work = shared.lock();
            while work.waiting.is_empty() && !work.stopped {
                work = shared
                    .arrived
                    .wait(work)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            if work.stopped {
                return;
            }
            mem::take(&mut work.waiting)
        };
        for Job { uri, document } in jobs.into_values() {
            let Some(params) = check(&uri, &document, shared, rules, filter) else {
                continue;
            };
            let Some(frame) = publication(params) else {
                continue;
            };
            // Under the lock, so a close or a newer version cannot slip in between; queueing
            // never waits for the client.
            let work = shared.lock();
            if work.versions.get(uri.as_str()) == Some(&document.version) {
                outbox.publish(uri.as_str(), frame);
            }
        }
    }
}

/// The framed `textDocument/publishDiagnostics` notification.
fn publication(params: PublishDiagnosticsParams) -> Option<Vec<u8>> {
    let params = serde_json::to_value(params).ok()?;
    let notification = Notification {
        method: PublishDiagnostics::METHOD.to_string(),
        params,
    };
    frame(&Message::Notification(notification)).ok()
}

/// The diagnostics of `document` (at most [`MAX_DOCUMENT_DIAGNOSTICS`], then a note), or
/// `None` once a newer version makes them stale.
fn check(
    uri: &Uri,
    document: &Document,
    shared: &Shared,
    rules: Rules,
    filter: &CodeFilter,
) -> Option<PublishDiagnosticsParams> {
    let mut diagnostics = Bounded::new(MAX_DOCUMENT_DIAGNOSTICS);
    for (index, mut record) in records(&document.text, document.kind, rules).enumerate() {
        if index % RECHECK_EVERY == RECHECK_EVERY - 1 && !shared.is_current(uri, document.version) {
            return None;
        }
        filter.apply(&mut record.parsed);
        for diagnostic in &record.parsed.diagnostics {
            diagnostics.offer(diagnostic.severity(), record.line, || {
                to_lsp(uri, record.line, &record.text, diagnostic)
            });
        }
        diagnostics.omitted_from_record(record.line, record.parsed.omitted);
    }
    Some(PublishDiagnosticsParams {
        uri: uri.clone(),
        diagnostics: diagnostics.finish(),
        version: Some(document.version),
    })
}
