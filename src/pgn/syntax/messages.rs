//! The words of PGN's syntax diagnostics: a malformed tag pair or setup command, an unknown
//! escape in a tag value, a comment left open. Their codes are PDN's (`fenkit::pdn::*`, listed
//! with draughts' in `crate::draughts::codes`), the standard that first had them checked.

use crate::diagnostic::Diagnostic;
use crate::draughts::codes;
use crate::primitives::ascii::short_quote;
use crate::span::Span;

/// A `{` comment still open at the end of a game file, at its `{`.
pub(crate) fn unclosed_comment(offset: usize) -> Diagnostic {
    Diagnostic::error(codes::UNCLOSED_COMMENT, "the `{` comment is never closed")
        .label(Span::new(offset, 1), "opened here, still open at the end of the file")
        .help("close the comment with `}`: everything after the `{` was read as a comment, so no FEN in it was checked")
}

/// How a tag pair is written, the help of each of its syntax errors.
const TAG_HELP: &str = "a tag pair is `[Name \"value\"]`, e.g. `[FEN \"W:W31-50:B1-20\"]`";

/// How a setup command is written, the help of each of its syntax errors.
const SETUP_HELP: &str = "a setup command is `/FEN \"...\"/`, e.g. `/FEN \"W:W31-50:B1-20\"/`";

/// A tag pair that is not `[Name "value"]`.
fn tag_syntax(message: String, span: Span, label: &str, help: &str) -> Diagnostic {
    Diagnostic::error(codes::TAG_SYNTAX, message)
        .label(span, label.to_string())
        .help(help.to_string())
}

/// A `[` with no tag name after it, at where the name was expected.
pub(crate) fn tag_without_name(span: Span) -> Diagnostic {
    let message = String::from("tag pair without a name");
    tag_syntax(message, span, "expected a tag name", TAG_HELP)
}

/// The tag `name` with no `"` after it.
pub(crate) fn tag_without_value(name: &[u8], span: Span) -> Diagnostic {
    let message = format!("the {} tag has no quoted value", short_quote(name));
    tag_syntax(message, span, "expected `\"` here", TAG_HELP)
}

/// The value of the tag `name` not closed by the end of its line.
pub(crate) fn tag_value_unclosed(name: &[u8], span: Span) -> Diagnostic {
    let message = format!(
        "the value of the {} tag has no closing `\"`",
        short_quote(name)
    );
    tag_syntax(message, span, "expected `\"` here", TAG_HELP)
}

/// The tag pair `name` with no `]` after its value.
pub(crate) fn tag_unclosed(name: &[u8], span: Span) -> Diagnostic {
    let message = format!("the {} tag pair has no closing `]`", short_quote(name));
    tag_syntax(message, span, "expected `]` here", TAG_HELP)
}

/// A setup command's value not closed by the end of its line.
pub(crate) fn setup_value_unclosed(span: Span) -> Diagnostic {
    let message = String::from("the setup command has no closing `\"`");
    tag_syntax(message, span, "expected `\"/` here", SETUP_HELP)
}

/// A setup command's value with no `/` after its closing `"`.
pub(crate) fn setup_unclosed(span: Span) -> Diagnostic {
    let message = String::from("the setup command has no closing `/`");
    tag_syntax(message, span, "expected `/` here", SETUP_HELP)
}

/// An escape other than `\"` and `\\` in a tag value: `escape` is the backslash and what follows.
pub(crate) fn invalid_escape(escape: &[u8], span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::INVALID_ESCAPE,
        format!("unknown escape {} in a tag value", short_quote(escape)),
    )
    .label(span, "not `\\\"` or `\\\\`")
    .help("in a tag value, write a quote as `\\\"` and a backslash as `\\\\`")
}
