//! The words of the command line's own messages (those that are no diagnostic of a record):
//! why a file is left alone or an output refused. Each names its file first, as
//! `fenkit: NAME: WHY`.

use std::fmt::Display;

/// `show --svg OUT`: the output is one of the inputs.
pub fn svg_is_an_input(output: impl Display) -> String {
    format!(
        "{output}: is one of the inputs: an SVG picture would replace it (choose another --svg)"
    )
}

/// `show --svg OUT`: the output exists and `--force` was not given.
pub fn svg_exists(output: impl Display) -> String {
    format!("{output}: exists: not replaced (`--force` writes over it)")
}
