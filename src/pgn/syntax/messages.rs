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

/// A tag pair that is not `[Name "value"]`.
pub(crate) fn tag_syntax(message: String, span: Span, label: &str, help: &str) -> Diagnostic {
    Diagnostic::error(codes::TAG_SYNTAX, message)
        .label(span, label.to_string())
        .help(help.to_string())
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
