//! The WebAssembly module of the npm package `fenkit`.
//!
//! JavaScript writes a record (or a batch of records, or an options object as JSON) into the
//! module's input buffer and calls an exported function with its length; the answer is a
//! number, or a JSON text the function writes into the output buffer. Numbers cross the
//! boundary without a copy or an allocation, so checking a valid record costs its parse and
//! little more. `web/js/index.js` is the JavaScript side, and the package's API.
//!
//! - [`exports`]: the exported functions, the only place the JavaScript side calls;
//! - [`options`]: the options object a caller passes, read once per change;
//! - [`records`]: the records of a text, read by `fenkit::records` (one record, or the FEN
//!   tags of a game text);
//! - [`json`]: a result as the command line's JSON, with positions a JavaScript string indexes;
//! - [`value`]: the typed position of a record, as JSON.

pub mod exports;
pub mod json;
pub mod options;
pub mod records;
pub mod value;
