//! The wording of every FEEN diagnostic, in one place: the record, the placement, the hands,
//! PNN pieces, SNN style names, the style-turn field and the conversion from chess FEN. The
//! rules decide what is wrong and where; these functions say it (built only on the diagnostic
//! run).

use std::fmt;

use super::codes;
use super::types::Piece;
use super::types::Side;
use super::types::Style;
use crate::diagnostic::{Diagnostic, Severity};
use crate::fix::{Applicability, Fix};
use crate::primitives::ascii::{is_foreign, quote};
use crate::primitives::letter::{Case, letter};
use crate::primitives::number::{NumberProblem, without_leading_zeros};
use crate::span::Span;

// The record.

pub(super) fn extra_fields(span: Span) -> Diagnostic {
    Diagnostic::error(codes::EXTRA_FIELDS, "the record has more than three fields")
        .label(span, "after the style-turn field")
        .help("a FEEN has three fields: placement, pieces in hand, style-turn (`K / A/b`); remove what follows")
}

/// Fewer than three fields (`count`): the record ends at `at`.
#[cold]
pub(super) fn missing_fields(count: usize, at: Span) -> Diagnostic {
    const NAMES: [&str; 3] = ["piece placement", "pieces in hand", "style-turn field"];
    let next = NAMES.get(count).copied().unwrap_or("next field");
    let message = if count == 0 {
        String::from("the record is empty")
    } else {
        format!("the record has {count} of three fields: the {next} is missing")
    };
    Diagnostic::error(codes::MISSING_FIELDS, message)
        .label(at, format!("expected the {next} here"))
        .help("a FEEN has three fields separated by one space: placement, pieces in hand (`/` when none), style-turn, e.g. `K / A/b`")
}

// The placement.

/// What a placement holds, for the help on a character that starts no piece or count.
pub(super) const PLACEMENT_HELP: &str = "a placement holds PNN pieces (a letter with an optional `+`/`-` before and `'` after), empty-cell counts 1, 2, ... and `/` separators";

/// The separator `run` at the start (`leading`) or the end of the placement `field`, `at` bytes
/// into it.
pub(super) fn separator_at_an_end(
    field: &[u8],
    run: &[u8],
    at: usize,
    leading: bool,
    span: Span,
) -> Diagnostic {
    // The field without this separator, built only for the diagnostic that shows it.
    let without = [
        field.get(..at).unwrap_or_default(),
        field.get(at + run.len()..).unwrap_or_default(),
    ]
    .concat();
    let (code, end, label, place) = if leading {
        (
            codes::LEADING_SEPARATOR,
            "starts",
            "nothing before it",
            "before the first",
        )
    } else {
        (
            codes::TRAILING_SEPARATOR,
            "ends",
            "nothing after it",
            "after the last",
        )
    };
    Diagnostic::error(
        code,
        format!("the placement {end} with separator {}", quote(run)),
    )
    .label(span, label)
    .help(format!(
        "separators go between ranks, never {place}: write {}",
        quote(&without)
    ))
}

// Counts, of empty cells and of pieces in hand. The count rule names what it counts with one
// of these.

pub(super) const EMPTY_CELL_COUNT: &str = "empty-cell count";
pub(super) const HAND_COUNT: &str = "hand count";

/// What is wrong with the count `digits` at `span` (`what` is [`EMPTY_CELL_COUNT`] or
/// [`HAND_COUNT`]), as the shared number rule found it.
#[cold]
pub(super) fn count_problem(
    digits: &[u8],
    problem: NumberProblem,
    span: Span,
    what: &str,
) -> Diagnostic {
    match problem {
        NumberProblem::LeadingZero if digits.iter().all(|&d| d == b'0') => {
            zero_count(span, what, digits)
        }
        NumberProblem::LeadingZero => Diagnostic::error(
            codes::LEADING_ZERO,
            format!("{what} {} has a leading zero", quote(digits)),
        )
        .label(span, "leading zero")
        .help(format!("write {}", quote(without_leading_zeros(digits)))),
        NumberProblem::TooLarge | NumberProblem::NotDigits => Diagnostic::error(
            codes::COUNT_TOO_LARGE,
            format!(
                "{what} {} is larger than 18446744073709551615",
                quote(digits)
            ),
        )
        .label(span, "too large")
        .help("fenkit reads counts up to 18446744073709551615: use a smaller count"),
    }
}

/// A count of zero, written `digits`.
pub(super) fn zero_count(span: Span, what: &str, digits: &[u8]) -> Diagnostic {
    let help = if what == HAND_COUNT {
        "a hand count is 2 or more: remove the zeros and the piece"
    } else {
        "an empty-cell count is 1 or more: remove the zeros"
    };
    Diagnostic::error(
        codes::ZERO_COUNT,
        format!("{what} {} is zero", quote(digits)),
    )
    .label(span, "zero")
    .help(help)
}

