"""`check_many`: input order, every core, the GIL released."""

import threading
import time

import fenkit

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def fens(root, count):
    path = root / "tests" / "data" / "chess" / "generated" / "random-games-100k.fen"
    with open(path, encoding="ascii") as handle:
        return [next(handle).rstrip("\n") for _ in range(count)]


def test_results_come_in_input_order(root):
    records = fens(root, 20000)
    broken = {i: f"{r} x" for i, r in enumerate(records) if i % 7 == 3}
    mixed = [broken.get(i, r) for i, r in enumerate(records)]
    results = fenkit.check_many(mixed)
    assert [r.canonical for r in results if r.valid] == [
        r for i, r in enumerate(records) if i not in broken
    ]
    assert [i for i, r in enumerate(results) if not r.valid] == sorted(broken)
    single = fenkit.check_many(mixed, threads=1)
    assert [r.to_dict() for r in single[:200]] == [r.to_dict() for r in results[:200]]


def test_any_iterable_and_options():
    generated = (START for _ in range(1000))
    assert all(r.valid for r in fenkit.check_many(generated, "fen"))
    assert fenkit.check_many([]) == []
    assert fenkit.check_many(["B:B1-12:W21-33"], board="english")[0].diagnostics
    mixed = fenkit.check_many([START, b"W:W31-50:B1-20", "8/8/8/8/8/8/8/8 w - -"], validate=False)
    assert [r.notation for r in mixed] == ["fen", "pdn", "epd"]


def test_bad_items_and_arguments_raise():
    import pytest

    with pytest.raises(TypeError):
        fenkit.check_many([START, 3])
    with pytest.raises(ValueError):
        fenkit.check_many([START], variant="nope")


def test_the_gil_is_released_while_records_are_read(root):
    records = fens(root, 100000) * 3
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    during = []
    thread = threading.Thread(target=tick)
    thread.start()
    try:
        start = time.perf_counter()
        fenkit.check_many(records, threads=1)
        end = time.perf_counter()
        during = [t for t in ticks if start < t < end]
    finally:
        stop.set()
        thread.join()
    # The ticker ran while the records were read (the lock was free part of the time).
    assert len(during) >= 2, (len(during), end - start)
