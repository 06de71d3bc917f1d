"""fenkit's verdicts against python-chess's `status()` on positions of every variant.

Random games of each variant are played with python-chess and their positions mutated (a piece
added or removed, a king moved, the side to move swapped, castling rights given); each position
is read back from its FEN by python-chess and by fenkit. fenkit never accepts a position that
python-chess rejects. Where fenkit is stricter, it is for a documented reason (docs/notations.md,
"Chess variants"), listed in STRICTER below.

python-chess is a test dependency (`pip install chess`); without it the test is skipped, and it
fails under CI=true.
"""

import os
import random

import pytest

import fenkit

try:
    import chess
    import chess.variant
except ImportError:  # pragma: no cover - depends on the environment
    chess = None

BOARDS = {
    "chess": "Board",
    "atomic": "AtomicBoard",
    "antichess": "AntichessBoard",
    "horde": "HordeBoard",
    "racing-kings": "RacingKingsBoard",
    "king-of-the-hill": "KingOfTheHillBoard",
    "three-check": "ThreeCheckBoard",
    "crazyhouse": "CrazyhouseBoard",
}

# Codes with which fenkit refuses a position python-chess accepts, and why fenkit is right:
STRICTER = {
    # lichess's antichess has no castling (shakmaty agrees); python-chess keeps the rights.
    "fenkit::variant::no_castling",
    # More pieces on the board and in the pockets than a crazyhouse game has (shakmaty agrees).
    "fenkit::variant::too_much_material",
    # A double check no move can produce (shakmaty's IMPOSSIBLE_CHECK).
    "fenkit::fen::impossible_check",
    # Atomic: with both kings on the board and apart, no legal move leaves the mover's own king
    # attacked (shakmaty agrees).
    "fenkit::fen::opposite_check",
    # Horde: Black plays chess, with one king and a castling right only with its king at home.
    "fenkit::fen::too_many_kings",
    "fenkit::fen::castling_without_king",
}


def _board(variant):
    return getattr(chess if variant == "chess" else chess.variant, BOARDS[variant])


def _mutated(board, rng):
    board = board.copy(stack=False)
    kind = rng.randrange(5)
    if kind == 0:
        board.remove_piece_at(rng.randrange(64))
    elif kind == 1:
        board.set_piece_at(rng.randrange(64), chess.Piece.from_symbol(rng.choice("PNBRQKpnbrqk")))
    elif kind == 2:
        board.turn = not board.turn
    elif kind == 3:
        for color in (chess.WHITE, chess.BLACK):
            king = board.king(color)
            if king is not None and rng.random() < 0.5:
                board.remove_piece_at(king)
                board.set_piece_at(rng.randrange(64), chess.Piece(chess.KING, color))
    else:
        board.castling_rights = rng.choice(
            [chess.BB_CORNERS, chess.BB_H1, chess.BB_A8, chess.BB_H8 | chess.BB_A1]
        )
    return board


def _positions(variant, rng, games=25):
    cls = _board(variant)
    for _ in range(games):
        board = cls()
        for _ in range(rng.randrange(80)):
            moves = list(board.legal_moves)
            if not moves or board.is_variant_end():
                break
            board.push(rng.choice(moves))
            if rng.random() < 0.15:
                yield _mutated(board, rng).fen()
        yield board.fen()


@pytest.mark.parametrize("variant", sorted(BOARDS))
def test_fenkit_accepts_nothing_python_chess_rejects(variant):
    if chess is None:
        if os.environ.get("CI") == "true":
            pytest.fail("python-chess is missing: pip install chess")
        pytest.skip("python-chess is missing: pip install chess")
    rng = random.Random(f"fenkit-{variant}")
    checked = 0
    for fen in _positions(variant, rng):
        theirs = _board(variant)(fen).status() == chess.STATUS_VALID
        result = fenkit.parse(fen, variant=variant)
        codes = {d.code for d in result.diagnostics if d.severity == "error"}
        checked += 1
        if result.valid:
            assert theirs, f"{variant}: fenkit accepts {fen}, python-chess rejects it"
        elif theirs:
            assert codes <= STRICTER, f"{variant}: {fen}: fenkit {sorted(codes)}"
    assert checked > 100


def test_standard_castling_is_the_default_as_in_python_chess():
    if chess is None:
        pytest.skip("python-chess is missing: pip install chess")
    for fen in ["r5k1/8/8/8/8/8/8/4K3 w q - 0 1", "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1"]:
        assert chess.Board(fen).status() & chess.STATUS_BAD_CASTLING_RIGHTS
        result = fenkit.parse(fen)
        assert not result.valid
        assert result.diagnostics[0].code == "fenkit::fen::castling_not_standard"
    # Chess960 when asked, as python-chess's chess960=True.
    chess960 = "bbqnrkrn/pppppppp/8/8/8/8/PPPPPPPP/BBQNRKRN w KQkq - 0 1"
    assert chess.Board(chess960, chess960=True).status() == chess.STATUS_VALID
    assert fenkit.parse(chess960, variant="chess960").valid
    # An antichess board with no piece is python-chess's EMPTY.
    empty = "8/8/8/8/8/8/8/8 w - - 0 70"
    assert chess.variant.AntichessBoard(empty).status() & chess.STATUS_EMPTY
    assert [d.code for d in fenkit.parse(empty, variant="antichess").diagnostics] == [
        "fenkit::variant::empty_board"
    ]
