//! Replacing a file without losing or widening anything (`fenkit fix FILE`), and keeping
//! standard input for `fenkit fix -`.
//!
//! The fixed text goes to a temporary file beside the original, which gets the original's owner
//! and group, its extended attributes (the ACL too: it is the `system.posix_acl_access`
//! attribute) and then its whole mode, setuid, setgid and sticky bits included (set last: a
//! change of owner clears them). A file its user cannot write (`access(W_OK)`, as editors ask)
//! is left alone, however the folder lets it be replaced.
//!
//! **The race with a writer.** A rename replaces a name, not the writes of others: bytes written
//! to the original after it was read would be lost with it. So the original is compared (device,
//! inode, size, modification time to the nanosecond, through the open file and through its
//! name) after the temporary file is written, right before the rename, and a file that changed is
//! left alone (exit status 2). What is written between that comparison and the rename goes to the
//! original, which fenkit still holds open: after the rename it is compared again, and bytes
//! appended meanwhile are read from it and added to the end of the new file (they are not fixed,
//! and the run says so with exit status 2); any other change is said the same way. This closes
//! the window for every writer that opens the file after fenkit read it. The original is looked
//! at four times after the rename, at once and over the next 20 ms, so a writer that opened it
//! just before the rename (as `echo >> FILE` does, a moment before it writes) is caught too. One
//! that holds the original open for longer and writes to it later writes to a file no name
//! points to any more, as it would with every editor that saves by renaming: only a lock both
//! sides take could stop it, and `fenkit fix` takes one (two runs take turns).

