//! A result as JSON: for each record, the object `fenkit check --format json` writes for it
//! (`source`, `line`, `notation`, `valid`, `canonical`, `diagnostics`, and `omitted` when the
//! cap left some out), each label and edit with `start` and `end` added (UTF-16 code units
//! into the text given, what a JavaScript string indexes), and the record's `value`.

use serde_json::{Map, Value, json};

use crate::options::Reading;
use crate::read::{Found, records};

/// The JSON of every record of `text`: one record's object, or for a game text an object of
/// every record's, `notation` `"pgn"`, with the first record's `canonical` and `value`.
pub fn result(text: &[u8], reading: &Reading) -> Value {
    let game = crate::read::is_game_text(text, reading);
    let found = records(text, reading);
    if !game {
        return found.first().map(record).unwrap_or(Value::Null);
    }
    let records: Vec<Value> = found.iter().map(record).collect();
    let first = records.first();
    let diagnostics: Vec<Value> = records
        .iter()
        .filter_map(|record| record.get("diagnostics").and_then(Value::as_array))
        .flatten()
        .cloned()
        .collect();
    let omitted: usize = found.iter().map(|found| found.parsed.omitted.total()).sum();
    let mut object = json!({
        "source": null,
        "line": 1,
        "notation": "pgn",
        "valid": found.iter().all(|found| found.parsed.is_valid()),
        "canonical": first.and_then(|record| record.get("canonical")).cloned(),
        "diagnostics": diagnostics,
        "value": first.and_then(|record| record.get("value")).cloned(),
    });
    if let Some(object) = object.as_object_mut() {
        if omitted > 0 {
            object.insert("omitted".into(), omitted.into());
        }
        object.insert("records".into(), Value::Array(records));
    }
    object
}

/// One record's object.
fn record(found: &Found) -> Value {
    let parsed = &found.parsed;
    let valid = parsed.is_valid();
    let canonical = parsed
        .value
        .as_ref()
        .filter(|_| valid)
        .map(ToString::to_string);
    let diagnostics: Vec<Value> = parsed
        .diagnostics
        .iter()
        .map(|diagnostic| {
            let mut value = serde_json::to_value(diagnostic.located(&found.text, found.line))
                .unwrap_or(Value::Null);
            with_starts(&mut value, found.line_start);
            value
        })
        .collect();
    let mut object = Map::new();
    object.insert("source".into(), Value::Null);
    object.insert("line".into(), found.line.into());
    object.insert("notation".into(), found.notation.name().into());
    object.insert("valid".into(), valid.into());
    object.insert("canonical".into(), canonical.into());
    object.insert("diagnostics".into(), diagnostics.into());
    let omitted = parsed.omitted.total();
    if omitted > 0 {
        object.insert("omitted".into(), omitted.into());
    }
    let value = parsed
        .value
        .as_ref()
        .map_or(Value::Null, crate::value::to_json);
    object.insert("value".into(), value);
    Value::Object(object)
}

/// Adds `start` and `end` to each label and edit of a located diagnostic: its UTF-16 columns
/// from where its line starts in the text.
fn with_starts(diagnostic: &mut Value, line_start: usize) {
    let labels = diagnostic
        .get_mut("labels")
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten();
    for place in labels {
        add_start(place, line_start);
    }
    let edits = diagnostic
        .get_mut("fix")
        .and_then(|fix| fix.get_mut("edits"))
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten();
    for place in edits {
        add_start(place, line_start);
    }
}

/// `start` and `end` of one located place.
fn add_start(place: &mut Value, line_start: usize) {
    let column = |name: &str| {
        place
            .get(name)
            .and_then(Value::as_u64)
            .and_then(|column| usize::try_from(column).ok())
            .map_or(line_start, |column| line_start + column.saturating_sub(1))
    };
    let (start, end) = (column("column_utf16"), column("end_column_utf16"));
    if let Some(object) = place.as_object_mut() {
        object.insert("start".into(), start.into());
        object.insert("end".into(), end.into());
    }
}
