//! The crate's shape, kept by tests: each module uses only modules of its own layer or the
//! layers below, no two modules use each other, and files and functions stay short enough to
//! read.
//!
//! The tests read every `crate::` path of `src/` (in `use` lines and in code, not in comments)
//! and resolve it to the file of the module it names (`crate::chess::fen::Fen` is
//! `src/chess/fen.rs`, `crate::Fen` the module `lib.rs` re-exports it from). A file's unit is
//! the longest module the layers name that holds it (`pgn::syntax` for
//! `src/pgn/syntax/tag.rs`, `pgn` for `src/pgn/game.rs`), with one exception, by file name: a
//! notation's `codes.rs` is a list of constants the registry reads, so it is in the
//! registry's layer.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers from the bottom: a module may use its own layer and those before it.
const LAYERS: &[&[&str]] = &[
    // Values every layer shares: spans, the diagnostic type, fixes, the mode, byte primitives,
    // what a code is and the registry of every code (with each notation's `codes.rs`).
    &[
        "span",
        "mode",
        "fix",
        "columns",
        "snippet",
        "serde_text",
        "primitives",
        "code_info",
        "registry",
        "diagnostic",
    ],
    // The values users pass as options: castling, variant, the draughts board.
    &["settings"],
    // The rules every notation is read with, and the sinks they report to.
    &["rules"],
    // How to read a record.
    &["options"],
    // PGN's syntax (tag pairs, setup commands, comments), which a draughts FEN tag is read
    // with and the game files are made of; it knows no notation.
    &["pgn::syntax"],
    // The notations (EPD builds on chess, FEEN converts from it).
    &["chess", "draughts", "feen", "epd"],
    // The combinators over the notations.
    &["grammar"],
    // The variants built on chess and the combinators: crazyhouse and three-check FENs, and
    // every variant's board rules, which chess's validation reads through `VariantRules`.
    &["variant"],
    // Any notation by name, and the table of notations.
    &["any"],
    // What is built on the notations: game files, diagrams, interop.
    &["pgn", "diagram", "interop"],
    // What is built on everything: fixes of whole files, explanations, fuzzing properties.
    &[
        "autofix", "explain", "codes", "records", "fuzzing", "layers", "lib",
    ],
];

/// The longest a file of `src/` may be, in lines.
const MAX_FILE_LINES: usize = 600;

/// The longest a function of `src/` may be, in lines (its signature to its closing brace).
const MAX_FN_LINES: usize = 100;

fn layer_of(unit: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&unit))
}

/// The files each file of `src/` uses, keyed by their paths, with the first line that does.
type Uses<'s> = BTreeMap<String, (usize, &'s SourceFile)>;

/// The sources of `src/`: each file with its module path (`["chess", "fen"]` for
/// `src/chess/fen.rs`, `["chess"]` for `src/chess/mod.rs`, `[]` for `lib.rs`) and its text.
struct Sources {
    files: Vec<SourceFile>,
    /// The items `lib.rs` re-exports at the crate root, with the module each comes from.
    root_items: Vec<(String, String)>,
}

struct SourceFile {
    path: PathBuf,
    module: Vec<String>,
    text: String,
}

impl Sources {
    fn read() -> Sources {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut paths = Vec::new();
        rust_files(&src, &mut paths);
        paths.sort();
        let files: Vec<SourceFile> = paths
            .into_iter()
            .map(|path| SourceFile {
                module: module_of(&path, &src),
                text: std::fs::read_to_string(&path).unwrap_or_default(),
                path,
            })
            .collect();
        assert!(files.len() > 50, "the sources were found");
        let lib = files
            .iter()
            .find(|file| file.module.is_empty())
            .map_or("", |file| file.text.as_str());
        let root_items = root_items(lib);
        Sources { files, root_items }
    }

    /// The file of the module a path below `crate::` names: its longest prefix that is a module.
    fn resolve(&self, path: &[String]) -> Option<&SourceFile> {
        let mut path = path.to_vec();
        if let Some(first) = path.first() {
            if let Some((_, module)) = self.root_items.iter().find(|(item, _)| item == first) {
                if let Some(first) = path.first_mut() {
                    *first = module.clone();
                }
            }
        }
        (0..=path.len()).rev().find_map(|len| {
            let prefix = path.get(..len)?;
            self.files.iter().find(|file| file.module == prefix)
        })
    }

