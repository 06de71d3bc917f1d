//! PGN's syntax, which chess and draughts game files share: tag pairs `[Name "value"]`, PDN's
//! setup commands `/FEN "value"/`, `{...}` and `;` comments and `%` escape lines. It knows no
//! notation: a FEN value is judged by its own (`crate::draughts` judges a draughts FEN tag),
//! so it sits beneath the notations, while the game scanner (`crate::pgn`) is above them.

mod line;
mod messages;
mod tag;

pub(crate) use line::{LineItem, line_items};
pub(crate) use messages::unclosed_comment;
pub(crate) use tag::{PlainTag, read_plain_tag, read_plain_tag_line};
pub use tag::{TagFailure, TagPair, read_setup, read_tag};
