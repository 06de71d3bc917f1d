//! `fenkit fix` (and `fenkit fmt --check`): rewrites files in place with the safe fixes of
//! their diagnostics and each valid record in canonical form, or, with `--check`, lists what
//! would change and exits 1.
//!
//! Records are read as `fenkit check` reads them (the same line reader, line ends and maximum
//! record length; game files with their end-of-file errors). A record changes only when the
//! fixes make it valid; in a game file only its FEN value changes; every other byte of the file
//! is copied as it was (comments, records that stay invalid, line ends, lines over the maximum
//! length). Memory stays bounded: the changes are applied as they are found, by copying the
//! original around them.
//!
//! A file is rewritten as careful editors do it: the new text goes to a temporary file created
//! exclusively (a random name beside the original, with its mode and owner), is flushed, and is
//! renamed over the original. A symbolic link is followed and its target rewritten. A file that
//! changed while it was read, that is not a regular file, that is read-only, or that has other
//! hard links is left alone with a message (exit status 2). Two `fenkit fix` runs on one file
//! take turns (an advisory lock). The temporary file is removed on an error or a signal.

use std::fs::{self, File, Metadata};
use std::io::{self, BufWriter, Read, Write};
use std::os::unix::fs::{FileExt, MetadataExt};
use std::path::{Path, PathBuf};

use std::collections::{BTreeMap, BTreeSet};

use fenkit::autofix::{Fixed, fix_game_record, fix_record};
use fenkit::pgn::{GameRecord, GameScanner};
use tempfile::NamedTempFile;

use crate::args::FixArgs;
use crate::cleanup;
use crate::input::{Block, Line, LineReader, is_comment};
use crate::records::Reading;
use crate::terminal::shown;

/// How many times a file replaced while its lock was awaited is opened again.
const OPEN_ATTEMPTS: usize = 8;

/// What happened to the files.
#[derive(Debug, Default)]
pub struct FixOutcome {
    /// Lines changed (or, with `--check`, that would change).
    pub changed: u64,
    /// Records still invalid, left as they are.
    pub invalid: u64,
    /// Whether a file could not be read or written.
    pub input_failed: bool,
}

/// Why fixing stopped.
#[derive(Debug)]
pub enum Failure {
    /// A file could not be read, or was left alone: the message says why; the other files go on.
    File(String),
    /// Standard output could not be written (said once; nothing more is done).
    Output(io::Error),
}

impl Failure {
    /// The failure of the file `name`, escaped for the terminal.
    fn file(name: &str, what: impl std::fmt::Display) -> Failure {
        Failure::File(format!("{}: {}", shown(name), shown(&what.to_string())))
    }
}

/// A line the fixes change: its start, `old`, becomes `new` (the rest of the line stays).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineFix {
    /// 1-based line number.
    pub number: usize,
    /// The start of the line as it was: the whole line, or for a FEN tag of a game file, the
    /// line up to the tag's end.
    pub old: Vec<u8>,
    /// What it becomes.
    pub new: Vec<u8>,
}

/// One change of the input: the `replaced` bytes at `offset` become `text`; `before` and
/// `after` are the start of its line as the `--check` list shows it.
#[derive(Debug)]
struct Change {
    number: usize,
    offset: u64,
    replaced: usize,
    text: Vec<u8>,
    before: Vec<u8>,
    after: Vec<u8>,
}

impl Change {
    /// The whole line `old` of `line` becomes `new`.
    fn whole_line(line: &Line, old: &[u8], new: Vec<u8>) -> Change {
        Change {
            number: line.number,
            offset: line.offset,
            replaced: old.len(),
            text: new.clone(),
            before: old.to_vec(),
            after: new,
        }
    }

    /// The line start `before` (at `line_offset`) becoming `after`, as the bytes that differ.
    fn within_line(number: usize, line_offset: u64, before: &[u8], after: Vec<u8>) -> Change {
        let prefix = before
            .iter()
            .zip(&after)
            .take_while(|(a, b)| a == b)
            .count();
        let suffix = before
            .iter()
            .rev()
            .zip(after.iter().rev())
            .take_while(|(a, b)| a == b)
            .count()
            .min(before.len() - prefix)
            .min(after.len() - prefix);
        let text = after
            .get(prefix..after.len() - suffix)
            .unwrap_or_default()
            .to_vec();
        Change {
            number,
            offset: line_offset + prefix as u64,
            replaced: before.len() - prefix - suffix,
            text,
            before: before.to_vec(),
            after,
        }
    }
}

