#!/usr/bin/env python3
"""Times pydraughts (the Python library users would otherwise pick) on the ballot files that
`cargo bench --bench draughts` reads, for the comparison in docs/performance.md.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pydraughts==0.6.7
    /tmp/venv/bin/python benches/peers/pydraughts_ballots.py

Two things are timed per file: what a user does to read a FEN with pydraughts,
`Board(variant, fen)`, which parses the FEN and builds a game (move-generation state included);
and its FEN-reading step alone, `fen_from_variant` + `li_fen_to_hub_fen` (ranges expanded, squares read, no range
check, no validation) on a reused game.
"""

import json
import pathlib
import statistics
import time

from draughts import Board
from draughts.convert import fen_from_variant

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "draughts" / "pydraughts"
FILES = [("11_english.json", "english"), ("11_italian.json", "italian"), ("russian.json", "russian")]


def fens(name):
    with open(CORPUS / name, encoding="utf-8") as handle:
        return list(json.load(handle)["all"].values())


def timed(label, name, positions, read, repeats):
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        for fen in positions:
            read(fen)
        runs.append(time.perf_counter() - start)
    median = statistics.median(runs)
    print(f"{name} {label}: {len(positions)} FENs, median {median * 1e3:.2f} ms "
          f"({median / len(positions) * 1e6:.2f} us/FEN)")


def main():
    for name, variant in FILES:
        positions = fens(name)
        timed("Board(variant, fen)", name, positions, lambda fen: Board(variant=variant, fen=fen), 5)
        game = Board(variant=variant)._game
        timed("fen_from_variant + li_fen_to_hub_fen", name, positions,
              lambda fen: game.li_fen_to_hub_fen(fen_from_variant(fen, variant)), 21)


if __name__ == "__main__":
    main()
