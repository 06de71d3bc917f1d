//! The typed value of a record as JSON, with the Python package's field names: the library's
//! [`fenkit::PositionFields`] in its serde form, an object whose `kind` says which
//! (`"chess"`, `"draughts"`, `"feen"`).

use fenkit::Position;

/// The JSON of a position (`null` when it cannot be written).
pub fn to_json(position: &Position) -> String {
    serde_json::to_string(&position.fields()).unwrap_or_else(|_| String::from("null"))
}
