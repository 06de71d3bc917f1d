//! The diagnostic codes of a caller's own grammar (`fenkit::grammar::*`): what [`super::Error`]
//! reports for the parts of a composed parse that are not a fenkit notation, and what the
//! building blocks report where their kind of text does not start at all.
//!
//! They are in [`crate::codes::all`] and explained like every other code, but with no wrong
//! record of their own: the text they point at is the caller's, and so is its meaning.

crate::code_info::codes! {
    EXPECTED = "fenkit::grammar::expected", Error, "the caller's grammar expected something else here (a nom error)";
    EXTERNAL = "fenkit::grammar::external", Error, "an error of the caller's own (`map_res`, `FromExternalError`)";
    NUMBER = "fenkit::grammar::number", Error, "not a number the caller's grammar accepts (no digits, too large, or a leading zero)";
    SQUARE = "fenkit::grammar::square", Error, "no square where the caller's grammar reads one (a chess square `a1`-`h8`, a draughts square number)";
    PIECE = "fenkit::grammar::piece", Error, "no piece where the caller's grammar reads one (a chess piece letter, a PNN piece)";
    FIELD = "fenkit::grammar::field", Error, "no field where the caller's grammar reads one (whitespace, `\"` or the end instead)";
    SEPARATOR = "fenkit::grammar::separator", Error, "no whitespace between two fields of the caller's record";
    RANGE = "fenkit::grammar::range", Error, "no range of draughts squares `a-b` where the caller's grammar reads one";
    QUOTE = "fenkit::grammar::quote", Error, "no quoted string where the caller's grammar reads one";
    OPERATION = "fenkit::grammar::operation", Error, "no EPD operation where the caller's grammar reads one";
}