use std::ffi::CStr;
use std::fs::{self, File, Metadata};
use std::io::{self, BufWriter, Read, Write};
use std::os::unix::fs::{FileExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tempfile::NamedTempFile;

use crate::cleanup;
use crate::fix::outcome::Failure;
use crate::messages;

/// How many times a file replaced while its lock was awaited is opened again.
const OPEN_ATTEMPTS: usize = 8;

/// When the replaced original is looked at again after the rename (each a wait after the one
/// before): at once, and three times more while a writer that opened it before the rename may
/// still write to it (on a busy machine such a writer may wait for a core for milliseconds).
const AFTER_RENAME: [Duration; 4] = [
    Duration::ZERO,
    Duration::from_millis(1),
    Duration::from_millis(4),
    Duration::from_millis(15),
];

/// `fix -` holds at most this much of standard input: what is read but not yet written out,
/// because a change before it may still come (a game's tag section that has not ended, a line
/// that has not ended).
pub const MAX_HELD_STDIN: usize = 256 << 20;

/// Opens `path` for reading when it is a regular file (a FIFO or a device is refused before it
/// is opened: opening a FIFO would wait for a writer).
pub fn open_regular(path: &Path, name: &str) -> Result<File, Failure> {
    let metadata = fs::metadata(path).map_err(|error| Failure::file(name, error))?;
    if !metadata.is_file() {
        return Err(Failure::file(name, "not a regular file: left alone"));
    }
    File::open(path).map_err(|error| Failure::file(name, error))
}

/// The file `path` resolves to, open and locked against other `fenkit fix` runs, with its
/// metadata. A run that waited for the lock while another replaced the file opens the new file.
pub fn open_locked(path: &Path, name: &str) -> Result<(PathBuf, File, Metadata), Failure> {
    let target = fs::canonicalize(path).map_err(|error| Failure::file(name, error))?;
    for _ in 0..OPEN_ATTEMPTS {
        let file = open_regular(&target, name)?;
        file.lock().map_err(|error| Failure::file(name, error))?;
        let opened = file
            .metadata()
            .map_err(|error| Failure::file(name, error))?;
        match fs::metadata(&target) {
            Ok(now) if same_file(&opened, &now) => return Ok((target, file, opened)),
            // Replaced (by the run that held the lock) or removed meanwhile: open it again.
            _ => continue,
        }
    }
    Err(Failure::file(
        name,
        "it keeps being replaced while fenkit waits to read it: left alone",
    ))
}

fn same_file(a: &Metadata, b: &Metadata) -> bool {
    a.dev() == b.dev() && a.ino() == b.ino()
}

/// Whether `now` still describes the file as it was read (`before`).
fn unchanged(before: &Metadata, now: &Metadata) -> bool {
    same_file(before, now)
        && before.len() == now.len()
        && before.mtime() == now.mtime()
        && before.mtime_nsec() == now.mtime_nsec()
}

/// Refuses a file that must not be replaced: read-only, not writable by its user, or with other
/// hard links.
fn refuse(target: &Path, name: &str, before: &Metadata) -> Result<(), Failure> {
    if before.permissions().readonly() {
        return Err(Failure::file(name, "the file is read-only: left alone"));
    }
    if rustix::fs::access(target, rustix::fs::Access::WRITE_OK).is_err() {
        return Err(Failure::file(name, messages::FIX_NOT_WRITABLE));
    }
    if before.nlink() > 1 {
        return Err(Failure::file(
            name,
            format!(
                "the file has {} hard links, which a rewrite would break: left alone \
                 (`fenkit fix - < FILE` writes the fixed text to standard output)",
                before.nlink()
            ),
        ));
    }
    Ok(())
}

/// Gives `to` the extended attributes of `from` (an ACL is one); an error names the attribute.
fn copy_attributes(from: &File, to: &File) -> Result<(), String> {
    let size = match rustix::fs::flistxattr_query(from) {
        Ok(size) => size,
        // A file system without extended attributes: nothing to keep.
        Err(rustix::io::Errno::NOTSUP) => return Ok(()),
        Err(error) => return Err(messages::fix_attributes_unread(error)),
    };
    let mut list = vec![0; size];
    let listed =
        rustix::fs::flistxattr(from, &mut list[..]).map_err(messages::fix_attributes_unread)?;
    let list = list.get(..listed).unwrap_or_default();
    for name in list.split_inclusive(|&byte| byte == 0) {
        let Ok(name) = CStr::from_bytes_with_nul(name) else {
            continue;
        };
        let said = || name.to_string_lossy().into_owned();
        let copy = || -> io::Result<()> {
            let size = rustix::fs::fgetxattr_query(from, name)?;
            let mut value = vec![0; size];
            let read = rustix::fs::fgetxattr(from, name, &mut value[..])?;
            let value = value.get(..read).unwrap_or_default();
            rustix::fs::fsetxattr(to, name, value, rustix::fs::XattrFlags::empty())?;
            Ok(())
        };
        copy().map_err(|error| messages::fix_attribute_not_kept(&said(), error))?;
    }
    Ok(())
}

/// A test's writer between fenkit's steps (debug builds only): with
/// `FENKIT_TEST_APPEND=STEP:TEXT`, `TEXT` is appended to the file at `STEP` (`read`: after the
/// temporary file is written; `rename`: after the last comparison, right before the rename).
#[cfg(debug_assertions)]
fn test_writer(step: &str, target: &Path) {
    let Ok(wanted) = std::env::var("FENKIT_TEST_APPEND") else {
        return;
    };
    if let Some(text) = wanted
        .strip_prefix(step)
        .and_then(|rest| rest.strip_prefix(':'))
        && let Ok(mut file) = fs::OpenOptions::new().append(true).open(target)
    {
        let _ = file.write_all(text.as_bytes());
    }
}

#[cfg(not(debug_assertions))]
fn test_writer(_step: &str, _target: &Path) {}

/// The temporary file a changed file is written to, started at its first change.
pub struct Rewrite {
    name: Arc<str>,
    target: PathBuf,
    before: Metadata,
    temporary: NamedTempFile,
    _guard: cleanup::Guard,
    /// The original copied into the temporary file.
    pub copier: Copier<File, BufWriter<File>>,
}

impl Rewrite {
    /// Refuses a file that must not be replaced, then creates the temporary file beside it,
    /// with its owner and group (where the process may set them), its extended attributes and
    /// its mode.
    pub fn start(
        original: &File,
        target: &Path,
        name: &str,
        before: &Metadata,
    ) -> Result<Rewrite, Failure> {
        refuse(target, name, before)?;
        let directory = target.parent().unwrap_or(Path::new("."));
        let file_name = target
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        // Never more open than the original while it is written (the special bits come last).
        let private = fs::Permissions::from_mode(before.mode() & 0o777);
        let create = || {
            tempfile::Builder::new()
                .prefix(&format!(".{file_name}."))
                .suffix(".fenkit-fix")
                .permissions(private.clone())
                .tempfile_in(directory)
        };
        let (temporary, guard) = cleanup::Guard::create(create, |file: &NamedTempFile| file.path())
            .map_err(|error| {
                Failure::file(
                    name,
                    format!("cannot create a temporary file beside it: {error}"),
                )
            })?;
        let file = temporary.as_file();
        // Owner first: a change of owner clears the setuid and setgid bits.
        if std::os::unix::fs::fchown(file, Some(before.uid()), Some(before.gid())).is_err() {
            let _ = std::os::unix::fs::fchown(file, None, Some(before.gid()));
        }
        copy_attributes(original, file).map_err(|why| Failure::file(name, why))?;
        file.set_permissions(fs::Permissions::from_mode(before.mode() & 0o7777))
            .map_err(|error| Failure::file(name, messages::fix_mode_not_kept(error)))?;
        let output = file
            .try_clone()
            .map_err(|error| Failure::file(name, error))?;
        let source = original
            .try_clone()
            .map_err(|error| Failure::file(name, error))?;
        Ok(Rewrite {
            name: Arc::from(name),
            target: target.to_path_buf(),
            before: before.clone(),
            temporary,
            _guard: guard,
            copier: Copier::new(name, source, BufWriter::new(output)),
        })
    }

    /// A failure to write the temporary file names the file and says that it is unchanged.
    pub fn failed(&self, failure: Failure) -> Failure {
        match failure {
            Failure::Output(error) => Failure::file(
                &self.name,
                format!("cannot write the fixed text ({error}): the file is unchanged"),
            ),
            failure => failure,
        }
    }

    /// Copies the rest of the original, flushes, and renames the temporary file over the
    /// original unless it changed since it was read; then takes back what was appended to the
    /// original between the last comparison and the rename (see the module docs).
    pub fn finish(mut self) -> Result<(), Failure> {
        let written = self.copier.finish().and_then(|()| {
            let output = self.copier.output.get_ref();
            output.sync_all().map_err(Failure::Output)
        });
        written.map_err(|failure| self.failed(failure))?;
        test_writer("read", &self.target);
        let before = &self.before;
        let still = |metadata: io::Result<Metadata>| {
            metadata.is_ok_and(|metadata| unchanged(before, &metadata))
        };
        if !still(self.copier.source.metadata()) || !still(fs::metadata(&self.target)) {
            return Err(Failure::file(&self.name, messages::FIX_CHANGED_WHILE_READ));
        }
        test_writer("rename", &self.target);
        let original = self.copier.source;
        let name = self.name;
        let replaced = self.temporary.persist(&self.target).map_err(|error| {
            Failure::file(&name, format!("cannot replace the file: {}", error.error))
        })?;
        // Looked at right away, then after the writers that opened it before the rename have
        // had time to write what they meant to.
        let mut taken = before.len();
        let mut modified = false;
        for grace in AFTER_RENAME {
            std::thread::sleep(grace);
            match original.metadata() {
                Ok(now) if now.len() > taken => {
                    taken = take_back(&original, taken, &replaced).map_err(|error| {
                        Failure::file(&name, messages::fix_appended_lost(error))
                    })?;
                }
                Ok(now)
                    if now.len() == taken && (taken > before.len() || unchanged(before, &now)) => {}
                _ => modified = true,
            }
        }
        if modified {
            Err(Failure::file(&name, messages::FIX_CHANGED_WHILE_REPLACED))
        } else if taken > before.len() {
            Err(Failure::file(&name, messages::FIX_APPENDED_TAKEN_BACK))
        } else {
            Ok(())
        }
    }
}

/// Adds what `original` holds from `from` on to the end of `replaced` (the new file, through
/// its own descriptor), its end taken anew before each write so that the appends of another
/// writer are not overwritten.
/// Returns where the original ended.
fn take_back(original: &File, from: u64, replaced: &File) -> io::Result<u64> {
    let mut output = replaced.try_clone()?;
    let end = output.metadata()?.len();
    let mut at = from;
    let mut buffer = vec![0; 64 * 1024];
    let mut end_of_new = end;
    loop {
        let read = match original.read_at(&mut buffer, at) {
            Ok(0) => break,
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        let chunk = buffer.get(..read).unwrap_or_default();
        // The new file's end now: a writer may have appended to it since.
        end_of_new = end_of_new.max(output.metadata()?.len());
        output.write_all_at(chunk, end_of_new)?;
        end_of_new += read as u64;
        at += read as u64;
    }
    output.flush()?;
    output.sync_all()?;
    Ok(at)
}

/// What a [`Copier`] copies from, read by position.
pub trait Source {
    fn read_from(&self, buffer: &mut [u8], offset: u64) -> io::Result<usize>;
    /// The bytes before `offset` are copied and will not be read again.
    fn copied_until(&self, _offset: u64) {}
}

impl Source for File {
    fn read_from(&self, buffer: &mut [u8], offset: u64) -> io::Result<usize> {
        FileExt::read_at(self, buffer, offset)
    }
}

/// Copies a source (read by position, so the line reader's own reads of it are not disturbed)
/// to `output`, replacing the lines that change.
pub struct Copier<S: Source, W: Write> {
    name: Arc<str>,
    pub source: S,
    pub output: W,
    /// How far the source has been copied.
    at: u64,
}

impl<S: Source, W: Write> Copier<S, W> {
    /// Copies `source`, the input `name`, to `output`.
    pub fn new(name: &str, source: S, output: W) -> Copier<S, W> {
        Copier {
            name: Arc::from(name),
            source,
            output,
            at: 0,
        }
    }

    /// Copies up to `offset`, then writes `new` in place of the `old_len` bytes there.
    pub fn replace(&mut self, offset: u64, old_len: usize, new: &[u8]) -> Result<(), Failure> {
        self.copy_until(Some(offset))?;
        self.output.write_all(new).map_err(Failure::Output)?;
        // Never back: a point the copy may reach can come after the copy went past it.
        self.at = self.at.max(offset + old_len as u64);
        Ok(())
    }

    /// Copies the rest of the source and flushes.
    pub fn finish(&mut self) -> Result<(), Failure> {
        self.copy_until(None)?;
        self.output.flush().map_err(Failure::Output)
    }

    fn copy_until(&mut self, end: Option<u64>) -> Result<(), Failure> {
        let mut buffer = vec![0; 64 * 1024];
        loop {
            let wanted = end.map_or(buffer.len() as u64, |end| end.saturating_sub(self.at));
            let wanted = usize::try_from(wanted).map_or(buffer.len(), |w| w.min(buffer.len()));
            if wanted == 0 {
                self.source.copied_until(self.at);
                return Ok(());
            }
            let chunk = buffer.get_mut(..wanted).unwrap_or_default();
            let read = match self.source.read_from(chunk, self.at) {
                Ok(0) if end.is_none() => return Ok(()),
                Ok(0) => return Err(Failure::file(&self.name, messages::INPUT_ENDED_EARLY)),
                Ok(read) => read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    return Err(Failure::file(&self.name, format!("cannot read: {error}")));
                }
            };
            let chunk = buffer.get(..read).unwrap_or_default();
            self.output.write_all(chunk).map_err(Failure::Output)?;
            self.at += read as u64;
        }
    }
}

/// Standard input as `fix -` keeps it: the bytes read and not yet copied out, in memory.
#[derive(Clone, Default)]
pub struct Held(Arc<Mutex<HeldBytes>>);

#[derive(Default)]
struct HeldBytes {
    /// Where `bytes` starts in the input.
    start: u64,
    bytes: Vec<u8>,
}

impl Held {
    fn lock(&self) -> std::sync::MutexGuard<'_, HeldBytes> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Source for Held {
    fn read_from(&self, buffer: &mut [u8], offset: u64) -> io::Result<usize> {
        let held = self.lock();
        let from = offset
            .checked_sub(held.start)
            .and_then(|from| usize::try_from(from).ok())
            .ok_or_else(|| io::Error::other("standard input was read past"))?;
        let rest = held.bytes.get(from..).unwrap_or_default();
        let count = rest.len().min(buffer.len());
        buffer
            .get_mut(..count)
            .unwrap_or_default()
            .copy_from_slice(rest.get(..count).unwrap_or_default());
        Ok(count)
    }

    fn copied_until(&self, offset: u64) {
        let mut held = self.lock();
        let done = usize::try_from(offset.saturating_sub(held.start)).unwrap_or(usize::MAX);
        let done = done.min(held.bytes.len());
        // Moved down once a fair part is done, so each byte moves a bounded number of times.
        if done >= 64 * 1024 && done * 2 >= held.bytes.len() {
            held.bytes.drain(..done);
            held.start += done as u64;
        }
    }
}

/// Standard input, kept in [`Held`] as it is read; refused past [`MAX_HELD_STDIN`].
pub struct Keep {
    pub input: io::Stdin,
    pub held: Held,
}

impl Read for Keep {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let read = self.input.read(buffer)?;
        let mut held = self.held.lock();
        if held.bytes.len() + read > MAX_HELD_STDIN {
            return Err(io::Error::other(messages::STDIN_HELD_TOO_LONG));
        }
        held.bytes
            .extend_from_slice(buffer.get(..read).unwrap_or_default());
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_cut_short_is_named_in_the_message() {
        let mut file = tempfile::tempfile().unwrap_or_else(|error| panic!("{error}"));
        let _ = file.write_all(b"8/8 w\n");
        let mut copier = Copier::new("short.fen", file, Vec::new());
        match copier.replace(100, 1, b"x") {
            Err(Failure::File(message)) => assert_eq!(
                message,
                "short.fen: the input ended early (it was cut short while fenkit read it)"
            ),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn held_input_is_let_go_once_copied() {
        let held = Held::default();
        let text = vec![b'x'; 200 * 1024];
        held.lock().bytes.extend_from_slice(&text);
        let mut copier = Copier::new("-", held.clone(), Vec::new());
        assert!(copier.replace(150 * 1024, 0, b"").is_ok());
        assert_eq!(held.lock().start, 150 * 1024);
        assert_eq!(held.lock().bytes.len(), 50 * 1024);
        assert!(copier.finish().is_ok());
        assert_eq!(copier.output.len(), text.len());
    }
}
