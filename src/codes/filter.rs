//! Which codes a reader reports: the `--select` and `--ignore` lists of the command line, the
//! language server's and Python's `select`/`ignore`, read once here so that every front-end
//! keeps and drops the same diagnostics.

use crate::diagnostic::{Diagnostic, Parsed};

use crate::registry::all;

/// A choice of codes, as ruff's `--select` and `--ignore` make one: a diagnostic is kept when
/// its code matches a selected name (or nothing is selected) and matches no ignored name.
///
/// A name is a full code (`fenkit::fen::rank_too_long`), a code without `fenkit::`
/// (`fen::rank_too_long`), a code's last part (`trailing_dot`, every notation's code of that
/// name), or a prefix that ends at a `::` (`fenkit::pdn`, `pdn`, `fenkit`). Case and surrounding
/// whitespace do not count. A name that stands for no code is refused, so a typo cannot
/// silently ignore nothing.
///
/// ```
/// use fenkit::codes::CodeFilter;
/// use fenkit::{Fen, ParseOptions};
///
/// let filter = CodeFilter::new(&[], &["castling_not_standard"])?;
/// let mut parsed = Fen::parse(b"r5k1/8/8/8/8/8/8/4K3 w q - 0 1", &ParseOptions::strict().validated());
/// assert!(!parsed.is_valid());
/// assert_eq!(filter.apply(&mut parsed), 1);
/// assert!(parsed.is_valid());
///
/// assert_eq!(CodeFilter::new(&["E0001"], &[]).unwrap_err().to_string(), "unknown code `E0001`");
/// # Ok::<_, fenkit::codes::UnknownCode>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CodeFilter {
    select: Vec<String>,
    ignore: Vec<String>,
}

/// A name given to [`CodeFilter::new`] that stands for no code, as it was typed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown code `{name}`")]
pub struct UnknownCode {
    /// The name, as it was given.
    pub name: String,
}

impl CodeFilter {
    /// The filter keeping the codes `select` names (every code when it is empty) except those
    /// `ignore` names. Each name may also be a comma-separated list (`"trailing_dot,fen"`), as the
    /// command line takes it.
    pub fn new<S: AsRef<str>>(select: &[S], ignore: &[S]) -> Result<CodeFilter, UnknownCode> {
        Ok(CodeFilter {
            select: patterns(select)?,
            ignore: patterns(ignore)?,
        })
    }

    /// Whether the filter keeps every code.
    pub fn keeps_all(&self) -> bool {
        self.select.is_empty() && self.ignore.is_empty()
    }

    /// Whether a diagnostic with `code` is kept.
    pub fn keeps(&self, code: &str) -> bool {
        (self.select.is_empty() || self.select.iter().any(|p| matches(p, code)))
            && !self.ignore.iter().any(|p| matches(p, code))
    }

    /// Drops the diagnostics of `parsed` the filter does not keep, and returns how many it
    /// dropped. An error of a record whose value could not be read is kept whatever the filter
    /// says (as ruff never hides a syntax error): dropping it would leave an invalid record with
    /// nothing to say why.
    pub fn apply<T>(&self, parsed: &mut Parsed<T>) -> usize {
        if self.keeps_all() {
            return 0;
        }
        let unread = parsed.value.is_none();
        let before = parsed.diagnostics.len();
        parsed
            .diagnostics
            .retain(|d| self.keeps(d.code()) || (unread && d.is_error()));
        before - parsed.diagnostics.len()
    }

    /// Drops the diagnostics the filter does not keep from a list with no value behind it (the
    /// problems of a game's tags, say), and returns how many it dropped.
    pub fn retain(&self, diagnostics: &mut Vec<Diagnostic>) -> usize {
        let before = diagnostics.len();
        diagnostics.retain(|d| self.keeps(d.code()));
        before - diagnostics.len()
    }
}

/// The patterns of `names`, each checked to stand for at least one code.
fn patterns<S: AsRef<str>>(names: &[S]) -> Result<Vec<String>, UnknownCode> {
    let mut patterns = Vec::new();
    for list in names {
        for name in list.as_ref().split(',') {
            if name.trim().is_empty() {
                continue;
            }
            let pattern = normalize(name);
            if !all().any(|info| matches(&pattern, info.code)) {
                return Err(UnknownCode {
                    name: name.trim().to_owned(),
                });
            }
            patterns.push(pattern);
        }
    }
    Ok(patterns)
}

/// A name as it is compared: lower case, without `fenkit::`.
fn normalize(name: &str) -> String {
    let name = name.trim().to_ascii_lowercase();
    match name.strip_prefix("fenkit") {
        Some("") => String::new(),
        Some(rest) => rest.strip_prefix("::").unwrap_or(&name).to_owned(),
        None => name,
    }
}

/// Whether `pattern` (normalized) stands for `code`: the code, its last part, or a prefix of it
/// that ends at `::`. The empty pattern (`fenkit`) stands for every code.
fn matches(pattern: &str, code: &str) -> bool {
    let code = code.trim_start_matches("fenkit::");
    pattern.is_empty()
        || code == pattern
        || code.rsplit("::").next() == Some(pattern)
        || code
            .strip_prefix(pattern)
            .is_some_and(|rest| rest.starts_with("::"))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn names_stand_for_codes_in_every_spelling() {
        for name in [
            "fenkit::fen::rank_too_long",
            "fen::rank_too_long",
            "RANK_TOO_LONG",
            " rank_too_long ",
            "fen",
            "fenkit::fen",
            "fenkit",
        ] {
            let filter = CodeFilter::new(&[name], &[]).unwrap();
            assert!(filter.keeps("fenkit::fen::rank_too_long"), "{name}");
        }
        let pdn = CodeFilter::new(&[] as &[&str], &["fenkit::pdn"]).unwrap();
        assert!(!pdn.keeps("fenkit::pdn::trailing_dot"));
        assert!(pdn.keeps("fenkit::fen::rank_too_long"));
        // A prefix ends at `::`: `fe` is no prefix of `fen`.
        assert_eq!(
            CodeFilter::new(&["fe"], &[]).unwrap_err().name,
            "fe".to_owned()
        );
    }

    #[test]
    fn select_narrows_and_ignore_wins() {
        let filter = CodeFilter::new(&["fen"], &["rank_too_long"]).unwrap();
        assert!(filter.keeps("fenkit::fen::invalid_side_to_move"));
        assert!(!filter.keeps("fenkit::fen::rank_too_long"));
        assert!(!filter.keeps("fenkit::epd::missing_semicolon"));
        assert!(CodeFilter::default().keeps_all());
    }

    #[test]
    fn lists_are_split_at_commas_and_unknown_names_kept_as_typed() {
        let filter =
            CodeFilter::new(&[] as &[&str], &["trailing_dot, fen::rank_too_long,"]).unwrap();
        assert!(!filter.keeps("fenkit::fen::rank_too_long"));
        let error = CodeFilter::new(&["fen", "E0001"], &[]).unwrap_err();
        assert_eq!(error.to_string(), "unknown code `E0001`");
    }
}
