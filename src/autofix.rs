//! Fixing whole records: the safe fixes of a record's diagnostics applied one at a time (each on
//! a fresh parse, since one fix moves the spans of the next) until none is left, then the record
//! written in canonical form. `fenkit fix`, `fenkit fmt --check` and editors' formatting all go
//! through here, so they agree on what a record becomes.

use crate::any::{Notation, parse_any};
use crate::codes::CodeFilter;
use crate::diagnostic::{Diagnostic, MAX_DIAGNOSTICS, Parsed};
use crate::options::ParseOptions;
use crate::pgn::GameRecord;

/// What fixing a record gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fixed {
    /// The record is valid after its safe fixes: this is how it is written (it may equal the
    /// record as it was).
    Valid(Vec<u8>),
    /// The safe fixes do not make the record valid: it stays as it was written. `invalid`
    /// counts the invalid records it holds (a PDN line can hold several FEN tags).
    Invalid {
        /// How many records on it stay invalid.
        invalid: usize,
    },
}

/// `record` with its safe fixes applied and, when that makes it valid, in canonical form.
///
/// A tag pair or setup command (`[FEN "…"]`, `/FEN "…"/`) keeps its wrapping: it gets its
/// fixes only, since its canonical text would be the bare value.
///
/// ```
/// use fenkit::autofix::{Fixed, fix_record};
/// use fenkit::ParseOptions;
///
/// // A run of empty squares written as two digits: the safe fix joins them.
/// let fixed = fix_record(b"8/8/8/8/8/8/8/44 w - - 0 1", None, &ParseOptions::lenient());
/// assert_eq!(fixed, Fixed::Valid(b"8/8/8/8/8/8/8/8 w - - 0 1".to_vec()));
/// ```
pub fn fix_record(record: &[u8], notation: Option<Notation>, options: &ParseOptions) -> Fixed {
    fix_record_keeping(record, notation, options, &CodeFilter::default())
}

/// [`fix_record`] with only the codes `filter` keeps: an ignored code's fix is not applied, and
/// an ignored error does not keep the record from its canonical form (`fenkit fix --ignore`).
///
/// ```
/// use fenkit::autofix::{Fixed, fix_record, fix_record_keeping};
/// use fenkit::codes::CodeFilter;
/// use fenkit::ParseOptions;
///
/// // The right `q` with the black king castled on g8: not standard chess.
/// let record = b"r5k1/8/8/8/8/8/8/4K3 w q - 0 1";
/// let options = ParseOptions::strict().validated();
/// assert_eq!(fix_record(record, None, &options), Fixed::Invalid { invalid: 1 });
/// let ignored = CodeFilter::new(&[], &["castling_not_standard"])?;
/// let fixed = fix_record_keeping(record, None, &options, &ignored);
/// assert_eq!(fixed, Fixed::Valid(record.to_vec()));
/// # Ok::<_, fenkit::codes::UnknownCode>(())
/// ```
pub fn fix_record_keeping(
    record: &[u8],
    notation: Option<Notation>,
    options: &ParseOptions,
    filter: &CodeFilter,
) -> Fixed {
    let parse = |text: &[u8]| {
        let mut parsed = parse_any(text, notation, options).1;
        filter.apply(&mut parsed);
        parsed
    };
    let fixed = apply_safe_fixes(record.to_vec(), |text| vec![parse(text)]);
    let parsed = parse(&fixed);
    match parsed.value.as_ref().filter(|_| parsed.is_valid()) {
        Some(_) if is_tag_or_setup(record) => Fixed::Valid(fixed),
        Some(value) => Fixed::Valid(value.to_string().into_bytes()),
        None => Fixed::Invalid { invalid: 1 },
    }
}

/// The line of a game-file record (a FEN tag, a setup command, a line read on its own) with
/// the record's safe fixes applied, each on a fresh reading by its game's rules, when that
/// makes it valid. Only the FEN changes: its tag and the rest of the line stay as they are. For
/// a FEN tag that waited for the end of its tag section, the line is given up to the tag's end
/// ([`GameRecord::text`]).
pub fn fix_game_record(record: &GameRecord) -> Fixed {
    fix_game_record_keeping(record, &CodeFilter::default())
}

