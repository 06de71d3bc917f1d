"""fenkit: FEN-family position notations with compiler-quality diagnostics.

Chess FEN, EPD, draughts FEN and PDN, Sashité FEEN, and the FEN tags of PGN files: every
problem of a record is reported with a stable code, where it is (in bytes and in characters),
a help that says the fix, and the fix itself as edits.

>>> import fenkit
>>> result = fenkit.parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")
>>> bool(result)
False
>>> result.diagnostics[0].code
'fenkit::fen::invalid_side_to_move'
>>> fenkit.parse_position("8/8/8/8/8/8/8/k1K5 w - - 0 1")
ChessPosition('8/8/8/8/8/8/8/k1K5 w - - 0 1')
"""

from ._fenkit import (
    ChessPosition,
    Diagnostic,
    DraughtsPosition,
    Edit,
    Explanation,
    FeenPosition,
    FileChecker,
    Fix,
    Label,
    ParseError,
    ParseResult,
    __version__,
    boards,
    check_file,
    check_many,
    codes,
    explain,
    parse,
    parse_position,
    variants,
)

__all__ = [
    "ChessPosition",
    "Diagnostic",
    "DraughtsPosition",
    "Edit",
    "Explanation",
    "FeenPosition",
    "FileChecker",
    "Fix",
    "Label",
    "ParseError",
    "ParseResult",
    "__version__",
    "boards",
    "check_file",
    "check_many",
    "codes",
    "explain",
    "parse",
    "parse_position",
    "variants",
]
