//! `fenkit check` and `fenkit fmt`: read records from `-p`, files or stdin, report every
//! diagnostic (miette reports or JSON Lines) and exit 0 (all valid), 1 (some invalid) or 2
//! (usage or I/O error).
//!
//! Each file goes through a pipeline: a reader thread cuts it into blocks of whole lines,
//! worker threads check a block and format its output into the block's own buffers, and the
//! main thread writes the blocks in input order. Blocks come from a bounded pool, so memory
//! stays bounded whatever the size of the input, and nothing is allocated per valid record.
//! Workers start as blocks wait for them, up to `-j` (at most four per core); a thread that
//! cannot be started leaves its work to the threads running, or to the main thread alone.
//!
//! A game file's records depend on the lines before them (the game's tags, an open comment).
//! With one worker its blocks are read in order by one scanner; with more, a file is read in
//! parts that start where a game likely starts, each part by a scanner of its own on any
//! worker, and the main thread joins them in order, reading a part again where the guess was
//! wrong, so the output is the same byte for byte.
#![forbid(unsafe_code)]

mod args;
mod cleanup;
mod explain;
mod fix;
mod input;
mod lsp;
mod records;
mod report;
mod show;
mod terminal;

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use fenkit::pgn::GameScanner;
use fenkit::{Notation, Parsed};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use args::{Cli, Command, Format, InputArgs};
use input::{Block, LineReader, Record, is_comment, paths_or_stdin};
use records::Reading;
use report::{Checked, Detected, HumanRenderer, Stream, Summary};
use terminal::shown;

/// Files larger than this get a progress bar when stderr is a terminal.
const PROGRESS_BYTES: u64 = 8 << 20;

fn main() -> ExitCode {
    let cli = Cli::from_command_line();
    if cli.command.writes_to_stdout() && stdout_was_closed() {
        let _ = writeln!(
            io::stderr(),
            "fenkit: standard output is closed: nothing can be written"
        );
        return ExitCode::from(2);
    }
    let (fmt, args) = match cli.command {
        Command::Check(args) => (false, args),
        Command::Explain(args) => return explain::run(&args),
        Command::Fmt(args) if args.check => return fix_exit(fix::run(&args.as_fix(), true), true),
        Command::Fmt(args) => (true, args.input),
        Command::Fix(args) => return fix_exit(fix::run(&args, args.check), args.check),
        Command::Show(args) => return show_exit(show::run(&args)),
        Command::Lsp(_) => return lsp::run(),
    };
    let mut writer = Writer::new(&args);
    let verdict = match run(fmt, &args, &mut writer) {
        Ok(()) | Err(Halt::BrokenPipe) => writer.verdict(),
        Err(Halt::WriteFailed) => Verdict::Failed,
    };
    match verdict {
        Verdict::AllValid => ExitCode::SUCCESS,
        Verdict::SomeInvalid => ExitCode::from(1),
        Verdict::Failed => ExitCode::from(2),
    }
}

/// Whether the process was started with standard output closed (`fenkit check f >&-`).
///
/// Rust's runtime opens `/dev/null` (read-write) in place of a closed standard descriptor, so
/// every write would vanish without an error; a shell's `> /dev/null` opens it write-only. Where
/// `/proc` is missing the answer is no.
fn stdout_was_closed() -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let Ok(descriptor) = io::stdout().as_fd().try_clone_to_owned() else {
        return true;
    };
    let (Ok(stdout), Ok(null)) = (
        std::fs::File::from(descriptor).metadata(),
        std::fs::metadata("/dev/null"),
    ) else {
        return false;
    };
    if !stdout.file_type().is_char_device() || stdout.rdev() != null.rdev() {
        return false;
    }
    let Ok(info) = std::fs::read_to_string("/proc/self/fdinfo/1") else {
        return false;
    };
    let flags = info
        .lines()
        .find_map(|line| line.strip_prefix("flags:"))
        .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok());
    // O_ACCMODE is 3, O_RDWR 2.
    flags.is_some_and(|flags| flags & 3 == 2)
}