/// [`fix_game_record`] with only the codes `filter` keeps, as [`fix_record_keeping`].
pub fn fix_game_record_keeping(record: &GameRecord, filter: &CodeFilter) -> Fixed {
    let mut text = record.text.to_vec();
    let mut parsed = record.parsed.clone();
    filter.apply(&mut parsed);
    for _ in 0..MAX_DIAGNOSTICS {
        let fix = parsed
            .diagnostics
            .iter()
            .filter_map(Diagnostic::fix)
            .find(|fix| fix.is_safe());
        let Some(fix) = fix else { break };
        let fixed = fix.apply(&text);
        match record.read_again(&fixed) {
            Some(mut again) => {
                filter.apply(&mut again);
                (text, parsed) = (fixed, again);
            }
            None => break,
        }
    }
    if parsed.is_valid() {
        Fixed::Valid(text)
    } else {
        Fixed::Invalid { invalid: 1 }
    }
}

/// `text` with safe fixes applied one at a time, each on a fresh parse by `parse`, until none
/// is left (at most [`MAX_DIAGNOSTICS`] rounds: each fix removes a diagnostic).
fn apply_safe_fixes<T>(mut text: Vec<u8>, parse: impl Fn(&[u8]) -> Vec<Parsed<T>>) -> Vec<u8> {
    for _ in 0..MAX_DIAGNOSTICS {
        let found = parse(&text);
        let fix = found
            .iter()
            .flat_map(|parsed| parsed.diagnostics.iter())
            .filter_map(Diagnostic::fix)
            .find(|fix| fix.is_safe());
        match fix {
            Some(fix) => text = fix.apply(&text),
            None => break,
        }
    }
    text
}

/// A PDN tag pair (`[FEN "..."]`) or setup command (`/FEN "..."/`): a record that is more than
/// its FEN value, so rewriting it in canonical form (the bare value) would lose the wrapping.
pub fn is_tag_or_setup(record: &[u8]) -> bool {
    let record = record.trim_ascii_start();
    record.starts_with(b"[") || record.starts_with(b"/FEN")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_valid_record_is_written_in_canonical_form() {
        let options = ParseOptions::lenient();
        assert_eq!(
            fix_record(b"8/8/8/8/8/8/8/8 w - - 0 1", None, &options),
            Fixed::Valid(b"8/8/8/8/8/8/8/8 w - - 0 1".to_vec())
        );
        assert_eq!(
            fix_record(b"8/8/8/8/8/8/8/9 w - - 0 1", None, &options),
            Fixed::Invalid { invalid: 1 }
        );
    }

    #[test]
    fn a_tag_pair_keeps_its_wrapping() {
        let options = ParseOptions::lenient();
        let fixed = fix_record(b"[FEN \"W:W31,32:B1\"]", None, &options);
        assert_eq!(fixed, Fixed::Valid(b"[FEN \"W:W31,32:B1\"]".to_vec()));
    }

    #[test]
    fn a_game_record_gets_its_fixes_by_its_games_rules() {
        use crate::pgn::GameScanner;
        let mut scanner = GameScanner::new(ParseOptions::strict().validated());
        let mut records = Vec::new();
        // Shredder castling is valid because the Variant tag after the FEN says Chess960.
        for line in [
            "[FEN \"1r2k1r1/8/8/8/8/8/8/1R2K1R1  w GBgb - 0 1\"] [Event \"x\"]",
            "[Variant \"Chess960\"]",
            "[SetUp \"1\"]",
            "1. Kf1 *",
        ] {
            records.extend(scanner.scan_line(line.as_bytes()));
        }
        let [record] = records.as_slice() else {
            panic!("one record expected: {records:?}");
        };
        assert_eq!(
            fix_game_record(record),
            Fixed::Valid(b"[FEN \"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1\"]".to_vec())
        );
    }
}
