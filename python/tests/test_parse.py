"""`fenkit.parse`: each notation's good and bad records, typed values, options and errors."""

import pytest

import fenkit

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def codes(result):
    return [diagnostic.code for diagnostic in result.diagnostics]


def test_a_valid_fen_has_its_typed_value():
    result = fenkit.parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    assert result.valid and result.notation == "fen" and result.diagnostics == []
    assert result.canonical == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    position = result.value
    assert isinstance(position, fenkit.ChessPosition)
    assert position.side_to_move == "b"
    assert position.castling == "KQkq"
    assert position.en_passant == "e3"
    assert (position.halfmove_clock, position.fullmove_number) == (0, 1)
    assert position.pieces["e1"] == "K" and position.pieces["e4"] == "P"
    assert "e2" not in position.pieces and len(position.pieces) == 32
    assert position.operations == []


def test_every_problem_of_a_fen_is_reported_with_its_place():
    record = "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR x KQkq e4 0 1"
    result = fenkit.parse(record)
    assert not result.valid and result.canonical is None
    assert codes(result) == [
        "fenkit::fen::invalid_digit",
        "fenkit::fen::invalid_side_to_move",
        "fenkit::fen::en_passant_rank",
    ]
    side = result.diagnostics[1]
    assert side.severity == "error"
    assert side.message == "`x` is not a side to move"
    assert side.help.startswith("write `w`")
    assert side.span == (44, 45) and record[44:45] == "x"
    (label,) = side.labels
    assert (label.offset, label.length, label.start, label.end) == (44, 1, 44, 45)
    assert (label.column, label.end_column, label.line) == (45, 46, 1)
    assert label.text == "expected `w` or `b`"


def test_legality_is_checked_unless_asked_not_to():
    record = "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1"  # Black in check, White to move
    assert codes(fenkit.parse(record))
    assert fenkit.parse(record).value is not None  # the value is there, with its errors
    assert fenkit.parse(record, validate=False).valid


def test_lenient_dialects_are_warnings():
    record = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  W KQkq - 0 0"
    assert not fenkit.parse(record).valid
    lenient = fenkit.parse(record, lenient=True)
    assert lenient.valid and lenient.warning_count >= 3 and lenient.error_count == 0
    assert {d.severity for d in lenient.diagnostics} == {"warning"}
    assert lenient.canonical == START


def test_a_fix_is_edits_with_their_applicability():
    result = fenkit.parse("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2", "epd")
    fixes = [d.fix for d in result.diagnostics if d.fix is not None]
    assert fixes, codes(result)
    fix = fixes[0]
    assert fix.applicability in ("safe", "guess")
    edit = fix.edits[0]
    assert isinstance(edit.text, str) and edit.start <= edit.end


def test_epd_operations_are_typed():
    result = fenkit.parse('1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";')
    assert result.valid and result.notation == "epd"
    position = result.value
    assert position.operations == [("bm", ["Qd1+"]), ("id", ["BK.01"])]
    assert position.operation("id") == ["BK.01"] and position.operation("ce") is None
    assert position.halfmove_clock is None


def test_draughts_pieces_and_boards():
    result = fenkit.parse("W:W31-50:B1-20")
    assert result.valid and result.notation == "pdn"
    position = result.value
    assert isinstance(position, fenkit.DraughtsPosition)
    assert (position.board, position.game_type, position.turn) == ("international", 20, "W")
    assert position.white_men == [str(n) for n in range(31, 51)]
    assert position.black_kings == []
    english = "B:B1-12:W21-33"
    assert codes(fenkit.parse(english, board="english")) == ["fenkit::pdn::square_out_of_range"]
    assert codes(fenkit.parse(english, board=21)) == codes(fenkit.parse(english, board="english"))
    assert fenkit.parse('[FEN "W:Wa1,c1:Bh8"]').value.white_men == ["a1", "c1"]


def test_feen_fields():
    result = fenkit.parse("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL / SHOGI/shogi")
    assert result.valid and result.notation == "feen"
    position = result.value
    assert isinstance(position, fenkit.FeenPosition)
    assert (position.hands, position.style_turn) == ("/", "SHOGI/shogi")
    assert (position.side_to_move, position.active_style) == ("first", "SHOGI")