/// `show` exits as `check` does: 0 all drawn, 1 some record invalid, 2 an input failed.
fn show_exit(outcome: io::Result<show::ShowOutcome>) -> ExitCode {
    match outcome {
        Ok(outcome) if outcome.input_failed => ExitCode::from(2),
        Ok(outcome) if outcome.some_invalid => ExitCode::from(1),
        Ok(_) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(io::stderr(), "fenkit: {}", shown(&error.to_string()));
            ExitCode::from(2)
        }
    }
}

/// `fix` exits 0 when every record is valid, 1 when one stays invalid, 2 when a file failed;
/// with `--check`, 1 when a line would change.
/// A write to standard output that failed ends the run with exit status 2 and one message (a
/// reader that went away, `fenkit fix --check big.fen | head`, is no failure: exit 0).
fn fix_exit(outcome: io::Result<fix::FixOutcome>, check: bool) -> ExitCode {
    match outcome {
        Ok(outcome) if outcome.input_failed => ExitCode::from(2),
        Ok(outcome) if check && outcome.changed > 0 => ExitCode::from(1),
        Ok(outcome) if !check && outcome.invalid > 0 => ExitCode::from(1),
        Ok(_) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(
                io::stderr(),
                "fenkit: cannot write to standard output: {}",
                shown(&error.to_string())
            );
            ExitCode::from(2)
        }
    }
}

enum Verdict {
    AllValid,
    SomeInvalid,
    /// An input could not be read, or the output could not be written.
    Failed,
}

/// Why a run stopped before the end of its input.
#[derive(Debug)]
enum Halt {
    /// The reader of the output went away (`fenkit check big.fen | head`): the records checked
    /// so far decide the exit status.
    BrokenPipe,
    /// Standard output or standard error could not be written (already said on stderr when it
    /// can be).
    WriteFailed,
}

/// How the output looks, the same for every block.
struct Style {
    fmt: bool,
    format: Format,
    quiet: bool,
    /// Reports on stdout (`check`).
    stdout_renderer: HumanRenderer,
    /// Reports on stderr (`fmt`, whose stdout is the canonical records).
    stderr_renderer: HumanRenderer,
}

/// What one block of records prints, formatted by a worker; the [`Writer`] writes it in order.
struct Output<'s> {
    style: &'s Style,
    summary: Summary,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

impl<'s> Output<'s> {
    fn new(style: &'s Style) -> Self {
        Output {
            style,
            summary: Summary::default(),
            stdout: Vec::new(),
            stderr: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.summary = Summary::default();
        self.stdout.clear();
        self.stderr.clear();
    }

    /// A note about the whole input `source` (how it was read), where its reports go: human
    /// output only.
    fn note(&mut self, source: &str, text: &str) {
        let style = self.style;
        if style.quiet || style.format != Format::Human {
            return;
        }
        let out = if style.fmt {
            &mut self.stderr
        } else {
            &mut self.stdout
        };
        let _ = writeln!(out, "note: {} was {text}\n", shown(source));
    }

    /// Counts the record and formats what it prints (writing into memory cannot fail).
    fn emit(&mut self, checked: &Checked) -> io::Result<()> {
        self.summary.add(checked);
        let style = self.style;
        match style.format {
            Format::Json if !style.quiet => report::json_record(&mut self.stdout, checked)?,
            Format::Json => {}
            Format::Human | Format::Short => {
                if !style.quiet && !checked.parsed.diagnostics.is_empty() {
                    let short = style.format == Format::Short;
                    if style.fmt {
                        report::render(&style.stderr_renderer, short, &mut self.stderr, checked)?;
                    } else {
                        report::render(&style.stdout_renderer, short, &mut self.stdout, checked)?;
                    }
                }
                if let Some(value) = checked.valid_value().filter(|_| style.fmt) {
                    writeln!(self.stdout, "{value}")?;
                }
            }
        }
        Ok(())
    }
}

/// Writes blocks of output in input order and keeps the totals.
struct Writer {
    format: Format,
    fmt: bool,
    quiet: bool,
    summary: Summary,
    /// The notations detected in the reported records of the input being read.
    detected: Detected,
    input_failed: bool,
}

impl Writer {
    fn new(args: &InputArgs) -> Self {
        Writer {
            format: args.format,
            fmt: false,
            quiet: args.quiet,
            summary: Summary::default(),
            detected: Detected::default(),
            input_failed: false,
        }
    }

