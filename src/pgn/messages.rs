//! The wording of every PGN game-file diagnostic and of the per-file note, in one place. The
//! scanner decides what is wrong and where; these functions say it.

use std::fmt;

use super::codes;
use super::record::{FileSummary, RulesFrom};
use crate::diagnostic::{Diagnostic, plural};
use crate::primitives::ascii::quote;
use crate::span::Span;

/// A `[Variant]` tag whose rules fenkit does not read; `value` is the tag's value in the line.
pub(super) fn unsupported_variant(name: &[u8], value: Span) -> Diagnostic {
    Diagnostic::error(
        codes::UNSUPPORTED_VARIANT,
        format!("fenkit does not read the chess variant {}", quote(name)),
    )
    .label(value, "variant without rules in fenkit")
    .help(format!(
        "this game's FEN is not checked: fenkit reads the chess variants {} (and lichess's and python-chess's other spellings of them)",
        crate::options::Variant::NAMES
            .iter()
            .map(|name| format!("`{name}`"))
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// A chess game's `[FEN]` tag with no `[SetUp "1"]` in its game.
pub(super) fn fen_without_setup(value: Span) -> Diagnostic {
    Diagnostic::warning(
        codes::FEN_WITHOUT_SETUP,
        "the game has a `[FEN]` tag but no `[SetUp \"1\"]`",
    )
    .label(value, "FEN without SetUp")
    .help("add `[SetUp \"1\"]` to the game's tags: PGN (section 9.7) pairs the FEN tag with it")
}

/// A `[SetUp "1"]` tag in a game with no `[FEN]` tag.
pub(super) fn setup_without_fen(value: Span) -> Diagnostic {
    Diagnostic::error(
        codes::SETUP_WITHOUT_FEN,
        "the game has `[SetUp \"1\"]` but no `[FEN]` tag",
    )
    .label(value, "SetUp without FEN")
    .help("add the game's `[FEN \"...\"]` tag, or write `[SetUp \"0\"]` (or remove the tag) when the game starts from the initial position")
}

/// How the rules of the FENs were chosen, as the note says it.
fn rules_from(rules: RulesFrom) -> &'static str {
    match rules {
        RulesFrom::GameType => "[GameType]",
        RulesFrom::Variant => "[Variant]",
        RulesFrom::Shape => "the tag's shape",
    }
}

/// The note of a file: `read as PGN: 166 games, 166 FEN tags, rules from [Variant]`.
pub(super) fn summary(summary: &FileSummary) -> String {
    let kind = match (summary.chess_fens, summary.draughts_fens) {
        (0, 1..) => "PDN",
        (1.., 1..) => "PGN and PDN",
        (1.., 0) => "PGN",
        (0, 0) => "a game file (PGN or PDN)",
    };
    let mut note = format!(
        "read as {kind}: {}, {}",
        plural(summary.games, "game"),
        plural(summary.fen_tags, "FEN tag")
    );
    if summary.setup_commands > 0 {
        note.push_str(&format!(
            ", {}",
            plural(summary.setup_commands, "setup command")
        ));
    }
    match summary.bare_lines {
        0 => {}
        1 => note.push_str(", 1 line read as a record of its own"),
        lines => note.push_str(&format!(", {lines} lines read as records of their own")),
    }
    let used: Vec<_> = [RulesFrom::GameType, RulesFrom::Variant, RulesFrom::Shape]
        .into_iter()
        .filter_map(|rules| {
            let count = summary.rules_from(rules);
            (count > 0).then_some((rules, count))
        })
        .collect();
    match used.as_slice() {
        [] => {}
        [(rules, _)] => {
            note.push_str(", rules from ");
            note.push_str(rules_from(*rules));
        }
        several => {
            let parts: Vec<_> = several
                .iter()
                .map(|(rules, count)| format!("{} ({count})", rules_from(*rules)))
                .collect();
            note.push_str(", rules from ");
            note.push_str(&parts.join(", "));
        }
    }
    note
}

impl fmt::Display for FileSummary {
    /// `read as PGN: 166 games, 166 FEN tags, rules from [Variant]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&summary(self))
    }
}
