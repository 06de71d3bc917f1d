//! Building blocks shared by every notation: byte-level reading and writing that knows nothing
//! of chess, draughts or FEEN, and builds no diagnostic (the reporting rules of `crate::rules`
//! do that; this module imports only `crate::span`).
//!
//! - [`ascii`]: non-ASCII detection with whole-character spans, and quoting bytes in messages.
//! - [`empty_run`]: adjacent empty cells written as one number (the board writers).
//! - [`fields`]: splitting a record into whitespace-separated fields with their spans.
//! - [`number`]: digit runs and bounded numbers with a leading-zero policy.
//! - [`letter`]: classifying a byte as a letter of one case (piece letters).

pub(crate) mod ascii;
pub(crate) mod empty_run;
pub(crate) mod fields;
pub(crate) mod letter;
pub(crate) mod number;
pub(crate) mod sort;
pub(crate) mod word;