    /// The files `file` names through `crate::` paths, outside comments.
    fn used_by(&self, file: &SourceFile) -> Uses<'_> {
        let mut used = BTreeMap::new();
        for (number, line) in file.text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for path in crate_paths(line) {
                if let Some(target) = self.resolve(&path) {
                    if target.path != file.path {
                        let key = target.path.display().to_string();
                        used.entry(key).or_insert((number + 1, target));
                    }
                }
            }
        }
        used
    }
}

/// A file's module path below `src/`.
fn module_of(path: &Path, src: &Path) -> Vec<String> {
    let relative = path.strip_prefix(src).unwrap_or(path);
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The unit a file belongs to: the longest module the layers name that holds it, or
/// `registry` for a notation's code list (`src/chess/codes.rs`).
fn unit_of(file: &SourceFile) -> String {
    if let [_, codes] = file.module.as_slice() {
        if codes == "codes" {
            return String::from("registry");
        }
    }
    let named = (1..=file.module.len()).rev().find_map(|len| {
        let path = file.module.get(..len)?.join("::");
        layer_of(&path).map(|_| path)
    });
    named
        .or_else(|| file.module.first().cloned())
        .unwrap_or_else(|| String::from("lib"))
}

/// The paths a line names below `crate::`, a group `crate::a::{b, c::d}` read as each of its
/// items (one level of braces).
fn crate_paths(line: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        rest = rest.get(at + "crate::".len()..).unwrap_or_default();
        let mut prefix = Vec::new();
        let mut tail = rest;
        loop {
            let name: String = tail
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            tail = tail.get(name.len()..).unwrap_or_default();
            if !name.is_empty() {
                prefix.push(name);
            }
            match tail.strip_prefix("::") {
                Some(next) if next.starts_with('{') => {
                    let group = next
                        .get(1..)
                        .unwrap_or_default()
                        .split('}')
                        .next()
                        .unwrap_or_default();
                    for item in group.split(',') {
                        let mut path = prefix.clone();
                        path.extend(
                            item.split("::")
                                .map(|part| part.trim().to_string())
                                .filter(|part| !part.is_empty() && part != "{"),
                        );
                        paths.push(path);
                    }
                    prefix.clear();
                    break;
                }
                Some(next) => tail = next,
                None => break,
            }
        }
        if !prefix.is_empty() {
            paths.push(prefix);
        }
    }
    paths
}

/// The items `lib.rs` re-exports at the crate root, with the module each comes from.
fn root_items(lib: &str) -> Vec<(String, String)> {
    let mut items = Vec::new();
    let mut statement = String::new();
    for line in lib.lines() {
        let line = line.trim();
        if line.starts_with("pub use ") || !statement.is_empty() {
            statement.push_str(line);
            if line.ends_with(';') {
                let body = statement
                    .trim_start_matches("pub use ")
                    .trim_end_matches(';');
                let module = body.split("::").next().unwrap_or_default().to_string();
                let names = body
                    .split_once('{')
                    .map_or(body.rsplit("::").next().unwrap_or_default(), |(_, n)| n);
                for name in names.trim_end_matches('}').split(',') {
                    let name = name.trim().rsplit("::").next().unwrap_or_default();
                    items.push((name.to_string(), module.clone()));
                }
                statement.clear();
            }
        }
    }
    items
}

fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
}

/// The functions of a file longer than [`MAX_FN_LINES`]: each `fn` with a body, measured from
/// its line to the line where its braces close (braces in strings, characters and comments
/// do not count).
fn long_functions(text: &str) -> Vec<(usize, usize)> {
    let lines: Vec<String> = text.lines().map(code_braces).collect();
    let mut long = Vec::new();
    for (start, line) in text.lines().enumerate() {
        if !is_fn_start(line) {
            continue;
        }
        let mut depth = 0usize;
        let mut opened = false;
        for (end, braces) in lines.iter().enumerate().skip(start) {
            if !opened
                && braces.is_empty()
                && text
                    .lines()
                    .nth(end)
                    .is_some_and(|l| l.trim_end().ends_with(';'))
            {
                break;
            }
            for brace in braces.chars() {
                if brace == '{' {
                    depth += 1;
                    opened = true;
                } else {
                    depth = depth.saturating_sub(1);
                }
            }
            if opened && depth == 0 {
                if end - start + 1 > MAX_FN_LINES {
                    long.push((start + 1, end - start + 1));
                }
                break;
            }
        }
    }
    long
}

