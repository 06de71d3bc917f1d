//! The imports between the files of a crate's source directory, read from their text: every
//! path an item is named by, in `use` statements and in code (not in comments or strings),
//! resolved to the file that defines what it names.
//!
//! A path resolves from its first segment: `crate::` (and `$crate::`) from the crate root,
//! `self::` from the module it is written in, each `super::` one module up (an inline
//! `mod tests { … }` is a module of its own, so its `super::` is its file), and a name that
//! is a child module or something a `use` of the file brought in (`fen::parse` after
//! `mod fen;`, `chess::Fen` after `use crate::chess;`) from there. Anything else (`std::`,
//! another crate, a local name) is not an import. The path then names the file of its longest
//! prefix that is a module, and, where the next segment is one of that module's re-exports
//! (`pub use fen::Fen;` in `chess/mod.rs`, or a name a glob `pub use fields::*;` re-exports
//! from a module that defines it), the file the re-export names, followed through as many
//! re-exports as there are. So `use super::Fen` in `chess/record.rs` imports
//! `chess/fen.rs`, not `chess/mod.rs`, while `use super::Board` imports `chess/mod.rs` when
//! `Board` is defined there. A `mod child;` declaration is no import, nor is a `use` that
//! brings in a module by name (`use super::messages;`): the paths through it are
//! (`messages::missing_king` imports the file that defines `missing_king`). A parent's
//! `pub use child::X` is the parent importing its child; a glob (`use super::*`) imports the
//! module it names.
//!
//! These files use only `std`, so another crate's tests can read their own sources with them:
//! a `#[path]` attribute to this file (`#[allow(dead_code)] #[path = "…/src/layers/imports/mod.rs"]
//! mod imports;`, the path relative to the including file), then assert that
//! `imports::Graph::read(&src).cycles()` is empty; the root is `lib.rs`, or `main.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

mod text;

use text::{
    UseLeaf, blank_comments_and_literals, code_paths, defined_items, inline_modules, line_of,
    use_statements,
};

/// The files of a source directory and what each imports.
pub struct Graph {
    /// The files, sorted by path.
    pub files: Vec<SourceFile>,
    /// For each file (by index), the files it imports with the first line that does.
    pub imports: Vec<BTreeMap<usize, usize>>,
    /// The source directory.
    src: PathBuf,
}

/// One file: its path, its module path (`["chess", "fen"]` for `src/chess/fen.rs`, `["chess"]`
/// for `src/chess/mod.rs`, `[]` for the crate root) and its text.
pub struct SourceFile {
    /// The file's path.
    pub path: PathBuf,
    /// The module the file is.
    pub module: Vec<String>,
    /// The file's text.
    pub text: String,
}

/// What the resolution of one file needs: its module, its code (comments and literals blanked),
/// its inline modules and the names its `use` statements bring in.
struct Scope {
    module: Vec<String>,
    code: String,
    inline: Vec<(usize, usize, String)>,
    leaves: Vec<UseLeaf>,
    use_spans: Vec<(usize, usize)>,
    /// The absolute path of each name a `use` brings in.
    aliases: BTreeMap<String, Vec<String>>,
}

impl Graph {
    /// Reads every `.rs` file under `src` (whose root is `lib.rs`, or `main.rs` without one)
    /// and resolves what each imports.
    pub fn read(src: &Path) -> Graph {
        let mut paths = Vec::new();
        rust_files(src, &mut paths);
        paths.sort();
        let root = if src.join("lib.rs").exists() {
            "lib"
        } else {
            "main"
        };
        let files: Vec<SourceFile> = paths
            .into_iter()
            .map(|path| SourceFile {
                module: module_of(&path, src, root),
                text: std::fs::read_to_string(&path).unwrap_or_default(),
                path,
            })
            .collect();
        let mut scopes: Vec<Scope> = files.iter().map(Scope::new).collect();
        let modules: BTreeSet<Vec<String>> = files.iter().map(|f| f.module.clone()).collect();
        for _ in 0..2 {
            for scope in &mut scopes {
                scope.aliases = scope.resolve_aliases(&modules);
            }
        }
        let exports: BTreeMap<Vec<String>, Exports> = scopes
            .iter()
            .map(|scope| (scope.module.clone(), scope.exports(&modules)))
            .collect();
        let resolver = Resolver {
            modules: &modules,
            exports: &exports,
        };
        let imports = scopes
            .iter()
            .map(|scope| {
                let mut found = BTreeMap::new();
                for (offset, path) in scope.paths(&modules) {
                    let Some(target) = resolver.file_of(&path, 0) else {
                        continue;
                    };
                    let index = files.iter().position(|file| file.module == target);
                    if let Some(index) = index.filter(|_| target != scope.module) {
                        let line = line_of(&scope.code, offset);
                        found.entry(index).or_insert(line);
                    }
                }
                found
            })
            .collect();
        Graph {
            files,
            imports,
            src: src.to_path_buf(),
        }
    }

