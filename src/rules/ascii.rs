//! Non-ASCII characters as a reporting rule: each run is one error over the whole run.

use super::context::Cx;
use super::report::{Report, Stop};
use crate::primitives::ascii::{foreign_run, non_ascii_diagnostic};

/// Reports every run of non-ASCII characters (and control characters other than tab) in
/// `text`, a sub-slice of the record, with `code`. Fields holding one are then left alone by
/// their own rules, so a character gets one diagnostic, never a label inside it.
pub(crate) fn non_ascii<R: Report>(
    cx: &mut Cx<'_, R>,
    text: &[u8],
    code: &'static str,
) -> Result<(), Stop> {
    let start = cx.offset(text);
    let record = cx.record();
    let mut from = 0;
    while let Some(run) = foreign_run(text, from) {
        from = run.end();
        let span = run.shifted(start);
        cx.error(|| non_ascii_diagnostic(record, span, code))?;
    }
    Ok(())
}
