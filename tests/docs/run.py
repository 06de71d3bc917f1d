#!/usr/bin/env python3
"""The Rust examples of the README and the guides, built and run as a user's crate would.

Every ```rust block of README.md, docs/library.md and docs/notations.md must be a whole
program (`fn main`), show no rustdoc hidden line (`# ...`), name crates as a user's crate has
them (`nom`, never `nom7`), and open with the line that adds its dependencies:

    // cargo add fenkit nom miette --features miette/fancy

Blocks with the same dependencies are the binaries of one fresh crate (`cargo new`); fenkit
comes from this checkout by path, as the README says to depend on it from a clone (`cargo add
--path`), the other crates from the registry, each with the features the line names. Each
crate is built and each binary run; a block that fails to build, panics or returns an error
fails the test. CARGO_TARGET_DIR is target/docs-examples, shared by the crates (and by CI
runs), so the dependencies are built once.

It also reproduces the compiler message docs/library.md quotes for a nom 7 crate that adds
fenkit without the `nom7` feature: that crate must fail to build with it.

Usage: python3 tests/docs/run.py [--check-only]   (--check-only: the rules above, no build)
"""

import os
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = ["README.md", "docs/library.md", "docs/notations.md"]
ADD = "// cargo add "
HIDDEN = re.compile(r"^\s*#(\s|$)")


def blocks(page):
    """(first line number, info string, lines) of each fenced code block of a page."""
    found, current = [], None
    for number, line in enumerate((ROOT / page).read_text().splitlines(), 1):
        if current is None and line.startswith("```"):
            current = (number + 1, line[3:].strip(), [])
        elif current is not None and line.startswith("```"):
            found.append(current)
            current = None
        elif current is not None:
            current[2].append(line)
    return found


def rust_blocks():
    """Each Rust block with where it is: (page, line, name, lines)."""
    for page in PAGES:
        stem = pathlib.Path(page).stem.lower().replace("-", "_")
        count = 0
        for line, info, lines in blocks(page):
            language = re.split(r"[,\s]", info, maxsplit=1)[0]
            if language != "rust":
                continue
            count += 1
            yield page, line, f"{stem}_{count}", lines


def problems(page, line, lines):
    """What keeps a block from being copied as it is."""
    found = []
    where = f"{page}:{line}"
    if not lines or not lines[0].startswith(ADD):
        found.append(f"{where}: the block does not open with `{ADD}...` (its dependencies)")
    for offset, text in enumerate(lines):
        if HIDDEN.match(text):
            found.append(f"{where + '+' + str(offset)}: a rustdoc hidden line: {text.strip()}")
        if re.search(r"\bnom7\b", text) and not text.startswith(ADD):
            found.append(f"{where + '+' + str(offset)}: `nom7` is fenkit's own name for nom 7; a user's crate says `nom`")
    if not any(re.match(r"\s*fn main\b", text) for text in lines):
        found.append(f"{where}: not a whole program (no `fn main`)")
    return found


def dependency_commands(line):
    """The `cargo add` commands of a block's first line: fenkit by path, the rest as written."""
    words = shlex.split(line[len(ADD):])
    crates, features, index = [], [], 0
    while index < len(words):
        word = words[index]
        if word in ("--features", "-F"):
            index += 1
            features += [f for f in re.split(r"[,\s]+", words[index]) if f]
        elif word.startswith("--features="):
            features += [f for f in re.split(r"[,\s]+", word.split("=", 1)[1]) if f]
        elif word.startswith("-"):
            sys.exit(f"`{line}`: only crates and --features are understood here")
        else:
            crates.append(word)
        index += 1
    if "fenkit" not in crates:
        sys.exit(f"`{line}`: every example depends on fenkit")
    others = [crate for crate in crates if crate != "fenkit"]
    if others:
        own = [f.split("/", 1)[1] for f in features if f.startswith("fenkit/")]
        rest = [f for f in features if not f.startswith("fenkit/")]
    else:
        own, rest = [f.split("/", 1)[-1] for f in features], []
    commands = [["cargo", "add", "--quiet", "--path", str(ROOT)]]
    if own:
        commands[0] += ["--features", ",".join(own)]
    if others:
        commands.append(["cargo", "add", "--quiet", *others])
        if rest:
            commands[-1] += ["--features", ",".join(rest)]
    return commands