    fn write(&mut self, output: &Output) -> Result<(), Halt> {
        self.summary.merge(&output.summary);
        self.detected.merge(output.summary.detected);
        if !output.stderr.is_empty() {
            // stdout first, so a terminal shows both streams in order.
            io::stdout().flush().map_err(stdout_failed)?;
            write_stderr(&output.stderr)?;
        }
        write_stdout(&output.stdout)
    }

    /// The end of the input `source`: the note on the notations detected in its reports.
    fn end_of_input(&mut self, source: &str) -> Result<(), Halt> {
        let detected = std::mem::take(&mut self.detected);
        if self.quiet || self.format != Format::Human {
            return Ok(());
        }
        let Some(note) = detected.note(source) else {
            return Ok(());
        };
        if self.fmt {
            io::stdout().flush().map_err(stdout_failed)?;
            write_stderr(format!("{note}\n\n").as_bytes())
        } else {
            write_stdout(format!("{note}\n\n").as_bytes())
        }
    }

    /// An input that could not be opened or read: said on stderr, and in JSON on stdout.
    fn input_failed(&mut self, source: &str, error: &io::Error) -> Result<(), Halt> {
        self.input_failed = true;
        if self.format == Format::Json {
            let mut line = Vec::new();
            report::json_input_error(&mut line, source, error).map_err(stdout_failed)?;
            write_stdout(&line)?;
        }
        io::stdout().flush().map_err(stdout_failed)?;
        // Exit status 2 says it even where stderr cannot.
        let _ = writeln!(
            io::stderr(),
            "fenkit: {}",
            shown(&format!("{source}: {error}"))
        );
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Halt> {
        match self.format {
            Format::Json => {
                let mut line = Vec::new();
                report::json_summary(&mut line, &self.summary).map_err(stdout_failed)?;
                write_stdout(&line)?;
            }
            // The short format keeps stdout for diagnostics alone, as `fmt` keeps it for records.
            Format::Human if self.fmt => {
                io::stdout().flush().map_err(stdout_failed)?;
                write_stderr(format!("{}\n", report::human_summary(&self.summary)).as_bytes())?;
            }
            Format::Short => {
                io::stdout().flush().map_err(stdout_failed)?;
                write_stderr(format!("{}\n", report::human_summary(&self.summary)).as_bytes())?;
            }
            Format::Human => {
                write_stdout(format!("{}\n", report::human_summary(&self.summary)).as_bytes())?;
            }
        }
        io::stdout().flush().map_err(stdout_failed)
    }

    fn verdict(&self) -> Verdict {
        if self.input_failed {
            Verdict::Failed
        } else if self.summary.invalid > 0 {
            Verdict::SomeInvalid
        } else {
            Verdict::AllValid
        }
    }
}

fn write_stdout(bytes: &[u8]) -> Result<(), Halt> {
    io::stdout().lock().write_all(bytes).map_err(stdout_failed)
}

fn write_stderr(bytes: &[u8]) -> Result<(), Halt> {
    io::stderr().lock().write_all(bytes).map_err(|error| {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Halt::BrokenPipe
        } else {
            Halt::WriteFailed
        }
    })
}

/// A failed write on stdout: said once on stderr (a closed pipe is not an error to report).
fn stdout_failed(error: io::Error) -> Halt {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return Halt::BrokenPipe;
    }
    let _ = writeln!(
        io::stderr(),
        "fenkit: cannot write to standard output: {error}"
    );
    Halt::WriteFailed
}

/// What a run needs to read and check its inputs.
struct Settings {
    reading: Reading,
    style: Style,
    max_record_bytes: usize,
    workers: usize,
    progress: bool,
}

