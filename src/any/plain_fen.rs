//! The common chess FEN found in one pass, before detection splits a record into fields: a
//! game file's FEN tags and most records of a file of FENs take this way.

use crate::primitives::word::{below, equal_to};

/// Whether `record` has the shape of the common chess FEN, which [`Shape::of`] would read as
/// FEN: six fields, one space between each, no tab, `;` or line end, no `/` in the third field
/// (FEEN's style-turn), the fifth not starting with a letter (an EPD opcode), and neither a
/// PDN start nor a draughts side and `:`. One pass, no split into fields: the placement eight
/// bytes at a time, the rest a table lookup per byte. A game file's FEN tags take this way.
pub(super) fn is_plain_fen(record: &[u8]) -> bool {
    /// What each byte is to the pass: 0 nothing, 1 a space, 2 a byte no plain FEN holds.
    #[allow(clippy::indexing_slicing)] // evaluated at compile time
    static KINDS: [u8; 256] = {
        let mut kinds = [0; 256];
        kinds[b' ' as usize] = 1;
        kinds[b'\t' as usize] = 2;
        kinds[b';' as usize] = 2;
        kinds[b'\r' as usize] = 2;
        kinds[b'\n' as usize] = 2;
        kinds
    };
    if matches!(record.first(), None | Some(b'[' | b'/' | b' ')) || record.get(1) == Some(&b':') {
        return false;
    }
    // The placement, most of the record, eight bytes at a time up to the first word with a
    // space or a byte that is never plain.
    let mut plain = 0;
    while let Some(chunk) = record.get(plain..).and_then(|rest| rest.first_chunk::<8>()) {
        if may_end_plain_run(u64::from_le_bytes(*chunk)) {
            break;
        }
        plain += 8;
    }
    let mut spaces = [0; 5];
    let mut count = 0;
    let rest = record.get(plain..).unwrap_or_default();
    for (at, &b) in (plain..).zip(rest) {
        match KINDS.get(usize::from(b)) {
            Some(0) => {}
            Some(1) => match spaces.get_mut(count) {
                Some(space) => {
                    *space = at;
                    count += 1;
                }
                None => return false,
            },
            _ => return false,
        }
    }
    let [_, second, third, fourth, fifth] = spaces;
    count == 5
        && spaces
            .windows(2)
            .all(|pair| matches!(pair, [a, b] if a + 1 < *b))
        && fifth + 1 < record.len()
        && !record
            .get(second + 1..third)
            .is_some_and(|castling| castling.contains(&b'/'))
        && !record.get(fourth + 1).is_some_and(u8::is_ascii_alphabetic)
}

/// Whether a byte of `word` is below `!` (a space, tab or line end) or is `;`.
fn may_end_plain_run(word: u64) -> bool {
    below(word, b'!') | equal_to(word, b';') != 0
}
