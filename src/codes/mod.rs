//! Every diagnostic code fenkit reports, with when it is reported and what it means.
//!
//! The code table of docs/codes.md is this list (a test keeps the two equal). Every code also has a
//! long explanation ([`explain`]), shown by `fenkit explain CODE` and on the
//! [`explanations`] page, where each diagnostic's [`url`](miette::Diagnostic::url) points.
//!
//! Each notation's module has the codes as constants ([`crate::chess::codes`],
//! [`crate::epd::codes`], [`crate::feen::codes`], [`crate::draughts::codes`]) to match a
//! diagnostic against:
//!
//! ```
//! use fenkit::chess::codes::RANK_TOO_LONG;
//!
//! let parsed = fenkit::Fen::parse(b"ppppppppp/8/8/8/8/8/8/8 w - - 0 1", &fenkit::ParseOptions::strict());
//! assert!(parsed.diagnostics.iter().any(|d| d.code() == RANK_TOO_LONG));
//! ```

mod filter;

pub use crate::code_info::{CodeInfo, CodeKind, DOCS_URL, url};
pub use crate::explain::{Example, Explanation, Reading};
pub use crate::registry::{all, input};
pub use filter::{CodeFilter, UnknownCode};

/// The long explanation of `code`: what the standard says, a wrong record and the right one.
///
/// ```
/// use fenkit::ParseOptions;
///
/// let explanation = fenkit::codes::explain("fenkit::fen::rank_too_long").unwrap();
/// let wrong = explanation.wrong.as_ref().unwrap();
/// assert!(explanation.text.contains("16.1.3.1"));
///
/// // The examples are data: the wrong record is reported with the code, the right one is clean.
/// let codes: Vec<_> = wrong.diagnostics().iter().map(|d| d.code()).collect();
/// assert!(codes.contains(&"fenkit::fen::rank_too_long"));
/// assert!(explanation.right.diagnostics().is_empty());
/// assert_eq!(explanation.right.options, ParseOptions::strict());
///
/// assert!(fenkit::codes::explain("fenkit::fen::no_such_code").is_none());
/// ```
pub fn explain(code: &str) -> Option<&'static Explanation> {
    crate::explain::explain(code)
}

/// The codes `name` stands for, as a person writes one: the full code
/// (`fenkit::fen::rank_too_long`), without `fenkit::` (`fen::rank_too_long`), or its last part
/// (`rank_too_long`), which several notations may share. Case and surrounding whitespace do
/// not count.
///
/// ```
/// let codes: Vec<_> = fenkit::codes::named(" Rank_Too_Long").map(|info| info.code).collect();
/// assert_eq!(codes, ["fenkit::fen::rank_too_long"]);
/// assert!(fenkit::codes::named("non_ascii").count() > 1);
/// assert_eq!(fenkit::codes::named("no_such_code").count(), 0);
/// ```
pub fn named(name: &str) -> impl Iterator<Item = &'static CodeInfo> {
    let name = name.trim().to_ascii_lowercase();
    all().filter(move |info| {
        let short = name.strip_prefix("fenkit::").unwrap_or(&name);
        let code = info.code.trim_start_matches("fenkit::");
        code == short || code.rsplit("::").next() == Some(short)
    })
}

/// The long explanation of every diagnostic code, one section per code. Each heading is an
/// anchor named by the code (`#fenkit::fen::rank_too_long`): [`url`] and each
/// diagnostic's miette URL point there. `fenkit explain CODE` prints the same text, and a test
/// reads every wrong and right record below and checks the code is (and is not) reported.
///
#[doc = include_str!("../explain/input.md")]
#[doc = include_str!("../explain/grammar.md")]
#[doc = include_str!("../explain/fen.md")]
#[doc = include_str!("../explain/epd.md")]
#[doc = include_str!("../explain/feen.md")]
#[doc = include_str!("../explain/pdn.md")]
#[doc = include_str!("../explain/pgn.md")]
#[doc = include_str!("../explain/variant.md")]
pub mod explanations {}
