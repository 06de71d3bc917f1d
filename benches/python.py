#!/usr/bin/env python3
"""Times the Python package against the Python libraries users would otherwise pick, in one run,
and prints a Markdown table (docs/python.md and the README hold its last output).

    python3 -m venv target/bench-venv && target/bench-venv/bin/pip install chess pydraughts==0.6.7
    target/bench-venv/bin/pip install target/wheels/fenkit-*.whl
    target/bench-venv/bin/python benches/python.py

Chess: the 100,000 positions of tests/data/chess/generated/random-games-100k.fen (those the
Rust benchmarks read): `fenkit.parse` (syntax and legality), `fenkit.check_many` (every core,
and one thread), against python-chess's `chess.Board(fen)` and `chess.Board(fen).is_valid()`
(on the first 10,000: they take minutes on all). Draughts: the 2,500 English ballots of
tests/data/draughts/pydraughts/11_english.json against pydraughts's `Board("english", fen)`
(on the first 500). Each time is the best of three runs.
"""

import json
import os
import pathlib
import platform
import time

import fenkit

ROOT = pathlib.Path(__file__).resolve().parents[1]
FENS = ROOT / "tests" / "data" / "chess" / "generated" / "random-games-100k.fen"
BALLOTS = ROOT / "tests" / "data" / "draughts" / "pydraughts" / "11_english.json"
REPEATS = 3


def best_of(run, count):
    """Seconds per record of the fastest of `REPEATS` runs of `run` over `count` records."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times) / count


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def main():
    fens = FENS.read_text(encoding="ascii").splitlines()
    ballots = list(json.loads(BALLOTS.read_text(encoding="utf-8"))["all"].values())
    cores = os.cpu_count() or 1
    rows = []  # (what, seconds per record, records, baseline key or None)

    def parse_all():
        for fen in fens:
            fenkit.parse(fen)

    parse = best_of(parse_all, len(fens))
    rows.append(("`fenkit.parse(fen)` (syntax + legality, diagnostics)", parse, len(fens)))
    many = best_of(lambda: fenkit.check_many(fens), len(fens))
    rows.append((f"`fenkit.check_many(fens)` ({cores} threads)", many, len(fens)))
    one = best_of(lambda: fenkit.check_many(fens, threads=1), len(fens))
    rows.append(("`fenkit.check_many(fens, threads=1)`", one, len(fens)))

    peers = {}
    try:
        import chess

        sample = fens[:10_000]

        def boards():
            for fen in sample:
                chess.Board(fen)

        def valid():
            for fen in sample:
                chess.Board(fen).is_valid()

        peers["board"] = best_of(boards, len(sample))
        rows.append((f"python-chess {chess.__version__} `chess.Board(fen)`", peers["board"], len(sample)))
        peers["valid"] = best_of(valid, len(sample))
        rows.append(("python-chess `chess.Board(fen).is_valid()`", peers["valid"], len(sample)))
    except ImportError:
        print("python-chess is not installed: fenkit alone")

    def draughts_all():
        for fen in ballots:
            fenkit.parse(fen, board="english")

    draughts = best_of(draughts_all, len(ballots))
    rows.append(("`fenkit.parse(fen, board=\"english\")`, English ballots", draughts, len(ballots)))
    try:
        from draughts import Board

        sample = ballots[:500]

        def pydraughts():
            for fen in sample:
                Board("english", fen)

        peers["pydraughts"] = best_of(pydraughts, len(sample))
        rows.append(("pydraughts 0.6.7 `Board(\"english\", fen)`", peers["pydraughts"], len(sample)))
    except ImportError:
        print("pydraughts is not installed: fenkit alone")

    print(f"Machine: {cpu_model()}, {cores} cores (nproc); Python {platform.python_version()}; "
          f"fenkit {fenkit.__version__}\n")
    print("| what | records | µs per record | records per second |")
    print("| --- | --- | --- | --- |")
    for what, seconds, count in rows:
        print(f"| {what} | {count:,} | {seconds * 1e6:.2f} | {1 / seconds:,.0f} |")
    print()
    if "board" in peers:
        print(f"- `fenkit.parse` is {peers['board'] / parse:.0f}x faster than `chess.Board(fen)` "
              f"and {peers['valid'] / parse:.0f}x faster than `chess.Board(fen).is_valid()`.")
        print(f"- `check_many` on {cores} threads: {1 / many / cores:,.0f} FENs per second per core "
              f"({peers['valid'] / many:.0f}x `is_valid()`); on one thread {1 / one:,.0f} per second.")
    if "pydraughts" in peers:
        print(f"- Draughts: `fenkit.parse` is {peers['pydraughts'] / draughts:,.0f}x faster than "
              f"pydraughts's `Board`.")


if __name__ == "__main__":
    main()