/// The changes of a game file: its records come back when their game's tag section ends, so
/// the changes wait, in the order of the file, until no record of the lines read is missing.
struct GameChanges {
    scanner: GameScanner,
    /// Where each line with a tag pair starts, while one of its records may still come.
    tag_lines: BTreeMap<usize, u64>,
    /// Changes by offset, and the lines they change.
    waiting: BTreeMap<u64, Change>,
    changed_lines: BTreeSet<usize>,
}

impl GameChanges {
    fn new(scanner: GameScanner) -> GameChanges {
        GameChanges {
            scanner,
            tag_lines: BTreeMap::new(),
            waiting: BTreeMap::new(),
            changed_lines: BTreeSet::new(),
        }
    }

    /// Reads `line` (`text`): the fixes of the records it completes wait in `waiting`.
    fn line(&mut self, line: &Line, text: &[u8], outcome: &mut FixOutcome) {
        if line.too_long.is_some() {
            // Counted as a line of the file, read as nothing; copied as it is.
            let _ = self.scanner.scan_line(b"");
            if !is_comment(text) {
                outcome.invalid += 1;
            }
            return;
        }
        if memchr::memchr(b'[', text).is_some() {
            self.tag_lines.insert(line.number, line.offset);
        }
        let records = self.scanner.scan_line(text);
        for record in records {
            let offset = match record.line {
                number if number == line.number => Some(line.offset),
                number => self.tag_lines.get(&number).copied(),
            };
            self.record(&record, offset, outcome);
        }
        if !self.scanner.has_waiting() {
            self.tag_lines.clear();
        }
    }

    /// The end of the file: the last game's records.
    fn finish(&mut self, outcome: &mut FixOutcome) {
        for record in self.scanner.finish() {
            let offset = self.tag_lines.get(&record.line).copied();
            self.record(&record, offset, outcome);
        }
        self.tag_lines.clear();
    }

    /// The fix of `record`, whose line starts at `offset`.
    fn record(&mut self, record: &GameRecord, offset: Option<u64>, outcome: &mut FixOutcome) {
        match fix_game_record(record) {
            Fixed::Valid(after) if *after != *record.text => {
                // A second change on one line waits for the next run (its line was rewritten).
                match offset.filter(|_| self.changed_lines.insert(record.line)) {
                    Some(offset) => {
                        let change = Change::within_line(record.line, offset, &record.text, after);
                        self.waiting.insert(change.offset, change);
                    }
                    None => outcome.invalid += 1,
                }
            }
            Fixed::Valid(_) => {}
            Fixed::Invalid { invalid } => outcome.invalid += invalid as u64,
        }
    }

    /// Hands the waiting changes to `found` once no earlier record can still come; returns
    /// how many lines they change.
    fn flush(
        &mut self,
        found: &mut impl FnMut(Change) -> Result<(), Failure>,
    ) -> Result<u64, Failure> {
        if self.scanner.has_waiting() {
            return Ok(0);
        }
        let mut lines = 0;
        while let Some((_, change)) = self.waiting.pop_first() {
            lines += 1;
            found(change)?;
        }
        self.changed_lines.clear();
        Ok(lines)
    }
}

/// How the records of every file are read and fixed (also the language server's formatting).
pub struct Fixer {
    pub reading: Reading,
    pub max_record_bytes: usize,
}

