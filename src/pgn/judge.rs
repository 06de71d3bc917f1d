//! How a FEN of a game is judged: the rules its game's tags chose ([`Rules`]), kept with its
//! record ([`Retrial`]) so that the same tag can be judged again after an edit of its value;
//! and the notation a FEN's shape shows when no tag chose.

use super::messages;
use super::record::RecordKind;
pub(super) use super::retrial::{Retrial, Rules};
use super::syntax::{TagPair, read_setup, read_tag};
use crate::any::{Notation, Position, parse_any, parse_fen};
use crate::diagnostic::{Diagnostic, Parsed};
use crate::draughts::{in_line_order, judge_fen_tag};

impl Retrial {
    /// The record of `kind` read again from `line`, a version of the line it was read from.
    pub(super) fn again(
        &self,
        kind: RecordKind,
        notation: Option<Notation>,
        line: &[u8],
    ) -> Option<Parsed<Position>> {
        match kind {
            RecordKind::FenTag => {
                let tag = read_tag(line, self.start).ok()?;
                (tag.name == b"FEN")
                    .then(|| self.judge(kind, &tag))?
                    .map(|(_, p)| p)
            }
            RecordKind::SetupCommand => {
                let tag = read_setup(line, self.start).ok()?;
                self.judge(kind, &tag).map(|(_, parsed)| parsed)
            }
            RecordKind::BareLine => {
                let record = line.get(self.start..)?;
                let (_, parsed) = parse_any(record, notation, &self.options);
                let diagnostics = parsed
                    .diagnostics
                    .iter()
                    .map(|d| d.clone().shifted(self.start));
                Some(Parsed {
                    diagnostics: diagnostics.collect(),
                    ..parsed
                })
            }
            _ => None,
        }
    }

    /// The FEN of `tag` by these rules: its notation and what it holds.
    pub(super) fn judge(
        &self,
        kind: RecordKind,
        tag: &TagPair<'_>,
    ) -> Option<(Notation, Parsed<Position>)> {
        let mut parsed = Parsed::new(None, Vec::new());
        let notation = self.judge_into(kind, tag, &mut parsed)?;
        Some((notation, parsed))
    }

    /// [`judge`](Self::judge) into `parsed`, the place of the verdict in its record: a verdict
    /// is a couple of hundred bytes, and each step that hands it back by value copies it.
    /// Returns the notation; `None`, `parsed` left as it was, for a variant fenkit does not
    /// read.
    pub(super) fn judge_into(
        &self,
        kind: RecordKind,
        tag: &TagPair<'_>,
        parsed: &mut Parsed<Position>,
    ) -> Option<Notation> {
        let options = &self.options;
        match &self.rules {
            Rules::Unsupported => return None,
            Rules::Draughts(board, unknown) => {
                *parsed =
                    judge_fen_tag(tag, options, *board, unknown.as_deref()).map(Position::Pdn);
                return Some(Notation::Pdn);
            }
            Rules::Chess(castling, variant) => {
                let options = options.with_castling(*castling).with_variant(*variant);
                *parsed = parse_fen(&tag.value, &options);
            }
            Rules::Shape => {
                let notation = self.by_shape(tag, parsed);
                if notation == Notation::Pdn {
                    return Some(notation);
                }
                tag_verdict(kind, tag, parsed, self.has_setup);
                return Some(notation);
            }
        }
        tag_verdict(kind, tag, parsed, self.has_setup);
        Some(Notation::Fen)
    }

    /// The FEN of `tag` in the notation its shape shows (`Rules::Shape`), read into `parsed`
    /// (a draughts FEN's verdict whole, a chess FEN's value before the tag's own rules): its
    /// notation.
    ///
    /// Most such values are chess FENs: the value is read as one first, and a reading with
    /// nothing to say needs no detection, which would split the value into fields only to say
    /// FEN too (a clean chess FEN has no `/` in its third field, FEEN's style-turn, and no `:`
    /// at its start, a draughts FEN's). A value that starts like a draughts FEN is detected
    /// first, not read as chess in vain.
    fn by_shape(&self, tag: &TagPair<'_>, parsed: &mut Parsed<Position>) -> Notation {
        let (options, value) = (&self.options, &*tag.value);
        let draughts_start = matches!(value, [b'[' | b'/' | b' ' | b'\t', ..] | [_, b':', ..]);
        if !draughts_start {
            *parsed = parse_fen(value, options);
            if parsed.diagnostics.is_empty()
                || matches!(notation_of(value), Notation::Fen | Notation::Epd)
            {
                return Notation::Fen;
            }
        }
        match notation_of(value) {
            Notation::Pdn => {
                *parsed = judge_fen_tag(tag, options, None, None).map(Position::Pdn);
                Notation::Pdn
            }
            // A chess game's FEN tag holds a FEN: an EPD-shaped value gets FEN's own
            // diagnostics (extra fields, missing clocks) and fixes, never EPD's.
            Notation::Epd | Notation::Fen => {
                *parsed = parse_fen(value, options);
                Notation::Fen
            }
            notation => {
                *parsed = parse_any(value, Some(notation), options).1;
                notation
            }
        }
    }
}

/// The verdict on a chess FEN tag whose value read as `parsed`: spans into the line, and the
/// SetUp rule.
#[inline]
fn tag_verdict(
    kind: RecordKind,
    tag: &TagPair<'_>,
    parsed: &mut Parsed<Position>,
    has_setup: bool,
) {
    let setup_missing = !has_setup && kind == RecordKind::FenTag;
    if !setup_missing && tag.diagnostics.is_empty() && parsed.diagnostics.is_empty() {
        // A valid tag, the common case: no diagnostic to move or sort, the value kept as read.
        return;
    }
    with_tag_diagnostics(tag, parsed, setup_missing);
}

