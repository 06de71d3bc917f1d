//! The text of a Rust file as the import scan reads it: its code without comments and
//! literals, its inline modules, the leaves of its `use` trees, the items it defines and the
//! paths in its code.

use std::collections::BTreeSet;

/// A leaf of a `use` tree: its path as written, the name it brings in (`None` for a glob),
/// whether the statement is `pub` and where it starts.
pub(super) struct UseLeaf {
    pub(super) path: Vec<String>,
    pub(super) name: Option<String>,
    pub(super) public: bool,
    pub(super) offset: usize,
}

/// The line (from 1) of a byte offset.
pub(super) fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(0, |before| before.matches('\n').count())
        + 1
}

pub(super) fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The text with comments, strings and character literals replaced by spaces (newlines kept),
/// so that offsets and lines stay those of the file.
pub(super) fn blank_comments_and_literals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let push_blank = |out: &mut String, c: char| {
        for _ in 0..c.len_utf8() {
            out.push(blank(c));
        }
    };
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let mut i = 0;
    while i < chars.len() {
        let c = at(i);
        let end = if c == '/' && at(i + 1) == '/' {
            (i..chars.len())
                .find(|&j| at(j) == '\n')
                .unwrap_or(chars.len())
        } else if c == '/' && at(i + 1) == '*' {
            block_comment_end(&chars, i)
        } else if c == '"' || (c == 'r' && !is_ident(at(i.wrapping_sub(1))) && raw_start(&chars, i))
        {
            string_end(&chars, i)
        } else if c == 'b'
            && !is_ident(at(i.wrapping_sub(1)))
            && (at(i + 1) == '"' || (at(i + 1) == 'r' && raw_start(&chars, i + 1)))
        {
            string_end(&chars, i + 1)
        } else if c == '\'' {
            char_literal_end(&chars, i)
        } else {
            out.push(c);
            i += 1;
            continue;
        };
        for j in i..end {
            push_blank(&mut out, at(j));
        }
        i = end.max(i + 1);
    }
    out
}

/// Whether a raw string (`r"…"`, `r#"…"#`) starts at `i`.
fn raw_start(chars: &[char], i: usize) -> bool {
    let hashes = chars.iter().skip(i + 1).take_while(|&&c| c == '#').count();
    chars.get(i + 1 + hashes) == Some(&'"')
}

/// Where the string starting at `i` (`"…"`, `r#"…"#`) ends, past its closing quote.
fn string_end(chars: &[char], i: usize) -> usize {
    if chars.get(i) == Some(&'r') {
        let hashes = chars.iter().skip(i + 1).take_while(|&&c| c == '#').count();
        let mut j = i + 2 + hashes;
        while j < chars.len() {
            let closes = chars.get(j) == Some(&'"')
                && chars
                    .iter()
                    .skip(j + 1)
                    .take(hashes)
                    .filter(|&&c| c == '#')
                    .count()
                    == hashes;
            if closes {
                return j + 1 + hashes;
            }
            j += 1;
        }
        return chars.len();
    }
    let mut j = i + 1;
    while j < chars.len() {
        match chars.get(j) {
            Some('\\') => j += 2,
            Some('"') => return j + 1,
            _ => j += 1,
        }
    }
    chars.len()
}

/// Where the block comment starting at `i` ends (they nest).
fn block_comment_end(chars: &[char], i: usize) -> usize {
    let mut depth = 0;
    let mut j = i;
    while j < chars.len() {
        let pair = (chars.get(j).copied(), chars.get(j + 1).copied());
        if pair == (Some('/'), Some('*')) {
            depth += 1;
            j += 2;
        } else if pair == (Some('*'), Some('/')) {
            depth -= 1;
            j += 2;
            if depth == 0 {
                return j;
            }
        } else {
            j += 1;
        }
    }
    chars.len()
}

/// Where a character literal starting at `i` ends, or `i + 1` for a lifetime's quote.
fn char_literal_end(chars: &[char], i: usize) -> usize {
    if chars.get(i + 1) == Some(&'\\') {
        let close = (i + 2..chars.len().min(i + 12)).find(|&j| chars.get(j) == Some(&'\''));
        return close.map_or(i + 1, |j| j + 1);
    }
    if chars.get(i + 2) == Some(&'\'') {
        return i + 3;
    }
    i + 1
}

