//! The one diagnostic type every notation reports with, and the types that carry them.
//!
//! A [`Diagnostic`] is plain data (code, severity, message, labelled byte spans, help), so it can
//! be compared in tests, serialised for editors and rendered by miette. Spans are byte offsets
//! into the record that was parsed; [`Diagnostic::with_source`] attaches that record (and a
//! name such as `PATH:LINE`) for rendering.
//!
//! The type and its builders are in `diagnostic.rs`; [`Parsed`] (the outcome of one record), [`ParseError`]
//! (a rejected record as a `std::error::Error`), the miette rendering, the sink that caps and
//! orders what a record reports, and the serde form each have a module of their own.

#[allow(clippy::module_inception)]
mod diagnostic;
#[cfg(feature = "fancy-no-syscall")]
mod human;
mod messages;
mod parse_error;
mod parsed;
mod render;
#[cfg(feature = "serde")]
pub(crate) mod serialized;
mod sink;

pub use crate::span::Span;
pub use diagnostic::{Diagnostic, Label, Severity};
#[cfg(feature = "fancy-no-syscall")]
pub use human::{HumanRenderer, omitted_line};
pub use parse_error::ParseError;
pub use parsed::Parsed;
pub use render::{RecordSource, SourcedDiagnostic, record_text};
pub use sink::{MAX_DIAGNOSTICS, Omitted};
pub(crate) use sink::{Sink, capped};

/// `1 square`, `9 squares`: a count and its noun for messages.
pub(crate) fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}
