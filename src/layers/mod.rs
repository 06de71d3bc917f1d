//! The crate's shape, kept by tests: each module uses only modules of its own layer or the
//! layers below, no two modules use each other, and files and functions stay short enough to
//! read.
//!
//! The tests read every import of `src/` (see [`imports`]: `crate::`, `super::`, `self::`
//! and relative paths, in `use` lines and in code, not in comments or strings, each resolved
//! through re-exports to the file that defines what it names). A file's unit is the longest
//! module the layers name that holds it (`pgn::syntax` for `src/pgn/syntax/tag.rs`, `pgn`
//! for `src/pgn/game.rs`), with one exception, by file name: a notation's `codes.rs` is a
//! list of constants the registry reads, so it is in the registry's layer.

use std::path::Path;

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
    // What an input is before it is records: binary files, the fields of tables.
    &["inputs"],
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

mod imports;

use imports::{Graph, SourceFile};

/// The crate's sources and what each file imports (see [`imports`]).
fn read_sources() -> Graph {
    let graph = Graph::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(graph.files.len() > 50, "the sources were found");
    graph
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
    let sources = read_sources();
    let mut upward = Vec::new();
    for (file, imports) in sources.files.iter().zip(&sources.imports) {
        let unit = unit_of(file);
        let Some(own) = layer_of(&unit) else {
            upward.push(format!(
                "{}: module `{unit}` is in no layer",
                file.path.display()
            ));
            continue;
        };
        for (target, line) in imports {
            let Some(target) = sources.files.get(*target) else {
                continue;
            };
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

/// No import cycle between files, of any length: each file (a directory's `mod.rs` for the
/// directory) is a module, and [`imports`] says which it imports, through `crate::`,
/// `super::`, `self::` and relative paths alike, following re-exports to the file they name.
/// So a parent's `pub use child::X` is the parent importing the child, and a child's
/// `use super::Y` imports the file that defines `Y`: the parent when the parent defines it,
/// a sibling when the parent only re-exports it. A cycle is shown with the line of each
/// import in it.
#[test]
fn no_import_cycles() {
    let cycles = read_sources().cycles();
    assert!(
        cycles.is_empty(),
        "files that import each other:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn files_and_functions_are_short() {
    let sources = read_sources();
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
fn the_function_scan_sees_what_it_counts() {
    assert_eq!(code_braces(r#"let x = '{'; f("}", '\'') { // }"#), "{");
    let body = "    x += 1;\n".repeat(MAX_FN_LINES);
    let text = format!("fn short() {{\n}}\n\npub(crate) fn long() {{\n{body}}}\n");
    assert_eq!(long_functions(&text), [(4, MAX_FN_LINES + 2)]);
}
