//! The one serde form of a diagnostic, shared by the library and the CLI's `--format json`:
//!
//! ```json
//! {"code":"fenkit::fen::invalid_side_to_move","severity":"error",
//!  "message":"`x` is not a side to move","help":"write `w` (White to move) or `b` (Black to move)",
//!  "labels":[{"offset":44,"length":1,"label":"expected `w` or `b`",
//!             "line":1,"column":45,"end_column":46,"column_utf16":45,"end_column_utf16":46}]}
//! ```
//!
//! A diagnostic whose help states a literal change also has `"fix":{"applicability":"safe"|"guess",
//! "edits":[{"offset":…,"length":…,"text":…}]}` (absent when there is none; see [`Fix`]), its
//! edits located as labels are.
//!
//! `offset` and `length` are bytes in the record. The position fields (`line`, `column`,
//! `end_column`, `column_utf16`, `end_column_utf16`, see [`SpanColumns`]) need the record and
//! its line, which a [`Diagnostic`] does not hold: [`Diagnostic::located`] writes them, a plain
//! `Diagnostic` leaves them out, and reading ignores them (they follow from the offsets).
//! Reading accepts only the codes fenkit reports ([`crate::codes::all`]), so a deserialised
//! diagnostic is one the parser could have produced.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::columns::SpanColumns;
use crate::diagnostic::{Diagnostic, Label, Severity};
use crate::fix::{Applicability, Fix};
use crate::span::Span;

/// A label as written: byte span, text, and the position when the record is known.
#[derive(Serialize)]
struct LabelOut<'a> {
    offset: usize,
    length: usize,
    label: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    columns: Option<SpanColumns>,
}

impl<'a> LabelOut<'a> {
    fn new(label: &'a Label, record: Option<(&[u8], usize)>) -> Self {
        let (line, columns) = located(record, label.span);
        LabelOut {
            offset: label.span.offset,
            length: label.span.len,
            label: &label.text,
            line,
            columns,
        }
    }
}

/// The line and columns of `span` in `record` (its text, and the line it starts on), when
/// the record is known.
fn located(record: Option<(&[u8], usize)>, span: Span) -> (Option<usize>, Option<SpanColumns>) {
    match record {
        Some((text, line)) => {
            let columns = SpanColumns::of(text, span);
            (Some(line + columns.lines_before), Some(columns))
        }
        None => (None, None),
    }
}

/// An edit of a fix as written: byte span, replacement, and the position when the record is
/// known.
#[derive(Serialize)]
struct EditOut<'a> {
    offset: usize,
    length: usize,
    text: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    columns: Option<SpanColumns>,
}

/// A fix as written.
#[derive(Serialize)]
struct FixOut<'a> {
    applicability: Applicability,
    edits: Vec<EditOut<'a>>,
}

impl<'a> FixOut<'a> {
    fn new(fix: &'a Fix, record: Option<(&[u8], usize)>) -> Self {
        FixOut {
            applicability: fix.applicability,
            edits: fix
                .edits
                .iter()
                .map(|edit| {
                    let (line, columns) = located(record, edit.span);
                    EditOut {
                        offset: edit.span.offset,
                        length: edit.span.len,
                        text: &edit.text,
                        line,
                        columns,
                    }
                })
                .collect(),
        }
    }
}

/// A diagnostic as written.
#[derive(Serialize)]
struct DiagnosticOut<'a> {
    code: &'a str,
    severity: Severity,
    message: &'a str,
    help: Option<&'a str>,
    labels: Vec<LabelOut<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fix: Option<FixOut<'a>>,
}

impl<'a> DiagnosticOut<'a> {
    fn new(diagnostic: &'a Diagnostic, record: Option<(&[u8], usize)>) -> Self {
        DiagnosticOut {
            code: diagnostic.code(),
            severity: diagnostic.severity(),
            message: diagnostic.message(),
            help: diagnostic.help_text(),
            labels: diagnostic
                .labels()
                .iter()
                .map(|label| LabelOut::new(label, record))
                .collect(),
            fix: diagnostic.fix().map(|fix| FixOut::new(fix, record)),
        }
    }
}

/// A label as read (position fields, if any, are ignored).
#[derive(Deserialize)]
struct LabelIn {
    offset: usize,
    length: usize,
    #[serde(default)]
    label: String,
}

impl From<LabelIn> for Label {
    fn from(label: LabelIn) -> Self {
        Label {
            span: Span::new(label.offset, label.length),
            text: label.label,
        }
    }
}

/// An edit as read (position fields, if any, are ignored).
#[derive(Deserialize)]
struct EditIn {
    offset: usize,
    length: usize,
    text: String,
}

/// A fix as read.
#[derive(Deserialize)]
struct FixIn {
    applicability: Applicability,
    edits: Vec<EditIn>,
}

/// A diagnostic as read.
#[derive(Deserialize)]
struct DiagnosticIn {
    code: String,
    severity: Severity,
    message: String,
    #[serde(default)]
    help: Option<String>,
    #[serde(default)]
    labels: Vec<LabelIn>,
    #[serde(default)]
    fix: Option<FixIn>,
}

impl Serialize for Label {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        LabelOut::new(self, None).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Label {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        LabelIn::deserialize(deserializer).map(Label::from)
    }
}

