//! `fenkit fix` (and `fenkit fmt --check`): rewrites files in place with the safe fixes of
//! their diagnostics and each valid record in canonical form, or, with `--check`, lists what
//! would change and exits 1.
//!
//! Records are read as `fenkit check` reads them (the same line reader, line ends and maximum
//! record length; game files with their end-of-file errors). A record changes only when the
//! fixes make it valid; in a game file only its FEN value changes; every other byte of the file
//! is copied as it was (comments, records that stay invalid, line ends, lines over the maximum
//! length; a bare FEN line of a game file is reported, not changed). Memory stays bounded: the
//! changes are applied as they are found, by copying the original around them.
//!
//! A file is rewritten as careful editors do it ([`crate::rewrite`]): the new text goes to a
//! temporary file created exclusively (a random name beside the original, with its mode, owner
//! and extended attributes), is flushed, and is renamed over the original. A symbolic link is
//! followed and its target rewritten. A file that changed while it was read, that is not a
//! regular file, that its user cannot write, or that has other hard links is left alone with a
//! message (exit status 2). Two `fenkit fix` runs on one file take turns (an advisory lock). The
//! temporary file is removed on an error or a signal.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fenkit::autofix::{Fixed, fix_record_keeping};
use fenkit::codes::CodeFilter;
use fenkit::{Notation, Parsed};

use crate::args::FixArgs;
use crate::input::{Block, LineReader};
use crate::messages;
use crate::rewrite::{Copier, Held, Keep, Rewrite, open_locked, open_regular};
use crate::terminal::shown;
use fenkit::records::{Field, TableFormat};
use fenkit::records::{ReadOptions, record_text};
use fields::{FieldChanges, Fixing};
use games::GameChanges;

mod fields;
mod games;
pub mod outcome;

use outcome::{Change, Failure};
pub use outcome::{FixOutcome, LineFix};

/// How the lines of a file are read, decided from its first lines.
pub(crate) enum FileKind {
    /// A line is a record.
    Records,
    /// A game file.
    Games,
    /// A field of each row of a table (`--field`).
    Table(Field),
}

/// How the records of every file are read and fixed (also the language server's formatting).
pub struct Fixer {
    pub reading: ReadOptions,
    pub max_record_bytes: usize,
    /// The codes `--select` and `--ignore` keep: only their fixes are applied, and only their
    /// errors keep a record from its canonical form.
    pub filter: CodeFilter,
    /// `--field`: the records are a field of each row of a table.
    pub field: Option<String>,
}

