//! The diagnostic codes of chess FEN (`fenkit::fen::*`).

crate::code_info::codes! {
    NON_ASCII = "fenkit::fen::non_ascii", Error, "a character outside printable ASCII";
    SURROUNDING_WHITESPACE = "fenkit::fen::surrounding_whitespace", Dialect, "whitespace before or after the record";
    FIELD_SEPARATOR = "fenkit::fen::field_separator", Dialect, "fields separated by something other than one space";
    MISSING_FIELDS = "fenkit::fen::missing_fields", Error, "fewer than four fields";
    MISSING_CLOCKS = "fenkit::fen::missing_clocks", Dialect, "four or five fields: the clocks are missing";
    EXTRA_FIELDS = "fenkit::fen::extra_fields", Error, "more than six fields";
    TOO_FEW_RANKS = "fenkit::fen::too_few_ranks", Error, "the placement has fewer than 8 ranks";
    TOO_MANY_RANKS = "fenkit::fen::too_many_ranks", Error, "the placement has more than 8 ranks";
    RANK_TOO_SHORT = "fenkit::fen::rank_too_short", Error, "a rank covers fewer than 8 squares";
    RANK_TOO_LONG = "fenkit::fen::rank_too_long", Error, "a rank covers more than 8 squares";
    INVALID_PIECE = "fenkit::fen::invalid_piece", Error, "a character that is neither a piece letter nor a digit";
    INVALID_DIGIT = "fenkit::fen::invalid_digit", Error, "an empty-square count of 0 or 9";
    ADJACENT_DIGITS = "fenkit::fen::adjacent_digits", Dialect, "two digits in a row (`44` for `8`)";
    INVALID_SIDE = "fenkit::fen::invalid_side_to_move", Error, "a side to move other than `w` or `b`";
    UPPERCASE_SIDE = "fenkit::fen::uppercase_side_to_move", Dialect, "`W` or `B` as the side to move";
    INVALID_CASTLING = "fenkit::fen::invalid_castling", Error, "a character that is not a castling letter";
    CASTLING_ORDER = "fenkit::fen::castling_order", Dialect, "castling rights out of canonical order";
    CASTLING_REPEATED = "fenkit::fen::castling_repeated", Dialect, "a castling right given twice";
    CASTLING_TOO_MANY = "fenkit::fen::castling_too_many", Error, "more than two castling rights for one colour";
    INVALID_EN_PASSANT = "fenkit::fen::invalid_en_passant", Error, "an en passant field that is not `-` or a square";
    EN_PASSANT_RANK = "fenkit::fen::en_passant_rank", Error, "an en passant square not on rank 3 or 6";
    INVALID_HALFMOVE = "fenkit::fen::invalid_halfmove_clock", Error, "a halfmove clock that is not a number";
    INVALID_FULLMOVE = "fenkit::fen::invalid_fullmove_number", Error, "a fullmove number that is not a positive number";
    CLOCK_TOO_LARGE = "fenkit::fen::clock_too_large", Error, "a clock above 4294967295";
    DASH_CLOCK = "fenkit::fen::dash_clock", Dialect, "`-` as a clock";
    FULLMOVE_ZERO = "fenkit::fen::fullmove_zero", Dialect, "fullmove number `0`";
    SYNTAX = "fenkit::fen::syntax", Error, "reserved: the old grammar's fallback, no longer reported (every rule explains its own failures)";
    VARIANT_RECORD = "fenkit::fen::variant_record", Error, "a crazyhouse or three-check FEN read as chess: it needs its variant";
    OTHER_GAME = "fenkit::fen::other_game", Error, "a shogi SFEN or xiangqi FEN read as chess: fenkit reads those games as FEEN";
    MISSING_KING = "fenkit::fen::missing_king", Legality, "a colour has no king";
    TOO_MANY_KINGS = "fenkit::fen::too_many_kings", Legality, "a colour has more than one king";
    PAWN_ON_BACK_RANK = "fenkit::fen::pawn_on_back_rank", Legality, "a pawn on rank 1 or 8";
    TOO_MANY_PAWNS = "fenkit::fen::too_many_pawns", Legality, "more than 8 pawns of one colour";
    TOO_MANY_PIECES = "fenkit::fen::too_many_pieces", Legality, "more than 16 pieces of one colour";
    CASTLING_WITHOUT_KING = "fenkit::fen::castling_without_king", Legality, "a castling right whose king is not on its home square";
    CASTLING_WITHOUT_ROOK = "fenkit::fen::castling_without_rook", Legality, "a castling right with no rook where it names";
    CASTLING_NOT_STANDARD = "fenkit::fen::castling_not_standard", Legality, "a right whose king is not on e1/e8 or whose rook is not in its corner (standard chess, the default; not with Chess960 castling)";
    EN_PASSANT_WRONG_RANK = "fenkit::fen::en_passant_wrong_rank", Legality, "en passant on rank 3 with White to move, or rank 6 with Black";
    EN_PASSANT_NO_PAWN = "fenkit::fen::en_passant_no_pawn", Legality, "no pawn in front of the en passant square";
    EN_PASSANT_NOT_EMPTY = "fenkit::fen::en_passant_not_empty", Legality, "the en passant square or the square behind it is occupied";
    OPPOSITE_CHECK = "fenkit::fen::opposite_check", Legality, "the side not to move is in check";
    TOO_MANY_CHECKERS = "fenkit::fen::too_many_checkers", Legality, "more than two pieces give check";
    IMPOSSIBLE_CHECK = "fenkit::fen::impossible_check", Legality, "a double check no move can produce";
}
