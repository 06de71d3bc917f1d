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

/// `fix FILE`: its user cannot write it (`access(W_OK)`), whatever its folder allows.
pub const FIX_NOT_WRITABLE: &str =
    "you cannot write this file (its mode and owner say so): left alone, as an editor would";

/// `fix FILE`: its extended attributes could not be listed.
pub fn fix_attributes_unread(error: impl Display) -> String {
    format!("cannot read its extended attributes ({error}): left alone")
}

/// `fix FILE`: an extended attribute (an ACL is one) could not be given to the new file.
pub fn fix_attribute_not_kept(name: &str, error: impl Display) -> String {
    format!("cannot keep its extended attribute `{name}` ({error}): left alone")
}

/// `fix FILE`: its mode could not be given to the new file.
pub fn fix_mode_not_kept(error: impl Display) -> String {
    format!("cannot keep its mode ({error}): left alone")
}

/// `fix FILE`: the file changed between the read and the rename; nothing was replaced.
pub const FIX_CHANGED_WHILE_READ: &str =
    "the file changed while fenkit read it: left alone (run fenkit fix again)";

/// `fix FILE`: bytes were appended between the last comparison and the rename: they were
/// added to the end of the fixed file.
pub const FIX_APPENDED_TAKEN_BACK: &str = "lines were appended while fenkit replaced the file: \
     they were added back at its end, unfixed (run fenkit fix again)";

/// `fix FILE`: bytes were appended between the last comparison and the rename, and could not
/// be added back.
pub fn fix_appended_lost(error: impl Display) -> String {
    format!(
        "lines were appended while fenkit replaced the file, and could not be added back \
         ({error}): the file as fenkit read it, fixed, is in place"
    )
}

/// `fix FILE`: the file changed (not by appending) between the last comparison and the rename.
pub const FIX_CHANGED_WHILE_REPLACED: &str = "the file changed while fenkit replaced it: the \
     fixed text of the file as fenkit read it is in place, check it";

/// `fix`: the input is shorter than when it was read (truncated meanwhile).
pub const INPUT_ENDED_EARLY: &str = "the input ended early (it was cut short while fenkit read it)";

/// `fix -`: more of standard input waits than fix keeps.
pub const STDIN_HELD_TOO_LONG: &str = "over 256 MiB of standard input would have to wait in \
     memory for a line or a game's tags to end: refused (fix a file in place instead)";

/// `fix`: the changes waiting for a game's tag section to end could not be kept.
pub fn fix_waiting_not_kept(error: impl Display) -> String {
    format!("cannot keep the changes that wait for a tag section to end ({error}): left alone")
}

/// `fix`: a FEN standing alone in a game file (not in a tag or setup command) is not changed.
pub const FIX_BARE_LINE: &str = "a FEN outside a tag: left as it is (in a game file fix \
     changes only tag values and setup commands; put it in a [FEN] tag, or fix it by hand)";

/// `fix`: more bare FEN lines than are named.
pub fn fix_more_bare_lines(count: usize) -> String {
    format!("and {count} more FEN lines outside tags, left as they are")
}

/// `fenkit lsp`: an initialization option it does not know.
pub fn lsp_unknown_option(name: &str) -> String {
    format!(
        "fenkit: unknown initialization option `{name}`, ignored (fenkit reads lenient, \
         castling, variant, select and ignore)"
    )
}

/// `fenkit lsp`: an initialization option's value it cannot take (the default is kept).
pub fn lsp_unusable_value(name: &str, value: &str, takes: &str) -> String {
    format!(
        "fenkit: the initialization option `{name}` cannot be {value}, so its default is kept \
         (it takes {takes})"
    )
}

/// `fenkit lsp`: a name in `select` or `ignore` that stands for no code (every code is kept).
pub fn lsp_unknown_code(name: &str) -> String {
    format!(
        "fenkit: unknown code `{name}` in the initialization options, so every code is shown \
         (`fenkit explain --list` lists them)"
    )
}

/// `fenkit lsp`: a document notification it cannot read (a URI with a raw space or `é`).
pub fn lsp_unreadable_document(uri: &str, why: &str) -> String {
    format!(
        "fenkit cannot read the document {uri}: {why}. It is not checked (a URI writes a \
         space as %20 and é as %C3%A9)"
    )
}

/// `fenkit fix`: the records left invalid past those whose problems it said.
pub fn more_left_invalid(count: u64) -> String {
    let records = if count == 1 { "record" } else { "records" };
    format!("… and {count} more invalid {records}: `fenkit check` lists their problems")
}

/// `fix FILE` (and `fmt --check`) on a compressed or other binary file: nothing is rewritten.
pub fn fix_binary(kind: fenkit::inputs::BinaryKind) -> String {
    use fenkit::inputs::BinaryKind;
    match kind {
        BinaryKind::Zstd | BinaryKind::Gzip => format!(
            "is {}: `fix` does not rewrite a compressed file (decompress it, fix it, compress it \
             again; `check`, `fmt` and `show` read it as it is): left alone",
            kind.describe()
        ),
        _ => format!("is {}, not text: left alone", kind.describe()),
    }
}
