//! Where the output goes: the blocks of output in input order, the notes on each input, the
//! summary and the exit status, all from here.

use std::io::{self, Write};

use fenkit::pgn::FileSummary;

use super::render::Output;
use crate::args::Format;
use crate::report::{self, Detected, Summary};
use crate::terminal::shown;

pub(super) enum Verdict {
    AllValid,
    SomeInvalid,
    /// An input could not be read, or the output could not be written.
    Failed,
}

/// Why a run stopped before the end of its input.
#[derive(Debug)]
pub(super) enum Halt {
    /// The reader of the output went away (`fenkit check big.fen | head`): the records checked
    /// so far decide the exit status.
    BrokenPipe,
    /// Standard output or standard error could not be written (already said on stderr when it
    /// can be).
    WriteFailed,
}

/// Writes blocks of output in input order and keeps the totals.
pub(super) struct Writer {
    pub(super) format: Format,
    pub(super) fmt: bool,
    pub(super) quiet: bool,
    pub(super) summary: Summary,
    /// The notations detected in the reported records of the input being read.
    pub(super) detected: Detected,
    pub(super) input_failed: bool,
}

impl Writer {
    pub(super) fn new(format: Format, fmt: bool, quiet: bool) -> Self {
        Writer {
            format,
            fmt,
            quiet,
            summary: Summary::default(),
            detected: Detected::default(),
            input_failed: false,
        }
    }

    pub(super) fn write(&mut self, output: &Output) -> Result<(), Halt> {
        self.summary.merge(&output.summary);
        self.detected.merge(&output.summary.detected);
        if !output.stderr.is_empty() {
            // stdout first, so a terminal shows both streams in order.
            io::stdout().flush().map_err(stdout_failed)?;
            write_stderr(&output.stderr)?;
        }
        write_stdout(&output.stdout)
    }

    /// The end of the input `source`: the notes on how it was read (a game file's counts,
    /// `games`) and on the notations detected in its reports; human output only.
    pub(super) fn end_of_input(
        &mut self,
        source: &str,
        games: Option<FileSummary>,
    ) -> Result<(), Halt> {
        let detected = std::mem::take(&mut self.detected);
        if self.quiet || self.format != Format::Human {
            return Ok(());
        }
        let games = games.map(|games| format!("note: {} was {games}", shown(source)));
        for note in games.into_iter().chain(detected.note(source)) {
            if self.fmt {
                io::stdout().flush().map_err(stdout_failed)?;
                write_stderr(format!("{note}\n\n").as_bytes())?;
            } else {
                write_stdout(format!("{note}\n\n").as_bytes())?;
            }
        }
        Ok(())
    }

    /// An input that could not be opened or read: said on stderr, and in JSON on stdout.
    pub(super) fn input_failed(&mut self, source: &str, error: &io::Error) -> Result<(), Halt> {
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

    pub(super) fn finish(&mut self) -> Result<(), Halt> {
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

    pub(super) fn verdict(&self) -> Verdict {
        if self.input_failed {
            Verdict::Failed
        } else if self.summary.invalid > 0 {
            Verdict::SomeInvalid
        } else {
            Verdict::AllValid
        }
    }
}

pub(super) fn write_stdout(bytes: &[u8]) -> Result<(), Halt> {
    io::stdout().lock().write_all(bytes).map_err(stdout_failed)
}

pub(super) fn write_stderr(bytes: &[u8]) -> Result<(), Halt> {
    io::stderr().lock().write_all(bytes).map_err(|error| {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Halt::BrokenPipe
        } else {
            Halt::WriteFailed
        }
    })
}

/// A failed write on stdout: said once on stderr (a closed pipe is not an error to report).
pub(super) fn stdout_failed(error: io::Error) -> Halt {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return Halt::BrokenPipe;
    }
    let _ = writeln!(
        io::stderr(),
        "fenkit: cannot write to standard output: {error}"
    );
    Halt::WriteFailed
}