# A nom 7 grammar, and fenkit with its default features (nom 8): what the guide warns about.
WRONG_FEATURE = """use fenkit::{ParseOptions, grammar};
use nom::IResult;
use nom::bytes::complete::tag;
use nom::sequence::preceded;

fn position(input: &str) -> IResult<&str, grammar::Record<fenkit::Fen>> {
    preceded(tag("position fen "), grammar::fen(&ParseOptions::strict()))(input)
}

fn main() {
    assert!(position("position fen 8/8/8/8/8/8/8/k1K5 w - - 0 1").is_ok());
}
"""
# The part of rustc's message that the guide quotes and that names no type of this build.
UNSATISFIED = "Parser<_, _, _>` is not satisfied"


def wrong_feature(work, env):
    """The quoted message is the one a nom 7 crate without the `nom7` feature gets."""
    text = (ROOT / "docs" / "library.md").read_text()
    quoted = [line for line in text.splitlines() if line.startswith("error[E0277]")]
    if not quoted or UNSATISFIED not in quoted[0]:
        sys.exit("docs/library.md quotes no `error[E0277]: ... Parser<_, _, _>` is not satisfied` line")
    crate = pathlib.Path(work) / "wrong_feature"
    print("\n=== a nom 7 crate, fenkit without `nom7`: must fail with the guide's message", flush=True)
    run(["cargo", "new", "--quiet", "--bin", "--vcs", "none", "--name", "wrong_feature", str(crate)], work, env)
    run(["cargo", "add", "--quiet", "--path", str(ROOT)], crate, env)
    run(["cargo", "add", "--quiet", "nom@7"], crate, env)
    (crate / "src" / "main.rs").write_text(WRONG_FEATURE)
    built = subprocess.run(["cargo", "build", "--quiet"], cwd=crate, env=env,
                           capture_output=True, text=True)
    if built.returncode == 0 or UNSATISFIED not in built.stderr:
        sys.exit("a nom 7 crate without fenkit's `nom7` feature did not fail as docs/library.md "
                 f"says (`{UNSATISFIED}`):\n{built.stderr}")
    print(f"it fails: {quoted[0][:100]}…", flush=True)


def run(command, cwd, env):
    print("+", " ".join(command), flush=True)
    subprocess.run(command, cwd=cwd, env=env, check=True)


def main():
    check_only = "--check-only" in sys.argv[1:]
    found = list(rust_blocks())
    errors = [p for page, line, _, lines in found for p in problems(page, line, lines)]
    if errors:
        sys.exit("Rust examples a reader cannot copy as they are:\n" + "\n".join(errors))
    print(f"{len(found)} Rust examples in {', '.join(PAGES)}")
    if check_only:
        return
    groups = {}
    for page, line, name, lines in found:
        groups.setdefault(lines[0].strip(), []).append((page, line, name, lines))
    env = dict(os.environ, CARGO_TARGET_DIR=str(ROOT / "target" / "docs-examples"))
    env.pop("RUSTFLAGS", None)
    failed = []
    with tempfile.TemporaryDirectory(prefix="fenkit-docs-") as work:
        wrong_feature(work, env)
        for number, (add_line, members) in enumerate(groups.items()):
            crate = pathlib.Path(work) / f"example{number}"
            print(f"\n=== {add_line}: {', '.join(name for _, _, name, _ in members)}", flush=True)
            run(["cargo", "new", "--quiet", "--bin", "--vcs", "none",
                 "--name", f"docs_example_{number}", str(crate)], work, env)
            for command in dependency_commands(add_line):
                run(command, crate, env)
            (crate / "src" / "main.rs").unlink()
            (crate / "src" / "bin").mkdir()
            for _, _, name, lines in members:
                (crate / "src" / "bin" / f"{name}.rs").write_text("\n".join(lines) + "\n")
            run(["cargo", "build", "--quiet", "--bins"], crate, env)
            for page, line, name, _ in members:
                binary = ROOT / "target" / "docs-examples" / "debug" / name
                result = subprocess.run([str(binary)], cwd=crate, env=env)
                verdict = "ok" if result.returncode == 0 else f"FAILED (exit {result.returncode})"
                print(f"{page}:{line} ({name}): {verdict}", flush=True)
                if result.returncode != 0:
                    failed.append(f"{page}:{line}")
    if failed:
        sys.exit("examples that failed: " + ", ".join(failed))
    print("\nevery example built and ran")


if __name__ == "__main__":
    main()