def test_the_notation_can_be_given():
    assert fenkit.parse(START, "fen").notation == "fen"
    assert fenkit.parse("8/8/8/8/8/8/8/8 w - -", "fen").notation == "fen"
    assert fenkit.parse("8/8/8/8/8/8/8/8 w - -").notation == "epd"


def test_castling_is_standard_unless_chess960_is_asked_for():
    chess960 = "r3k1r1/8/8/8/8/8/8/R3KR2 w KQkq - 0 1"
    assert "fenkit::fen::castling_not_standard" in codes(fenkit.parse(chess960))
    assert "fenkit::fen::castling_not_standard" in codes(fenkit.parse(chess960, variant="standard"))
    assert fenkit.parse(chess960, variant="chess960").valid
    assert fenkit.parse(chess960, castling="chess960").valid
    # The right `q` with the black king castled on g8: python-chess's BAD_CASTLING_RIGHTS.
    assert not fenkit.parse("r5k1/8/8/8/8/8/8/4K3 w q - 0 1")
    assert set(fenkit.variants()) >= {"chess", "chess960", "crazyhouse", "horde", "racing-kings"}


def test_a_variant_judges_by_its_rules_and_types_its_additions():
    horde = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
    assert not fenkit.parse(horde).valid
    assert fenkit.parse(horde, variant="horde").valid
    zh = fenkit.parse("r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1/NNNrp b - - 39 20", variant="crazyhouse")
    assert zh.valid and zh.value.pockets == "NNNpr"
    assert zh.canonical == "r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1[NNNpr] b - - 39 20"
    three = fenkit.parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2", variant="3check")
    assert three.valid and three.value.remaining_checks == (2, 1)
    assert codes(fenkit.parse("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "fen")) == [
        "fenkit::fen::other_game"
    ]


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"notation": "xfen"}, ["auto", "fen", "epd", "pdn", "feen"]),
        ({"variant": "xiangqi"}, ["chess", "chess960", "crazyhouse", "racing-kings"]),
        ({"board": "chinese"}, ["international", "english", "russian"]),
        ({"board": 99}, ["international"]),
    ],
)
def test_bad_arguments_are_value_errors_listing_the_choices(arguments, words):
    with pytest.raises(ValueError) as error:
        fenkit.parse(START, **arguments)
    for word in words:
        assert word in str(error.value)


def test_a_record_must_be_text():
    with pytest.raises(TypeError):
        fenkit.parse(42)


def test_bytes_are_read_and_indexed_in_bytes():
    record = "é 8/8 w - - 0 1".encode()
    result = fenkit.parse(record, "fen")
    assert result.text == record
    for diagnostic in result.diagnostics:
        for label in diagnostic.labels:
            assert (label.start, label.end) == (label.offset, label.offset + label.length)


def test_explain():
    explanation = fenkit.explain("rank_too_long")
    assert explanation.code == "fenkit::fen::rank_too_long"
    assert explanation.wrong and explanation.right and explanation.summary
    assert fenkit.explain("fenkit::fen::rank_too_long").code == explanation.code
    assert str(explanation).startswith("fenkit::fen::rank_too_long: ")
    assert codes(fenkit.parse(explanation.wrong)) and fenkit.parse(explanation.right).valid
    with pytest.raises(ValueError):
        fenkit.explain("no_such_code")
    assert "fenkit::fen::rank_too_long" in fenkit.codes()


def test_reprs_and_rendering():
    result = fenkit.parse("8/8/8/8/8/8/8/k1K5 x - - 0 1")
    assert "invalid" in repr(result) and "fen" in repr(result)
    diagnostic = result.diagnostics[0]
    shown = str(diagnostic)
    assert shown.startswith("fenkit::fen::invalid_side_to_move")
    assert "<string>:1:20" in shown and "\x1b[" not in shown
    assert "\x1b[" in diagnostic.render(color=True)
    assert str(result).startswith(shown)
    assert str(fenkit.parse(START)) == ""