/// [`tag_verdict`] of a tag with something to say: the tag's diagnostics, the value's with
/// spans into the line, and the SetUp rule's, in line order.
#[cold]
fn with_tag_diagnostics(tag: &TagPair<'_>, parsed: &mut Parsed<Position>, setup_missing: bool) {
    let read = std::mem::replace(parsed, Parsed::new(None, Vec::new()));
    let mut diagnostics = tag.diagnostics.clone();
    diagnostics.extend(
        read.diagnostics
            .into_iter()
            .map(|d| d.map_spans(|span| tag.line_span(span))),
    );
    // Setup commands are PDN's, which has no SetUp tag.
    if setup_missing {
        diagnostics.push(messages::fen_without_setup(tag.value_span));
    }
    let value = read
        .value
        .filter(|_| !diagnostics.iter().any(Diagnostic::is_error));
    *parsed = in_line_order(value, diagnostics, read.omitted);
}

/// The notation a FEN's shape shows: [`Notation::detect`], and a draughts FEN also with a
/// lowercase or unknown side to move (`b:w31,k6:b20`, a dialect the draughts reader knows;
/// `X:W31`, which only the draughts reader explains): a letter and a `:` start no chess FEN.
pub(super) fn notation_of(value: &[u8]) -> Notation {
    let start = value
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .unwrap_or(value.len());
    match value.get(start..).unwrap_or_default() {
        [side, b':', ..] if side.is_ascii_alphabetic() || *side == b'?' => Notation::Pdn,
        rest => Notation::detect(rest),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{Castling, ParseOptions, Variant};
    use proptest::prelude::*;

    /// Judging by shape as it was before a clean chess reading skipped detection: detection
    /// first, then the reading it chooses. Kept as the oracle [`Retrial::by_shape`] must agree
    /// with.
    fn detected_first(retrial: &Retrial, tag: &TagPair<'_>) -> (Notation, Parsed<Position>) {
        let (kind, options, setup) = (RecordKind::FenTag, &retrial.options, retrial.has_setup);
        let chess = |kind, tag: &TagPair<'_>, notation, options, setup| {
            let mut parsed = parse_any(&tag.value, Some(notation), options).1;
            tag_verdict(kind, tag, &mut parsed, setup);
            parsed
        };
        match notation_of(&tag.value) {
            Notation::Pdn => (
                Notation::Pdn,
                judge_fen_tag(tag, options, None, None).map(Position::Pdn),
            ),
            Notation::Epd => (
                Notation::Fen,
                chess(kind, tag, Notation::Fen, options, setup),
            ),
            notation => (notation, chess(kind, tag, notation, options, setup)),
        }
    }

    /// Values near chess FENs, FEEN and draughts FENs: a seed with bytes replaced, put in and
    /// cut, from an alphabet of the bytes that decide a shape.
    fn near_values() -> impl Strategy<Value = Vec<u8>> {
        let seeds = prop::sample::select(vec![
            &b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"[..],
            b"r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24",
            b"8/8/8/8/8/8/8/4K2k w - - 0 1",
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            b"8/8/8/8/8/8/8/4K2k w - - bm Kd2;",
            b"rkr/1P1 P/ CHESS/chess",
            b"k/K 3P2B/p GAME/game",
            b"W:W31,32,K33:B1,2,3",
            b"B:W31-35:BK1",
            b"b:w31,k6:b20",
            b"",
        ]);
        let byte = prop::sample::select(&b" \t/:;[\"KkQqPpWBw-0123489ab+"[..]);
        let edits = prop::collection::vec((any::<prop::sample::Index>(), byte, 0..3u8), 0..4);
        (seeds, edits).prop_map(|(seed, edits)| {
            let mut value = seed.to_vec();
            for (at, byte, how) in edits {
                let at = at.index(value.len() + 1);
                match (how, value.get_mut(at)) {
                    (0, Some(old)) => *old = byte,
                    (1, Some(_)) => {
                        value.remove(at);
                    }
                    _ => value.insert(at, byte),
                }
            }
            value
        })
    }

    fn options() -> impl Strategy<Value = ParseOptions> {
        let variants = prop::sample::select(vec![
            Variant::Chess,
            Variant::Crazyhouse,
            Variant::ThreeCheck,
            Variant::Atomic,
        ]);
        let castling = prop::sample::select(vec![Castling::Standard, Castling::Chess960]);
        (any::<bool>(), any::<bool>(), variants, castling).prop_map(
            |(lenient, validated, variant, castling)| {
                let options = if lenient {
                    ParseOptions::lenient()
                } else {
                    ParseOptions::strict()
                };
                let options = if validated {
                    options.validated()
                } else {
                    options
                };
                options.with_variant(variant).with_castling(castling)
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn a_clean_chess_reading_judges_as_detection_first_does(
            value in near_values(),
            options in options(),
            has_setup in any::<bool>(),
        ) {
            let mut line = b"[FEN \"".to_vec();
            line.extend(value.iter().filter(|&&b| b != b'"' && b != b'\\'));
            line.extend(b"\"]");
            let Ok(tag) = read_tag(&line, 0) else {
                return Ok(());
            };
            let retrial = Retrial { start: 0, rules: Rules::Shape, options, has_setup };
            let judged = retrial.judge(RecordKind::FenTag, &tag);
            prop_assert_eq!(judged, Some(detected_first(&retrial, &tag)));
        }
    }
}
