//! The crate's layers, kept by a test: each module uses only modules of its own layer or the
//! layers below, so a reader (and the compiler) can take the crate bottom-up.
//!
//! The test reads every `crate::` path of `src/` (in `use` lines and in code, not in comments)
//! and fails on one that points up. A notation's `codes` module is a list of constants the
//! registry reads, so it counts as part of the registry's layer (`codes::registry`), not its
//! notation's; the `codes` facade, which also serves the explanations, is at the top. The
//! values a notation's options are made of (chess's castling rules and variant, the draughts
//! board and its squares) are a unit of their own, `settings`, below the shared options that
//! hold them: they name no rule.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The layers from the bottom: a module may use its own layer and those before it.
const LAYERS: &[&[&str]] = &[
    // Values every layer shares: spans, the diagnostic type, fixes, the mode, byte primitives.
    &[
        "span",
        "mode",
        "fix",
        "columns",
        "snippet",
        "serde_text",
        "primitives",
        "diagnostic",
        "registry",
    ],
    // The values each notation's options are made of.
    &["settings"],
    // The rules every notation is read with, and the sinks they report to.
    &["rules"],
    // How to read a record.
    &["options"],
    // The notations (EPD builds on chess, FEEN converts from it).
    &["chess", "draughts", "feen", "epd"],
    // Any notation by name; the combinators over the notations, and the variant FENs built on
    // them (crazyhouse, three-check), which `any` reads when a variant is chosen.
    &["any", "grammar", "variant"],
    // What is built on the notations: game files, diagrams, interop.
    &["pgn", "diagram", "interop"],
    // What is built on everything: fixes of whole files, explanations, fuzzing properties.
    &["autofix", "explain", "codes", "fuzzing", "layers", "lib"],
];

/// The files whose values a notation's options are made of: the `settings` unit.
const SETTINGS: &[&str] = &["chess/options.rs", "draughts/board.rs", "draughts/types.rs"];

/// The paths the settings are named by.
const SETTING_PATHS: &[&str] = &["chess::options", "draughts::Board;"];

fn layer_of(unit: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&unit))
}

/// The unit a file belongs to: its top module under `src/`, or `registry` for the code lists
/// of a notation (`src/chess/codes.rs`).
fn unit_of(path: &Path, src: &Path) -> String {
    let relative = path.strip_prefix(src).unwrap_or(path);
    let parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if SETTINGS.contains(&parts.join("/").as_str()) {
        return String::from("settings");
    }
    match parts.as_slice() {
        [_, codes] if codes == "codes" => String::from("registry"),
        [codes, registry] if codes == "codes" && registry == "registry" => String::from("registry"),
        [first, ..] => first.clone(),
        [] => String::from("lib"),
    }
}

/// The top modules a line of code names through `crate::`.
fn named_units(line: &str, root_items: &[(String, String)]) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        rest = rest.get(at + "crate::".len()..).unwrap_or_default();
        let names: Vec<&str> = match rest.strip_prefix('{') {
            Some(group) => group
                .split('}')
                .next()
                .unwrap_or_default()
                .split(',')
                .map(|item| item.trim().split("::").next().unwrap_or_default())
                .collect(),
            // `crate::chess::codes::…` and `crate::codes::registry::…` are the registry's.
            None if matches!(rest.split("::").nth(1), Some("codes" | "registry")) => {
                vec!["registry"]
            }
            // The values of a notation's options (`crate::chess::options::…`,
            // `crate::draughts::Board`) are the settings'.
            None if SETTING_PATHS.iter().any(|path| rest.starts_with(path)) => vec!["settings"],
            None => vec![
                rest.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or_default(),
            ],
        };
        for name in names {
            let unit = root_items
                .iter()
                .find(|(item, _)| item == name)
                .map_or(name, |(_, module)| module.as_str());
            if !unit.is_empty() && unit.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                found.insert(unit.to_string());
            }
        }
    }
    found
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

#[test]
fn every_import_goes_down_the_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap_or_default();
    let roots = root_items(&lib);
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 50, "the sources were found");
    let mut upward = Vec::new();
    for path in &files {
        let unit = unit_of(path, &src);
        let Some(own) = layer_of(&unit) else {
            upward.push(format!(
                "{}: module `{unit}` is in no layer",
                path.display()
            ));
            continue;
        };
        let text = std::fs::read_to_string(path).unwrap_or_default();
        for (number, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for used in named_units(line, &roots) {
                let Some(theirs) = layer_of(&used) else {
                    continue;
                };
                if theirs <= own {
                    continue;
                }
                upward.push(format!(
                    "{}:{}: `{unit}` uses `{used}`, a layer above it",
                    path.display(),
                    number + 1
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
