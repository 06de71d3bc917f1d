//! The functions the JavaScript side calls. Each passes numbers only: a record is written into
//! the input buffer ([`fk_input`]) and named by its length; a JSON or text answer is written
//! into the output buffer ([`fk_output`]) and returned as its length. The module is
//! single-threaded, so its state is one thread-local value.
//!
//! `#[unsafe(no_mangle)]` is the only unsafe code of the crate: it exports a symbol. No
//! function reads memory the module does not own; JavaScript writes into the buffers between
//! calls, when no Rust reference to them exists.
#![allow(unsafe_code)]

use std::cell::RefCell;

use fenkit::{Notation, Parsed, Position};

use crate::options::Options;
use crate::records::{is_game_text, record, records};

/// The name a record is shown under in a report.
const SOURCE: &str = "<string>";

/// `fk_parse`'s answer: the record has no error.
pub const VALID: u32 = 1;
/// `fk_parse`'s answer: the result has diagnostics or is a game text's (ask `fk_result`).
pub const DETAILS: u32 = 2;
/// `fk_parse`'s answer: the notation's number (fen 0, epd 1, pdn 2, feen 3) from this bit.
pub const NOTATION_SHIFT: u32 = 4;
/// In an answer's length: there is no answer (`fk_explain`: the output is why).
pub const ERROR: u32 = 1 << 31;

/// The buffers and the options in force.
#[derive(Default)]
struct State {
    input: Vec<u8>,
    output: Vec<u8>,
    lengths: Vec<u32>,
    reading: Options,
    /// The record `fk_parse` read last, for `fk_last_canonical`.
    last: Option<Parsed<Position>>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Runs `f` on the state.
fn with_state<T>(f: impl FnOnce(&mut State) -> T) -> T {
    STATE.with_borrow_mut(f)
}

impl State {
    /// The first `len` bytes of the input buffer.
    fn text(&self, len: usize) -> &[u8] {
        self.input.get(..len).unwrap_or(&self.input)
    }

