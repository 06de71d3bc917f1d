//! A result as JSON: for each record, the object `fenkit check --format json` writes for it
//! (`source`, `line`, `notation`, `valid`, `canonical`, `diagnostics`, and `omitted` when the
//! cap left some out) and its `value`. Written as text, each diagnostic through the library's
//! serde form, so that the module carries no JSON tree.

use crate::options::Options;
use crate::records::{Found, is_game_text, records};

/// What the JSON of a record is made of.
struct Parts {
    valid: bool,
    canonical: String,
    diagnostics: Vec<String>,
    omitted: usize,
    value: String,
}

impl Parts {
    fn of(found: &Found) -> Parts {
        let parsed = &found.parsed;
        let valid = parsed.is_valid();
        let canonical = parsed
            .value
            .as_ref()
            .filter(|_| valid)
            .map_or_else(|| String::from("null"), |value| string(&value.to_string()));
        Parts {
            valid,
            canonical,
            diagnostics: parsed
                .diagnostics
                .iter()
                .map(|diagnostic| {
                    serde_json::to_string(&diagnostic.located(&found.text, found.line))
                        .unwrap_or_else(|_| String::from("null"))
                })
                .collect(),
            omitted: parsed.omitted.total(),
            value: parsed
                .value
                .as_ref()
                .map_or_else(|| String::from("null"), crate::value::to_json),
        }
    }
}

/// `text` as a JSON string.
fn string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| String::from("null"))
}

/// The object of a record (or of a whole game text: `records` then holds each record's).
fn object(line: usize, notation: &str, parts: &Parts, records: Option<&[String]>) -> String {
    let mut json = format!(
        "{{\"source\":null,\"line\":{line},\"notation\":\"{notation}\",\"valid\":{},\"canonical\":{},\"diagnostics\":[{}]",
        parts.valid,
        parts.canonical,
        parts.diagnostics.join(",")
    );
    if parts.omitted > 0 {
        json.push_str(&format!(",\"omitted\":{}", parts.omitted));
    }
    json.push_str(",\"value\":");
    json.push_str(&parts.value);
    if let Some(records) = records {
        json.push_str(",\"records\":[");
        json.push_str(&records.join(","));
        json.push(']');
    }
    json.push('}');
    json
}

/// The JSON of `text`: one record's object, or for a game text an object of every record's,
/// `notation` `"pgn"`, with the first record's `canonical` and `value`.
pub fn result(text: &[u8], reading: &Options) -> String {
    let game = is_game_text(text, reading);
    let found = records(text, reading);
    let parts: Vec<Parts> = found.iter().map(Parts::of).collect();
    if !game {
        return match (found.first(), parts.first()) {
            (Some(found), Some(parts)) => object(found.line, found.notation.name(), parts, None),
            _ => String::from("null"),
        };
    }
    let each: Vec<String> = found
        .iter()
        .zip(&parts)
        .map(|(found, parts)| object(found.line, found.notation.name(), parts, None))
        .collect();
    let whole = Parts {
        valid: parts.iter().all(|parts| parts.valid),
        canonical: parts
            .first()
            .map_or_else(|| String::from("null"), |parts| parts.canonical.clone()),
        diagnostics: parts
            .iter()
            .flat_map(|parts| parts.diagnostics.iter().cloned())
            .collect(),
        omitted: parts.iter().map(|parts| parts.omitted).sum(),
        value: parts
            .first()
            .map_or_else(|| String::from("null"), |parts| parts.value.clone()),
    };
    object(1, "pgn", &whole, Some(&each))
}
