//! The diagnostic codes of FEEN (`fenkit::feen::*`).

crate::code_info::codes! {
    NON_ASCII = "fenkit::feen::non_ascii", Error, "a character outside printable ASCII";
    SURROUNDING_WHITESPACE = "fenkit::feen::surrounding_whitespace", Error, "whitespace before or after the record";
    FIELD_SEPARATOR = "fenkit::feen::field_separator", Error, "fields separated by something other than one space";
    MISSING_FIELDS = "fenkit::feen::missing_fields", Error, "fewer than three fields";
    EXTRA_FIELDS = "fenkit::feen::extra_fields", Error, "more than three fields";
    INVALID_CHARACTER = "fenkit::feen::invalid_character", Error, "a character that is not part of a piece, a count or a separator";
    PREFIX_WITHOUT_LETTER = "fenkit::feen::prefix_without_letter", Error, "a `+` or `-` state prefix not followed by a piece letter";
    MISPLACED_DERIVATION_MARKER = "fenkit::feen::misplaced_derivation_marker", Error, "a `'` derivation marker that does not follow a piece letter";
    TERMINAL_MARKER = "fenkit::feen::terminal_marker", Error, "the `^` terminal marker of a later FEEN revision";
    ZERO_COUNT = "fenkit::feen::zero_count", Error, "an empty-cell or hand count of 0";
    LEADING_ZERO = "fenkit::feen::leading_zero", Error, "a count written with a leading zero";
    COUNT_TOO_LARGE = "fenkit::feen::count_too_large", Error, "a count above 18446744073709551615";
    LEADING_SEPARATOR = "fenkit::feen::leading_separator", Error, "a placement that starts with a separator";
    TRAILING_SEPARATOR = "fenkit::feen::trailing_separator", Error, "a placement that ends with a separator";
    DASH_EMPTY_HANDS = "fenkit::feen::dash_empty_hands", Error, "`-` for empty hands, from an earlier FEEN revision";
    MISSING_HAND_SEPARATOR = "fenkit::feen::missing_hand_separator", Error, "pieces in hand without the `/` between the players";
    EXTRA_HAND_SEPARATOR = "fenkit::feen::extra_hand_separator", Error, "pieces in hand with more than one `/`";
    HAND_WRONG_CASE = "fenkit::feen::hand_wrong_case", Error, "a lowercase piece before the hand `/` or an uppercase one after it";
    COUNT_WITHOUT_PIECE = "fenkit::feen::count_without_piece", Error, "a hand count not followed by a piece";
    COUNT_ONE = "fenkit::feen::count_one", Dialect, "a hand count of 1";
    HAND_NOT_AGGREGATED = "fenkit::feen::hand_not_aggregated", Dialect, "the same piece listed more than once in a hand";
    HAND_ORDER = "fenkit::feen::hand_order", Dialect, "pieces in hand out of canonical order";
    MISSING_STYLE_SEPARATOR = "fenkit::feen::missing_style_separator", Error, "a style-turn field without the `/` between the styles";
    EXTRA_STYLE_SEPARATOR = "fenkit::feen::extra_style_separator", Error, "a style-turn field with more than two styles";
    EMPTY_STYLE = "fenkit::feen::empty_style", Error, "a style-turn field with an empty style name";
    INVALID_STYLE_NAME = "fenkit::feen::invalid_style_name", Error, "a style name that is not SNN (a letter, then letters and digits)";
    MIXED_CASE_STYLE = "fenkit::feen::mixed_case_style", Error, "a style name mixing uppercase and lowercase letters";
    SAME_CASE_STYLES = "fenkit::feen::same_case_styles", Error, "two uppercase or two lowercase style names";
    SYNTAX = "fenkit::feen::syntax", Error, "reserved: the old grammar's fallback, no longer reported (every rule explains its own failures)";
    EN_PASSANT_DROPPED = "fenkit::feen::en_passant_dropped", Warning, "converting a FEN: FEEN cannot hold the en passant square";
    CLOCKS_DROPPED = "fenkit::feen::clocks_dropped", Warning, "converting a FEN: FEEN cannot hold the halfmove clock and fullmove number";
}
