//! The library's integration tests, one module per area, linked into one test binary: each
//! binary of `tests/` is linked against the library and every dev-dependency, so one binary
//! links once where a file per area linked about thirty times.
//!
//! Snapshots live in `snapshots/`, named `suite__<module>__<name>.snap` by insta from the module
//! path. Proptest keeps a module's failure seeds in `tests/proptest-regressions/<module>.txt`:
//! for a source file beside a `main.rs`, that is where it reads and writes them.
//!
//! `tests/scaling.rs` stays a binary of its own: its tests are timed, and a test binary runs
//! alone, so no other test of the suite shares the process (its allocator, its test threads)
//! while they measure.

mod common;

mod castling;
mod castling_messages;
mod chess_corpus;
mod compliance;
mod diagnostic_cap;
mod diagram;
mod docs;
mod draughts;
mod draughts_corpus;
mod draughts_props;
mod epd;
mod epd_corpus;
mod epd_operands;
mod explain;
mod feen;
mod fen;
mod fix_chains;
mod fixes;
mod foreign_characters;
#[cfg(feature = "nom8")]
mod grammar;
#[cfg(feature = "nom8")]
mod grammar_draughts;
#[cfg(feature = "nom8")]
mod grammar_epd;
#[cfg(feature = "nom8")]
mod grammar_fields;
#[cfg(feature = "nom-supreme")]
mod grammar_nom7;
#[cfg(any(feature = "shakmaty", feature = "cozy-chess"))]
mod interop;
mod lookalikes;
mod pgn;
mod properties;
mod records;
mod rendering;
#[cfg(feature = "serde")]
mod serde;
mod values;
mod variant;
mod variant_rules;
