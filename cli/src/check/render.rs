//! What the checked records print: each block's output, formatted by a worker into memory,
//! for the writer to print in input order. A leaf: it knows the look of the output, not where
//! it goes.

use std::io::{self, Write};

use crate::args::Format;
use crate::report::{self, Checked, HumanRenderer, Summary};

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

    /// Formats `found`, a record of `source` (writing into memory cannot fail).
    #[inline]
    pub(super) fn record(&mut self, source: &str, found: fenkit::records::Record<'_>) {
        report::with_checked(source, found, |checked| {
            let _ = self.emit(checked);
        });
    }

    /// Drops the codes the filter does not keep, counts the record and formats what it prints
    /// (writing into memory cannot fail).
    fn emit(&mut self, mut checked: Checked) -> io::Result<()> {
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
