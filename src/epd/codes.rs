//! The diagnostic codes of EPD (`fenkit::epd::*`). Problems inside the four position fields are
//! reported with the chess FEN codes (`fenkit::fen::*`): they are the same fields.

crate::code_info::codes! {
    NON_ASCII = "fenkit::epd::non_ascii", Error, "a character outside printable ASCII";
    SURROUNDING_WHITESPACE = "fenkit::epd::surrounding_whitespace", Dialect, "whitespace before or after the record";
    FIELD_SEPARATOR = "fenkit::epd::field_separator", Dialect, "fields, operations or operands separated by something other than one space";
    MISSING_FIELDS = "fenkit::epd::missing_fields", Error, "fewer than four position fields";
    FEN_CLOCKS = "fenkit::epd::fen_clocks", Dialect, "the two FEN clocks before the operations";
    INVALID_OPCODE = "fenkit::epd::invalid_opcode", Error, "an opcode that is not a letter followed by up to 14 letters, digits or `_`";
    EMPTY_OPERATION = "fenkit::epd::empty_operation", Error, "a `;` with no operation before it";
    MISSING_SEMICOLON = "fenkit::epd::missing_semicolon", Dialect, "the last operation does not end with `;`";
    MISSING_SPACE = "fenkit::epd::missing_space", Dialect, "no space between `;` and the next operation";
    UNTERMINATED_STRING = "fenkit::epd::unterminated_string", Dialect, "a string operand not closed before the end of the line";
    INVALID_ESCAPE = "fenkit::epd::invalid_escape", Dialect, "a backslash not followed by `\"` or `\\` in a string";
    STRING_TOO_LONG = "fenkit::epd::string_too_long", Error, "a string operand of 256 bytes or more";
    INVALID_OPERAND = "fenkit::epd::invalid_operand", Error, "text glued to the closing quote of a string";
    DUPLICATE_OPCODE = "fenkit::epd::duplicate_opcode", Error, "an opcode given twice in one record";
    OPERAND_COUNT = "fenkit::epd::operand_count", Error, "a standard opcode with the wrong number of operands";
    OPERAND_TYPE = "fenkit::epd::operand_type", Error, "a standard opcode's operand of the wrong kind (string, integer, move)";
    OPERAND_RANGE = "fenkit::epd::operand_range", Error, "an integer operand out of its opcode's range";
    UCI_MOVE = "fenkit::epd::uci_move", Dialect, "a move in UCI notation (`e2e4`) instead of SAN";
}