    /// The import cycles: each set of files that reach one another through imports (a
    /// strongly connected component of more than one file) shown as one cycle through it, each
    /// file with the line of its import of the next (`src/a.rs:3 -> src/b.rs:7 -> src/a.rs`).
    pub fn cycles(&self) -> Vec<String> {
        strongly_connected(&self.imports)
            .into_iter()
            .filter(|component| component.len() > 1)
            .filter_map(|component| {
                let cycle = self.shortest_cycle(&component)?;
                let mut shown: Vec<String> = cycle
                    .windows(2)
                    .filter_map(|pair| {
                        let (from, to) = (*pair.first()?, *pair.get(1)?);
                        let line = self.imports.get(from)?.get(&to)?;
                        Some(format!("{}:{line}", self.shown_path(from)))
                    })
                    .collect();
                shown.push(self.shown_path(*cycle.first()?));
                let others = component.len() + 1 - cycle.len();
                if others > 0 {
                    shown.push(format!("(and {others} more files in the cycles)"));
                }
                Some(shown.join(" -> "))
            })
            .collect()
    }

    /// A file's path from the directory that holds the source directory (`src/chess/fen.rs`).
    fn shown_path(&self, at: usize) -> String {
        let base = self.src.parent().unwrap_or(&self.src);
        self.files.get(at).map_or_else(String::new, |file| {
            let path = file.path.strip_prefix(base).unwrap_or(&file.path);
            path.display().to_string()
        })
    }

    /// A shortest cycle through the first file of a component, as the files it visits with
    /// the first one again at the end.
    fn shortest_cycle(&self, component: &[usize]) -> Option<Vec<usize>> {
        let start = *component.first()?;
        let mut previous: BTreeMap<usize, usize> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(at) = queue.pop_front() {
            for &next in self.imports.get(at)?.keys() {
                if !component.contains(&next) || previous.contains_key(&next) {
                    continue;
                }
                previous.insert(next, at);
                if next == start {
                    let mut cycle = vec![start];
                    let mut back = at;
                    while back != start {
                        cycle.push(back);
                        back = *previous.get(&back)?;
                    }
                    cycle.push(start);
                    cycle.reverse();
                    return Some(cycle);
                }
                queue.push_back(next);
            }
        }
        None
    }
}

/// What a module's names are: those it re-exports by name and by glob (`pub use fields::*`),
/// with the absolute path of each, and the items it defines itself.
struct Exports {
    named: BTreeMap<String, Vec<String>>,
    globs: Vec<Vec<String>>,
    defined: BTreeSet<String>,
}

/// The re-exports of every module, to follow a path through them to the file it ends in.
struct Resolver<'g> {
    modules: &'g BTreeSet<Vec<String>>,
    exports: &'g BTreeMap<Vec<String>, Exports>,
}

impl Resolver<'_> {
    /// The module of the file an absolute path names: its longest prefix that is a module,
    /// through the re-export the next segment names if it is one.
    fn file_of(&self, path: &[String], depth: usize) -> Option<Vec<String>> {
        let len = (0..=path.len())
            .rev()
            .find(|&len| path.get(..len).is_some_and(|p| self.modules.contains(p)))?;
        let module = path.get(..len)?.to_vec();
        let exported = path.get(len).and_then(|name| self.through(&module, name));
        match exported {
            Some(target) if depth < 16 => {
                let mut through = target.clone();
                through.extend(path.iter().skip(len + 1).cloned());
                self.file_of(&through, depth + 1).or(Some(module))
            }
            _ => Some(module),
        }
    }

    /// The absolute path `module` re-exports `name` from: by name, or through a glob whose
    /// module has the name (when `module` does not define it itself).
    fn through(&self, module: &[String], name: &String) -> Option<Vec<String>> {
        let exports = self.exports.get(module)?;
        if let Some(target) = exports.named.get(name) {
            return Some(target.clone());
        }
        if exports.defined.contains(name) {
            return None;
        }
        exports.globs.iter().find_map(|glob| {
            let theirs = self.exports.get(glob)?;
            let has = theirs.defined.contains(name) || theirs.named.contains_key(name);
            has.then(|| {
                let mut target = glob.clone();
                target.push(name.clone());
                target
            })
        })
    }
}