impl Serialize for Diagnostic {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        DiagnosticOut::new(self, None).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Diagnostic {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = DiagnosticIn::deserialize(deserializer)?;
        let code = crate::registry::all()
            .find(|info| info.code == form.code)
            .map(|info| info.code)
            .ok_or_else(|| D::Error::custom(format!("unknown diagnostic code `{}`", form.code)))?;
        let mut diagnostic = Diagnostic::new(code, form.severity, form.message);
        for label in form.labels {
            let label = Label::from(label);
            diagnostic = diagnostic.label(label.span, label.text);
        }
        if let Some(help) = form.help {
            diagnostic = diagnostic.help(help);
        }
        if let Some(fix) = form.fix {
            let edits = fix
                .edits
                .into_iter()
                .map(|edit| (Span::new(edit.offset, edit.length), edit.text));
            diagnostic = diagnostic.with_fix(Fix::edits(fix.applicability, edits));
        }
        Ok(diagnostic)
    }
}

/// A diagnostic with the record it points into and that record's line, serialised with the
/// position fields in each label: `line`, `column`, `end_column`, `column_utf16` and
/// `end_column_utf16` (see [`SpanColumns`] and the JSON section of docs/command-line.md).
#[derive(Clone, Copy, Debug)]
pub struct LocatedDiagnostic<'a> {
    diagnostic: &'a Diagnostic,
    record: &'a [u8],
    line: usize,
}

impl Diagnostic {
    /// This diagnostic with its `record` (one line, without its ending) and the record's
    /// 1-based `line` in its file, for output an editor places: each label gets its line and
    /// its columns in characters and in UTF-16 code units.
    ///
    /// ```
    /// use fenkit::{Fen, ParseOptions};
    ///
    /// let record = "é";
    /// let parsed = Fen::parse(record.as_bytes(), &ParseOptions::strict());
    /// let json = serde_json::to_value(parsed.diagnostics[0].located(record.as_bytes(), 3))?;
    /// assert_eq!(json["labels"][0]["line"], 3);
    /// assert_eq!(json["labels"][0]["end_column"], 2);
    /// # Ok::<_, serde_json::Error>(())
    /// ```
    pub fn located<'a>(&'a self, record: &'a [u8], line: usize) -> LocatedDiagnostic<'a> {
        LocatedDiagnostic {
            diagnostic: self,
            record,
            line,
        }
    }
}

impl Serialize for LocatedDiagnostic<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        DiagnosticOut::new(self.diagnostic, Some((self.record, self.line))).serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Diagnostic {
        Diagnostic::error(
            "fenkit::fen::invalid_side_to_move",
            "`x` is not a side to move",
        )
        .label(Span::new(3, 1), "expected `w` or `b`")
        .label(Span::new(0, 0), "")
        .help("write `w`")
    }

    #[test]
    fn a_fix_round_trips_and_is_located() {
        let diagnostic = sample().with_fix(Fix::edits(
            Applicability::Guess,
            [
                (Span::new(3, 1), "w".to_string()),
                (Span::new(0, 0), "x".to_string()),
            ],
        ));
        let json = serde_json::to_string(&diagnostic).unwrap_or_default();
        assert!(
            json.ends_with(r#""fix":{"applicability":"guess","edits":[{"offset":0,"length":0,"text":"x"},{"offset":3,"length":1,"text":"w"}]}}"#),
            "{json}"
        );
        let back: Result<Diagnostic, _> = serde_json::from_str(&json);
        assert_eq!(back.ok(), Some(diagnostic.clone()));
        let located =
            serde_json::to_string(&diagnostic.located("é x".as_bytes(), 2)).unwrap_or_default();
        assert!(
            located.contains(r#""text":"w","line":2,"column":3,"end_column":4"#),
            "{located}"
        );
    }

    #[test]
    fn plain_form_round_trips_and_keeps_the_field_names() {
        let diagnostic = sample();
        let json = serde_json::to_string(&diagnostic).unwrap_or_default();
        assert_eq!(
            json,
            r#"{"code":"fenkit::fen::invalid_side_to_move","severity":"error","message":"`x` is not a side to move","help":"write `w`","labels":[{"offset":3,"length":1,"label":"expected `w` or `b`"},{"offset":0,"length":0,"label":""}]}"#
        );
        let back: Result<Diagnostic, _> = serde_json::from_str(&json);
        assert_eq!(back.ok(), Some(diagnostic));
    }

    #[test]
    fn located_form_reads_back_as_the_same_diagnostic() {
        let diagnostic = sample();
        let json =
            serde_json::to_string(&diagnostic.located("é x".as_bytes(), 7)).unwrap_or_default();
        assert!(
            json.contains(
                r#""line":7,"column":3,"end_column":4,"column_utf16":3,"end_column_utf16":4"#
            ),
            "{json}"
        );
        let back: Result<Diagnostic, _> = serde_json::from_str(&json);
        assert_eq!(back.ok(), Some(diagnostic));
    }

    #[test]
    fn owned_input_without_help_reads() {
        let json = String::from(
            r#"{"code":"fenkit::fen::invalid_side_to_move","severity":"warning","message":"m","labels":[]}"#,
        );
        let back: Result<Diagnostic, _> = serde_json::from_reader(json.as_bytes());
        let back = back.ok();
        assert_eq!(back.as_ref().map(Diagnostic::help_text), Some(None));
        assert_eq!(back.map(|d| d.severity()), Some(Severity::Warning));
    }

    #[test]
    fn unknown_code_and_bad_severity_are_refused() {
        let unknown = serde_json::from_str::<Diagnostic>(
            r#"{"code":"fenkit::fen::no_such_code","severity":"error","message":"m","help":null,"labels":[]}"#,
        );
        let message = unknown.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            message.contains("unknown diagnostic code `fenkit::fen::no_such_code`"),
            "{message}"
        );
        let severity = serde_json::from_str::<Diagnostic>(
            r#"{"code":"fenkit::fen::invalid_side_to_move","severity":"fatal","message":"m","help":null,"labels":[]}"#,
        );
        assert!(severity.is_err());
    }
}