// PNN pieces.

/// What a PNN piece is, for the help on a character that starts none.
pub(super) const PNN_HELP: &str =
    "a PNN piece is a letter with an optional `+`/`-` before and `'` after";

/// A state prefix at `span` with no letter after it; `record` says what follows it.
pub(super) fn prefix_without_letter(record: &[u8], prefix: &[u8], span: Span) -> Diagnostic {
    // What follows in the record, as the reader sees it.
    let next = match record.get(span.end()) {
        Some(&b) if !is_foreign(b) => format!("followed by {}", quote(&[b])),
        Some(_) => String::from("followed by a non-ASCII character"),
        None => String::from("at the end of the field"),
    };
    Diagnostic::error(
        codes::PREFIX_WITHOUT_LETTER,
        format!(
            "state prefix {} {next}, not by a piece letter",
            quote(prefix)
        ),
    )
    .label(span, "no piece letter after it")
    .help("a state prefix `+` or `-` comes directly before a piece letter, as in `+P` or `-r`: add the letter or remove the prefix")
}

/// The `^` terminal marker of a later FEEN revision at `marker`; `without` is the piece without
/// it, if there is one.
pub(super) fn terminal_marker(marker: Span, without: Option<&[u8]>) -> Diagnostic {
    let fix = match without {
        Some(piece) => format!("write {}", quote(piece)),
        None => String::from("remove it"),
    };
    Diagnostic::error(codes::TERMINAL_MARKER, "`^` terminal marker: this FEEN revision has no terminal pieces")
        .label(marker, "terminal marker")
        .help(format!(
            "`^` belongs to the later FEEN revision (\"Field Expression Encoding Notation\", EPIN pieces, `C/c` styles); FEEN 1.0.0 as read here (mid-2025, PNN pieces, SNN styles) has no terminal marker: {fix}"
        ))
}

pub(super) fn misplaced_derivation_marker(span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::MISPLACED_DERIVATION_MARKER,
        "derivation marker `'` does not follow a piece letter",
    )
    .label(span, "no piece letter before it")
    .help("the derivation marker comes once, directly after a piece letter, as in `K'` or `+p'`: remove this one")
}

/// A run of characters that start no piece or count; `expected` says what the field holds.
pub(super) fn invalid_character(run: &[u8], span: Span, expected: &str) -> Diagnostic {
    let one = run.len() == 1;
    let (message, label) = if one {
        (
            format!("{} is not part of a piece or a count", quote(run)),
            "unexpected character",
        )
    } else {
        (
            format!("{} are not part of a piece or a count", quote(run)),
            "unexpected characters",
        )
    };
    Diagnostic::error(codes::INVALID_CHARACTER, message)
        .label(span, label)
        .help(format!(
            "remove or replace {}: {expected}",
            if one { "it" } else { "them" }
        ))
}

// The pieces in hand. Every form that is not canonical is fixed by rewriting the whole field.

/// What the hands field holds, for the help on a character that starts no piece or count.
pub(super) const HANDS_HELP: &str = "pieces in hand are entries like `P`, `3P` or `2+b'`: the first player's (uppercase), `/`, the second player's (lowercase)";

/// The hands field at `field` as it should be written, `text`: the help and the fix of each
/// form that is not canonical.
#[derive(Clone, Copy)]
pub(super) struct CanonicalHands<'a> {
    pub(super) field: Span,
    pub(super) text: &'a str,
}

impl CanonicalHands<'_> {
    fn write(self) -> String {
        format!("write {}", quote(self.text.as_bytes()))
    }

    fn fix(self, applicability: Applicability) -> Fix {
        Fix::edits(applicability, [(self.field, self.text.to_string())])
    }
}

/// `-` for empty hands, from the May 2025 drafts.
pub(super) fn dash_empty_hands(span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::DASH_EMPTY_HANDS,
        "`-` for empty hands is from an earlier FEEN revision",
    )
    .label(span, "earlier revision")
    .help("the May 2025 FEEN drafts wrote `-` when no piece is in hand; FEEN 1.0.0 as read here (mid-2025, STYLE-TURN field) always writes the `/`: write `/`")
}

/// A second `/` (at `span`) in the hands `field`.
pub(super) fn extra_hand_separator(field: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::EXTRA_HAND_SEPARATOR,
        format!("pieces in hand {} have more than one `/`", quote(field)),
    )
    .label(span, "extra `/`")
    .help("remove this `/`: the hands field has exactly one, with the first player's pieces before it and the second player's after it")
}