impl Scope {
    fn new(file: &SourceFile) -> Scope {
        let code = blank_comments_and_literals(&file.text);
        let inline = inline_modules(&code);
        let (leaves, use_spans) = use_statements(&code);
        Scope {
            module: file.module.clone(),
            code,
            inline,
            leaves,
            use_spans,
            aliases: BTreeMap::new(),
        }
    }

    /// The module code at `offset` is in: the file's, with the inline modules around it.
    fn module_at(&self, offset: usize) -> Vec<String> {
        let mut module = self.module.clone();
        for (start, end, name) in &self.inline {
            if (*start..*end).contains(&offset) {
                module.push(name.clone());
            }
        }
        module
    }

    /// The absolute path a path written at `offset` names, if it names something of the crate.
    fn absolute(
        &self,
        path: &[String],
        offset: usize,
        modules: &BTreeSet<Vec<String>>,
    ) -> Option<Vec<String>> {
        let (first, rest) = path.split_first()?;
        let mut module = self.module_at(offset);
        let mut rest = rest;
        match first.as_str() {
            "crate" | "$crate" => module.clear(),
            "self" => {}
            "super" => {
                module.pop()?;
                while let Some(("super", after)) =
                    rest.split_first().map(|(s, after)| (s.as_str(), after))
                {
                    module.pop()?;
                    rest = after;
                }
            }
            name => {
                let mut child = module.clone();
                child.push(name.to_string());
                if modules.contains(&child) {
                    module = child;
                } else {
                    module = self.aliases.get(name)?.clone();
                }
            }
        }
        module.extend(rest.iter().cloned());
        Some(module)
    }

    /// The absolute path of each name the file's `use` statements bring in.
    fn resolve_aliases(&self, modules: &BTreeSet<Vec<String>>) -> BTreeMap<String, Vec<String>> {
        self.leaves
            .iter()
            .filter_map(|leaf| {
                let name = leaf.name.clone()?;
                Some((name, self.absolute(&leaf.path, leaf.offset, modules)?))
            })
            .collect()
    }

    /// The names the file re-exports (`pub use`), by name and by glob, and those it defines.
    fn exports(&self, modules: &BTreeSet<Vec<String>>) -> Exports {
        let mut exports = Exports {
            named: BTreeMap::new(),
            globs: Vec::new(),
            defined: defined_items(&self.code),
        };
        for leaf in self.leaves.iter().filter(|leaf| leaf.public) {
            let Some(path) = self.absolute(&leaf.path, leaf.offset, modules) else {
                continue;
            };
            match &leaf.name {
                Some(name) => {
                    exports.named.insert(name.clone(), path);
                }
                None => exports.globs.push(path),
            }
        }
        exports
    }

    /// Every absolute path of the crate the file names, with where: each `use` leaf, and each
    /// path in code that starts with `crate`, `self`, `super`, a child module or a `use`d name.
    fn paths(&self, modules: &BTreeSet<Vec<String>>) -> Vec<(usize, Vec<String>)> {
        let mut found: Vec<(usize, Vec<String>)> = self
            .leaves
            .iter()
            .filter_map(|leaf| {
                let absolute = self.absolute(&leaf.path, leaf.offset, modules)?;
                // A module brought in by name is no import; the paths through it are.
                let names_module = leaf.name.is_some() && modules.contains(&absolute);
                (!names_module).then_some((leaf.offset, absolute))
            })
            .collect();
        for (offset, path) in code_paths(&self.code) {
            if self
                .use_spans
                .iter()
                .any(|(start, end)| (*start..*end).contains(&offset))
            {
                continue;
            }
            if let Some(absolute) = self.absolute(&path, offset, modules) {
                found.push((offset, absolute));
            }
        }
        found.sort_by_key(|(offset, _)| *offset);
        found
    }
}

