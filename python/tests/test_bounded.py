"""Bounded and interruptible: the record limit by default, Ctrl-C within a second in every
call, a FIFO with no writer that blocks only its own thread, records in file order."""

import os
import subprocess
import sys
import textwrap
import time

import pytest

import fenkit

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
TOO_LONG = "fenkit::input::record_too_long"


def test_a_long_record_is_one_diagnostic_at_once():
    record = "x " * 50_000_000
    start = time.perf_counter()
    result = fenkit.parse(record)
    took = time.perf_counter() - start
    assert [d.code for d in result.diagnostics] == [TOO_LONG]
    assert "100000000 bytes" in result.diagnostics[0].message
    assert "max_record_bytes" in result.diagnostics[0].help
    assert took < 1.0, took
    assert [d.code for d in fenkit.parse(record.encode()).diagnostics] == [TOO_LONG]
    assert [d.code for r in fenkit.check_many([START, record]) for d in r.diagnostics] == [TOO_LONG]
    with pytest.raises(fenkit.ParseError, match="record_too_long"):
        fenkit.parse_position(record)


def test_the_limit_is_64_kib_by_default_and_can_be_raised():
    padded = START + " " * (64 * 1024 - len(START))
    assert fenkit.parse(padded, lenient=True).diagnostics[0].code != TOO_LONG
    over = padded + " "
    assert fenkit.parse(over, lenient=True).diagnostics[0].code == TOO_LONG
    assert fenkit.parse(over, lenient=True, max_record_bytes=1 << 20).diagnostics[0].code != TOO_LONG
    # Counted in UTF-8 bytes: 40,000 `é` are 80,000 bytes.
    assert fenkit.parse("é" * 40_000).diagnostics[0].code == TOO_LONG
    assert fenkit.parse(START, max_record_bytes=len(START))
    assert not fenkit.parse(START, max_record_bytes=len(START) - 1)


def run_child(script, timeout=60):
    """Runs `script` in a fresh interpreter; returns its standard output."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


INTERRUPTED = """\
    import collections, os, signal, threading, time
    import fenkit

    START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    {setup}
    sent = []

    def interrupt():
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Timer({delay}, interrupt).start()
    try:
        # Called again and again, so that a fast machine cannot finish before the signal.
        while True:
            {call}
    except KeyboardInterrupt:
        print("interrupted", time.perf_counter() - sent[0])
    else:
        print("finished", time.perf_counter() - sent[0] if sent else 0.0)
"""


@pytest.mark.parametrize(
    ("setup", "call"),
    [
        ("records = [START] * 10_000_000", "fenkit.check_many(records)"),
        ("records = [START] * 10_000_000", "fenkit.check_many(records, threads=1)"),
        ("record = 'x ' * 3_000_000", "fenkit.parse(record, max_record_bytes=1 << 30)"),
        (
            # Records with an error each: seconds of reading, diagnostics included.
            "path = {path!r}\n    with open(path, 'w') as f:\n        f.write((START.replace(' w ', ' x ') + '\\n') * 2_000_000)",
            "collections.deque(fenkit.check_file(path), maxlen=0)",
        ),
    ],
    ids=["check_many", "check_many_one_thread", "long_parse", "check_file"],
)
def test_ctrl_c_interrupts_within_a_second(tmp_path, setup, call):
    setup = setup.format(path=str(tmp_path / "large.fen"))
    out = run_child(INTERRUPTED.format(setup=setup, call=call, delay=0.3))
    verdict, after = out.split()
    assert verdict == "interrupted", out
    assert float(after) < 1.0, out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_without_writer_blocks_only_its_thread(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    script = f"""\
        import os, signal, threading, time
        import fenkit

        ticks = []
        def tick():
            while len(ticks) < 1000:
                ticks.append(time.perf_counter())
                time.sleep(0.005)
        threading.Thread(target=tick, daemon=True).start()
        threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
        start = time.perf_counter()
        try:
            fenkit.check_file({str(fifo)!r})
        except KeyboardInterrupt:
            print("interrupted", round(time.perf_counter() - start, 2), len(ticks))
        # Let the thread that still waits to open the FIFO go: open it for writing, close it.
        os.close(os.open({str(fifo)!r}, os.O_WRONLY))
    """
    try:
        out = run_child(script, timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail("check_file on a FIFO with no writer froze the interpreter")
    verdict, after, ticks = out.split()
    assert verdict == "interrupted", out
    assert float(after) < 1.5 and int(ticks) > 20, out


def test_a_fifo_with_a_writer_is_read(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    script = f"""\
        import threading, time
        import fenkit

        def write():
            time.sleep(0.2)
            with open({str(fifo)!r}, "w") as handle:
                handle.write("{START}\\n8/8 x\\n")
        threading.Thread(target=write).start()
        print([r.valid for r in fenkit.check_file({str(fifo)!r})])
    """
    assert run_child(script, timeout=20).strip() == "[True, False]"


def test_a_game_file_in_file_order(tmp_path):
    # The FEN tag waits for the end of its tag section; the broken tag after it must not
    # come out first.
    path = tmp_path / "order.pgn"
    path.write_text(
        '[Event "x"]\n'
        '[FEN "8/8/8/8/8/8/8/k1K5 w - - 0 1"]\n'
        '[FEN "8/8/8/8/8/8/8/k1K5 w - - 0 1"\n'
        '[SetUp "1"]\n'
        "\n"
        "1. Kb2 *\n",
        encoding="utf-8",
    )
    results = list(fenkit.check_file(path))
    assert [r.line for r in results] == sorted(r.line for r in results)
    assert [r.line for r in results] == [2, 3]
    assert [d.code for d in results[1].diagnostics] == ["fenkit::pdn::tag_syntax"]


def test_a_long_line_inside_a_tag_section_keeps_its_place(tmp_path):
    path = tmp_path / "long.pgn"
    path.write_text(
        '[Event "x"]\n[FEN "8/8/8/8/8/8/8/k1K5 w - - 0 1"]\n[Annotator "' + "y" * 100 + '"]\n\n*\n',
        encoding="utf-8",
    )
    results = list(fenkit.check_file(path, max_record_bytes=50))
    assert [r.line for r in results] == [2, 3]
    assert [d.code for d in results[1].diagnostics] == [TOO_LONG]