/// The hands `field` has no `/`; `canonical` is the field as it should be written, where its
/// entries allow one (the fix, a guess).
pub(super) fn missing_hand_separator(
    field: &[u8],
    span: Span,
    canonical: Option<String>,
) -> Diagnostic {
    let help = match &canonical {
        Some(text) => format!(
            "write {}: the first player's pieces (uppercase), `/`, the second player's (lowercase); the May 2025 FEEN drafts listed all pieces in one run, this revision always has the `/`",
            quote(text.as_bytes())
        ),
        None => String::from(
            "write the first player's pieces (uppercase), `/`, then the second player's (lowercase); `/` alone when no piece is in hand",
        ),
    };
    let diagnostic = Diagnostic::error(
        codes::MISSING_HAND_SEPARATOR,
        format!(
            "pieces in hand {} have no `/` between the players",
            quote(field)
        ),
    )
    .label(span, "no `/`")
    .help(help);
    match canonical {
        Some(text) => diagnostic.with_fix(Fix::guess(span, text)),
        None => diagnostic,
    }
}

/// A hand count `digits` with no piece after it.
pub(super) fn count_without_piece(digits: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::COUNT_WITHOUT_PIECE,
        format!("hand count {} is not followed by a piece", quote(digits)),
    )
    .label(span, "count of what?")
    .help("a count comes directly before the piece it counts, as in `3P`: add the piece or remove the count")
}

/// The counts of one piece in hand add up past `u64::MAX`; `culprit` is the entry that
/// overflows.
pub(super) fn hand_count_too_large(culprit: Span) -> Diagnostic {
    Diagnostic::error(
        codes::COUNT_TOO_LARGE,
        "a hand count adds up to more than 18446744073709551615",
    )
    .label(culprit, "too many")
    .help("fenkit reads counts up to 18446744073709551615: use smaller counts")
}

/// The entry `written` (at `span`) of a piece of the other case in the `expected` player's
/// hand.
pub(super) fn hand_wrong_case(
    written: &[u8],
    span: Span,
    piece_side: Side,
    expected: Side,
    canonical: CanonicalHands<'_>,
) -> Diagnostic {
    let (case, place) = match piece_side {
        Side::First => ("uppercase", "before"),
        Side::Second => ("lowercase", "after"),
    };
    Diagnostic::error(
        codes::HAND_WRONG_CASE,
        format!(
            "{case} piece {} is in the {} player's hand",
            quote(written),
            expected.name()
        ),
    )
    .label(span, format!("{case} belongs {place} the `/`"))
    .help(format!(
        "uppercase pieces are the first player's and go before the `/`, lowercase ones after it: write {}",
        quote(canonical.text.as_bytes())
    ))
    .with_fix(canonical.fix(Applicability::Guess))
}

/// The entry `written` counts its piece `1`; `one` is the digit.
pub(super) fn count_one(
    written: &[u8],
    one: Span,
    canonical: CanonicalHands<'_>,
    severity: Severity,
) -> Diagnostic {
    Diagnostic::new(
        codes::COUNT_ONE,
        severity,
        format!("hand count `1` in {}", quote(written)),
    )
    .label(one, "a single piece has no count")
    .help(format!(
        "{}: a count is written only for 2 pieces or more",
        canonical.write()
    ))
    .with_fix(canonical.fix(Applicability::Safe))
}

/// `piece` listed again (at `again`) in `side`'s hand, first at `first`.
pub(super) fn hand_not_aggregated(
    piece: Piece,
    side: Side,
    again: Span,
    first: Span,
    canonical: CanonicalHands<'_>,
    severity: Severity,
) -> Diagnostic {
    Diagnostic::new(
        codes::HAND_NOT_AGGREGATED,
        severity,
        format!(
            "piece `{piece}` is listed again in the {} player's hand",
            side.name()
        ),
    )
    .label(again, "listed again")
    .label(first, "first listed here")
    .help(format!(
        "{}: identical pieces are counted in one entry",
        canonical.write()
    ))
    .with_fix(canonical.fix(Applicability::Safe))
}

/// `side`'s pieces in hand, `text` at `span`, out of canonical order.
pub(super) fn hand_order(
    side: Side,
    text: &[u8],
    span: Span,
    canonical: CanonicalHands<'_>,
    severity: Severity,
) -> Diagnostic {
    Diagnostic::new(
        codes::HAND_ORDER,
        severity,
        format!(
            "the {} player's pieces in hand {} are not in canonical order",
            side.name(),
            quote(text)
        ),
    )
    .label(span, "out of order")
    .help(format!(
        "{}: by count (largest first), then letter, then `-`, `+`, no prefix, then without `'` before with",
        canonical.write()
    ))
    .with_fix(canonical.fix(Applicability::Safe))
}

// SNN style names. The style rule names the style it reads with one of these.

pub(super) const STYLE: &str = "the style";
pub(super) const ACTIVE_STYLE: &str = "the style of the player to move";
pub(super) const INACTIVE_STYLE: &str = "the style of the other player";

