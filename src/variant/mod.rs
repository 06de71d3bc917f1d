//! Variant FENs as shakmaty reads them (its `variant` feature): crazyhouse and three-check,
//! built from the public chess field combinators of [`crate::grammar`] (placement, side to
//! move, castling, en passant, clocks, piece letters), the way a user of fenkit would build a
//! notation of their own. [`crate::parse_any`] reads them when
//! [`ParseOptions::variant`](crate::ParseOptions::variant) is [`Variant::Crazyhouse`] or
//! [`Variant::ThreeCheck`] (into [`Position::Crazyhouse`] and [`Position::ThreeCheck`]).
//!
//! The variants that keep FEN's syntax (king of the hill, atomic, antichess, horde, racing
//! kings) need no reader of their own: [`crate::Fen::parse`] judges the board by their rules
//! when the options name them, and the rules they add have codes here ([`codes`]): see
//! docs/notations.md, "Chess variants".
//!
//! [`Variant::Crazyhouse`]: crate::Variant::Crazyhouse
//! [`Variant::ThreeCheck`]: crate::Variant::ThreeCheck
//! [`Position::Crazyhouse`]: crate::Position::Crazyhouse
//! [`Position::ThreeCheck`]: crate::Position::ThreeCheck
//!
//! - [`Crazyhouse`]: the pockets after the board in either form, `…/RNBQKBNR[Qn] w …` or a
//!   ninth rank `…/RNBQKBNR/Qn w …` (empty: `[]` or a trailing `/`; `[-]` is a dialect,
//!   `fenkit::variant::dash_pocket`), and promoted pieces marked `~` on the board (`Q~`).
//! - [`ThreeCheck`]: the check counters in either form, `3+3` after the en passant field (the
//!   checks each side still has to *give*, White's first; shakmaty's `RemainingChecks`) or
//!   `+0+0` after the clocks (the checks each side *has given*, as lichess and Scid write it;
//!   `+1+0` reads as `2+3`). Either form is read in either place, as shakmaty reads them.
//!
//! ```
//! use fenkit::ParseOptions;
//! use fenkit::variant::{Crazyhouse, ThreeCheck};
//!
//! let zh: Crazyhouse = "r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1[NNNrp] b - - 39 20".parse()?;
//! assert_eq!(zh.pockets.len(), 5);
//! let ninth: Crazyhouse = "r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1/NNNrp b - - 39 20".parse()?;
//! assert_eq!(zh, ninth);
//!
//! let three: ThreeCheck = "r1b2rk1/ppp2p1p/4p1p1/4Bn2/1b2N3/3B4/PPP3PP/R2Q1R1K b - - 0 15 +0+0".parse()?;
//! assert_eq!(three.to_string(), "r1b2rk1/ppp2p1p/4p1p1/4Bn2/1b2N3/3B4/PPP3PP/R2Q1R1K b - - 3+3 0 15");
//!
//! // Bad input gets every diagnostic, each on its own span.
//! let parsed = Crazyhouse::parse(b"8/8/8/8/8/8/8/8[Qx w - - 0 1", &ParseOptions::strict());
//! let codes: Vec<_> = parsed.diagnostics.iter().map(|d| d.code()).collect();
//! assert_eq!(codes, ["fenkit::variant::unclosed_pocket", "fenkit::variant::invalid_pocket_piece"]);
//! # Ok::<_, fenkit::ParseError>(())
//! ```
//!
//! # Decisions
//!
//! - **The writer** is shakmaty's `Display` for `Fen`: the pockets in brackets (`[]` when
//!   empty; White's pieces first, each side pawn, knight, bishop, rook, queen), `~` after each
//!   promoted piece, the counters as `3+3` after the en passant field, and both clocks.
//! - **Strictness** is fenkit's, the syntax shakmaty's: the chess fields are read by FEN's
//!   own rules (`fenkit::fen::*` codes, strict and lenient dialects); fields are separated by
//!   one space with nothing around the record, judged by FEN's own whitespace rule
//!   ([`crate::grammar::gap`]: `fenkit::fen::field_separator` and
//!   `fenkit::fen::surrounding_whitespace`, a line end after the record included; a line end or
//!   `"` inside it is `fenkit::grammar::expected`); fewer than four fields is an error; missing clocks, a crazyhouse board with no
//!   pocket and a three-check record with no counters are dialects (errors in strict mode,
//!   warnings in lenient mode, read as `0 1`, empty pockets and `3+3`), as shakmaty reads them
//!   with those defaults. A counter is one digit from 0 to 3.
//! - **Legality** (with `validate`) is chess's, on the chess part, with its spans moved into
//!   the variant record: for crazyhouse without chess's piece counts per colour (captured
//!   pieces change sides), replaced by shakmaty's crazyhouse material rule and no king in a
//!   pocket; for three-check with a check left for at least one side. The chess part is judged
//!   by the variant's board rules whatever variant the options name.
//!
//! The variant parts have codes of their own ([`codes`]).

pub mod codes;

mod checks;
mod crazyhouse;
mod legality;
mod messages;
mod pockets;
mod record;
mod rules;
mod three_check;
mod write;

pub use checks::RemainingChecks;
pub use crazyhouse::Crazyhouse;
pub use pockets::Pockets;
pub use three_check::ThreeCheck;