fn run(fmt: bool, args: &InputArgs, writer: &mut Writer) -> Result<(), Halt> {
    writer.fmt = fmt;
    let settings = Settings {
        reading: args.reading(),
        style: Style {
            fmt,
            format: args.format,
            quiet: args.quiet,
            stdout_renderer: HumanRenderer::for_stream(args.color, Stream::Stdout),
            stderr_renderer: HumanRenderer::for_stream(args.color, Stream::Stderr),
        },
        max_record_bytes: args.max_record_bytes,
        workers: allowed_workers(args.jobs),
        progress: args.format == Format::Human && io::stderr().is_terminal(),
    };

    let mut output = Output::new(&settings.style);
    for (index, position) in args.positions.iter().enumerate() {
        let record = Record {
            source: "-p",
            line: index + 1,
            text: position.as_bytes(),
        };
        let (notation, detected, parsed) = settings.reading.record(record.text);
        let _ = output.emit(&Checked {
            record,
            notation,
            detected,
            parsed,
        });
    }
    writer.write(&output)?;
    writer.end_of_input("-p")?;

    let paths = paths_or_stdin(&args.paths, !args.positions.is_empty());
    if args.paths.is_empty() && args.positions.is_empty() {
        input::say_when_a_terminal_is_read();
    }
    for path in paths {
        match LineReader::open(&path, settings.max_record_bytes) {
            Ok(source) if settings.style.quiet => {
                check_source(source.without_reports(), &path, &settings, writer)?;
            }
            Ok(source) => {
                let name = source.name.clone();
                check_source(source, &path, &settings, writer)?;
                writer.end_of_input(&name)?;
            }
            Err(error) => writer.input_failed(&path.display().to_string(), &error)?,
        }
    }
    writer.finish()
}

/// `-j` is cut to this many threads per core: more only wait on each other (and a huge `-j`
/// must not start or allocate for threads by the billion).
const JOBS_PER_CORE: usize = 4;

/// How many workers may check an input's blocks: `-j N` up to [`JOBS_PER_CORE`] per core, else
/// one per core.
fn allowed_workers(jobs: Option<std::num::NonZeroUsize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    jobs.map_or(cores, |jobs| {
        jobs.get().min(cores.saturating_mul(JOBS_PER_CORE))
    })
}

/// How the lines of an input make its records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lines {
    /// Each line is a record: blocks are checked in any order.
    Records,
    /// A game file read in order: one worker keeps its scanner, from block to block.
    GamesInOrder,
    /// A game file read in parts: each block from its first line on by a scanner of its own, on
    /// any worker; the writer joins the parts in order and reads a block again where its part
    /// did not start between games (see [`Joiner`]).
    GamesInParts,
}

/// A block of lines and the output its records print, passed from reader to worker to writer.
struct Job<'s> {
    sequence: u64,
    block: Block,
    output: Output<'s>,
    /// A game file read in parts: the scanner that read the block as a part of its own.
    part: Option<GameScanner>,
}

impl<'s> Job<'s> {
    fn new(style: &'s Style) -> Self {
        Job {
            sequence: 0,
            block: Block::default(),
            output: Output::new(style),
            part: None,
        }
    }
}

