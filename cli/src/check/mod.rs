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

mod blocks;
mod joiner;
mod output;
mod pipeline;

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use crate::args::{Format, InputArgs};
use crate::input::{self, LineReader, Record, paths_or_stdin};
use crate::records::Reading;
use crate::report::{Checked, HumanRenderer, Stream};
use output::{Halt, Output, Style, Verdict, Writer};

/// Runs `check` (or `fmt` when `fmt`) over every input, and says how it went.
pub fn run(fmt: bool, args: &InputArgs) -> ExitCode {
    let mut writer = Writer::new(args);
    let verdict = match check_inputs(fmt, args, &mut writer) {
        Ok(()) | Err(Halt::BrokenPipe) => writer.verdict(),
        Err(Halt::WriteFailed) => Verdict::Failed,
    };
    match verdict {
        Verdict::AllValid => ExitCode::SUCCESS,
        Verdict::SomeInvalid => ExitCode::from(1),
        Verdict::Failed => ExitCode::from(2),
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

/// Checks the `-p` records, then each input, writing as it goes.
fn check_inputs(fmt: bool, args: &InputArgs, writer: &mut Writer) -> Result<(), Halt> {
    writer.fmt = fmt;
    let settings = Settings {
        reading: args.reading(),
        style: Style {
            fmt,
            format: args.format,
            quiet: args.quiet,
            stdout_renderer: HumanRenderer::for_stream(args.color, Stream::Stdout),
            stderr_renderer: HumanRenderer::for_stream(args.color, Stream::Stderr),
            filter: args.records.filter(),
        },
        max_record_bytes: args.records.max_record_bytes,
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
        let _ = output.emit(Checked {
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
                pipeline::check_source(source.without_reports(), &path, &settings, writer)?;
            }
            Ok(source) => {
                let name = source.name.clone();
                pipeline::check_source(source, &path, &settings, writer)?;
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
