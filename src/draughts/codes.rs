//! The diagnostic codes of draughts FEN and PDN tags (`fenkit::pdn::*`).

crate::code_info::codes! {
    NON_ASCII = "fenkit::pdn::non_ascii", Error, "a character outside printable ASCII";
    WHITESPACE = "fenkit::pdn::whitespace", Dialect, "whitespace inside or around the FEN";
    LOWERCASE = "fenkit::pdn::lowercase", Dialect, "a lowercase `w`, `b` or `k`";
    COUNTERS = "fenkit::pdn::counters", Dialect, "Lidraughts counters `:H<n>:F<n>` after the sections";
    MISSING_TURN = "fenkit::pdn::missing_turn", Error, "the FEN does not start with the side to move";
    INVALID_TURN = "fenkit::pdn::invalid_turn", Error, "a side to move other than `W`, `B` or `?`";
    MISSING_SECTIONS = "fenkit::pdn::missing_sections", Error, "no `:W...` or `:B...` section after the side to move";
    INVALID_COLOUR = "fenkit::pdn::invalid_colour", Error, "a section that does not start with `W` or `B`";
    UNKNOWN_COLOUR = "fenkit::pdn::unknown_colour", Error, "`?` as a section colour (it is only for the side to move)";
    REPEATED_COLOUR = "fenkit::pdn::repeated_colour", Error, "a colour given two sections";
    EMPTY_ITEM = "fenkit::pdn::empty_item", Error, "an empty item in a square list (`,,`, or a comma at either end)";
    MISSING_SQUARE = "fenkit::pdn::missing_square", Error, "`K` with no square after it";
    INCOMPLETE_RANGE = "fenkit::pdn::incomplete_range", Error, "a `-` with no square after it";
    MISSING_COMMA = "fenkit::pdn::missing_comma", Error, "two items with no `,` between them";
    UNEXPECTED_CHARACTER = "fenkit::pdn::unexpected_character", Error, "a character that has no place in a draughts FEN";
    MIXED_SQUARES = "fenkit::pdn::mixed_squares", Error, "numeric and alphanumeric squares in one FEN";
    ALPHA_RANGE = "fenkit::pdn::alpha_range", Error, "a range of alphanumeric squares (`a1-c1`)";
    BOARD_NOTATION = "fenkit::pdn::board_notation", Error, "squares written in the other notation than the board's (numeric or alphanumeric)";
    SQUARE_OUT_OF_RANGE = "fenkit::pdn::square_out_of_range", Error, "a square that is not on the board";
    DESCENDING_RANGE = "fenkit::pdn::descending_range", Error, "a range whose end is below its start (`50-31`)";
    TRAILING_DOT = "fenkit::pdn::trailing_dot", Warning, "the grammar's trailing `.`, which writers must not emit";
    LEADING_ZERO = "fenkit::pdn::leading_zero", Warning, "a square number with a leading zero (`05`)";
    SINGLE_SQUARE_RANGE = "fenkit::pdn::single_square_range", Warning, "a range of one square (`5-5`)";
    TAG_SYNTAX = "fenkit::pdn::tag_syntax", Error, "a malformed `[FEN \"...\"]` tag pair or `/FEN \"...\"/` setup command";
    INVALID_ESCAPE = "fenkit::pdn::invalid_escape", Error, "a backslash in a tag value not followed by `\"` or `\\`";
    NOT_A_FEN_TAG = "fenkit::pdn::not_a_fen_tag", Error, "a PDN record that holds no FEN (another tag pair, or movetext)";
    UNKNOWN_POSITION = "fenkit::pdn::unknown_position", Warning, "a FEN tag whose value is `?` or empty: the position is unknown";
    UNKNOWN_GAME_TYPE = "fenkit::pdn::unknown_game_type", Warning, "a `GameType` fenkit has no board for: squares are checked on the default board";
    UNCLOSED_COMMENT = "fenkit::pdn::unclosed_comment", Error, "a `{` comment still open at the end of the PDN file";
    SYNTAX = "fenkit::pdn::syntax", Error, "reserved: the old grammar's fallback, no longer reported (every rule explains its own failures)";
    DUPLICATE_SQUARE = "fenkit::pdn::duplicate_square", Legality, "a square given twice (within or across colours)";
    MAN_ON_PROMOTION_ROW = "fenkit::pdn::man_on_promotion_row", Legality, "a man on the row where it would have been crowned";
    TOO_MANY_PIECES = "fenkit::pdn::too_many_pieces", Legality, "more pieces of one colour than the initial position has";
    NOT_PLAYING_SQUARE = "fenkit::pdn::not_playing_square", Legality, "an alphanumeric square that is not a playing square of the board";
}
