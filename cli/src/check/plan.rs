//! The plan of a run: what `check` or `fmt` was asked, read once from the arguments (how to
//! read records, how the output looks, how many workers, which inputs).

use std::io::{self, IsTerminal};
use std::num::NonZeroUsize;
use std::path::PathBuf;

use fenkit::records::ReadOptions;

use super::render::Style;
use crate::args::{Format, InputArgs};
use crate::input::paths_or_stdin;
use crate::report::{HumanRenderer, Stream};

/// What a run needs to read, check and write its inputs.
pub(super) struct Plan {
    pub(super) reading: ReadOptions,
    pub(super) style: Style,
    /// How many workers may check an input's blocks.
    pub(super) workers: usize,
    /// Large files get a progress bar (human output on a terminal).
    pub(super) progress: bool,
    /// The `-p` records, read before the inputs.
    pub(super) positions: Vec<String>,
    /// The inputs, in order (`-` for standard input).
    pub(super) paths: Vec<PathBuf>,
    /// Nothing named: records come from standard input, which may be a terminal.
    pub(super) from_stdin_alone: bool,
    /// `--field`: the records are a field of each row of a table.
    pub(super) field: Option<String>,
}

impl Plan {
    /// The plan of `check` (or `fmt` when `fmt`) with `args`.
    pub(super) fn new(fmt: bool, args: &InputArgs) -> Plan {
        Plan {
            reading: args.reading(),
            style: Style {
                fmt,
                format: args.format,
                quiet: args.quiet,
                stdout_renderer: HumanRenderer::for_stream(args.color, Stream::Stdout),
                stderr_renderer: HumanRenderer::for_stream(args.color, Stream::Stderr),
                filter: args.records.filter(),
            },
            workers: allowed_workers(args.jobs),
            progress: args.format == Format::Human && io::stderr().is_terminal(),
            positions: args.positions.clone(),
            paths: paths_or_stdin(&args.paths, !args.positions.is_empty()),
            from_stdin_alone: args.paths.is_empty() && args.positions.is_empty(),
            field: args.records.field.clone(),
        }
    }
}

/// `-j` is cut to this many threads per core: more only wait on each other (and a huge `-j`
/// must not start or allocate for threads by the billion).
const JOBS_PER_CORE: usize = 4;

/// How many workers may check an input's blocks: `-j N` up to [`JOBS_PER_CORE`] per core, else
/// one per core.
fn allowed_workers(jobs: Option<NonZeroUsize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    jobs.map_or(cores, |jobs| {
        jobs.get().min(cores.saturating_mul(JOBS_PER_CORE))
    })
}
