//! The shape of `cli/src`: no two modules import each other, however far round (the path of
//! a run through the code goes one way), and every file stays under 600 lines.
//!
//! A module is a file (`check/records.rs` is `check::records`, `check/mod.rs` is `check`).
//! Module `a` imports module `b` when its code (comments aside) names a path of `b` through
//! `crate::`, `super::` or one of its own child modules (`use plan::Plan;` in `check`), in a
//! `use` line or in code, groups (`crate::{a, b::c}`) included.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Files of `cli/src` may not be longer than this.
const MOST_LINES: usize = 600;

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
}

/// The module path of a file (`""` for `main.rs`).
fn module_of(path: &Path, src: &Path) -> Vec<String> {
    let mut parts: Vec<String> = path
        .strip_prefix(src)
        .unwrap()
        .iter()
        .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "main")) {
        parts.pop();
    }
    parts
}

/// The code of a file without its comments (line comments and doc comments) and its unit
/// tests (an inline `mod tests` at the end, whose `super::` is the file itself).
fn code_of(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let tests = lines.iter().enumerate().position(|(index, line)| {
        *line == "#[cfg(test)]"
            && lines
                .iter()
                .skip(index + 1)
                .find(|line| !line.starts_with("#["))
                .is_some_and(|line| line.starts_with("mod "))
    });
    lines
        .get(..tests.unwrap_or(lines.len()))
        .unwrap_or_default()
        .iter()
        .map(|line| match line.find("//") {
            // A `//` in a string is rare in this code; a path after it would be missed, not
            // invented.
            Some(at) => line.get(..at).unwrap_or_default(),
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths that start at `at` of `code` (right after `crate::` or `super::`): one, or one
/// per item of a `{...}` group, each as its segments.
fn paths_at(code: &str, at: usize) -> Vec<Vec<String>> {
    let rest = code.get(at..).unwrap_or_default();
    if let Some(group) = rest.strip_prefix('{') {
        let mut depth = 1;
        let mut end = 0;
        for (index, character) in group.char_indices() {
            match character {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = index;
                break;
            }
        }
        let inner = group.get(..end).unwrap_or_default();
        let mut items = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (index, character) in inner.char_indices() {
            match character {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(inner.get(start..index).unwrap_or_default());
                    start = index + 1;
                }
                _ => {}
            }
        }
        items.push(inner.get(start..).unwrap_or_default());
        return items
            .into_iter()
            .flat_map(|item| {
                let item = item.trim();
                let offset = item.as_ptr() as usize - code.as_ptr() as usize;
                paths_at(code, offset)
            })
            .collect();
    }
    let mut segments = Vec::new();
    let mut rest = rest;
    loop {
        let length = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if length == 0 {
            if rest.starts_with('{') {
                let offset = rest.as_ptr() as usize - code.as_ptr() as usize;
                let prefix = segments.clone();
                return paths_at(code, offset)
                    .into_iter()
                    .map(|path| prefix.iter().cloned().chain(path).collect())
                    .collect();
            }
            break;
        }
        segments.push(rest.get(..length).unwrap_or_default().to_string());
        rest = rest.get(length..).unwrap_or_default();
        match rest.strip_prefix("::") {
            Some(after) => rest = after,
            None => break,
        }
    }
    vec![segments]
}

/// Every module the file `module` imports (its own and its ancestors' paths aside), among
/// `modules`.
fn imports_of(
    code: &str,
    module: &[String],
    modules: &BTreeSet<Vec<String>>,
) -> BTreeSet<Vec<String>> {
    let mut found = BTreeSet::new();
    // `super::` of `a/b.rs` is `a`; of `a/b/mod.rs` (module `a::b`) it is `a` too.
    let parent: Vec<String> = module
        .get(..module.len().saturating_sub(1))
        .unwrap_or_default()
        .to_vec();
    let children: Vec<(String, Vec<String>)> = modules
        .iter()
        .filter(|candidate| candidate.len() == module.len() + 1 && candidate.starts_with(module))
        .filter_map(|child| Some((format!("{}::", child.last()?), module.to_vec())))
        .collect();
    let prefixes = [
        (String::from("crate::"), Vec::new()),
        (String::from("super::"), parent),
        (String::from("self::"), module.to_vec()),
    ];
    for (prefix, base) in prefixes.into_iter().chain(children) {
        let (prefix, base) = match prefix.strip_suffix("::") {
            // A child's name is the path's first segment.
            Some(name) if !matches!(name, "crate" | "super" | "self") => {
                let mut base = base;
                base.push(name.to_string());
                (prefix, base)
            }
            _ => (prefix, base),
        };
        for (at, _) in code.match_indices(prefix.as_str()) {
            let before = code.get(..at).unwrap_or_default();
            if before.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            for path in paths_at(code, at + prefix.len()) {
                let full: Vec<String> = base.iter().cloned().chain(path).collect();
                // The longest module the path names.
                let target = (0..=full.len())
                    .rev()
                    .map(|length| full.get(..length).unwrap_or_default().to_vec())
                    .find(|candidate| modules.contains(candidate));
                if let Some(target) = target.filter(|target| target != module) {
                    found.insert(target);
                }
            }
        }
    }
    found
}

/// The first cycle of `graph`, as the modules round it.
fn find_cycle(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Option<Vec<String>> {
    fn visit(
        node: &Vec<String>,
        graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        stack: &mut Vec<Vec<String>>,
        done: &mut BTreeSet<Vec<String>>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|seen| seen == node) {
            let mut cycle: Vec<String> = stack[at..].iter().map(|m| m.join("::")).collect();
            cycle.push(node.join("::"));
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, stack, done) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.clone());
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(cycle) = visit(node, graph, &mut Vec::new(), &mut done) {
            return Some(cycle);
        }
    }
    None
}

/// The import graph of the files under `src`.
fn graph_of(src: &Path) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|file| module_of(file, src)).collect();
    files
        .iter()
        .map(|file| {
            let module = module_of(file, src);
            let code = code_of(&std::fs::read_to_string(file).unwrap());
            let imports = imports_of(&code, &module, &modules);
            (module, imports)
        })
        .collect()
}

