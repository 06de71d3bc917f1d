//! The diagnostic codes of a caller's own grammar (`fenkit::grammar::*`): what [`super::Error`]
//! reports for the parts of a composed parse that are not a fenkit notation.
//!
//! They are in [`crate::codes::all`] and explained like every other code, but with no wrong
//! record of their own: the text they point at is the caller's, and so is its meaning.

crate::codes::codes! {
    EXPECTED = "fenkit::grammar::expected", Error, "the caller's grammar expected something else here (a nom error)";
    EXTERNAL = "fenkit::grammar::external", Error, "an error of the caller's own (`map_res`, `FromExternalError`)";
    NUMBER = "fenkit::grammar::number", Error, "not a number the caller's grammar accepts (no digits, too large, or a leading zero)";
}
