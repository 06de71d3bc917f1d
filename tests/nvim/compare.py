#!/usr/bin/env python3
"""Compare the diagnostics Neovim holds (tests/nvim/check.lua's JSON) with `fenkit check
--format json` of the same file, or with a `*.expected.json` list: the same count, codes,
severities, lines and columns.

Neovim stores 0-based lines and byte columns; the CLI gives 1-based lines and each label's byte
offset in its record (a record is a whole line of the tour), so both name the same bytes.
"""
import json
import sys

SEVERITY_NAME = {1: "error", 2: "warning"}


def from_nvim(path):
    with open(path, encoding="utf-8") as file:
        return sorted(
            (d["code"], SEVERITY_NAME[d["severity"]], d["lnum"], d["col"], d["end_lnum"], d["end_col"])
            for d in json.load(file)
        )


def from_cli(path):
    found = []
    with open(path, encoding="utf-8") as file:
        for line in file:
            record = json.loads(line)
            for d in record.get("diagnostics") or []:
                label = d["labels"][0]
                row = record["line"] - 1
                start = label["offset"]
                found.append((d["code"], d["severity"], row, start, row, start + label["length"]))
    return sorted(found)


def from_expected(path):
    """A list of `[code, severity, line, column, end line, end column]`, as Neovim holds them."""
    with open(path, encoding="utf-8") as file:
        return sorted(tuple(item) for item in json.load(file))


def main():
    expected = sys.argv[2].endswith(".expected.json")
    source = "the expected list" if expected else "fenkit check"
    nvim = from_nvim(sys.argv[1])
    cli = from_expected(sys.argv[2]) if expected else from_cli(sys.argv[2])
    if nvim != cli:
        print(f"Neovim holds {len(nvim)} diagnostics, {source} has {len(cli)}")
        for item in sorted(set(nvim) ^ set(cli)):
            print(("only in Neovim: " if item in nvim else f"only in {source}: "), item)
        sys.exit(1)
    print(f"Neovim holds the {len(cli)} diagnostics of {source} at the same places")


if __name__ == "__main__":
    main()
