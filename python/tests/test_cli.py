"""The Python results equal the command line's: JSON objects, and the human reports."""

import fenkit

TOUR = "examples/tour.txt"


def test_check_file_equals_the_json_of_the_command_line(cli, root):
    for lenient in (False, True):
        flags = ["--lenient"] if lenient else []
        expected = cli(*flags, root / TOUR)
        found = [r.to_dict() for r in fenkit.check_file(root / TOUR, lenient=lenient)]
        assert found == expected


def test_parse_diagnostics_equal_the_json_of_the_same_records(cli, root, tmp_path):
    records = [
        line
        for line in (root / TOUR).read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith(("#", "%"))
    ]
    # Non-ASCII records: the JSON's character and UTF-16 columns.
    records += ["é😀 8/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1 ½", "W:W31-50:B1-20 ö"]
    path = tmp_path / "records.txt"
    path.write_text("\n".join(records) + "\n", encoding="utf-8")
    expected = cli(path)
    assert len(expected) == len(records)
    for number, (record, line) in enumerate(zip(records, expected), start=1):
        result = fenkit.parse(record)
        mine = result.to_dict()
        for diagnostic in mine["diagnostics"]:
            for part in diagnostic["labels"] + diagnostic.get("fix", {}).get("edits", []):
                part["line"] = number
        mine["source"] = line["source"]
        mine["line"] = number
        assert mine == line, record
        assert [d.to_dict()["code"] for d in result.diagnostics] == [
            d["code"] for d in line["diagnostics"]
        ]


def test_spans_are_characters_on_non_ascii_input():
    record = "8/8/8/8/8/8/8/k1Ké😀 x - - 0 1"
    result = fenkit.parse(record, "fen", validate=False)
    for diagnostic in result.diagnostics:
        for label in diagnostic.labels:
            data = record.encode()
            assert record[label.start:label.end] == data[label.offset:label.offset + label.length].decode()
            assert label.column == label.start + 1
    side = [d for d in result.diagnostics if d.code == "fenkit::fen::invalid_side_to_move"]
    start, end = side[0].span
    assert record[start:end] == "x"


def test_rendered_reports_equal_the_command_lines(cli, root, tmp_path):
    record = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPPP/RNBQKBNR x KQkq e4 0 1"
    path = tmp_path / "one.fen"
    path.write_text(record + "\n", encoding="utf-8")
    shown = cli.human(path)
    (result,) = list(fenkit.check_file(path))
    assert str(result)
    assert shown.startswith(str(result)), (shown, str(result))
