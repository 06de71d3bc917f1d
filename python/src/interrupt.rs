//! Work that may take long or block (a record of megabytes, a file's next block, opening a
//! FIFO no one writes to) runs on a thread of its own while the caller waits with the
//! interpreter's lock released: other Python threads run meanwhile, and the caller checks for
//! signals every few milliseconds, so Ctrl-C raises `KeyboardInterrupt` at once.
//!
//! An interrupted wait leaves the work running: its thread ends when the work does (its result
//! is dropped), or the caller waits for it again (`FileChecker` picks its block up on the next
//! `next()`).

use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::messages;

/// How long the caller waits between two checks for signals.
const POLL: Duration = Duration::from_millis(20);

/// Work running on its own thread (its receiver in a mutex, so that a Python object can hold
/// it: Python objects are shared between threads).
pub struct Pending<T> {
    receiver: Option<Mutex<Receiver<T>>>,
}

impl<T: Send + 'static> Pending<T> {
    /// Starts `work` on a thread of its own.
    pub fn spawn(work: impl FnOnce() -> T + Send + 'static) -> PyResult<Self> {
        let (sender, receiver) = mpsc::sync_channel(1);
        std::thread::Builder::new()
            .name(String::from("fenkit"))
            .spawn(move || {
                // The caller may have stopped waiting: the result is dropped then.
                let _ = sender.send(work());
            })?;
        Ok(Pending {
            receiver: Some(Mutex::new(receiver)),
        })
    }

    /// Waits for the work, the interpreter's lock released, checking for signals between
    /// short waits. A signal's exception (`KeyboardInterrupt`) leaves the work pending: a later
    /// `wait` picks it up.
    pub fn wait(&mut self, py: Python<'_>) -> PyResult<T> {
        loop {
            let receiver = self
                .receiver
                .take()
                .ok_or_else(|| PyRuntimeError::new_err(messages::READER_FAILED))?
                .into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let (receiver, got) = py.allow_threads(move || {
                let got = receiver.recv_timeout(POLL);
                (receiver, got)
            });
            match got {
                Ok(value) => return Ok(value),
                Err(RecvTimeoutError::Timeout) => {
                    self.receiver = Some(Mutex::new(receiver));
                    py.check_signals()?;
                }
                // The thread ended without a result: it panicked (a bug in the library).
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err(messages::READER_FAILED));
                }
            }
        }
    }
}

/// Runs `work` on a thread of its own and waits for it as [`Pending::wait`] does.
pub fn run<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    Pending::spawn(work)?.wait(py)
}
