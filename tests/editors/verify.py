#!/usr/bin/env python3
"""What an editor's check found on tests/editors/sample.fen or sample.pgn, against what fenkit
lsp must give there: the file's language (from the editor setup in docs/editors.md), the one
diagnostic (code, 1-based line, 0-based column), its quick fix, and the board on hover.

The editor checks (tests/nvim/check.lua, tests/emacs/check.el, editors/vscode/test/check.js)
write this JSON:
    {"language": "fen", "diagnostics": [[code, line, column], ...],
     "actions": [title, ...], "hover": "text"}

Usage: verify.py EDITOR EDITOR_JSON DOCUMENT
"""
import json
import pathlib
import sys

# The side to move is `W` on line 2 of sample.fen and in the [FEN] tag on line 9 of sample.pgn.
EXPECTED = {
    "sample.fen": ("fen", [["fenkit::fen::uppercase_side_to_move", 2, 44]]),
    "sample.pgn": ("pgn", [["fenkit::fen::uppercase_side_to_move", 9, 50]]),
}
ACTION = "Replace `W` with `w`"
# The hover is over the valid record (line 1 of sample.fen, the [FEN] tag on line 3 of
# sample.pgn): the position after 1. e4, as `fenkit show` draws it.
HOVER = ["4 | . . . . P . . . |", "Black to move"]


def main():
    editor, found_path, document = sys.argv[1:4]
    found = json.loads(pathlib.Path(found_path).read_text(encoding="utf-8"))
    language, diagnostics = EXPECTED[pathlib.Path(document).name]
    problems = []
    if found.get("language") != language:
        problems.append(f"the language is {found.get('language')!r}, not {language!r}")
    if sorted(found.get("diagnostics", [])) != diagnostics:
        problems.append(f"the diagnostics are {found.get('diagnostics')}, not {diagnostics}")
    if ACTION not in found.get("actions", []):
        problems.append(f"the quick fixes are {found.get('actions')}, without {ACTION!r}")
    hover = found.get("hover") or ""
    for text in HOVER:
        if text not in hover:
            problems.append(f"the hover does not show {text!r}: {hover!r}")
    if problems:
        sys.exit(f"{editor} on {document}:\n  " + "\n  ".join(problems))
    print(f"{editor} on {document}: language {language}, the diagnostic, its quick fix, the board on hover")


if __name__ == "__main__":
    main()
