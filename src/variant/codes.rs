//! The diagnostic codes of the variant FENs (`fenkit::variant::*`): the parts a variant adds
//! to a chess FEN and the record around them. The chess fields inside a variant record keep
//! their own codes (`fenkit::fen::*`), and so does the whitespace between and around them
//! (read by [`crate::grammar::gap`], FEN's rule). The rules a variant adds to chess's legality
//! step (antichess, horde, racing kings) have codes here too; the chess legality step reports
//! them.

crate::code_info::codes! {
    FIELD_SEPARATOR = "fenkit::variant::field_separator", Error, "reserved: no longer reported (a variant record's whitespace has FEN's codes, `fenkit::fen::field_separator` and `fenkit::fen::surrounding_whitespace`)";
    MISSING_FIELDS = "fenkit::variant::missing_fields", Error, "fewer than four fields";
    MISSING_CLOCKS = "fenkit::variant::missing_clocks", Dialect, "the halfmove clock or fullmove number is missing";
    EXTRA_FIELDS = "fenkit::variant::extra_fields", Error, "a field after the last one the variant has";
    MISSING_POCKET = "fenkit::variant::missing_pocket", Dialect, "a crazyhouse board without a pocket (`[]` or a ninth rank)";
    DASH_POCKET = "fenkit::variant::dash_pocket", Dialect, "empty pockets written `[-]` (or a ninth rank `/-`) instead of `[]`";
    INVALID_POCKET_PIECE = "fenkit::variant::invalid_pocket_piece", Error, "a pocket character that is not a piece letter";
    UNCLOSED_POCKET = "fenkit::variant::unclosed_pocket", Error, "a pocket `[` with no `]` at the end of the board";
    UNEXPECTED_POCKET = "fenkit::variant::unexpected_pocket", Error, "a pocket after the board of a variant that has none";
    INVALID_CHECKS = "fenkit::variant::invalid_checks", Error, "a three-check counter that is not `N+N` or `+N+N` with N from 0 to 3";
    MISSING_CHECKS = "fenkit::variant::missing_checks", Dialect, "a three-check record without check counters";
    REPEATED_CHECKS = "fenkit::variant::repeated_checks", Error, "check counters given twice";
    KING_IN_POCKET = "fenkit::variant::king_in_pocket", Legality, "a king in a crazyhouse pocket";
    TOO_MUCH_MATERIAL = "fenkit::variant::too_much_material", Legality, "more pieces on the board and in the pockets than a crazyhouse game has";
    NO_CHECKS_LEFT = "fenkit::variant::no_checks_left", Legality, "neither side has a check left to give";
    NO_CASTLING = "fenkit::variant::no_castling", Legality, "a castling right in a variant without castling (antichess, racing kings)";
    HORDE_KING = "fenkit::variant::horde_king", Legality, "a White king in horde, where White is a horde of pawns without one";
    HORDE_TOO_MANY_PIECES = "fenkit::variant::horde_too_many_pieces", Legality, "more than 36 pieces in the horde";
    RACING_KINGS_CHECK = "fenkit::variant::racing_kings_check", Legality, "the side to move in check in racing kings, where no move gives check";
    RACING_KINGS_PAWN = "fenkit::variant::racing_kings_pawn", Legality, "a pawn in racing kings, which has none";
    RACING_KINGS_MATERIAL = "fenkit::variant::racing_kings_material", Legality, "more than 2 knights, bishops or rooks, or 2 queens, of one side in racing kings";
    RACE_OVER = "fenkit::variant::race_over", Legality, "both kings on rank 8 with Black to move: the race ended a move ago";
    EMPTY_BOARD = "fenkit::variant::empty_board", Legality, "no piece on the board in antichess, where the game ends when one side has none";
}
