//! `fenkit check` and `fenkit fmt`: read records from `-p`, files or stdin, report every
//! diagnostic (miette reports or JSON Lines) and exit 0 (all valid), 1 (some invalid) or 2
//! (usage or I/O error).
#![forbid(unsafe_code)]

mod args;
mod input;
mod report;

use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use fenkit::draughts::PdnScanner;
use fenkit::{Mode, Notation, ParseOptions, Position, parse_any};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use args::{Cli, Command, Format, InputArgs, NotationArg};
use input::{LineSource, Record, is_comment, paths_or_stdin};
use report::{Checked, HumanRenderer, Summary};

/// Records are checked in batches of this many lines, in parallel, and reported in order.
const BATCH: usize = 4096;
/// Files larger than this get a progress bar when stderr is a terminal.
const PROGRESS_BYTES: u64 = 8 << 20;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (fmt, args) = match cli.command {
        Command::Check(args) => (false, args),
        Command::Fmt(args) => (true, args),
    };
    match run(fmt, &args) {
        Ok(Verdict::AllValid) => ExitCode::SUCCESS,
        Ok(Verdict::SomeInvalid) => ExitCode::from(1),
        Ok(Verdict::InputFailed) => ExitCode::from(2),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("fenkit: {error}");
            ExitCode::from(2)
        }
    }
}

enum Verdict {
    AllValid,
    SomeInvalid,
    InputFailed,
}

/// What to do with each checked record.
struct Output {
    fmt: bool,
    format: Format,
    quiet: bool,
    renderer: HumanRenderer,
    summary: Summary,
    stdout: BufWriter<io::Stdout>,
}

impl Output {
    fn emit(&mut self, checked: &Checked) -> io::Result<()> {
        self.summary.add(checked);
        match self.format {
            Format::Json if !self.quiet => report::json_record(&mut self.stdout, checked)?,
            Format::Json => {}
            Format::Human => {
                if !self.quiet && !checked.parsed.diagnostics.is_empty() {
                    if self.fmt {
                        self.stdout.flush()?;
                        self.renderer.render(&mut io::stderr().lock(), checked)?;
                    } else {
                        self.renderer.render(&mut self.stdout, checked)?;
                    }
                }
                if let Some(canonical) = self.fmt.then(|| checked.canonical()).flatten() {
                    writeln!(self.stdout, "{canonical}")?;
                }
            }
        }
        Ok(())
    }

    fn finish(mut self) -> io::Result<Summary> {
        match self.format {
            Format::Json => report::json_summary(&mut self.stdout, &self.summary)?,
            Format::Human if self.fmt => {
                self.stdout.flush()?;
                eprintln!("{}", report::human_summary(&self.summary));
            }
            Format::Human => writeln!(self.stdout, "{}", report::human_summary(&self.summary))?,
        }
        self.stdout.flush()?;
        Ok(self.summary)
    }
}

/// How each record is read.
#[derive(Clone, Copy)]
struct Reading {
    notation: Option<Notation>,
    options: ParseOptions,
}

impl Reading {
    fn check(self, record: Record) -> Checked {
        let (notation, parsed) = parse_any(&record.text, self.notation, &self.options);
        Checked {
            record,
            notation,
            parsed,
        }
    }
}

