//! What every rule is handed besides its input: the whole record (for spans), the mode and
//! the sink.

use super::report::{Report, Stop};
use crate::diagnostic::{Diagnostic, Severity};
use crate::mode::Mode;
use crate::span::Span;

/// What a rule returns: the rest of its input and its value, nom-style, or [`Stop`].
pub(crate) type Step<'r, T> = Result<(&'r [u8], T), Stop>;

/// The context of one run over one record.
///
/// Spans are the offsets of sub-slices of `record` (their distance from its start), so a rule may be handed
/// a slice cut short at a separator and still report exact spans; the text is never searched.
#[derive(Debug)]
pub(crate) struct Cx<'r, R> {
    record: &'r [u8],
    mode: Mode,
    sink: R,
}

impl<'r, R: Report> Cx<'r, R> {
    /// A run over `record` in `mode`, reporting to `sink`.
    pub(crate) fn new(record: &'r [u8], mode: Mode, sink: R) -> Self {
        Cx { record, mode, sink }
    }

    /// The whole record the spans refer to.
    pub(crate) fn record(&self) -> &'r [u8] {
        self.record
    }

    /// Strict or lenient.
    pub(crate) fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether this is the diagnostic run (reports are kept).
    #[inline(always)]
    pub(crate) const fn collects(&self) -> bool {
        R::COLLECTS
    }

    /// The sink, once the run is over.
    pub(crate) fn into_sink(self) -> R {
        self.sink
    }

    /// The offset of `part`, a sub-slice of the record.
    #[inline]
    pub(crate) fn offset(&self, part: &[u8]) -> usize {
        (part.as_ptr() as usize).wrapping_sub(self.record.as_ptr() as usize)
    }

    /// The span from the start of `from` to the start of `to` (both sub-slices of the record,
    /// `to` at or after `from`): what a rule consumed.
    #[inline]
    pub(crate) fn span(&self, from: &[u8], to: &[u8]) -> Span {
        Span::from_range(self.offset(from), self.offset(to))
    }

    /// The span of `part`, a sub-slice of the record.
    #[inline]
    pub(crate) fn span_of(&self, part: &[u8]) -> Span {
        Span::new(self.offset(part), part.len())
    }

    /// Reports a problem of `severity` (see [`Report::report`]).
    #[inline(always)]
    pub(crate) fn report(
        &mut self,
        severity: Severity,
        build: impl FnOnce() -> Diagnostic,
    ) -> Result<(), Stop> {
        self.sink.report(severity, build)
    }

    /// Reports an error the rule can read past (it goes on with a corrected value).
    #[inline(always)]
    pub(crate) fn error(&mut self, build: impl FnOnce() -> Diagnostic) -> Result<(), Stop> {
        self.sink.report(Severity::Error, build)
    }

    /// Reports an error after which the rule has no value: always [`Stop`].
    #[inline(always)]
    pub(crate) fn fail<T>(&mut self, build: impl FnOnce() -> Diagnostic) -> Result<T, Stop> {
        self.sink.report(Severity::Error, build)?;
        Err(Stop)
    }

    /// Reports a documented dialect: an error in strict mode, a warning in lenient mode. The
    /// rule reads on with the standard value either way; `build` gets the severity.
    #[inline(always)]
    pub(crate) fn dialect(
        &mut self,
        build: impl FnOnce(Severity) -> Diagnostic,
    ) -> Result<(), Stop> {
        let severity = self.mode.dialect_severity();
        self.sink.report(severity, || build(severity))
    }

    /// Runs `rule`; if it stops on the diagnostic run, skips `input` to the first byte where
    /// `resume_at` holds and reads on from there without a value. On the fast path a stop
    /// stays a stop.
    #[inline(always)]
    pub(crate) fn resume<T>(
        &mut self,
        input: &'r [u8],
        rule: impl FnOnce(&mut Self, &'r [u8]) -> Step<'r, T>,
        resume_at: impl Fn(u8) -> bool,
    ) -> Step<'r, Option<T>> {
        match rule(self, input) {
            Ok((rest, value)) => Ok((rest, Some(value))),
            Err(Stop) if R::COLLECTS => Ok((skip_until(input, resume_at), None)),
            Err(stop) => Err(stop),
        }
    }
}

/// `input` from the first byte where `stop_at` holds (empty if none does).
#[inline]
pub(crate) fn skip_until(input: &[u8], stop_at: impl Fn(u8) -> bool) -> &[u8] {
    let at = input
        .iter()
        .position(|&b| stop_at(b))
        .unwrap_or(input.len());
    input.get(at..).unwrap_or_default()
}