/// Runs `fenkit fix` (or `fmt --check` when `check`). An error is a failed write to standard
/// output (not yet said).
pub fn run(args: &FixArgs, check: bool) -> Result<FixOutcome, io::Error> {
    let fixer = Fixer {
        reading: args.records.reading(fenkit::Mode::Strict),
        max_record_bytes: args.records.max_record_bytes,
    };
    let mut outcome = FixOutcome::default();
    let paths = if args.paths.is_empty() {
        crate::input::say_when_a_terminal_is_read();
        vec![PathBuf::from("-")]
    } else {
        args.paths.clone()
    };
    let mut stdout = BufWriter::new(io::stdout().lock());
    for path in &paths {
        let result = if path == Path::new("-") {
            fixer.fix_stdin(check, &mut stdout, &mut outcome)
        } else if check {
            fixer.check_file(path, &mut stdout, &mut outcome)
        } else {
            fixer.fix_file(path, &mut outcome)
        };
        match result {
            Ok(()) => {}
            Err(Failure::File(message)) => {
                let _ = writeln!(io::stderr(), "fenkit: {message}");
                outcome.input_failed = true;
            }
            // The reader went away (`fenkit fmt --check big.fen | head`): the verdict so far,
            // whoever reads. With `--check` only changes are written: the one being listed
            // would change, even if the lines before it were not counted yet.
            Err(Failure::Output(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
                if check {
                    outcome.changed += 1;
                }
                return Ok(outcome);
            }
            Err(Failure::Output(error)) => return Err(error),
        }
    }
    match stdout.flush() {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return Ok(outcome),
        other => other?,
    }
    let verb = if check { "would change" } else { "changed" };
    let _ = writeln!(
        io::stderr(),
        "{} {verb}, {} invalid record{} left as {}",
        plural_lines(outcome.changed),
        outcome.invalid,
        if outcome.invalid == 1 { "" } else { "s" },
        if outcome.invalid == 1 {
            "it is"
        } else {
            "they are"
        },
    );
    Ok(outcome)
}

fn plural_lines(count: u64) -> String {
    format!("{count} line{}", if count == 1 { "" } else { "s" })
}

impl Fixer {
    /// Every change the fixes make to `source`, handed to `found` in the order of the source;
    /// returns how many lines change. Records left invalid are counted in `outcome`. `is_games`
    /// decides from the first lines whether the source is a game file.
    fn each_fix(
        &self,
        mut source: LineReader,
        is_games: impl FnOnce(&Block) -> bool,
        outcome: &mut FixOutcome,
        mut found: impl FnMut(Change) -> Result<(), Failure>,
    ) -> Result<u64, Failure> {
        let mut block = Block::default();
        let mut games: Option<Option<GameChanges>> = None;
        let mut is_games = Some(is_games);
        let mut changes = 0;
        while source.fill(&mut block) {
            let games = games.get_or_insert_with(|| {
                let yes = is_games.take().is_some_and(|is_games| is_games(&block));
                yes.then(|| GameChanges::new(self.reading.games()))
            });
            for line in &block.lines {
                let text = block.text(line);
                if let Some(games) = games.as_mut() {
                    games.line(line, text, outcome);
                    changes += games.flush(&mut found)?;
                    continue;
                }
                if is_comment(text) {
                    continue;
                }
                if line.too_long.is_some() {
                    // `check` reports it as `record_too_long`; it is copied as it is.
                    outcome.invalid += 1;
                    continue;
                }
                match fix_record(text, self.reading.notation, &self.reading.options) {
                    Fixed::Valid(new) if new != text => {
                        changes += 1;
                        found(Change::whole_line(line, text, new))?;
                    }
                    Fixed::Valid(_) => {}
                    Fixed::Invalid { invalid } => outcome.invalid += invalid as u64,
                }
            }
            if let Some(error) = block.error.take() {
                return Err(Failure::file(&block.source, error));
            }
        }
        if let Some(Some(mut games)) = games {
            games.finish(outcome);
            changes += games.flush(&mut found)?;
        }
        Ok(changes)
    }

    /// Whether the input `path` is a game file, decided from its first lines as `check`
    /// decides.
    fn games_decider(&self, path: &Path) -> impl FnOnce(&Block) -> bool {
        let reading = self.reading;
        move |first| reading.reads_as_games(path, first)
    }

    /// The lines of `text` that the fixes change (the language server's formatting); `games`
    /// reads it as a game file.
    pub fn fixes_of_text(&self, text: &str, games: bool) -> Vec<LineFix> {
        let reader = io::Cursor::new(text.as_bytes().to_vec());
        let source = LineReader::new("", Box::new(reader), None, self.max_record_bytes);
        let mut fixes = Vec::new();
        let mut outcome = FixOutcome::default();
        // Reading from memory cannot fail.
        let _ = self.each_fix(
            source,
            |_| games,
            &mut outcome,
            |change| {
                fixes.push(LineFix {
                    number: change.number,
                    old: change.before,
                    new: change.after,
                });
                Ok(())
            },
        );
        fixes
    }

    /// `fix --check FILE`: lists what would change.
    fn check_file(
        &self,
        path: &Path,
        listing: &mut impl Write,
        outcome: &mut FixOutcome,
    ) -> Result<(), Failure> {
        let name = path.display().to_string();
        let file = open_regular(path, &name)?;
        let source = LineReader::new(&name, Box::new(file), None, self.max_record_bytes);
        let changes = self.each_fix(source, self.games_decider(path), outcome, |change| {
            list_change(listing, &name, &change).map_err(Failure::Output)
        })?;
        outcome.changed += changes;
        Ok(())
    }

    /// `fix -` (standard input to standard output), or with `check`, the list of what would
    /// change. Standard input is kept in an unnamed temporary file as it is read, so that the
    /// bytes between the changes (lines over the maximum length too) are copied from there.
    fn fix_stdin(
        &self,
        check: bool,
        stdout: &mut impl Write,
        outcome: &mut FixOutcome,
    ) -> Result<(), Failure> {
        let path = Path::new("-");
        let max = self.max_record_bytes;
        if check {
            let source = LineReader::new("-", Box::new(io::stdin()), None, max);
            let changes = self.each_fix(source, self.games_decider(path), outcome, |change| {
                list_change(stdout, "-", &change).map_err(Failure::Output)
            })?;
            outcome.changed += changes;
            return Ok(());
        }
        let spool = tempfile::tempfile()
            .map_err(|error| Failure::file("-", format!("cannot keep standard input: {error}")))?;
        let kept = spool
            .try_clone()
            .map_err(|error| Failure::file("-", format!("cannot keep standard input: {error}")))?;
        let reader = Tee {
            input: io::stdin(),
            copy: kept,
        };
        let source = LineReader::new("-", Box::new(reader), None, max);
        let mut copier = Copier::new(spool, &mut *stdout);
        let changes = self.each_fix(source, self.games_decider(path), outcome, |change| {
            copier.replace(change.offset, change.replaced, &change.text)
        })?;
        copier.finish()?;
        outcome.changed += changes;
        Ok(())
    }

    /// `fix FILE`: the file rewritten in place when a line changes (see the module docs).
    fn fix_file(&self, path: &Path, outcome: &mut FixOutcome) -> Result<(), Failure> {
        let name = path.display().to_string();
        let (target, file, before) = open_locked(path, &name)?;
        let source = LineReader::new(
            &name,
            Box::new(
                file.try_clone()
                    .map_err(|error| Failure::file(&name, error))?,
            ),
            Some(before.len()),
            self.max_record_bytes,
        );
        let mut rewrite: Option<Rewrite> = None;
        let changes = self.each_fix(source, self.games_decider(path), outcome, |change| {
            let rewrite = match rewrite.as_mut() {
                Some(rewrite) => rewrite,
                None => rewrite.insert(Rewrite::start(&file, &target, &name, &before)?),
            };
            rewrite
                .copier
                .replace(change.offset, change.replaced, &change.text)
                .map_err(|failure| rewrite.failed(failure))
        })?;
        if let Some(rewrite) = rewrite {
            rewrite.finish(&target, &before)?;
            outcome.changed += changes;
        }
        Ok(())
    }
}

/// Writes one change of `--check`'s list: `NAME:LINE:`, `-old`, `+new`.
fn list_change(listing: &mut impl Write, name: &str, change: &Change) -> io::Result<()> {
    writeln!(listing, "{}:{}:", shown(name), change.number)?;
    writeln!(
        listing,
        "-{}",
        shown(&String::from_utf8_lossy(&change.before))
    )?;
    writeln!(
        listing,
        "+{}",
        shown(&String::from_utf8_lossy(&change.after))
    )
}

/// Opens `path` for reading when it is a regular file (a FIFO or a device is refused before it
/// is opened: opening a FIFO would wait for a writer).
fn open_regular(path: &Path, name: &str) -> Result<File, Failure> {
    let metadata = fs::metadata(path).map_err(|error| Failure::file(name, error))?;
    if !metadata.is_file() {
        return Err(Failure::file(name, "not a regular file: left alone"));
    }
    File::open(path).map_err(|error| Failure::file(name, error))
}

/// The file `path` resolves to, open and locked against other `fenkit fix` runs, with its
/// metadata. A run that waited for the lock while another replaced the file opens the new file.
fn open_locked(path: &Path, name: &str) -> Result<(PathBuf, File, Metadata), Failure> {
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

/// The temporary file a changed file is written to, started at its first change.
struct Rewrite {
    name: String,
    temporary: NamedTempFile,
    _guard: cleanup::Guard,
    /// The original copied into the temporary file.
    copier: Copier<BufWriter<File>>,
}

impl Rewrite {
    /// Refuses a file that must not be replaced, then creates the temporary file beside it,
    /// with its mode (and its owner and group where the process may set them).
    fn start(
        original: &File,
        target: &Path,
        name: &str,
        before: &Metadata,
    ) -> Result<Rewrite, Failure> {
        if before.permissions().readonly() {
            return Err(Failure::file(name, "the file is read-only: left alone"));
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
        let directory = target.parent().unwrap_or(Path::new("."));
        let file_name = target
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let create = || {
            tempfile::Builder::new()
                .prefix(&format!(".{file_name}."))
                .suffix(".fenkit-fix")
                .permissions(before.permissions())
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
        // The mode exactly (the umask applied at creation), then owner and group if allowed.
        let _ = file.set_permissions(before.permissions());
        if std::os::unix::fs::fchown(file, Some(before.uid()), Some(before.gid())).is_err() {
            let _ = std::os::unix::fs::fchown(file, None, Some(before.gid()));
        }
        let output = file
            .try_clone()
            .map_err(|error| Failure::file(name, error))?;
        let source = original
            .try_clone()
            .map_err(|error| Failure::file(name, error))?;
        Ok(Rewrite {
            name: name.to_string(),
            temporary,
            _guard: guard,
            copier: Copier::new(source, BufWriter::new(output)),
        })
    }

    /// A failure to write the temporary file names the file and says that it is unchanged.
    fn failed(&self, failure: Failure) -> Failure {
        match failure {
            Failure::Output(error) => Failure::file(
                &self.name,
                format!("cannot write the fixed text ({error}): the file is unchanged"),
            ),
            failure => failure,
        }
    }

    /// Copies the rest of the original, flushes, and renames the temporary file over `target`
    /// unless the file changed since it was read (`before`).
    fn finish(mut self, target: &Path, before: &Metadata) -> Result<(), Failure> {
        let written = self.copier.finish().and_then(|()| {
            let output = self.copier.output.get_ref();
            output.sync_all().map_err(Failure::Output)
        });
        written.map_err(|failure| self.failed(failure))?;
        let still = |metadata: io::Result<Metadata>| {
            metadata.is_ok_and(|metadata| unchanged(before, &metadata))
        };
        if !still(self.copier.source.metadata()) || !still(fs::metadata(target)) {
            return Err(Failure::file(
                &self.name,
                "the file changed while fenkit read it: left alone (run fenkit fix again)",
            ));
        }
        self.temporary.persist(target).map_err(|error| {
            Failure::file(
                &self.name,
                format!("cannot replace the file: {}", error.error),
            )
        })?;
        Ok(())
    }
}

/// Copies a source (read by position, so the line reader's own reads of it are not disturbed)
/// to `output`, replacing the lines that change.
struct Copier<W: Write> {
    source: File,
    output: W,
    /// How far the source has been copied.
    at: u64,
}

impl<W: Write> Copier<W> {
    fn new(source: File, output: W) -> Copier<W> {
        Copier {
            source,
            output,
            at: 0,
        }
    }

    /// Copies up to `offset`, then writes `new` in place of the `old_len` bytes there.
    fn replace(&mut self, offset: u64, old_len: usize, new: &[u8]) -> Result<(), Failure> {
        self.copy_until(Some(offset))?;
        self.output.write_all(new).map_err(Failure::Output)?;
        self.at = offset + old_len as u64;
        Ok(())
    }

    /// Copies the rest of the source and flushes.
    fn finish(&mut self) -> Result<(), Failure> {
        self.copy_until(None)?;
        self.output.flush().map_err(Failure::Output)
    }

    fn copy_until(&mut self, end: Option<u64>) -> Result<(), Failure> {
        let mut buffer = vec![0; 64 * 1024];
        loop {
            let wanted = end.map_or(buffer.len() as u64, |end| end.saturating_sub(self.at));
            let wanted = usize::try_from(wanted).map_or(buffer.len(), |w| w.min(buffer.len()));
            if wanted == 0 {
                return Ok(());
            }
            let chunk = buffer.get_mut(..wanted).unwrap_or_default();
            let read = match self.source.read_at(chunk, self.at) {
                Ok(0) if end.is_none() => return Ok(()),
                Ok(0) => return Err(Failure::File("the input ended early".into())),
                Ok(read) => read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(Failure::File(format!("cannot read: {error}"))),
            };
            let chunk = buffer.get(..read).unwrap_or_default();
            self.output.write_all(chunk).map_err(Failure::Output)?;
            self.at += read as u64;
        }
    }
}

/// Standard input, copied into a file as it is read.
struct Tee {
    input: io::Stdin,
    copy: File,
}

impl Read for Tee {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let read = self.input.read(buffer)?;
        self.copy
            .write_all(buffer.get(..read).unwrap_or_default())?;
        Ok(read)
    }
}
