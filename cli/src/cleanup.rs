//! Temporary files that must not outlive the process: a signal that ends it (Ctrl-C, `kill`,
//! a closed terminal) removes them first, then ends the process as the signal would have.
//! (Nothing can run on SIGKILL: a file written then stays, named `.NAME.*.fenkit-fix`.)

use std::path::PathBuf;
use std::sync::{Mutex, Once, PoisonError};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// The temporary files alive now.
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A temporary file removed if a signal ends the process while the guard lives.
pub struct Guard {
    path: PathBuf,
}

impl Guard {
    /// Makes a temporary file with `make` and watches it (at the path `path_of` gives) until the
    /// guard is dropped (the file persisted or removed by its owner). The handler is in place
    /// before the file exists, and the list is held while it is made: a signal that comes
    /// meanwhile waits for the file to be listed, so no moment leaves it behind.
    pub fn create<T>(
        make: impl FnOnce() -> std::io::Result<T>,
        path_of: impl FnOnce(&T) -> PathBuf,
    ) -> std::io::Result<(T, Guard)> {
        install();
        let mut temporaries = temporaries();
        let made = make()?;
        let path = path_of(&made);
        temporaries.push(path.clone());
        Ok((made, Guard { path }))
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        let mut temporaries = temporaries();
        if let Some(at) = temporaries.iter().position(|path| *path == self.path) {
            temporaries.swap_remove(at);
        }
    }
}

fn temporaries() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARIES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Starts, once, the thread that waits for the signals.
fn install() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        // Without the handler a signal leaves the file behind, as before: not worth failing for.
        let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    // Held to the end: no new temporary file is watched (or made) meanwhile.
                    let temporaries = temporaries();
                    for path in temporaries.iter() {
                        let _ = std::fs::remove_file(path);
                    }
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
    });
}
