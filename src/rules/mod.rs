//! The one-grammar core: every rule of a notation is written once and serves both the fast
//! path and the diagnostics; only the sink it reports to differs.
//!
//! - [`report`]: the [`Report`](report::Report) trait; [`Free`](report::Free), the zero-sized
//!   sink of the fast path that stops at the first problem without building anything, and the
//!   collecting `Sink` of the diagnostic run that keeps every problem and lets the rule recover.
//! - [`context`]: [`Cx`](context::Cx), what a rule gets besides its input (the whole record
//!   for spans, the mode, the sink), and [`Step`](context::Step), what it returns.
//! - [`run`]: the driver that runs a record [`Rule`](run::Rule) fast, and again collecting
//!   only when it stopped.
//! - [`ascii`]: runs of non-ASCII characters, one error each.
//! - [`fields`]: whitespace-separated fields, the gap before each judged.
//! - [`number`]: the shared digit-run rule with bounds and the leading-zero policy.
//! - [`rank`]: a rank of cells and empty counts (chess FEN's per-byte path and FEEN), the
//!   cells and counts read by the notation.
//! - [`quoted`]: quoted strings with backslash escapes (EPD operands, PDN tag values).
//!
//! A rule is `fn(&mut Cx<'r, R>, &'r [u8]) -> Step<'r, T>`: it consumes what it accepts and
//! returns the rest, like a nom parser. On a problem it calls `cx.error`, `cx.dialect` (error
//! in strict mode, warning in lenient mode) or `cx.fail` with a closure building the
//! diagnostic; the `?` after it stops the fast path at once, while on the diagnostic run the
//! rule reads on with the corrected value, or `cx.resume` skips to the next separator. Nothing
//! here imports notation code.

pub(crate) mod ascii;
pub(crate) mod context;
pub(crate) mod fields;
pub(crate) mod number;
pub(crate) mod quoted;
pub(crate) mod rank;
pub(crate) mod report;
pub(crate) mod run;
#[cfg(test)]
pub(crate) mod testing;
