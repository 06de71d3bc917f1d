"""`check_file`: record files, game files, line ends, long lines, bounded memory."""

import os
import subprocess
import sys
import textwrap

import pytest

import fenkit

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_records_with_their_lines_and_comments(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_bytes(f"# a comment\n{START}\r\n\n% note\rW:W31-50:B1-20\r8/8 x\n".encode())
    results = list(fenkit.check_file(path))
    assert [(r.line, r.notation, r.valid) for r in results] == [
        (2, "fen", True),
        (5, "pdn", True),
        (6, "fen", False),
    ]
    assert all(r.source == str(path) for r in results)
    assert results[2].diagnostics[0].line == 6
    assert f"{path}:6:" in str(results[2])


def test_a_game_file_yields_each_games_fen(root, cli):
    path = root / "tests" / "data" / "chess" / "pgn" / "benchmark.pgn"
    results = list(fenkit.check_file(path))
    assert [r.to_dict() for r in results] == cli(path)


def test_a_pdn_file(tmp_path):
    path = tmp_path / "games.pdn"
    path.write_text(
        textwrap.dedent(
            """\
            [Event "x"]
            [GameType "21"]
            [FEN "B:B1-12:W21-33"]

            1. 11-15 *
            """
        ),
        encoding="utf-8",
    )
    results = list(fenkit.check_file(path))
    assert [d.code for r in results for d in r.diagnostics] == ["fenkit::pdn::square_out_of_range"]
    assert results[0].line == 3


def test_a_line_over_the_maximum_is_one_diagnostic(tmp_path):
    path = tmp_path / "long.fen"
    path.write_bytes(b"x" * 100_000 + b"\n" + START.encode() + b"\n")
    results = list(fenkit.check_file(path))
    assert [d.code for d in results[0].diagnostics] == ["fenkit::input::record_too_long"]
    assert results[1].valid and results[1].line == 2
    short = list(fenkit.check_file(path, max_record_bytes=10))
    assert [r.valid for r in short] == [False, False]


def test_missing_file_and_bad_notation():
    with pytest.raises(FileNotFoundError):
        fenkit.check_file("/nonexistent/positions.fen")
    with pytest.raises(ValueError):
        fenkit.check_file(__file__, notation="chess")


def test_notation_pgn_reads_a_game_file_of_any_name(tmp_path):
    path = tmp_path / "games.txt"
    path.write_text('[Event "x"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*\n', encoding="utf-8")
    results = list(fenkit.check_file(path, notation="pgn"))
    assert results and results[0].line == 2 and not results[0].valid


def test_memory_stays_bounded_on_a_large_file(tmp_path):
    path = tmp_path / "large.fen"
    line = (START + "\n").encode()
    with open(path, "wb") as handle:
        for _ in range(40):
            handle.write(line * 25_000)  # 1,000,000 records, 57 MB
    size = os.path.getsize(path)
    script = textwrap.dedent(
        f"""\
        import resource, fenkit
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        count = sum(1 for result in fenkit.check_file({str(path)!r}) if result.valid)
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(count, (after - before) * 1024)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    count, growth = map(int, done.stdout.split())
    assert count == 1_000_000
    assert growth < size / 4, (growth, size)


def test_compressed_files_read_as_the_plain_one(tmp_path, root):
    import gzip

    plain = root / "tests" / "data" / "chess" / "pgn" / "lichess-puzzles.pgn"
    expected = [r.to_dict() for r in fenkit.check_file(plain)]
    packed = tmp_path / "games.pgn.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    found = [r.to_dict() for r in fenkit.check_file(packed)]
    for record in found:
        record["source"] = str(plain)
    assert found == expected


def test_a_binary_file_is_one_result(tmp_path):
    path = tmp_path / "archive.zip"
    path.write_bytes(b"PK\x03\x04\x14\x00\x00\x00\n" * 1000)
    results = list(fenkit.check_file(path))
    assert len(results) == 1
    assert [d.code for d in results[0].diagnostics] == ["fenkit::input::binary_input"]


def test_a_nul_byte_is_reported_at_its_line_as_the_command_line_reports_it(tmp_path):
    path = tmp_path / "records.fen"
    path.write_bytes(b"8/8/8/8/8/8/8/4K2k w - - 0 1\nab\x00cd\n")
    results = list(fenkit.check_file(path))
    assert len(results) == 1
    assert results[0].line == 2
    assert [d.code for d in results[0].diagnostics] == ["fenkit::input::binary_input"]


def test_a_field_of_a_table(tmp_path):
    path = tmp_path / "puzzles.csv"
    path.write_bytes(f'PuzzleId,FEN,Moves\n1,{START},e2e4\n2,"8/8 x",m\n3\n'.encode())
    results = list(fenkit.check_file(path, field="FEN"))
    assert [(r.line, r.valid) for r in results] == [(2, True), (3, False), (4, False)]
    # `x` is byte 7 of the row `2,"8/8 x",m`: the label points into the file.
    found = {(d.code, d.labels[0].column) for d in results[1].diagnostics}
    assert ("fenkit::fen::invalid_side_to_move", 8) in found
    assert results[2].diagnostics[0].code == "fenkit::input::csv_field_count"
    lines = tmp_path / "evals.jsonl"
    epd = " ".join(START.split()[:4])
    lines.write_bytes(f'{{"fen": "{epd}", "evals": []}}\n{{"x": 1}}\n'.encode())
    results = list(fenkit.check_file(lines, field="fen"))
    assert [(r.notation, r.valid) for r in results] == [("epd", True), ("fen", False)]
    assert results[1].diagnostics[0].code == "fenkit::input::json_missing_field"