/// Checks one input through the reader → workers → writer pipeline (see the module docs); on
/// this thread alone when no thread can be started.
fn check_source(
    mut source: LineReader,
    path: &Path,
    settings: &Settings,
    writer: &mut Writer,
) -> Result<(), Halt> {
    let mut first = Job::new(&settings.style);
    let more = source.fill(&mut first.block);
    let games = settings.reading.reads_as_games(path, &first.block);
    let lines = match games {
        false => Lines::Records,
        true if settings.workers > 1 && source.size.is_some() => Lines::GamesInParts,
        true => Lines::GamesInOrder,
    };
    // A game file is read in large parts, its lines found as the scanner reads them; a pipe
    // or a terminal in blocks of lines, each line checked as it comes.
    if games && source.size.is_some() {
        source.reading_parts();
    }
    let mut joiner = (lines == Lines::GamesInParts).then(|| Joiner {
        scanner: settings.reading.games_to_check(),
        reading: settings.reading,
        max_record_bytes: settings.max_record_bytes,
    });
    let progress = progress_bar(&source, settings.progress);
    let source_name = source.name.clone();
    let mut first = more.then_some(first);

    // Every worker takes blocks from the one queue (crossbeam's channel has many receivers; a
    // `Mutex` around std's receiver made each idle worker wait on the lock behind the one
    // waiting in `recv`).
    let (work_sender, work_receiver) = crossbeam_channel::unbounded::<Job>();
    let (done_sender, done_receiver) = mpsc::channel::<Job>();
    let (free_sender, free_receiver) = mpsc::channel::<Job>();
    let stop = AtomicBool::new(false);
    let idle = AtomicUsize::new(0);

    let piped = std::thread::scope(|scope| {
        let crew = Crew {
            scope,
            allowed: if lines == Lines::GamesInOrder {
                1
            } else {
                settings.workers.max(1)
            },
            idle: &idle,
            work: work_sender,
            work_receiver,
            done: done_sender,
            reading: settings.reading,
            lines,
            max_record_bytes: settings.max_record_bytes,
            workers: Vec::new(),
            scanner: None,
        };
        let pool = Pool {
            free: free_receiver,
            style: &settings.style,
            made: 1,
            most: crew.allowed + 2,
        };
        let reader = std::thread::Builder::new()
            .name(String::from("fenkit-reader"))
            .spawn_scoped(scope, || {
                read_blocks(&mut source, &mut first, crew, pool, &stop)
            });
        let Ok(reader) = reader else {
            return None;
        };
        let written = write_in_order(
            done_receiver,
            free_sender,
            writer,
            progress.as_ref(),
            joiner.as_mut(),
        );
        if written.is_err() {
            stop.store(true, Ordering::Relaxed);
            return Some(written);
        }
        let Ok((workers, own_scanner)) = reader.join() else {
            return Some(Ok(()));
        };
        let scanners = workers
            .into_iter()
            .filter_map(|handle| handle.join().ok().flatten())
            .chain(own_scanner)
            .chain(joiner.take().map(|joiner| joiner.scanner));
        for mut scanner in scanners {
            if let Err(halt) = finish_games(&mut scanner, &source_name, settings, writer) {
                return Some(Err(halt));
            }
        }
        Some(Ok(()))
    });
    let written = match piped {
        Some(written) => written,
        None => {
            let games = lines != Lines::Records;
            check_in_turn(
                &mut source,
                first,
                games,
                settings,
                writer,
                progress.as_ref(),
            )
        }
    };
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    written
}

/// The reader's side of the pipeline: fills blocks and hands them out in order, until the end
/// of the input, a read error, or the writer stopping; then gives back the crew's threads.
fn read_blocks<'scope, 's: 'scope>(
    source: &mut LineReader,
    first: &mut Option<Job<'s>>,
    mut crew: Crew<'scope, '_, 's>,
    mut pool: Pool<'s>,
    stop: &AtomicBool,
) -> CrewEnd<'scope> {
    let Some(first) = first.take() else {
        return crew.finish();
    };
    let failed = first.block.error.is_some();
    if !crew.hand_out(first) || failed {
        return crew.finish();
    }
    let mut sequence = 1;
    while let Some(mut job) = pool.next() {
        if stop.load(Ordering::Relaxed) || !source.fill(&mut job.block) {
            break;
        }
        job.sequence = sequence;
        sequence += 1;
        job.output.clear();
        let failed = job.block.error.is_some();
        if !crew.hand_out(job) || failed {
            break;
        }
    }
    crew.finish()
}

/// The blocks in flight: made as the reader needs them, up to `most` (so memory stays bounded
/// and a small input makes one), and given back by the writer once written.
struct Pool<'s> {
    free: mpsc::Receiver<Job<'s>>,
    style: &'s Style,
    made: usize,
    most: usize,
}

impl<'s> Pool<'s> {
    /// A free block, waiting for one when all are in flight; `None` once the writer stopped.
    fn next(&mut self) -> Option<Job<'s>> {
        match self.free.try_recv() {
            Ok(job) => Some(job),
            Err(mpsc::TryRecvError::Empty) if self.made < self.most => {
                self.made += 1;
                Some(Job::new(self.style))
            }
            Err(mpsc::TryRecvError::Empty) => self.free.recv().ok(),
            Err(mpsc::TryRecvError::Disconnected) => None,
        }
    }
}

