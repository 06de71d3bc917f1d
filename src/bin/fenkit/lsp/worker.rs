//! Checking documents off the message loop, so a large file never blocks hovers and edits: one
//! worker thread takes the newest version of each document and publishes its diagnostics only
//! if no newer version arrived meanwhile (stale results are dropped, long checks cut short).

use std::collections::HashMap;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use fenkit::ParseOptions;
use lsp_server::{Message, Notification};
use lsp_types::notification::{Notification as _, PublishDiagnostics};
use lsp_types::{PublishDiagnosticsParams, Uri};

use super::diagnostics::to_lsp;
use super::document::{Document, records};

/// A long check looks whether its version is still the newest every this many records.
const RECHECK_EVERY: usize = 512;

/// The newest version of each open document (by URI text); a closed document has none.
type Versions = Arc<Mutex<HashMap<String, i32>>>;

struct Job {
    uri: Uri,
    document: Document,
}

/// Sends a message to the client.
type Publish = Arc<dyn Fn(Message) + Send + Sync>;

/// The worker thread and the way to give it documents.
pub struct Checker {
    jobs: Sender<Job>,
    versions: Versions,
    publish: Publish,
    thread: JoinHandle<()>,
}

impl Checker {
    /// Starts the worker; it sends each `textDocument/publishDiagnostics` through `publish`.
    pub fn spawn(
        options: ParseOptions,
        publish: impl Fn(Message) + Send + Sync + 'static,
    ) -> Checker {
        let (jobs, received) = mpsc::channel();
        let versions = Versions::default();
        let publish: Publish = Arc::new(publish);
        let (shared, sender) = (versions.clone(), publish.clone());
        let thread = std::thread::spawn(move || work(&received, &shared, options, &sender));
        Checker {
            jobs,
            versions,
            publish,
            thread,
        }
    }

    /// Checks `document` (a newer version of `uri` makes the result stale).
    pub fn check(&self, uri: Uri, document: Document) {
        lock(&self.versions).insert(uri.to_string(), document.version);
        // The worker only stops when `self` is dropped, so the send cannot fail before.
        let _ = self.jobs.send(Job { uri, document });
    }

    /// Forgets `uri` and clears its diagnostics: results still being computed are dropped.
    pub fn close(&self, uri: &Uri) {
        let mut versions = lock(&self.versions);
        versions.remove(uri.as_str());
        (self.publish)(publication(PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics: Vec::new(),
            version: None,
        }));
    }

    /// Stops the worker after the job at hand.
    pub fn stop(self) {
        drop(self.jobs);
        let _ = self.thread.join();
    }
}

fn lock(versions: &Versions) -> std::sync::MutexGuard<'_, HashMap<String, i32>> {
    versions.lock().unwrap_or_else(PoisonError::into_inner)
}

fn is_current(versions: &Versions, uri: &Uri, version: i32) -> bool {
    lock(versions).get(uri.as_str()) == Some(&version)
}

fn work(received: &Receiver<Job>, versions: &Versions, options: ParseOptions, publish: &Publish) {
    while let Ok(first) = received.recv() {
        // Of the jobs waiting, only the newest per document matters.
        let mut newest: HashMap<String, Job> = HashMap::new();
        for job in std::iter::once(first).chain(received.try_iter()) {
            newest.insert(job.uri.to_string(), job);
        }
        for Job { uri, document } in newest.into_values() {
            if let Some(params) = check(&uri, &document, versions, options) {
                // Under the lock, so a close or a newer version cannot slip in between.
                let versions = lock(versions);
                if versions.get(uri.as_str()) == Some(&document.version) {
                    publish(publication(params));
                }
            }
        }
    }
}

fn publication(params: PublishDiagnosticsParams) -> Message {
    Message::Notification(Notification::new(
        PublishDiagnostics::METHOD.to_string(),
        params,
    ))
}

/// The diagnostics of `document`, or `None` once a newer version makes them stale.
fn check(
    uri: &Uri,
    document: &Document,
    versions: &Versions,
    options: ParseOptions,
) -> Option<PublishDiagnosticsParams> {
    let mut diagnostics = Vec::new();
    for (index, record) in records(&document.text, document.reading, options).enumerate() {
        if index % RECHECK_EVERY == RECHECK_EVERY - 1
            && !is_current(versions, uri, document.version)
        {
            return None;
        }
        for diagnostic in &record.parsed.diagnostics {
            diagnostics.push(to_lsp(uri, record.line, record.text, diagnostic));
        }
    }
    Some(PublishDiagnosticsParams {
        uri: uri.clone(),
        diagnostics,
        version: Some(document.version),
    })
}
