//! EPD and the "modified FEN" of opening books (docs/notations.md): four position fields, then
//! zero or more operations `opcode operand...;`.
//!
//! One record rule reads it (see `crate::rules`): the free sink first, allocating nothing but
//! the value, and the collecting sink only for a record it stops on. The position fields are
//! read by the chess FEN field rules (so their problems carry
//! `fenkit::fen::*` codes) and validated by the chess legality step. Standard opcodes are typed
//! and checked (integers, strings, SAN moves); unknown opcodes are kept as written.
//!
//! Operands are stored as written ([`Operand::Word`] or [`Operand::Text`]) and read by type on
//! demand: [`Epd::integer`], [`Epd::text`] and [`Epd::moves`] for any opcode, named accessors
//! for the common standard ones ([`Epd::id`], [`Epd::centipawns`], [`Epd::best_moves`]...), and
//! [`Operation::value`] for an operation read by what its opcode takes ([`Value`]).
//!
//! ```
//! use fenkit::Epd;
//!
//! let epd: Epd = r#"8/8/8/8/8/8/k7/K6R w - - bm Rh8 Ra1; ce +350; id "rook \"ends\"";"#.parse()?;
//! assert_eq!(epd.best_moves(), Some(vec!["Rh8", "Ra1"]));
//! assert_eq!(epd.centipawns(), Some(350));
//! assert_eq!(epd.id(), Some(r#"rook "ends""#));
//! assert_eq!(epd.operand("ce").map(|o| o.as_str()), Some("+350")); // as written
//! # Ok::<_, fenkit::ParseError>(())
//! ```

pub mod codes;
#[allow(clippy::module_inception)]
mod epd;
mod messages;
pub(crate) mod opcodes;
pub(crate) mod operations;
mod record;
mod san;
mod takes;
mod typed;

pub use epd::{Epd, Operand, Operation};
pub use typed::Value;

#[cfg(feature = "serde")]
crate::serde_text::as_text!(Epd);

pub(crate) use epd::NOTATION;
