//! `fenkit check` and `fenkit fmt`: read records from `-p`, files or stdin, report every
//! diagnostic (miette reports or JSON Lines) and exit 0 (all valid), 1 (some invalid) or 2
//! (usage or I/O error).
//!
//! Each file goes through a pipeline: a reader thread cuts it into blocks of whole lines,
//! worker threads check a block and format its output into the block's own buffers, and the
//! main thread writes the blocks in input order. Blocks come from a fixed pool, so memory stays
//! bounded whatever the size of the input, and nothing is allocated per valid record.
#![forbid(unsafe_code)]

mod args;
mod explain;
mod fix;
mod input;
mod lsp;
mod report;
mod show;

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use clap::Parser;
use fenkit::draughts::PdnScanner;
use fenkit::{Notation, ParseOptions, Parsed, Position, parse_any};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use args::{Cli, Command, Format, InputArgs};
use input::{Block, LineReader, Record, is_comment, paths_or_stdin, reads_as_pdn};
use report::{Checked, HumanRenderer, Stream, Summary};

/// Files larger than this get a progress bar when stderr is a terminal.
const PROGRESS_BYTES: u64 = 8 << 20;

fn main() -> ExitCode {
    let cli = Cli::parse();
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

/// `show` exits as `check` does: 0 all drawn, 1 some record invalid, 2 an input failed.
fn show_exit(outcome: io::Result<show::ShowOutcome>) -> ExitCode {
    match outcome {
        Ok(outcome) if outcome.input_failed => ExitCode::from(2),
        Ok(outcome) if outcome.some_invalid => ExitCode::from(1),
        Ok(_) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(io::stderr(), "fenkit: {error}");
            ExitCode::from(2)
        }
    }
}

/// `fix` exits 0 when every record is valid, 1 when one stays invalid, 2 when a file failed;
/// with `--check`, 1 when a line would change.
fn fix_exit(outcome: io::Result<fix::FixOutcome>, check: bool) -> ExitCode {
    match outcome {
        Ok(outcome) if outcome.input_failed => ExitCode::from(2),
        Ok(outcome) if check && outcome.changed > 0 => ExitCode::from(1),
        Ok(outcome) if !check && outcome.invalid > 0 => ExitCode::from(1),
        Ok(_) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(io::stderr(), "fenkit: {error}");
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
    summary: Summary,
    input_failed: bool,
}

impl Writer {
    fn new(args: &InputArgs) -> Self {
        Writer {
            format: args.format,
            fmt: false,
            summary: Summary::default(),
            input_failed: false,
        }
    }

    fn write(&mut self, output: &Output) -> Result<(), Halt> {
        self.summary.merge(&output.summary);
        if !output.stderr.is_empty() {
            // stdout first, so a terminal shows both streams in order.
            io::stdout().flush().map_err(stdout_failed)?;
            write_stderr(&output.stderr)?;
        }
        write_stdout(&output.stdout)
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
        let _ = writeln!(io::stderr(), "fenkit: {source}: {error}");
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

/// How each record is read.
#[derive(Clone, Copy)]
struct Reading {
    notation: Option<Notation>,
    options: ParseOptions,
}

impl Reading {
    fn check(self, record: Record<'_>) -> Checked<'_> {
        let (notation, parsed) = parse_any(record.text, self.notation, &self.options);
        Checked {
            record,
            notation,
            detected: self.notation.is_none(),
            parsed,
        }
    }
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
    let (notation, options) = args.reading();
    let settings = Settings {
        reading: Reading { notation, options },
        style: Style {
            fmt,
            format: args.format,
            quiet: args.quiet,
            stdout_renderer: HumanRenderer::for_stream(args.color, Stream::Stdout),
            stderr_renderer: HumanRenderer::for_stream(args.color, Stream::Stderr),
        },
        max_record_bytes: args.max_record_bytes,
        workers: args
            .jobs
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, usize::from),
        progress: args.format == Format::Human && io::stderr().is_terminal(),
    };

    let mut output = Output::new(&settings.style);
    for (index, position) in args.positions.iter().enumerate() {
        let record = Record {
            source: "-p",
            line: index + 1,
            text: position.as_bytes(),
        };
        let _ = output.emit(&settings.reading.check(record));
    }
    writer.write(&output)?;

    let paths = paths_or_stdin(&args.paths, !args.positions.is_empty());
    if args.paths.is_empty() && args.positions.is_empty() {
        input::say_when_a_terminal_is_read();
    }
    for path in paths {
        match LineReader::open(&path, settings.max_record_bytes) {
            Ok(source) if settings.style.quiet => {
                check_source(source.without_reports(), &path, &settings, writer)?;
            }
            Ok(source) => check_source(source, &path, &settings, writer)?,
            Err(error) => writer.input_failed(&path.display().to_string(), &error)?,
        }
    }
    writer.finish()
}

/// A block of lines and the output its records print, passed from reader to worker to writer.
struct Job<'s> {
    sequence: u64,
    block: Block,
    output: Output<'s>,
}

/// Checks one input through the reader → workers → writer pipeline (see the module docs).
fn check_source(
    mut source: LineReader,
    path: &Path,
    settings: &Settings,
    writer: &mut Writer,
) -> Result<(), Halt> {
    let mut first = Job {
        sequence: 0,
        block: Block::default(),
        output: Output::new(&settings.style),
    };
    let more = source.fill(&mut first.block);
    let pdn = reads_as_pdn(path, &first.block, settings.reading.notation);
    // A PDN file's games are read in order: one worker keeps the scanner's state.
    let workers = if pdn { 1 } else { settings.workers.max(1) };
    let progress = progress_bar(&source, settings.progress);
    let source_name = source.name.clone();

    let (free_sender, free_receiver) = mpsc::channel::<Job>();
    // Every worker takes blocks from the one queue (crossbeam's channel has many receivers; a
    // `Mutex` around std's receiver made each idle worker wait on the lock behind the one
    // waiting in `recv`).
    let (work_sender, work_receiver) = crossbeam_channel::unbounded::<Job>();
    let (done_sender, done_receiver) = mpsc::channel::<Job>();
    for _ in 0..workers + 2 {
        let _ = free_sender.send(Job {
            sequence: 0,
            block: Block::default(),
            output: Output::new(&settings.style),
        });
    }
    let stop = AtomicBool::new(false);

    let written = std::thread::scope(|scope| {
        let stop = &stop;
        scope.spawn(move || {
            if !more {
                return;
            }
            let failed = first.block.error.is_some();
            if work_sender.send(first).is_err() || failed {
                return;
            }
            let mut sequence = 1;
            while let Ok(mut job) = free_receiver.recv() {
                if stop.load(Ordering::Relaxed) || !source.fill(&mut job.block) {
                    return;
                }
                job.sequence = sequence;
                sequence += 1;
                job.output.clear();
                let failed = job.block.error.is_some();
                if work_sender.send(job).is_err() || failed {
                    return;
                }
            }
        });
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                let work_receiver = work_receiver.clone();
                let done_sender = done_sender.clone();
                let reading = settings.reading;
                // A worker gives back its PDN scanner at the end, for the end of the file.
                scope.spawn(move || {
                    let mut scanner = pdn.then(|| PdnScanner::new(reading.options));
                    for mut job in work_receiver {
                        check_block(
                            &mut job,
                            reading,
                            scanner.as_mut(),
                            settings.max_record_bytes,
                        );
                        if done_sender.send(job).is_err() {
                            break;
                        }
                    }
                    scanner
                })
            })
            .collect();
        drop(done_sender);
        let written = write_in_order(done_receiver, free_sender, writer, progress.as_ref());
        if written.is_err() {
            stop.store(true, Ordering::Relaxed);
            return written;
        }
        let scanners = handles
            .into_iter()
            .filter_map(|handle| handle.join().ok().flatten());
        for mut scanner in scanners {
            finish_pdn(&mut scanner, &source_name, settings, writer)?;
        }
        Ok(())
    });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    written
}

