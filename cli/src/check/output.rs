//! What the checked records print: each block's output, formatted by a worker, and the
//! writer that prints the blocks in input order and keeps the totals.

use std::io::{self, Write};

use crate::args::{Format, InputArgs};
use crate::report::{self, Checked, Detected, HumanRenderer, Summary};
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

/// How the output looks, the same for every block.
pub(super) struct Style {
    pub(super) fmt: bool,
    pub(super) format: Format,
    pub(super) quiet: bool,
    /// Reports on stdout (`check`).
    pub(super) stdout_renderer: HumanRenderer,
    /// Reports on stderr (`fmt`, whose stdout is the canonical records).
    pub(super) stderr_renderer: HumanRenderer,
    /// The codes `--select` and `--ignore` keep.
    pub(super) filter: fenkit::codes::CodeFilter,
}

/// What one block of records prints, formatted by a worker; the [`Writer`] writes it in order.
pub(super) struct Output<'s> {
    pub(super) style: &'s Style,
    pub(super) summary: Summary,
    pub(super) stdout: Vec<u8>,
    pub(super) stderr: Vec<u8>,
}

impl<'s> Output<'s> {
    pub(super) fn new(style: &'s Style) -> Self {
        Output {
            style,
            summary: Summary::default(),
            stdout: Vec::new(),
            stderr: Vec::new(),
        }
    }

    pub(super) fn clear(&mut self) {
        self.summary = Summary::default();
        self.stdout.clear();
        self.stderr.clear();
    }

    /// A note about the whole input `source` (how it was read), where its reports go: human
    /// output only.
    pub(super) fn note(&mut self, source: &str, text: &str) {
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

    /// Drops the codes the filter does not keep, counts the record and formats what it prints
    /// (writing into memory cannot fail).
    pub(super) fn emit(&mut self, mut checked: Checked) -> io::Result<()> {
        let style = self.style;
        self.summary.ignored += style.filter.apply(&mut checked.parsed) as u64;
        let checked = &checked;
        self.summary.add(checked);
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
    pub(super) fn new(args: &InputArgs) -> Self {
        Writer {
            format: args.format,
            fmt: false,
            quiet: args.quiet,
            summary: Summary::default(),
            detected: Detected::default(),
            input_failed: false,
        }
    }

    pub(super) fn write(&mut self, output: &Output) -> Result<(), Halt> {
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
    pub(super) fn end_of_input(&mut self, source: &str) -> Result<(), Halt> {
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