/// Runs `fenkit fix` (or `fmt --check` when `check`). An error is a failed write to standard
/// output (not yet said).
pub fn run(args: &FixArgs, check: bool) -> Result<FixOutcome, io::Error> {
    let fixer = Fixer {
        reading: args.records.reading(fenkit::Mode::Strict),
        max_record_bytes: args.records.max_record_bytes,
        filter: args.records.filter(),
        field: args.records.field.clone(),
    };
    let mut outcome = FixOutcome {
        say_invalid: true,
        ..FixOutcome::default()
    };
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
        if !outcome.saying.is_empty() {
            let _ = io::stderr().lock().write_all(&outcome.saying);
            outcome.saying.clear();
        }
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
    if outcome.invalid > outcome.said {
        let _ = writeln!(
            io::stderr(),
            "{}",
            messages::more_left_invalid(outcome.invalid - outcome.said)
        );
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
        is_games: impl FnOnce(&Block) -> FileKind,
        outcome: &mut FixOutcome,
        mut found: impl FnMut(Change) -> Result<(), Failure>,
    ) -> Result<u64, Failure> {
        let mut block = Block::default();
        let mut games: Option<Option<GameChanges>> = None;
        let mut table: Option<FieldChanges> = None;
        let mut is_games = Some(is_games);
        let mut changes = 0;
        while source.fill(&mut block) {
            if games.is_none()
                && let Some(kind) = fenkit::inputs::sniff_binary(&block.start())
            {
                let why = messages::fix_binary(kind);
                return Err(Failure::File(format!("{}: {why}", shown(&block.source))));
            }
            let games = games.get_or_insert_with(|| {
                match is_games.take().map(|is_games| is_games(&block)) {
                    Some(FileKind::Games) => {
                        let scanner = fenkit::pgn::GameScanner::new(self.reading.parse);
                        Some(GameChanges::new(
                            source.name.clone(),
                            scanner,
                            self.filter.clone(),
                        ))
                    }
                    Some(FileKind::Table(field)) => {
                        table = Some(FieldChanges::new(field, self.reading));
                        None
                    }
                    _ => None,
                }
            });
            for line in block.lines() {
                let text = block.text(line);
                if let Some(table) = table.as_mut() {
                    let mut fixing = self.fixing(&block.source, outcome);
                    for change in table.line(line, text, &mut fixing) {
                        changes += 1;
                        found(change)?;
                    }
                    continue;
                }
                if let Some(games) = games.as_mut() {
                    games.line(line, text, outcome)?;
                    changes += games.flush(&mut found)?;
                    continue;
                }
                let Some(record) = record_text(line.number, text, line.too_long.is_none()) else {
                    continue;
                };
                if let Some(length) = line.too_long {
                    // Reported as `check` reports it; copied as it is.
                    let raise_with = self.reading.raise_with;
                    let too_long =
                        fenkit::records::record_too_long(length, self.max_record_bytes, raise_with);
                    let notation = self.reading.notation.unwrap_or(Notation::detect(record));
                    let parsed = Parsed::new(None, vec![too_long]);
                    outcome.left_invalid(&block.source, line.number, record, notation, parsed);
                    continue;
                }
                let (reading, filter) = (&self.reading, &self.filter);
                match fix_record_keeping(record, reading.notation, &reading.parse, filter) {
                    Fixed::Valid(new) if new != record => {
                        changes += 1;
                        // A byte order mark before the record stays.
                        let bom = text.len() - record.len();
                        let mut whole = text.get(..bom).unwrap_or_default().to_vec();
                        whole.extend_from_slice(&new);
                        found(Change::whole_line(line, text, whole))?;
                    }
                    Fixed::Valid(_) => {}
                    Fixed::Invalid { .. } => {
                        let read = fenkit::records::read_one(line.number, record, reading);
                        let (notation, mut parsed) = (read.notation, read.parsed);
                        filter.apply(&mut parsed);
                        outcome.left_invalid(&block.source, line.number, record, notation, parsed);
                    }
                }
            }
            if let Some(error) = block.error.take() {
                return Err(Failure::file(&block.source, error));
            }
            // The copy may go on to the end of the lines read, or to what still waits.
            if let Some(last) = block.lines().last() {
                let end = last.offset + last.too_long.unwrap_or(block.text(last).len() as u64);
                let settled = match (games.as_ref(), table.as_ref()) {
                    (Some(games), _) => games.settled(end),
                    (_, Some(table)) => table.settled(end),
                    _ => end,
                };
                found(Change::settled(settled))?;
            }
        }
        if let Some(table) = table.as_mut() {
            let name = source.name.clone();
            for change in table.finish(&mut self.fixing(&name, outcome)) {
                changes += 1;
                found(change)?;
            }
        }
        if let Some(Some(mut games)) = games {
            games.finish(outcome)?;
            changes += games.flush(&mut found)?;
            games.report_bare_lines();
        }
        Ok(changes)
    }

    /// How the rows of a table read through `--field` of `source` are fixed.
    fn fixing<'a>(&'a self, source: &'a str, outcome: &'a mut FixOutcome) -> Fixing<'a> {
        Fixing {
            source,
            reading: &self.reading,
            filter: &self.filter,
            outcome,
        }
    }

    /// Whether the input `path` is a game file, decided from its first lines as `check`
    /// decides.
    fn games_decider(&self, path: &Path) -> impl FnOnce(&Block) -> FileKind {
        let reading = self.reading;
        let field = self.field.clone();
        move |first| {
            let start = first.start();
            if let Some(field) = field {
                FileKind::Table(Field::new(&field, TableFormat::of(Some(path), &start)))
            } else if reading.is_game_file(Some(path), &start) {
                FileKind::Games
            } else {
                FileKind::Records
            }
        }
    }

    /// Hands each line of `text` that the fixes change to `each`, in order (the language
    /// server's formatting); `games` reads it as a game file. The text is read where it is, not
    /// copied.
    pub fn fixes_of_text(&self, text: Arc<str>, games: bool, mut each: impl FnMut(LineFix)) {
        let reader = TextReader { text, at: 0 };
        let source = LineReader::new("", Box::new(reader), None, self.max_record_bytes);
        let mut outcome = FixOutcome::default();
        // Reading from memory cannot fail.
        let _ = self.each_fix(
            source,
            |_| {
                if games {
                    FileKind::Games
                } else {
                    FileKind::Records
                }
            },
            &mut outcome,
            |change| {
                if !change.is_settled() {
                    each(LineFix {
                        number: change.number,
                        old: change.before,
                        new: change.after,
                    });
                }
                Ok(())
            },
        );
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
    /// change. Standard input is kept in memory as it is read, so that the bytes between the
    /// changes (lines over the maximum length too) are copied from there, and let go once
    /// copied: what is held is what still waits for a line or a game's tags to end, at most
    /// [`crate::rewrite::MAX_HELD_STDIN`].
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
        let held = Held::default();
        let reader = Keep {
            input: io::stdin(),
            held: held.clone(),
        };
        let source = LineReader::new("-", Box::new(reader), None, max);
        let mut copier = Copier::new("-", held, &mut *stdout);
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
                // Nothing to write before the first change.
                None if change.is_settled() => return Ok(()),
                None => rewrite.insert(Rewrite::start(&file, &target, &name, &before)?),
            };
            rewrite
                .copier
                .replace(change.offset, change.replaced, &change.text)
                .map_err(|failure| rewrite.failed(failure))
        })?;
        if let Some(rewrite) = rewrite {
            rewrite.finish()?;
            outcome.changed += changes;
        }
        Ok(())
    }
}

/// A text in memory, read without a copy (the reader of a slice, over a text it shares).
struct TextReader {
    text: Arc<str>,
    at: usize,
}

impl io::Read for TextReader {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let mut rest = self.text.as_bytes().get(self.at..).unwrap_or_default();
        let count = rest.read(buffer)?;
        self.at += count;
        Ok(count)
    }
}

/// Writes one change of `--check`'s list: `NAME:LINE:`, `-old`, `+new`.
fn list_change(listing: &mut impl Write, name: &str, change: &Change) -> io::Result<()> {
    if change.is_settled() {
        return Ok(());
    }
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