#[test]
fn no_two_modules_of_the_command_line_import_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = graph_of(&src);
    assert!(graph.len() > 20, "{graph:?}");
    let check = vec![String::from("check")];
    let work = vec![String::from("check"), String::from("work")];
    assert!(graph[&check].contains(&work), "{graph:?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("modules import each other: {}", cycle.join(" -> "));
    }
}

#[test]
fn the_graph_sees_a_cycle_through_groups_and_super() {
    let dir = std::env::temp_dir().join(format!("fenkit-module-graph-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::write(dir.join("main.rs"), "mod a;\nmod b;\n").unwrap();
    std::fs::write(dir.join("a/mod.rs"), "mod c;\nuse crate::{b::Thing, x};\n").unwrap();
    std::fs::write(dir.join("a/c.rs"), "// crate::b in a comment\nfn f() {}\n").unwrap();
    std::fs::write(dir.join("b.rs"), "fn g() { crate::a::c::f(); }\n").unwrap();
    let graph = graph_of(&dir);
    assert_eq!(find_cycle(&graph), None, "{graph:?}");
    std::fs::write(dir.join("a/c.rs"), "use super::super::b;\n").unwrap();
    std::fs::write(dir.join("b.rs"), "use crate::a::{self, c::f};\n").unwrap();
    let graph = graph_of(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    let cycle = find_cycle(&graph).expect("a cycle");
    assert!(cycle.contains(&String::from("b")), "{cycle:?}");
}

#[test]
fn files_of_the_command_line_stay_short() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let long: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let lines = std::fs::read_to_string(file).unwrap().lines().count();
            (lines > MOST_LINES).then(|| format!("{} ({lines} lines)", file.display()))
        })
        .collect();
    assert!(long.is_empty(), "over {MOST_LINES} lines: {long:?}");
}