/// The worker threads that check one input's blocks, started as the blocks need them: a block
/// handed out while no worker waits for one starts another, up to `allowed` (so three lines
/// under `-j 64` start one). A thread that cannot be started is no error: the workers already
/// running do the work, or with none, the reader checks each block itself.
struct Crew<'scope, 'env, 's> {
    scope: &'scope std::thread::Scope<'scope, 'env>,
    allowed: usize,
    /// Workers waiting for a block.
    idle: &'scope AtomicUsize,
    work: crossbeam_channel::Sender<Job<'s>>,
    work_receiver: crossbeam_channel::Receiver<Job<'s>>,
    done: mpsc::Sender<Job<'s>>,
    reading: Reading,
    lines: Lines,
    max_record_bytes: usize,
    workers: Vec<std::thread::ScopedJoinHandle<'scope, Option<GameScanner>>>,
    /// The reader's PDN scanner, for when it checks the blocks itself.
    scanner: Option<GameScanner>,
}

/// What a crew leaves when its input is read: its workers to join (each gives back its PDN
/// scanner) and the reader's own scanner.
type CrewEnd<'scope> = (
    Vec<std::thread::ScopedJoinHandle<'scope, Option<GameScanner>>>,
    Option<GameScanner>,
);

impl<'scope, 's: 'scope> Crew<'scope, '_, 's> {
    /// Passes a filled block on to be checked; `false` once no one takes blocks any more.
    fn hand_out(&mut self, mut job: Job<'s>) -> bool {
        self.start_worker_if_needed();
        if !self.workers.is_empty() {
            return self.work.send(job).is_ok();
        }
        let reading = self.reading;
        let scanner = (self.lines == Lines::GamesInOrder)
            .then(|| self.scanner.get_or_insert_with(|| reading.games_to_check()));
        check_job(
            &mut job,
            reading,
            self.lines,
            scanner,
            self.max_record_bytes,
        );
        self.done.send(job).is_ok()
    }

    fn start_worker_if_needed(&mut self) {
        let waiting = self.idle.load(Ordering::Relaxed);
        if self.workers.len() >= self.allowed || waiting > self.work.len() {
            return;
        }
        let work = self.work_receiver.clone();
        let done = self.done.clone();
        let (idle, reading, lines) = (self.idle, self.reading, self.lines);
        let max_record_bytes = self.max_record_bytes;
        let started = std::thread::Builder::new()
            .name(String::from("fenkit-worker"))
            .spawn_scoped(self.scope, move || {
                work_on_blocks(&work, &done, idle, reading, lines, max_record_bytes)
            });
        match started {
            Ok(handle) => self.workers.push(handle),
            // No more threads for now: those running do the work.
            Err(_) => self.allowed = self.workers.len(),
        }
    }

    fn finish(self) -> CrewEnd<'scope> {
        (self.workers, self.scanner)
    }
}

/// A worker: checks blocks until the reader is done; gives back the scanner of a game file read
/// in order at the end, for the end of the file.
fn work_on_blocks<'s>(
    work: &crossbeam_channel::Receiver<Job<'s>>,
    done: &mpsc::Sender<Job<'s>>,
    idle: &AtomicUsize,
    reading: Reading,
    lines: Lines,
    max_record_bytes: usize,
) -> Option<GameScanner> {
    let mut scanner = (lines == Lines::GamesInOrder).then(|| reading.games_to_check());
    loop {
        idle.fetch_add(1, Ordering::Relaxed);
        let job = work.recv();
        idle.fetch_sub(1, Ordering::Relaxed);
        let Ok(mut job) = job else {
            return scanner;
        };
        check_job(&mut job, reading, lines, scanner.as_mut(), max_record_bytes);
        if done.send(job).is_err() {
            return scanner;
        }
    }
}

/// The whole pipeline on this thread, block after block, for when no thread can be started.
fn check_in_turn(
    source: &mut LineReader,
    first: Option<Job>,
    games: bool,
    settings: &Settings,
    writer: &mut Writer,
    progress: Option<&ProgressBar>,
) -> Result<(), Halt> {
    let mut scanner = games.then(|| settings.reading.games_to_check());
    let Some(mut job) = first else {
        return Ok(());
    };
    loop {
        let reading = settings.reading;
        check_block(
            &mut job,
            reading,
            scanner.as_mut(),
            settings.max_record_bytes,
        );
        writer.write(&job.output)?;
        if let Some(bar) = progress {
            bar.inc(job.block.consumed);
        }
        if let Some(error) = &job.block.error {
            writer.input_failed(&job.block.source, error)?;
            break;
        }
        job.output.clear();
        if !source.fill(&mut job.block) {
            break;
        }
    }
    match &mut scanner {
        Some(scanner) => finish_games(scanner, &source.name, settings, writer),
        None => Ok(()),
    }
}