/// Whether a line starts a function: `fn name`, after any visibility and qualifiers.
fn is_fn_start(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let position = words.iter().position(|word| *word == "fn");
    position.is_some_and(|at| {
        words.iter().take(at).all(|word| {
            word.starts_with("pub") || matches!(*word, "const" | "async" | "unsafe" | "extern")
        })
    })
}

/// The braces of a line's code: not those in comments, strings or character literals.
fn code_braces(line: &str) -> String {
    let mut braces = String::new();
    let mut chars = line.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' if in_string => {
                chars.next();
            }
            '"' => in_string = !in_string,
            '/' if !in_string && chars.peek() == Some(&'/') => break,
            '\'' if !in_string => {
                // A character literal ('{', '\''), or a lifetime, which has no closing quote.
                let literal: String = chars.clone().take(3).collect();
                if literal.starts_with('\\') {
                    chars.nth(2);
                } else if literal.chars().nth(1) == Some('\'') {
                    chars.nth(1);
                }
            }
            '{' | '}' if !in_string => braces.push(c),
            _ => {}
        }
    }
    braces
}

#[test]
fn every_import_goes_down_the_layers() {
    let sources = Sources::read();
    let mut upward = Vec::new();
    for file in &sources.files {
        let unit = unit_of(file);
        let Some(own) = layer_of(&unit) else {
            upward.push(format!(
                "{}: module `{unit}` is in no layer",
                file.path.display()
            ));
            continue;
        };
        for (line, target) in sources.used_by(file).values() {
            let used = unit_of(target);
            if layer_of(&used).is_some_and(|theirs| theirs > own) {
                upward.push(format!(
                    "{}:{line}: `{unit}` uses `{used}`, a layer above it",
                    file.path.display()
                ));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports against the layers:\n{}",
        upward.join("\n")
    );
}

#[test]
fn no_two_modules_use_each_other() {
    let sources = Sources::read();
    let uses: Vec<(String, Uses<'_>)> = sources
        .files
        .iter()
        .map(|file| (file.path.display().to_string(), sources.used_by(file)))
        .collect();
    let mut cycles = BTreeSet::new();
    for (file, used) in &uses {
        for (target, (line, _)) in used {
            let back = uses
                .iter()
                .find(|(other, _)| other == target)
                .and_then(|(_, theirs)| theirs.get(file));
            if let Some((back_line, _)) = back {
                let (first, second) = if file < target {
                    (format!("{file}:{line}"), format!("{target}:{back_line}"))
                } else {
                    (format!("{target}:{back_line}"), format!("{file}:{line}"))
                };
                cycles.insert(format!("{first} <-> {second}"));
            }
        }
    }
    assert!(
        cycles.is_empty(),
        "modules that use each other:\n{}",
        cycles.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn files_and_functions_are_short() {
    let sources = Sources::read();
    let mut long = Vec::new();
    for file in &sources.files {
        let lines = file.text.lines().count();
        if lines > MAX_FILE_LINES {
            long.push(format!(
                "{}: {lines} lines (at most {MAX_FILE_LINES})",
                file.path.display()
            ));
        }
        for (line, length) in long_functions(&file.text) {
            long.push(format!(
                "{}:{line}: a function of {length} lines (at most {MAX_FN_LINES})",
                file.path.display()
            ));
        }
    }
    assert!(long.is_empty(), "too long:\n{}", long.join("\n"));
}

#[test]
fn the_scans_see_what_they_count() {
    assert_eq!(
        crate_paths("use crate::chess::{fen::Fen, Board}; crate::Fen::parse"),
        [
            vec!["chess", "fen", "Fen"],
            vec!["chess", "Board"],
            vec!["Fen", "parse"]
        ]
    );
    assert_eq!(code_braces(r#"let x = '{'; f("}", '\'') { // }"#), "{");
    let body = "    x += 1;\n".repeat(MAX_FN_LINES);
    let text = format!("fn short() {{\n}}\n\npub(crate) fn long() {{\n{body}}}\n");
    assert_eq!(long_functions(&text), [(4, MAX_FN_LINES + 2)]);
}
