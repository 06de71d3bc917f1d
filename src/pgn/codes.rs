//! The diagnostic codes of PGN game files (`fenkit::pgn::*`): what a game's tags say about
//! how its FEN is read. The FEN's own problems keep the codes of its notation.

crate::code_info::codes! {
    UNSUPPORTED_VARIANT = "fenkit::pgn::unsupported_variant", Error, "a `[Variant]` whose rules fenkit does not read: the game's FEN is not checked";
    FEN_WITHOUT_SETUP = "fenkit::pgn::fen_without_setup", Warning, "a chess game with a `[FEN]` tag but no `[SetUp \"1\"]`";
    SETUP_WITHOUT_FEN = "fenkit::pgn::setup_without_fen", Error, "a `[SetUp \"1\"]` tag in a game with no `[FEN]` tag";
}
