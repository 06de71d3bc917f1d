"""What a Python user expects: truth values, exceptions, equality, hashing, pickling, reprs,
argument errors that say what each argument takes, and a package that no folder shadows."""

import concurrent.futures
import errno
import multiprocessing
import os
import pickle
import subprocess
import sys

import pytest

import fenkit

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BAD = "8/8/8/8/8/8/8/k1K5 x - - 0 1"


def test_a_result_is_true_when_valid():
    assert fenkit.parse(START)
    assert not fenkit.parse(BAD)
    assert [bool(r) for r in fenkit.check_many([START, BAD])] == [True, False]


def test_raise_for_errors_raises_a_value_error_with_every_diagnostic():
    result = fenkit.parse("8/8/8/8/8/8/8/k1K5 x KQ e4 0 1")
    with pytest.raises(fenkit.ParseError) as raised:
        result.raise_for_errors()
    error = raised.value
    assert isinstance(error, ValueError)
    assert [d.code for d in error.diagnostics] == [d.code for d in result.diagnostics]
    assert len(error.diagnostics) > 1
    assert str(error) == str(result).rstrip()
    assert "fenkit::fen::invalid_side_to_move" in str(error) and "<string>:1:20" in str(error)
    valid = fenkit.parse(START)
    assert valid.raise_for_errors() is valid


def test_parse_position_returns_the_value_or_raises():
    position = fenkit.parse_position(START)
    assert isinstance(position, fenkit.ChessPosition) and position.castling == "KQkq"
    assert isinstance(fenkit.parse_position("W:W31-50:B1-20"), fenkit.DraughtsPosition)
    with pytest.raises(ValueError) as raised:
        fenkit.parse_position(BAD)
    assert isinstance(raised.value, fenkit.ParseError)
    assert raised.value.diagnostics[0].code == "fenkit::fen::invalid_side_to_move"
    # Warnings do not raise.
    assert fenkit.parse_position("8/8/8/8/8/8/8/k1K5 w - - 0 1", lenient=True)


def test_values_compare_and_hash_by_position():
    first = fenkit.parse(START).value
    again = fenkit.parse_position(START)
    assert first is not again and first == again and hash(first) == hash(again)
    assert len({first, again, fenkit.parse_position("W:W31-50:B1-20")}) == 2
    assert first != fenkit.parse_position(START.replace(" 0 1", " 0 2"))
    assert first != fenkit.parse_position(START.replace(" 0 1", ""), "epd")
    assert first != START and (first == START) is False
    draughts = fenkit.parse_position("W:W31-50:B1-20")
    assert draughts == fenkit.parse_position("W:W31-50:B1-20") != fenkit.parse_position(
        "W:W31-50:B1-20", board="frisian"
    )


def pickled(thing):
    return pickle.loads(pickle.dumps(thing, protocol=pickle.HIGHEST_PROTOCOL))


def test_results_values_and_errors_pickle(root):
    records = [line for line in (root / "examples" / "tour.txt").read_text(encoding="utf-8").splitlines()]
    results = list(fenkit.check_file(root / "examples" / "tour.txt"))
    results += fenkit.check_many(records, lenient=True)
    results += [fenkit.parse(b"\xff 8/8 w", "fen"), fenkit.parse("x" * 70_000)]
    results += [fenkit.parse(zh, variant="crazyhouse") for zh in ["8/8/8/8/8/8/8/k1K5[Qq] w - - 0 1"]]
    results += [fenkit.parse(START + " +1+2", variant="three-check")]
    results += [fenkit.parse("W:W31-50:B1-20:H3:F7", lenient=True, board="english")]
    assert len(results) > 30
    for result in results:
        copy = pickled(result)
        assert copy.to_dict() == result.to_dict()
        assert (copy.text, copy.source, copy.line, copy.valid) == (result.text, result.source, result.line, result.valid)
        assert str(copy) == str(result) and repr(copy) == repr(result)
        assert copy.value == result.value and repr(copy.value) == repr(result.value)
        if result.value is not None:
            assert pickled(result.value) == result.value
        for diagnostic, again in zip(result.diagnostics, copy.diagnostics):
            assert pickled(diagnostic).to_dict() == diagnostic.to_dict() == again.to_dict()
    error = pytest.raises(fenkit.ParseError, fenkit.parse_position, BAD).value
    copy = pickled(error)
    assert str(copy) == str(error) and [d.code for d in copy.diagnostics] == [d.code for d in error.diagnostics]


def test_results_come_back_from_a_process_pool():
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=2, mp_context=spawn) as pool:
        results = list(pool.map(fenkit.parse, [START, BAD]))
        values = list(pool.map(fenkit.parse_position, [START]))
        with pytest.raises(fenkit.ParseError):
            pool.submit(fenkit.parse_position, BAD).result()
    assert [bool(r) for r in results] == [True, False]
    assert values == [fenkit.parse_position(START)]


def test_reprs_read_as_python():
    assert repr(fenkit.parse_position(START)) == f"ChessPosition('{START}')"
    assert repr(fenkit.parse_position("W:W31-50:B1-20")) == "DraughtsPosition('W:W31-50:B1-20', board='international')"
    assert repr(fenkit.parse(START)) == f"<ParseResult fen valid '{START}'>"
    assert repr(fenkit.parse(BAD)) == f"<ParseResult fen invalid (1 error) '{BAD}'>"
    diagnostic = fenkit.parse(BAD).diagnostics[0]
    assert repr(diagnostic) == (
        "<Diagnostic error fenkit::fen::invalid_side_to_move at 19..20: '`x` is not a side to move'>"
    )