/// The inline modules of blanked code (`mod tests { … }`): the byte range of each body and
/// its name.
pub(super) fn inline_modules(code: &str) -> Vec<(usize, usize, String)> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("mod ") {
        if code
            .get(..at)
            .and_then(|b| b.chars().next_back())
            .is_some_and(is_ident)
        {
            continue;
        }
        let after = code.get(at + 4..).unwrap_or_default().trim_start();
        let name: String = after.chars().take_while(|&c| is_ident(c)).collect();
        let rest = after.get(name.len()..).unwrap_or_default().trim_start();
        if name.is_empty() || !rest.starts_with('{') {
            continue;
        }
        let open = code.len() - rest.len();
        let mut depth = 0usize;
        for (offset, c) in code.get(open..).unwrap_or_default().char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        found.push((open, open + offset, name.clone()));
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    found
}

/// The `use` statements of blanked code: the leaves of their trees, and the byte range of each
/// statement.
pub(super) fn use_statements(code: &str) -> (Vec<UseLeaf>, Vec<(usize, usize)>) {
    let mut leaves = Vec::new();
    let mut spans = Vec::new();
    for (at, _) in code.match_indices("use ") {
        let before = code.get(..at).unwrap_or_default();
        if before
            .chars()
            .next_back()
            .is_some_and(|c| is_ident(c) || c == ':')
        {
            continue;
        }
        let Some(length) = code.get(at..).and_then(|rest| rest.find(';')) else {
            continue;
        };
        let tree = code.get(at + 4..at + length).unwrap_or_default();
        let public = is_public(before);
        spans.push((at, at + length));
        // Without whitespace, `as` kept as `@`: `a::{B, C as D}` is `a::{B,C@D}`.
        let words = tree.split_whitespace();
        let compact: String = words
            .map(|word| if word == "as" { "@" } else { word })
            .collect();
        for (path, name) in use_tree_leaves(&compact) {
            leaves.push(UseLeaf {
                path,
                name,
                public,
                offset: at,
            });
        }
    }
    (leaves, spans)
}

/// Whether the code before a `use` makes it public: `pub`, `pub(crate)`, `pub(super)`.
fn is_public(before: &str) -> bool {
    let head = before.trim_end();
    let head = match head.strip_suffix(')') {
        Some(inner) => inner
            .rsplit_once('(')
            .map_or("", |(head, _)| head)
            .trim_end(),
        None => head,
    };
    head.strip_suffix("pub")
        .is_some_and(|rest| !rest.chars().next_back().is_some_and(is_ident))
}

/// The leaves of a `use` tree without whitespace, `as` written `@` (`a::{b,c::{self,D@E}}`), each as its
/// path and the name it brings in (`None` for a glob).
fn use_tree_leaves(tree: &str) -> Vec<(Vec<String>, Option<String>)> {
    let mut leaves = Vec::new();
    let mut prefix: Vec<Vec<String>> = vec![Vec::new()];
    let mut current = String::new();
    let leaf = |prefix: &[Vec<String>], item: &str| -> Option<(Vec<String>, Option<String>)> {
        if item.is_empty() {
            return None;
        }
        let (path, alias) = item
            .split_once('@')
            .map_or((item, None), |(p, a)| (p, Some(a.to_string())));
        let mut full: Vec<String> = prefix.iter().flatten().cloned().collect();
        let segments = path.split("::").filter(|s| !s.is_empty());
        full.extend(segments.filter(|s| *s != "self").map(String::from));
        if path.ends_with('*') {
            full.pop();
            return Some((full, None));
        }
        let name = alias.or_else(|| full.last().cloned());
        Some((full, name))
    };
    for c in tree.chars() {
        match c {
            '{' => {
                let path: Vec<String> = current
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect();
                prefix.push(path);
                current.clear();
            }
            ',' | '}' => {
                leaves.extend(leaf(&prefix, &current));
                current.clear();
                if c == '}' {
                    prefix.pop();
                }
            }
            _ => current.push(c),
        }
    }
    leaves.extend(leaf(&prefix, &current));
    leaves
}