/// The end of a game file: the last game's FEN tags, and a `{` comment still open (an error,
/// not a silent skip of the rest); then the note that says how the file was read.
fn finish_games(
    scanner: &mut GameScanner,
    source: &str,
    settings: &Settings,
    writer: &mut Writer,
) -> Result<(), Halt> {
    let mut output = Output::new(&settings.style);
    settings.reading.each_final_record(scanner, |found| {
        let _ = output.emit(&Checked::found(source, found));
    });
    output.note(source, &scanner.summary().to_string());
    writer.write(&output)
}

/// The writer's side of the pipeline: each block's output in input order (a game file read in
/// parts joined by `joiner` first), then the block back to the reader.
fn write_in_order<'s>(
    done: mpsc::Receiver<Job<'s>>,
    free: mpsc::Sender<Job<'s>>,
    writer: &mut Writer,
    progress: Option<&ProgressBar>,
    mut joiner: Option<&mut Joiner>,
) -> Result<(), Halt> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    for job in done {
        waiting.insert(job.sequence, job);
        while let Some(mut job) = waiting.remove(&next) {
            next += 1;
            if let Some(joiner) = joiner.as_deref_mut() {
                joiner.join(&mut job);
            }
            writer.write(&job.output)?;
            if let Some(bar) = progress {
                bar.inc(job.block.consumed);
            }
            if let Some(error) = &job.block.error {
                writer.input_failed(&job.block.source, error)?;
            }
            let _ = free.send(job);
        }
    }
    Ok(())
}

/// The writer's side of a game file read in parts: the scanner as it stands after the blocks
/// written, from where the next block must be read.
struct Joiner {
    scanner: GameScanner,
    reading: Reading,
    max_record_bytes: usize,
}

impl Joiner {
    /// Makes `job`'s records those of the file read in order: its part goes on from the blocks
    /// before when it starts where the file can be split there, else its block is read (again)
    /// from the scanner's state (a blank line and a `[` inside a comment or a tag section, or a
    /// part that does not start with a tag pair, which no worker read).
    fn join(&mut self, job: &mut Job) {
        let first = job.block.first_text(self.max_record_bytes);
        if let Some(part) = job.part.take()
            && self.scanner.can_split_before(first)
        {
            self.scanner.join(part);
        } else {
            job.output.clear();
            check_block(
                job,
                self.reading,
                Some(&mut self.scanner),
                self.max_record_bytes,
            );
        }
    }
}

/// Checks a block of an input whose lines are `lines`: a game file read in order goes on with
/// `scanner`, one read in parts reads the block as a part of its own (kept in the job for the
/// writer to join) when a game can start at its first line.
fn check_job(
    job: &mut Job,
    reading: Reading,
    lines: Lines,
    scanner: Option<&mut GameScanner>,
    max_record_bytes: usize,
) {
    if lines != Lines::GamesInParts {
        return check_block(job, reading, scanner, max_record_bytes);
    }
    let lines_before = job.block.first_number() - 1;
    if lines_before > 0 && job.block.first_text(max_record_bytes).first() != Some(&b'[') {
        // No game can start here (a part cut where no game seemed to start): the writer reads
        // it in order.
        return;
    }
    let mut part = reading.games_after(lines_before);
    check_block(job, reading, Some(&mut part), max_record_bytes);
    job.part = Some(part);
}

/// Checks every record of a block and formats its output; with a scanner, the block is part
/// of a game file.
fn check_block(
    job: &mut Job,
    reading: Reading,
    mut scanner: Option<&mut GameScanner>,
    max_record_bytes: usize,
) {
    if job.block.raw
        && let Some(scanner) = scanner.as_deref_mut()
    {
        return check_part(job, reading, scanner, max_record_bytes);
    }
    let Job { block, output, .. } = job;
    for line in &block.lines {
        let record = Record {
            source: &block.source,
            line: line.number,
            text: block.text(line),
        };
        if let Some(length) = line.too_long {
            if let Some(scanner) = scanner.as_deref_mut() {
                // Counted as a line of the game file, read as nothing.
                let _ = scanner.scan_line(b"");
            }
            if !is_comment(record.text) {
                let _ = output.emit(&too_long(
                    record,
                    length,
                    max_record_bytes,
                    reading,
                    &scanner,
                ));
            }
            continue;
        }
        reading.each_record(line.number, record.text, scanner.as_deref_mut(), |found| {
            let _ = output.emit(&Checked::found(record.source, found));
        });
    }
}

