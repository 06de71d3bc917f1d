//! The words of the reports this module builds when there is no diagnostic to show.

/// The report of a record that has neither a value nor a diagnostic (only a `Parsed` built by
/// hand).
pub(crate) const NO_VALUE: &str = "no value";

/// The report of an empty list of diagnostics (`Diagnostic::report_all`).
pub(crate) const NO_DIAGNOSTICS: &str = "no diagnostics";
