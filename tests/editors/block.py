#!/usr/bin/env python3
"""Prints a code block of docs/editors.md, so that the editor checks run the setup the guide
shows, as a reader copies it: the first block of LANGUAGE (its fence's info string) under the
heading SECTION (`## SECTION`).

Usage: block.py SECTION LANGUAGE   (for example: block.py Neovim lua)
"""
import pathlib
import sys

GUIDE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "editors.md"


def main():
    section, language = sys.argv[1:3]
    inside, block = False, None
    for line in GUIDE.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            inside = line[3:].strip() == section
        elif inside and block is None and line.strip() == "```" + language:
            block = []
        elif block is not None and line.startswith("```"):
            sys.stdout.write("\n".join(block) + "\n")
            return
        elif block is not None:
            block.append(line)
    sys.exit(f"{GUIDE}: no ```{language} block under `## {section}`")


if __name__ == "__main__":
    main()