/// A file's module path below the source directory, without the root file's name.
fn module_of(path: &Path, src: &Path, root: &str) -> Vec<String> {
    let relative = path.strip_prefix(src).unwrap_or(path);
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts
        .last()
        .is_some_and(|last| last == "mod" || (parts.len() == 1 && last == root))
    {
        parts.pop();
    }
    parts
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

/// The strongly connected components of a graph given as each node's successors (Tarjan's
/// algorithm), each sorted.
fn strongly_connected(edges: &[BTreeMap<usize, usize>]) -> Vec<Vec<usize>> {
    struct Walk<'e> {
        edges: &'e [BTreeMap<usize, usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on_stack: Vec<bool>,
        next: usize,
        components: Vec<Vec<usize>>,
    }
    impl Walk<'_> {
        fn visit(&mut self, node: usize) {
            let own = self.next;
            self.next += 1;
            set(&mut self.index, node, Some(own));
            set(&mut self.low, node, own);
            self.stack.push(node);
            set(&mut self.on_stack, node, true);
            let successors: Vec<usize> = self
                .edges
                .get(node)
                .map_or_else(Vec::new, |e| e.keys().copied().collect());
            for next in successors {
                let low = match self.index.get(next).copied().flatten() {
                    None => {
                        self.visit(next);
                        self.low.get(next).copied()
                    }
                    Some(index) if self.on_stack.get(next) == Some(&true) => Some(index),
                    Some(_) => None,
                };
                if let Some(low) = low {
                    let mine = self.low.get(node).copied().unwrap_or(low);
                    set(&mut self.low, node, mine.min(low));
                }
            }
            if self.low.get(node) == Some(&own) {
                let mut component = Vec::new();
                while let Some(member) = self.stack.pop() {
                    set(&mut self.on_stack, member, false);
                    component.push(member);
                    if member == node {
                        break;
                    }
                }
                component.sort_unstable();
                self.components.push(component);
            }
        }
    }
    fn set<T>(values: &mut [T], at: usize, value: T) {
        if let Some(slot) = values.get_mut(at) {
            *slot = value;
        }
    }
    let count = edges.len();
    let mut walk = Walk {
        edges,
        index: vec![None; count],
        low: vec![0; count],
        stack: Vec::new(),
        on_stack: vec![false; count],
        next: 0,
        components: Vec::new(),
    };
    for node in 0..count {
        if walk.index.get(node).copied().flatten().is_none() {
            walk.visit(node);
        }
    }
    walk.components.sort();
    walk.components
}

#[cfg(test)]
mod tests {
    use super::Graph;

    #[test]
    fn follows_re_exports_and_finds_a_cycle_of_three() {
        let src = std::env::temp_dir().join(format!("fenkit-imports-{}", std::process::id()));
        let files = [
            ("lib.rs", "mod a;\nmod b;\nmod c;\npub use c::C;\n"),
            ("a.rs", "use super::C;\npub fn f() {}\n"),
            (
                "b.rs",
                "// crate::c::C in a comment\npub fn h() {\n    super::a::f();\n}\n",
            ),
            (
                "c.rs",
                "pub struct C;\npub fn g() {\n    crate::b::h();\n}\n",
            ),
        ];
        assert!(std::fs::create_dir_all(&src).is_ok());
        for (name, text) in files {
            assert!(std::fs::write(src.join(name), text).is_ok());
        }
        let graph = Graph::read(&src);
        let _ = std::fs::remove_dir_all(&src);
        let names: Vec<String> = graph.files.iter().map(|f| f.module.join("::")).collect();
        assert_eq!(names, ["a", "b", "c", ""]);
        let imports: Vec<Vec<(usize, usize)>> = graph
            .imports
            .iter()
            .map(|found| found.iter().map(|(&file, &line)| (file, line)).collect())
            .collect();
        // `use super::C` is c.rs (through lib.rs's re-export); lib.rs imports c.rs.
        assert_eq!(
            imports,
            [vec![(2, 1)], vec![(0, 3)], vec![(1, 3)], vec![(2, 4)]]
        );
        let cycles = graph.cycles();
        let name = src.file_name().map(|n| n.to_string_lossy().to_string());
        let name = name.unwrap_or_default();
        assert_eq!(
            cycles,
            [format!(
                "{name}/a.rs:1 -> {name}/c.rs:3 -> {name}/b.rs:3 -> {name}/a.rs"
            )]
        );
    }
}
