//! A line of a game file that is no game text: a record of its own. Both scanners (the fast
//! one and the reference one, the fuzz oracle of the scanning) make it by this one function.

use std::sync::Arc;

use super::game::Game;
use super::judge::{Retrial, notation_of};
use super::record::{GameRecord, RecordKind};
use crate::any::parse_any;
use crate::diagnostic::Parsed;
use crate::options::ParseOptions;

/// Line `number` (`text`, the whole line), no game text, read as a record of its own (after
/// the byte order mark at `start`), in the notation its shape shows, on the board of `game`.
pub(super) fn bare_line(
    game: &Game,
    options: &ParseOptions,
    number: usize,
    text: Arc<[u8]>,
    start: usize,
) -> GameRecord {
    let record = text.get(start..).unwrap_or_default();
    let options = game.options(options);
    let (notation, parsed) = parse_any(record, Some(notation_of(record)), &options);
    let parsed = Parsed {
        diagnostics: parsed
            .diagnostics
            .into_iter()
            .map(|d| d.shifted(start))
            .collect(),
        ..parsed
    };
    GameRecord {
        kind: RecordKind::BareLine,
        line: number,
        text,
        game: game.number,
        notation: Some(notation),
        rules: None,
        parsed,
        heading: game.heading(),
        retrial: Some(Retrial::bare(start, options)),
    }
}
