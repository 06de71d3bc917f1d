//! Where a rule sends the problems it finds: nowhere (the fast path) or into a list (the
//! diagnostic run). The rule is the same code either way; only this sink differs.

use crate::diagnostic::{Diagnostic, Severity, Sink};

/// A rule cannot go on: on the fast path, at the first problem; on the diagnostic run, where
/// no value can be recovered (the caller then skips to the notation's next separator).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stop;

/// Receives the problems a rule reports.
pub(crate) trait Report {
    /// Whether reports are kept, so a rule may spend work on explaining (the diagnostic run).
    const COLLECTS: bool;

    /// Reports a problem of `severity`; `build` makes the diagnostic only if it is kept.
    /// `Err(Stop)` aborts the run; `Ok(())` tells the rule to recover and read on.
    fn report(
        &mut self,
        severity: Severity,
        build: impl FnOnce() -> Diagnostic,
    ) -> Result<(), Stop>;
}

/// The fast path's sink: zero-sized, never builds a diagnostic, stops at the first problem
/// (a lenient dialect included, so the diagnostic run reports its warning).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Free;

impl Report for Free {
    const COLLECTS: bool = false;

    #[inline(always)]
    fn report(&mut self, _: Severity, _: impl FnOnce() -> Diagnostic) -> Result<(), Stop> {
        Err(Stop)
    }
}

/// The diagnostic run's sink: keeps every report up to `MAX_DIAGNOSTICS`, counts the rest by
/// severity without building them, and lets the rule recover.
impl Report for Sink {
    const COLLECTS: bool = true;

    fn report(
        &mut self,
        severity: Severity,
        build: impl FnOnce() -> Diagnostic,
    ) -> Result<(), Stop> {
        self.push_with(severity, build);
        Ok(())
    }
}

/// A sink that reads on past every problem and keeps none: for re-running a rule only for the
/// by-products of its pass (where the fields and squares of a record stand).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Ignore;

impl Report for Ignore {
    const COLLECTS: bool = true;

    fn report(&mut self, _: Severity, _: impl FnOnce() -> Diagnostic) -> Result<(), Stop> {
        Ok(())
    }
}

/// A borrowed sink reports where it points (a caller that keeps its own `Sink`).
impl<T: Report> Report for &mut T {
    const COLLECTS: bool = T::COLLECTS;

    #[inline(always)]
    fn report(
        &mut self,
        severity: Severity,
        build: impl FnOnce() -> Diagnostic,
    ) -> Result<(), Stop> {
        (**self).report(severity, build)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{MAX_DIAGNOSTICS, Parsed};

    #[test]
    fn free_stops_without_building() {
        let mut built = false;
        let reported = Free.report(Severity::Warning, || {
            built = true;
            Diagnostic::warning("x", "y")
        });
        assert_eq!(reported, Err(Stop));
        assert!(!built);
    }

    #[test]
    fn sink_keeps_up_to_the_cap_then_counts_without_building() {
        let mut sink = Sink::new();
        for _ in 0..MAX_DIAGNOSTICS {
            assert_eq!(
                sink.report(Severity::Warning, || Diagnostic::warning("w", "w")),
                Ok(())
            );
        }
        let mut built = false;
        let reported = sink.report(Severity::Warning, || {
            built = true;
            Diagnostic::warning("w", "w")
        });
        assert_eq!(reported, Ok(()));
        assert!(!built, "a dropped warning is counted, not built");
        // The first error still gets in, replacing the last warning.
        let _ = sink.report(Severity::Error, || Diagnostic::error("e", "e"));
        let _ = sink.report(Severity::Error, || Diagnostic::error("e", "e"));
        let parsed = Parsed::<()>::from_sink(None, sink);
        assert_eq!(parsed.diagnostics.len(), MAX_DIAGNOSTICS);
        assert_eq!(parsed.error_count(), 2);
        assert_eq!(parsed.omitted.warnings, 2);
        assert_eq!(parsed.omitted.errors, 1);
    }
}
