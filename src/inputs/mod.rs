//! What an input is before it is records: a check for binary files ([`sniff_binary`]), and the
//! field that holds the record in each row of a table: a column of a CSV or TSV file
//! ([`CsvTable`]) or a key of each line of a JSON Lines file ([`json_field`]).
//!
//! Each row gives its value with the place of its bytes in the row ([`FieldValue`]), so a
//! diagnostic of the value points into the file ([`FieldValue::place`]), or the one diagnostic
//! of a broken row: no row is dropped silently. With the `compressed` feature, [`decompress`]
//! reads Zstandard and gzip inputs as the text they hold. The codes are the `fenkit::input::*` ones
//! ([`crate::codes::input`]).

mod binary;
mod binary_kind;
mod csv;
mod csv_quotes;
#[cfg(feature = "compressed")]
pub mod decompress;
mod json;
mod json_lines;
mod messages;
mod value;

pub use binary::{SNIFF_BYTES, sniff_binary};
pub use binary_kind::BinaryKind;
pub use csv::{Column, CsvTable, Row};
pub use csv_quotes::QuoteState;
#[cfg(test)]
pub(crate) use csv_quotes::scanned;
pub use json_lines::{JsonPath, json_field};
pub use value::{Cell, FieldValue};

pub(crate) use messages::csv_unclosed_quote;