/// An empty style name, `what` ([`STYLE`], [`ACTIVE_STYLE`] or [`INACTIVE_STYLE`]).
pub(super) fn empty_style(what: &str, span: Span) -> Diagnostic {
    Diagnostic::error(codes::EMPTY_STYLE, format!("{what} is empty"))
        .label(span, "style name expected here")
        .help("a style-turn field is two SNN style names around `/`, one uppercase and one lowercase, the player to move first: `CHESS/chess`")
}

/// The style name `text` starts with a digit, at `at`.
pub(super) fn style_starts_with_digit(text: &[u8], at: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_STYLE_NAME,
        format!("style name {} starts with a digit", quote(text)),
    )
    .label(at, "a letter must come first")
    .help("an SNN style name starts with a letter, then letters and digits, as in `CHESS960`")
}

/// The byte `b`, at `at`, is neither a letter nor a digit in the style name `text`.
pub(super) fn style_character(b: u8, text: &[u8], at: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_STYLE_NAME,
        format!(
            "{} is not allowed in style name {}",
            quote(&[b]),
            quote(text)
        ),
    )
    .label(at, "not a letter or digit")
    .help("an SNN style name has letters and digits only, as in `CHESS960`: remove this character")
}

/// The style name `text` mixes cases: the help writes it in the case of its first letter.
pub(super) fn mixed_case_style(text: &[u8], span: Span) -> Diagnostic {
    let first_upper = text
        .iter()
        .find_map(|&b| letter(b))
        .is_some_and(|(case, _)| case == Case::Upper);
    let (fixed, case) = if first_upper {
        (text.to_ascii_uppercase(), "uppercase")
    } else {
        (text.to_ascii_lowercase(), "lowercase")
    };
    Diagnostic::error(
        codes::MIXED_CASE_STYLE,
        format!("style name {} mixes uppercase and lowercase", quote(text)),
    )
    .label(span, "mixed case")
    .help(format!("an SNN style name is all uppercase (first player) or all lowercase (second player): write {} ({case}, like its first letter)", quote(&fixed)))
}

// The style-turn field.

pub(super) fn missing_style_separator(field: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::MISSING_STYLE_SEPARATOR,
        format!(
            "style-turn field {} has no `/` between the two styles",
            quote(field)
        ),
    )
    .label(span, "no `/`")
    .help("write the style of the player to move, `/`, then the other player's style, one uppercase and one lowercase: `CHESS/chess`")
}

/// A third style in the style-turn `field`, at `span`; `kept` is the field up to it.
pub(super) fn extra_style_separator(field: &[u8], kept: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::EXTRA_STYLE_SEPARATOR,
        format!("style-turn field {} has more than two styles", quote(field)),
    )
    .label(span, "after the second style")
    .help(format!(
        "FEEN has exactly two players: write {}",
        quote(kept)
    ))
}

/// The two styles, `active` and `inactive`, have one case.
pub(super) fn same_case_styles(
    active: &Style,
    inactive: &Style,
    active_span: Span,
    inactive_span: Span,
) -> Diagnostic {
    let flipped = inactive.in_case_of(active.side().opposite());
    let case = match active.side() {
        Side::First => "uppercase",
        Side::Second => "lowercase",
    };
    Diagnostic::error(
        codes::SAME_CASE_STYLES,
        format!(
            "styles {} and {} are both {case}",
            quote(active.as_str().as_bytes()),
            quote(inactive.as_str().as_bytes())
        ),
    )
    .label(inactive_span, format!("also {case}"))
    .label(active_span, case.to_string())
    .help(format!(
        "one style is uppercase (the first player's) and the other lowercase (the second player's): write `{active}/{flipped}`"
    ))
}

// The conversion from chess FEN: what FEEN cannot hold.

/// The en passant square `square` of the FEN, at `span`.
pub(super) fn en_passant_dropped(square: impl fmt::Display, span: Span) -> Diagnostic {
    Diagnostic::warning(
        codes::EN_PASSANT_DROPPED,
        format!("FEEN cannot hold the en passant square `{square}`"),
    )
    .label(span, "dropped")
    .help("FEEN records no move history: the capture en passant on this square is not part of the FEEN position")
}

/// The FEN's clocks, at `span`.
pub(super) fn clocks_dropped(halfmove: u32, fullmove: u32, span: Span) -> Diagnostic {
    Diagnostic::warning(
        codes::CLOCKS_DROPPED,
        format!("FEEN cannot hold the halfmove clock `{halfmove}` and fullmove number `{fullmove}`"),
    )
    .label(span, "dropped")
    .help("FEEN records no counters: keep the clocks elsewhere if the fifty-move rule or the move number matter")
}