/// The end of a PDN input: a `{` comment still open is an error, not a silent skip of the rest.
fn finish_pdn(
    scanner: &mut PdnScanner,
    source: &str,
    settings: &Settings,
    writer: &mut Writer,
) -> Result<(), Halt> {
    let Some(end) = scanner.finish() else {
        return Ok(());
    };
    let mut output = Output::new(&settings.style);
    let _ = output.emit(&Checked {
        record: Record {
            source,
            line: end.line,
            text: &end.text,
        },
        notation: Notation::Pdn,
        detected: false,
        parsed: end.parsed.map(Position::Draughts),
    });
    writer.write(&output)
}

/// The writer's side of the pipeline: each block's output in input order, then the block back
/// to the reader.
fn write_in_order<'s>(
    done: mpsc::Receiver<Job<'s>>,
    free: mpsc::Sender<Job<'s>>,
    writer: &mut Writer,
    progress: Option<&ProgressBar>,
) -> Result<(), Halt> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    for job in done {
        waiting.insert(job.sequence, job);
        while let Some(job) = waiting.remove(&next) {
            next += 1;
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

/// Checks every record of a block and formats its output; with a scanner, the block is part
/// of a PDN file.
fn check_block(
    job: &mut Job,
    reading: Reading,
    mut scanner: Option<&mut PdnScanner>,
    max_record_bytes: usize,
) {
    let Job { block, output, .. } = job;
    for line in &block.lines {
        let record = Record {
            source: &block.source,
            line: line.number,
            text: block.text(line),
        };
        if let Some(length) = line.too_long {
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
        match scanner.as_deref_mut() {
            None if is_comment(record.text) => {}
            None => {
                let _ = output.emit(&reading.check(record));
            }
            Some(scanner) if is_bare_draughts_fen(record.text) => {
                let mut options = reading.options;
                if let Some(board) = scanner.board() {
                    options = options.with_draughts_board(board);
                }
                let (notation, parsed) = parse_any(record.text, Some(Notation::Pdn), &options);
                let _ = output.emit(&Checked {
                    record,
                    notation,
                    detected: false,
                    parsed,
                });
            }
            Some(scanner) => {
                for parsed in scanner.scan_line(record.text) {
                    let _ = output.emit(&Checked {
                        record,
                        notation: Notation::Pdn,
                        detected: false,
                        parsed: parsed.map(Position::Draughts),
                    });
                }
            }
        }
    }
}

/// A line of a PDN input that is a draughts FEN on its own (`W:W31-50:B1-20`) is a record too,
/// read on the board of its game.
fn is_bare_draughts_fen(line: &[u8]) -> bool {
    matches!(line.trim_ascii_start(), [b'W' | b'B' | b'?', b':', ..])
}

/// The record of a line over the maximum length: only its first bytes, and one diagnostic.
fn too_long<'a>(
    record: Record<'a>,
    length: u64,
    max_record_bytes: usize,
    reading: Reading,
    scanner: &Option<&mut PdnScanner>,
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
    bar.set_message(source.name.to_string());
    Some(bar)
}