    /// Sets the output and returns its length.
    fn answer(&mut self, output: impl Into<Vec<u8>>) -> u32 {
        self.output = output.into();
        u32::try_from(self.output.len()).unwrap_or(u32::MAX)
    }
}

/// The input buffer, at least `len` bytes long (its address changes when it grows).
#[unsafe(no_mangle)]
pub extern "C" fn fk_input(len: usize) -> *mut u8 {
    with_state(|state| {
        if state.input.len() < len {
            state.input.resize(len, 0);
        }
        state.input.as_mut_ptr()
    })
}

/// The output buffer, which the last call that answered in it filled.
#[unsafe(no_mangle)]
pub extern "C" fn fk_output() -> *const u8 {
    with_state(|state| state.output.as_ptr())
}

/// The buffer of `count` record lengths `fk_parse_many` reads (and answers in).
#[unsafe(no_mangle)]
pub extern "C" fn fk_lengths(count: usize) -> *mut u32 {
    with_state(|state| {
        if state.lengths.len() < count {
            state.lengths.resize(count, 0);
        }
        state.lengths.as_mut_ptr()
    })
}

/// Reads the options (the first `len` input bytes, `name=value` lines): 0 when it is right, else the
/// length of the message written to the output.
#[unsafe(no_mangle)]
pub extern "C" fn fk_configure(len: usize) -> u32 {
    with_state(|state| match Options::from_text(state.text(len)) {
        Ok(reading) => {
            state.reading = reading;
            0
        }
        Err(message) => state.answer(message),
    })
}

/// The number of a notation in an answer: its row in [`fenkit::notations`], whose names
/// `web/js/index.js` lists in the same order (a test holds the two together).
fn notation_number(notation: Notation) -> u32 {
    let rows = fenkit::notations();
    let row = rows.iter().position(|info| info.notation == notation);
    row.map_or(0, |row| row as u32)
}

/// The verdict of one record as `fk_parse` answers it, and the record read (`None` for a
/// game text).
fn verdict(text: &[u8], reading: &Options) -> (u32, Option<Parsed<Position>>) {
    if is_game_text(text, reading) {
        return (DETAILS, None);
    }
    let (notation, parsed) = record(text, reading);
    let mut answer = notation_number(notation) << NOTATION_SHIFT;
    if parsed.is_valid() {
        answer |= VALID;
    }
    if !parsed.diagnostics.is_empty() || parsed.omitted.total() > 0 {
        answer |= DETAILS;
    }
    (answer, Some(parsed))
}

/// Reads the record of the first `len` input bytes: [`VALID`], [`DETAILS`] and the notation
/// (from [`NOTATION_SHIFT`]). The record is kept for [`fk_last_canonical`].
#[unsafe(no_mangle)]
pub extern "C" fn fk_parse(len: usize) -> u32 {
    with_state(|state| {
        let (answer, parsed) = verdict(state.text(len), &state.reading);
        state.last = parsed;
        answer
    })
}

/// The canonical text of a valid record, or nothing: its length with [`ERROR`] set when
/// there is none.
fn canonical_answer(state: &mut State, parsed: Option<&Parsed<Position>>) -> u32 {
    let canonical = parsed
        .filter(|parsed| parsed.is_valid())
        .and_then(|parsed| parsed.value.as_ref())
        .map(ToString::to_string);
    match canonical {
        Some(canonical) => state.answer(canonical),
        None => state.answer(Vec::new()) | ERROR,
    }
}

/// The canonical text of the record `fk_parse` read last ([`ERROR`] set: none).
#[unsafe(no_mangle)]
pub extern "C" fn fk_last_canonical() -> u32 {
    with_state(|state| {
        let last = state.last.take();
        let answer = canonical_answer(state, last.as_ref());
        state.last = last;
        answer
    })
}

/// The canonical text of the record of the first `len` input bytes ([`ERROR`] set: none; a
/// game text's first record's).
#[unsafe(no_mangle)]
pub extern "C" fn fk_canonical(len: usize) -> u32 {
    with_state(|state| {
        let found = records(state.text(len), &state.reading);
        let first = found.first().map(|found| &found.parsed);
        canonical_answer(state, first)
    })
}

/// The value of the record of the first `len` input bytes as JSON (see [`crate::value`]),
/// `null` when it has none; a game text's first record's.
#[unsafe(no_mangle)]
pub extern "C" fn fk_value(len: usize) -> u32 {
    with_state(|state| {
        let found = records(state.text(len), &state.reading);
        let value = found
            .first()
            .and_then(|found| found.parsed.value.as_ref())
            .map_or_else(|| String::from("null"), crate::value::to_json);
        state.answer(value)
    })
}

/// Reads `count` records written one after the other in the input buffer, their lengths in
/// the lengths buffer; each length is replaced by the record's answer, as `fk_parse`'s.
#[unsafe(no_mangle)]
pub extern "C" fn fk_parse_many(count: usize) {
    with_state(|state| {
        let mut start = 0usize;
        let State {
            input,
            lengths,
            reading,
            ..
        } = state;
        for length in lengths.iter_mut().take(count) {
            let end = start.saturating_add(*length as usize);
            let text = input.get(start..end).unwrap_or_default();
            *length = verdict(text, reading).0;
            start = end;
        }
    });
}

/// The result of the first `len` input bytes as JSON (see [`crate::json`]); its length.
#[unsafe(no_mangle)]
pub extern "C" fn fk_result(len: usize) -> u32 {
    with_state(|state| {
        let json = crate::json::result(state.text(len), &state.reading);
        state.answer(json)
    })
}

/// Every report of the text's records as the command line draws them (without colour,
/// `width` columns wide), each followed by a blank line; its length.
#[unsafe(no_mangle)]
pub extern "C" fn fk_render(len: usize, width: usize) -> u32 {
    with_state(|state| {
        let renderer = fenkit::HumanRenderer::new(false, width.max(20));
        let mut rendered = String::new();
        for found in records(state.text(len), &state.reading) {
            rendered.push_str(&renderer.render_record(
                &found.parsed.diagnostics,
                found.parsed.omitted.total(),
                SOURCE,
                found.line,
                &found.text,
            ));
        }
        state.answer(rendered)
    })
}

/// The SVG picture of the text's first valid position, as `fenkit show --svg` draws it; its
/// length (0: no valid position).
#[unsafe(no_mangle)]
pub extern "C" fn fk_svg(len: usize) -> u32 {
    with_state(|state| {
        let svg = records(state.text(len), &state.reading)
            .into_iter()
            .filter(|found| found.parsed.is_valid())
            .find_map(|found| found.parsed.value.map(|value| fenkit::diagram::svg(&value)))
            .unwrap_or_default();
        state.answer(svg)
    })
}

/// The full code a name means (the full code or its last part, in the first `len` input
/// bytes), or with [`ERROR`] set, the message of why there is none; its length. The
/// explanations themselves ship beside the module (`explanations.json`).
#[unsafe(no_mangle)]
pub extern "C" fn fk_explain(len: usize) -> u32 {
    with_state(|state| {
        let name = String::from_utf8_lossy(state.text(len))
            .trim()
            .to_ascii_lowercase();
        let matches: Vec<_> = fenkit::codes::named(&name).collect();
        let (answer, error) = match matches.as_slice() {
            [info] => (info.code.to_owned(), 0),
            [] => (
                format!("unknown code {name:?}: codes() lists every code"),
                ERROR,
            ),
            several => {
                let codes: Vec<&str> = several.iter().map(|info| info.code).collect();
                let codes = codes.join(", ");
                (
                    format!("{name:?} is a code of several notations: {codes}"),
                    ERROR,
                )
            }
        };
        state.answer(answer) | error
    })
}

/// A list as a JSON array of strings: every code (0), the variants `variant` takes (1), the
/// boards `board` takes (2); its length.
#[unsafe(no_mangle)]
pub extern "C" fn fk_list(which: u32) -> u32 {
    let names: Vec<&str> = match which {
        0 => fenkit::codes::all().map(|info| info.code).collect(),
        1 => fenkit::Variant::NAMES.to_vec(),
        _ => fenkit::draughts::Board::ALL
            .iter()
            .map(|board| board.name())
            .collect(),
    };
    let json = serde_json::to_string(&names).unwrap_or_default();
    with_state(|state| state.answer(json))
}

#[cfg(test)]
mod tests {
    /// The JavaScript side names a record's notation by its number: its list is the table's
    /// names in the table's order.
    #[test]
    fn the_javascript_names_the_notations_of_the_table_in_order() {
        let script = include_str!("../js/index.js");
        let line = script
            .lines()
            .find(|line| line.starts_with("const NOTATIONS = "))
            .unwrap_or_default();
        let names: Vec<String> = fenkit::notations()
            .iter()
            .map(|info| format!("{:?}", info.name))
            .collect();
        assert_eq!(line, format!("const NOTATIONS = [{}];", names.join(", ")));
        for (row, info) in fenkit::notations().iter().enumerate() {
            assert_eq!(super::notation_number(info.notation) as usize, row);
        }
    }
}