/// Checks the records of a part of a game file ([`input::Block::raw`]): the scanner reads its
/// lines where they stand, those over the maximum length aside (read as no text, and reported
/// as a line of records files is).
fn check_part(job: &mut Job, reading: Reading, scanner: &mut GameScanner, max_record_bytes: usize) {
    let Job { block, output, .. } = job;
    let source = &block.source;
    let text = block.part();
    let mut found = Vec::new();
    let emit = |found: &mut Vec<fenkit::pgn::GameRecord>, output: &mut Output| {
        for record in found.drain(..) {
            records::each_found(record, &mut |found| {
                let _ = output.emit(&Checked::found(source, found));
            });
        }
    };
    let mut long_lines = block.long_lines.iter();
    let mut at = 0;
    loop {
        let long = long_lines.next();
        let end = long.map_or(text.len(), |long| long.start);
        while at < end {
            let lines = text.get(at..end).unwrap_or_default();
            at += scanner.scan_lines(lines, max_record_bytes, &mut found);
            emit(&mut found, output);
            if let Some(rest) = text.get(at..end).filter(|rest| !rest.is_empty()) {
                // A line over the maximum length, whole in the part.
                let length = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
                let prefix = rest
                    .get(..length.min(input::TOO_LONG_PREFIX))
                    .unwrap_or_default();
                too_long_game_line(
                    output,
                    source,
                    scanner,
                    prefix,
                    length as u64,
                    max_record_bytes,
                    reading,
                );
                at += length
                    + match rest.get(length..length + 2) {
                        Some(b"\r\n") => 2,
                        _ => usize::from(length < rest.len()),
                    };
            }
        }
        let Some(long) = long else {
            break;
        };
        let prefix = text
            .get(long.start..long.start + long.kept)
            .unwrap_or_default();
        too_long_game_line(
            output,
            source,
            scanner,
            prefix,
            long.length,
            max_record_bytes,
            reading,
        );
        at = long.start + long.kept;
    }
}

/// A line of a part of a game file over the maximum length: read by the scanner as no text,
/// and reported by its first bytes, as [`check_block`] reports one.
fn too_long_game_line(
    output: &mut Output,
    source: &str,
    scanner: &mut GameScanner,
    prefix: &[u8],
    length: u64,
    max_record_bytes: usize,
    reading: Reading,
) {
    let record = Record {
        source,
        line: scanner.lines() + 1,
        text: prefix,
    };
    // Counted as a line of the game file, read as nothing.
    let _ = scanner.scan_line(b"");
    if !is_comment(prefix) {
        let scanner = Some(scanner);
        let _ = output.emit(&too_long(
            record,
            length,
            max_record_bytes,
            reading,
            &scanner,
        ));
    }
}

/// The record of a line over the maximum length: only its first bytes, and one diagnostic.
fn too_long<'a>(
    record: Record<'a>,
    length: u64,
    max_record_bytes: usize,
    reading: Reading,
    scanner: &Option<&mut GameScanner>,
) -> Checked<'a> {
    let notation = match (reading.notation, scanner) {
        (_, Some(_)) => Notation::Pdn,
        (Some(notation), None) => notation,
        (None, None) => Notation::detect(record.text),
    };
    Checked {
        record,
        notation,
        detected: false,
        parsed: Parsed::new(None, vec![input::record_too_long(length, max_record_bytes)]),
    }
}

fn progress_bar(source: &LineReader, allowed: bool) -> Option<ProgressBar> {
    let size = source.size.filter(|&size| size >= PROGRESS_BYTES)?;
    if !allowed {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(size), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{msg} {wide_bar} {bytes}/{total_bytes} ({bytes_per_sec}, {eta})",
    ) {
        bar.set_style(style);
    }
    bar.set_message(shown(&source.name).into_owned());
    Some(bar)
}
