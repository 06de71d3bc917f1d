//! The wording of the diagnostics of reading any notation: a record that looks like another
//! notation than the one it was read as. The detection decides what it looks like and where;
//! these functions say it.

use super::lookalike::Lookalike;
use crate::chess::codes::{OTHER_GAME, VARIANT_RECORD};
use crate::diagnostic::Diagnostic;

/// The one diagnostic of a record read as chess that looks like `lookalike`.
pub(super) fn lookalike(lookalike: &Lookalike) -> Diagnostic {
    match lookalike {
        Lookalike::Crazyhouse(pocket) => Diagnostic::error(
            VARIANT_RECORD,
            "this looks like a crazyhouse FEN, not a chess FEN",
        )
        .label(*pocket, "crazyhouse pocket")
        .help("read it with the crazyhouse variant (`--variant crazyhouse`): its pockets and promoted pieces are not chess FEN"),
        Lookalike::ThreeCheck(counters) => Diagnostic::error(
            VARIANT_RECORD,
            "this looks like a three-check FEN, not a chess FEN",
        )
        .label(*counters, "three-check counters")
        .help("read it with the three-check variant (`--variant three-check`): its check counters are not chess FEN"),
        Lookalike::Shogi(board, feen) => other_game("a shogi SFEN", "shogi", *board, feen.as_deref()),
        Lookalike::Xiangqi(board, feen) => {
            other_game("a xiangqi FEN", "xiangqi", *board, feen.as_deref())
        }
    }
}

/// A record of `game`, written in `notation`, whose board is `board`; `feen` is the position
/// in FEEN, when it could be written.
fn other_game(
    notation: &str,
    game: &str,
    board: crate::span::Span,
    feen: Option<&str>,
) -> Diagnostic {
    let diagnostic = Diagnostic::error(
        OTHER_GAME,
        format!("this looks like {notation}, not a chess FEN"),
    )
    .label(board, format!("a {game} board"));
    match feen {
        Some(feen) => diagnostic.help(format!(
            "fenkit reads {game} positions as FEEN (`--notation feen`); this one is `{feen}`"
        )),
        None => diagnostic.help(format!(
            "fenkit reads {game} positions as FEEN (`--notation feen`), with pieces in hand and the styles of both sides"
        )),
    }
}