fn run(fmt: bool, args: &InputArgs) -> io::Result<Verdict> {
    let mode = if args.lenient {
        Mode::Lenient
    } else {
        Mode::Strict
    };
    let mut options = ParseOptions::strict().with_mode(mode);
    if !args.syntax_only {
        options = options.validated();
    }
    if let Some(board) = args.board {
        options = options.with_draughts_board(board);
    }
    let notation = match args.notation {
        NotationArg::Auto => None,
        NotationArg::Fen => Some(Notation::Fen),
        NotationArg::Epd => Some(Notation::Epd),
        NotationArg::Pdn => Some(Notation::Pdn),
        NotationArg::Feen => Some(Notation::Feen),
    };
    let reading = Reading { notation, options };
    let color = args.format == Format::Human
        && io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none();
    let mut output = Output {
        fmt,
        format: args.format,
        quiet: args.quiet,
        renderer: HumanRenderer::new(color),
        summary: Summary::default(),
        stdout: BufWriter::new(io::stdout()),
    };

    let from_arguments: Arc<str> = Arc::from("-p");
    for (index, position) in args.positions.iter().enumerate() {
        let record = Record {
            source: from_arguments.clone(),
            line: index + 1,
            text: position.as_bytes().to_vec(),
        };
        output.emit(&reading.check(record))?;
    }

    let mut input_failed = false;
    for path in paths_or_stdin(&args.paths, !args.positions.is_empty()) {
        match LineSource::open(&path) {
            Ok(source) => {
                let checked = if is_pdn_file(&path) {
                    check_pdn_source(source, reading, &mut output)
                } else {
                    check_source(source, reading, &mut output, args)
                };
                if let Err(error) = checked {
                    if error.kind() == io::ErrorKind::BrokenPipe {
                        return Err(error);
                    }
                    eprintln!("fenkit: {}: {error}", path.display());
                    input_failed = true;
                }
            }
            Err(error) => {
                eprintln!("fenkit: {}: {error}", path.display());
                input_failed = true;
            }
        }
    }
    let summary = output.finish()?;
    Ok(if input_failed {
        Verdict::InputFailed
    } else if summary.invalid > 0 {
        Verdict::SomeInvalid
    } else {
        Verdict::AllValid
    })
}

/// PDN game files are scanned for their FEN tags and setup commands (with the board of each
/// game's GameType tag); any other file is read record by record.
fn is_pdn_file(path: &std::path::Path) -> bool {
    path.extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("pdn"))
}

/// Streams a PDN file: every FEN tag pair and setup command is a record at its line.
fn check_pdn_source(
    mut source: LineSource,
    reading: Reading,
    output: &mut Output,
) -> io::Result<()> {
    let mut scanner = PdnScanner::new(reading.options);
    let mut line = Vec::new();
    while let Some((number, _)) = source.next_line(&mut line)? {
        for parsed in scanner.scan_line(&line) {
            let checked = Checked {
                record: Record {
                    source: source.name.clone(),
                    line: number,
                    text: line.clone(),
                },
                notation: Notation::Pdn,
                parsed: parsed.map(Position::Draughts),
            };
            output.emit(&checked)?;
        }
    }
    // A `{` comment still open at the end of the file is an error, not a silent skip.
    if let Some(end) = scanner.finish() {
        output.emit(&Checked {
            record: Record {
                source: source.name.clone(),
                line: end.line,
                text: end.text,
            },
            notation: Notation::Pdn,
            parsed: end.parsed.map(Position::Draughts),
        })?;
    }
    Ok(())
}

/// Streams one file: reads a batch of records, checks it on every core, reports it in order.
fn check_source(
    mut source: LineSource,
    reading: Reading,
    output: &mut Output,
    args: &InputArgs,
) -> io::Result<()> {
    let progress = progress_bar(&source, args);
    let mut batch = Vec::with_capacity(BATCH);
    let mut line = Vec::new();
    loop {
        let mut done = true;
        while let Some((number, consumed)) = source.next_line(&mut line)? {
            if let Some(bar) = &progress {
                bar.inc(consumed as u64);
            }
            if is_comment(&line) {
                continue;
            }
            batch.push(Record {
                source: source.name.clone(),
                line: number,
                text: std::mem::take(&mut line),
            });
            if batch.len() == BATCH {
                done = false;
                break;
            }
        }
        let checked: Vec<Checked> = if batch.len() >= 256 {
            batch
                .par_drain(..)
                .map(|record| reading.check(record))
                .collect()
        } else {
            batch
                .drain(..)
                .map(|record| reading.check(record))
                .collect()
        };
        for item in &checked {
            output.emit(item)?;
        }
        if done {
            break;
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(())
}

fn progress_bar(source: &LineSource, args: &InputArgs) -> Option<ProgressBar> {
    let size = source.size.filter(|&size| size >= PROGRESS_BYTES)?;
    if args.format != Format::Human || !io::stderr().is_terminal() {
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
