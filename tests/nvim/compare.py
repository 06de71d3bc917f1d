#!/usr/bin/env python3
"""Compare the diagnostics Neovim holds (tests/nvim/check.lua's JSON) with `fenkit check
--format json` of the same file: the same count, codes, severities, lines and columns.

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


def main():
    nvim, cli = from_nvim(sys.argv[1]), from_cli(sys.argv[2])
    if nvim != cli:
        print(f"Neovim holds {len(nvim)} diagnostics, fenkit check reports {len(cli)}")
        for item in sorted(set(nvim) ^ set(cli)):
            print(("only in Neovim: " if item in nvim else "only in fenkit check: "), item)
        sys.exit(1)
    print(f"Neovim holds the {len(cli)} diagnostics of fenkit check at the same places")


if __name__ == "__main__":
    main()