/// The names of the items blanked code defines (`fn name`, `struct Name`, `const NAME`, …),
/// inline modules' included.
pub(super) fn defined_items(code: &str) -> BTreeSet<String> {
    const KINDS: &[&str] = &[
        "fn",
        "struct",
        "enum",
        "union",
        "trait",
        "type",
        "const",
        "static",
        "mod",
        "macro_rules!",
    ];
    let words: Vec<&str> = code
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | '<' | '{' | ';' | ':'))
        .filter(|word| !word.is_empty())
        .collect();
    words
        .windows(2)
        .filter_map(|pair| match pair {
            [kind, name] if KINDS.contains(kind) => {
                let name: String = name.chars().take_while(|&c| is_ident(c)).collect();
                (!name.is_empty()).then_some(name)
            }
            _ => None,
        })
        .collect()
}

/// The paths of blanked code (`a::b::C`, not one that continues another `x::`), with the
/// offset of each; a path ends at its first segment that is not a name.
pub(super) fn code_paths(code: &str) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    let mut offset = 0;
    while let Some(at) = code.get(offset..).and_then(|rest| rest.find("::")) {
        let colons = offset + at;
        offset = colons + 2;
        let before = code.get(..colons).unwrap_or_default();
        let first: String = before
            .chars()
            .rev()
            .take_while(|&c| is_ident(c) || c == '$')
            .collect();
        let start = colons - first.len();
        let preceded = code.get(..start).unwrap_or_default();
        // Not an import: a path that continues another, or a visibility, `pub(in crate::a)`.
        let visibility = preceded.trim_end().strip_suffix("in");
        if first.is_empty()
            || preceded.ends_with("::")
            || visibility.is_some_and(|head| head.trim_end().ends_with('('))
        {
            continue;
        }
        let mut path = vec![first.chars().rev().collect::<String>()];
        let mut tail = code.get(colons + 2..).unwrap_or_default();
        loop {
            let name: String = tail.chars().take_while(|&c| is_ident(c)).collect();
            if name.is_empty() {
                break;
            }
            tail = tail.get(name.len()..).unwrap_or_default();
            path.push(name);
            match tail.strip_prefix("::") {
                Some(next) => tail = next,
                None => break,
            }
        }
        found.push((start, path));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(path: &[&str]) -> Vec<String> {
        path.iter().map(|part| part.to_string()).collect()
    }

    #[test]
    fn reads_use_trees_and_code_paths() {
        let leaves = use_tree_leaves("super::{self,a::{B,C@D},e::*}");
        let leaves: Vec<(Vec<String>, Option<String>)> = leaves.into_iter().collect();
        assert_eq!(
            leaves,
            [
                (strings(&["super"]), Some(String::from("super"))),
                (strings(&["super", "a", "B"]), Some(String::from("B"))),
                (strings(&["super", "a", "C"]), Some(String::from("D"))),
                (strings(&["super", "e"]), None),
            ]
        );
        let code = "pub(in crate::a) fn f() { x::y::Z::new(); std::mem::take(); }";
        let paths: Vec<Vec<String>> = code_paths(code).into_iter().map(|(_, p)| p).collect();
        assert_eq!(
            paths,
            [
                strings(&["x", "y", "Z", "new"]),
                strings(&["std", "mem", "take"])
            ]
        );
    }

    #[test]
    fn blanks_comments_and_literals_keeping_offsets() {
        let text = "a // crate::x\nb(\"crate::y\", br#\"{\"#, '{', 'c) /* crate::z */ c";
        let code = blank_comments_and_literals(text);
        assert_eq!(code.len(), text.len());
        assert!(!code.contains("crate") && !code.contains('{'), "{code}");
        assert_eq!(line_of(&code, code.find('c').unwrap_or(0)), 2);
        let modules = inline_modules("mod a; mod tests { fn f() { } }");
        assert_eq!(modules, [(17, 30, String::from("tests"))]);
        let (leaves, spans) = use_statements("pub(crate) use a::B;\nuse c::D;");
        let public: Vec<bool> = leaves.iter().map(|leaf| leaf.public).collect();
        assert_eq!(public, [true, false]);
        assert_eq!(spans, [(11, 19), (21, 29)]);
    }
}
