"""Hostile input never crashes the interpreter: every record gets a result or a Python error."""

import random

import fenkit


def check(record, **options):
    result = fenkit.parse(record, **options)
    assert isinstance(result.valid, bool)
    for diagnostic in result.diagnostics:
        text = str(diagnostic)
        assert diagnostic.code in text
        diagnostic.to_dict()
        for label in diagnostic.labels:
            assert 0 <= label.start <= label.end <= len(record)
    result.to_dict()
    str(result)
    return result


def test_nul_bytes_and_controls():
    for record in ["\x00", "8/8/8/8/8/8/8/8\x00w - - 0 1", "\x1b]0;title\x07", "W:W\x00:B1", "\r\n\t"]:
        result = check(record)
        assert not result.valid
        for diagnostic in result.diagnostics:
            assert "\x1b" not in str(diagnostic) and "\x00" not in str(diagnostic)


def test_lone_surrogates_keep_the_columns():
    record = "\ud800 8/8/8/8/8/8/8/8 x - - 0 1"
    result = check(record, notation="fen")
    assert not result.valid
    assert result.text == "\ufffd" + record[1:]
    for diagnostic in result.diagnostics:
        for label in diagnostic.labels:
            assert label.end <= len(record)
    check(["\udfff"][0] * 10)
    assert len(fenkit.check_many(["\ud800", "ok\udc00"])) == 2


def test_a_megabyte_string():
    for record in ["8/" * 500_000, "x" * 1_000_000, "W:W" + ",".join(["1"] * 300_000), " " * 1_000_000]:
        result = check(record)
        assert not result.valid
        assert len(result.diagnostics) <= 32


def test_random_bytes_and_text():
    generator = random.Random(7)
    alphabet = "rnbqkpRNBQKP12345678/ -wbKQkqa3e6;\"WB:,K?[]FEN/éx\x00"
    for _ in range(3000):
        length = generator.randrange(0, 90)
        check("".join(generator.choice(alphabet) for _ in range(length)))
        check(bytes(generator.randrange(256) for _ in range(length)))