def test_check_many_refuses_one_string():
    for one in ["abc", b"abc", bytearray(b"abc")]:
        with pytest.raises(TypeError, match="iterable of records"):
            fenkit.check_many(one)
    with pytest.raises(TypeError, match=r"records\[1\]"):
        fenkit.check_many([START, 3])
    with pytest.raises(TypeError, match="iterable"):
        fenkit.check_many(3)


def test_os_errors_carry_errno_and_filename(tmp_path):
    missing = tmp_path / "missing.fen"
    for path in [str(missing), missing, os.fsencode(missing)]:
        with pytest.raises(FileNotFoundError) as raised:
            fenkit.check_file(path)
        assert raised.value.errno == errno.ENOENT
        assert raised.value.filename == os.fspath(path)
    with pytest.raises(IsADirectoryError) as raised:
        list(fenkit.check_file(tmp_path))
    assert raised.value.errno == errno.EISDIR and raised.value.filename == str(tmp_path)


def test_check_file_takes_str_bytes_and_path_like(tmp_path):
    path = tmp_path / "one.fen"
    path.write_text(START + "\n", encoding="ascii")
    for given in [str(path), path, os.fsencode(path)]:
        assert [r.valid for r in fenkit.check_file(given)] == [True]
    with pytest.raises(TypeError, match="str, bytes or os.PathLike"):
        fenkit.check_file(3)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: fenkit.parse(3), "str or bytes"),
        (lambda: fenkit.parse(START, variant=3), "variant takes a name"),
        (lambda: fenkit.parse(START, castling=True), "castling takes a name"),
        (lambda: fenkit.parse(START, board=[]), "board takes a name"),
        (lambda: fenkit.check_many([START], threads=0), "threads takes"),
        (lambda: fenkit.parse(START, max_record_bytes=0), "max_record_bytes takes"),
    ],
)
def test_argument_errors_say_what_the_argument_takes(call, words):
    with pytest.raises((TypeError, ValueError), match=words):
        call()


def test_castling_and_every_reading_option_on_every_function(tmp_path):
    chess960 = "r3k1r1/8/8/8/8/8/8/R3KR2 w KQkq - 0 1"
    path = tmp_path / "chess960.fen"
    path.write_text(chess960 + "\n", encoding="ascii")
    options = {"notation": "fen", "lenient": True, "validate": True, "variant": "chess", "board": "english", "max_record_bytes": 1000}
    for castling, valid in [("chess960", True), ("standard", False)]:
        assert bool(fenkit.parse(chess960, castling=castling, **options)) is valid
        assert [bool(r) for r in fenkit.check_many([chess960], castling=castling, **options)] == [valid]
        assert [bool(r) for r in fenkit.check_file(path, castling=castling, **options)] == [valid]
    assert fenkit.parse_position(chess960, castling="chess960", **options)
    # `castling` wins over the rules a variant name implies, as `--castling` on the command line.
    assert not fenkit.parse(chess960, variant="chess960", castling="standard")
    with pytest.raises(ValueError, match="standard, chess960"):
        fenkit.parse(chess960, castling="960")


def test_the_source_folder_cannot_shadow_the_installed_package(root):
    # A script run from the package's folder (or the repository's) imports the installed
    # package: the Python sources live in python/python/fenkit, which is not on its path.
    for folder in [root / "python", root]:
        done = subprocess.run(
            [sys.executable, "-c", "import fenkit; print(fenkit.parse('8/8/8/8/8/8/8/k1K5 w - - 0 1').valid)"],
            cwd=folder,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.stdout.strip() == "True", done.stderr
    assert not (root / "python" / "fenkit").exists()


def test_select_and_ignore_codes_on_every_function(tmp_path):
    record = "r5k1/8/8/8/8/8/8/4K3 w q - 0 1"  # the right `q` with the king castled on g8
    path = tmp_path / "castled.fen"
    path.write_text(record + "\n", encoding="ascii")
    assert [d.code for d in fenkit.parse(record).diagnostics] == ["fenkit::fen::castling_not_standard"]
    for name in ["castling_not_standard", "fenkit::fen::castling_not_standard", "fen::castling_not_standard", "fenkit::fen", ["fenkit::fen"], ("fen",)]:
        result = fenkit.parse(record, ignore=name)
        assert result and result.diagnostics == [] and result.ignored == 1, name
        assert fenkit.parse_position(record, ignore=name)
        assert [bool(r) for r in fenkit.check_many([record], ignore=name)] == [True]
        assert [bool(r) for r in fenkit.check_file(path, ignore=name)] == [True]
    # Selecting other codes drops this one; selecting it keeps it.
    assert fenkit.parse(record, select="fenkit::pdn")
    assert not fenkit.parse(record, select=["castling_not_standard", "trailing_dot"])
    assert fenkit.parse(record, select="castling_not_standard,trailing_dot").ignored == 0
    # An error that left no value is kept whatever the filter says.
    broken = fenkit.parse("8/8 x", ignore="fenkit::fen")
    assert not broken and broken.diagnostics
    assert pickled(fenkit.parse(record, ignore="fenkit::fen")).ignored == 1


def test_unknown_codes_are_value_errors_naming_them_as_typed():
    with pytest.raises(ValueError, match="unknown code `E0001`"):
        fenkit.parse(START, ignore=["E0001"])
    with pytest.raises(ValueError, match="unknown code `Rank_Too_Lng`"):
        fenkit.check_many([START], select="Rank_Too_Lng")
    with pytest.raises(TypeError, match="ignore takes a code"):
        fenkit.parse(START, ignore=3)
    with pytest.raises(TypeError, match="select takes a code"):
        fenkit.parse(START, select=[3])
