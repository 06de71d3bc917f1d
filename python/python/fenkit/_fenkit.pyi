"""Type stubs of the compiled module `fenkit._fenkit` (re-exported by `fenkit`)."""

from __future__ import annotations

import os
from typing import Iterable, Iterator, Literal, Optional, Union, final

from typing_extensions import Self, TypeAlias

__version__: str
__all__ = [
    "parse",
    "parse_position",
    "check_many",
    "check_file",
    "explain",
    "codes",
    "variants",
    "boards",
    "_result",
    "_position",
    "_diagnostic",
    "ParseError",
    "ParseResult",
    "Diagnostic",
    "Label",
    "Fix",
    "Edit",
    "ChessPosition",
    "DraughtsPosition",
    "FeenPosition",
    "Explanation",
    "FileChecker",
    "__version__",
]

_Notation: TypeAlias = Literal["fen", "epd", "pdn", "feen"]
_NotationArg: TypeAlias = Literal["auto", "fen", "epd", "pdn", "feen"]
_FileNotationArg: TypeAlias = Literal["auto", "fen", "epd", "pdn", "feen", "pgn"]
_Castling: TypeAlias = Literal["standard", "chess960"]
_Text: TypeAlias = Union[str, bytes]
_Path: TypeAlias = Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]

@final
class Label:
    """A labelled span of a diagnostic.

    `offset`/`length` are bytes of the UTF-8 record (as in the command line's JSON);
    `start`/`end` index the record as given (characters of a `str`, bytes of `bytes`), so
    `text[label.start:label.end]` is the labelled part; `column`/`end_column` count characters
    from 1, `column_utf16`/`end_column_utf16` UTF-16 code units from 1 (LSP).
    """

    @property
    def text(self) -> str:
        """The words under the span (may be empty)."""
    offset: int
    length: int
    start: int
    end: int
    line: int
    column: int
    end_column: int
    column_utf16: int
    end_column_utf16: int

@final
class Edit:
    """One edit of a fix: replace `record[start:end]` with `text`."""

    @property
    def text(self) -> str:
        """The replacement."""
    offset: int
    length: int
    start: int
    end: int
    line: int
    column: int
    end_column: int
    column_utf16: int
    end_column_utf16: int

@final
class Fix:
    """The fix of a diagnostic: edits to apply together."""

    @property
    def applicability(self) -> Literal["safe", "guess"]:
        """`"safe"` (what `fenkit fix` applies) or `"guess"` (to be confirmed by a person)."""
    @property
    def edits(self) -> list[Edit]:
        """The edits, in the order of their spans."""

@final
class Diagnostic:
    """One problem of a record. `str()` is the command line's report, without colour."""

    @property
    def code(self) -> str:
        """The stable code, e.g. `"fenkit::fen::invalid_side_to_move"`."""
    @property
    def severity(self) -> Literal["error", "warning"]:
        """A warning leaves the record valid."""
    @property
    def message(self) -> str:
        """What is wrong, in one sentence."""
    @property
    def help(self) -> Optional[str]:
        """How to fix it."""
    @property
    def labels(self) -> list[Label]:
        """The labelled spans, the primary one first."""
    @property
    def span(self) -> Optional[tuple[int, int]]:
        """`(start, end)` of the primary label in the record as given."""
    @property
    def fix(self) -> Optional[Fix]:
        """The literal change the help states."""
    @property
    def line(self) -> int:
        """The record's 1-based line in its file (1 for a string)."""
    def to_dict(self) -> dict:
        """The object `fenkit check --format json` writes for this diagnostic."""
    def render(self, *, color: bool = False, width: int = 100) -> str:
        """The report as the command line draws it."""
    def __reduce__(self) -> tuple[object, ...]: ...

@final
class ChessPosition:
    """A chess position: a FEN, an EPD record with its operations, or a crazyhouse or
    three-check record with its pockets or check counters."""

    placement: str
    side_to_move: Literal["w", "b"]
    castling: str
    en_passant: Optional[str]
    halfmove_clock: Optional[int]
    fullmove_number: Optional[int]
    pieces: dict[str, str]
    operations: list[tuple[str, list[str]]]
    pockets: Optional[str]
    remaining_checks: Optional[tuple[int, int]]
    def operation(self, opcode: str) -> Optional[list[str]]:
        """The operands of the first EPD operation `opcode`."""
    def __eq__(self, other: object, /) -> bool:
        """Equal positions: the same kind and the same position, clocks included."""
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[object, ...]: ...

@final
class DraughtsPosition:
    """A draughts position: squares as the board writes them (`"31"`, `"a1"`)."""

    board: str
    game_type: int
    turn: Literal["W", "B", "?"]
    white_men: list[str]
    white_kings: list[str]
    black_men: list[str]
    black_kings: list[str]
    halfmove_clock: Optional[int]
    fullmove_number: Optional[int]
    def __eq__(self, other: object, /) -> bool:
        """Equal positions: the same kind and the same position, clocks included."""
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[object, ...]: ...

@final
class FeenPosition:
    """A FEEN position: placement, pieces in hand, style-turn."""

    placement: str
    hands: str
    style_turn: str
    side_to_move: Literal["first", "second"]
    active_style: str
    inactive_style: str
    def __eq__(self, other: object, /) -> bool:
        """Equal positions: the same kind and the same position, clocks included."""
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[object, ...]: ...

_Position: TypeAlias = Union[ChessPosition, DraughtsPosition, FeenPosition]

@final
class ParseResult:
    """The result of reading one record. `str()` is every report, as the command line prints."""

    @property
    def valid(self) -> bool:
        """No error (warnings allowed)."""
    def __bool__(self) -> bool:
        """`valid`."""
    def raise_for_errors(self) -> Self:
        """This result when valid, else `ParseError` with every diagnostic."""
    @property
    def notation(self) -> _Notation:
        """The notation the record was read as."""
    @property
    def canonical(self) -> Optional[str]:
        """The canonical text of a valid record."""
    @property
    def value(self) -> Optional[_Position]:
        """The typed position (present with legality errors too)."""
    @property
    def diagnostics(self) -> list[Diagnostic]:
        """Every diagnostic, in the order of the record."""
    @property
    def error_count(self) -> int:
        """Errors, those left out at the cap included."""
    @property
    def warning_count(self) -> int:
        """Warnings, those left out at the cap included."""
    @property
    def ignored(self) -> int:
        """Diagnostics `select` and `ignore` dropped."""
    @property
    def omitted(self) -> int:
        """Diagnostics the cap of 32 per record left out."""
    @property
    def text(self) -> _Text:
        """The record as read."""
    @property
    def source(self) -> Optional[str]:
        """The file the record came from."""
    @property
    def line(self) -> int:
        """Its 1-based line in the file (1 for a string)."""
    def to_dict(self) -> dict:
        """The object `fenkit check --format json` writes for this record."""
    def render(self, *, color: bool = False, width: int = 100) -> str:
        """Every report as the command line draws it."""
    def __reduce__(self) -> tuple[object, ...]: ...

@final
class FileChecker(Iterator[ParseResult]):
    """The results of a file's records, in file order."""

    def __iter__(self) -> FileChecker: ...
    def __next__(self) -> ParseResult: ...

@final
class Explanation:
    """The explanation of a diagnostic code. `str()` is the code, summary and text."""

    code: str
    summary: str
    text: Optional[str]
    wrong: Optional[str]
    right: Optional[str]
    url: str

class ParseError(ValueError):
    """A record that does not read: `str()` is every report, as `fenkit check` prints them."""

    diagnostics: list[Diagnostic]

def parse(
    text: _Text,
    notation: _NotationArg = "auto",
    *,
    lenient: bool = False,
    validate: bool = True,
    variant: Optional[str] = None,
    castling: Optional[_Castling] = None,
    board: Union[str, int, None] = None,
    max_record_bytes: int = 65536,
    select: Union[str, Iterable[str], None] = None,
    ignore: Union[str, Iterable[str], None] = None,
) -> ParseResult:
    """Parse one record: verdict, canonical text, typed value, every diagnostic."""

def parse_position(
    text: _Text,
    notation: _NotationArg = "auto",
    *,
    lenient: bool = False,
    validate: bool = True,
    variant: Optional[str] = None,
    castling: Optional[_Castling] = None,
    board: Union[str, int, None] = None,
    max_record_bytes: int = 65536,
    select: Union[str, Iterable[str], None] = None,
    ignore: Union[str, Iterable[str], None] = None,
) -> _Position:
    """Parse one record: its typed position, or `ParseError` (a `ValueError`)."""

def check_many(
    records: Iterable[_Text],
    notation: _NotationArg = "auto",
    *,
    lenient: bool = False,
    validate: bool = True,
    variant: Optional[str] = None,
    castling: Optional[_Castling] = None,
    board: Union[str, int, None] = None,
    max_record_bytes: int = 65536,
    select: Union[str, Iterable[str], None] = None,
    ignore: Union[str, Iterable[str], None] = None,
    threads: Optional[int] = None,
) -> list[ParseResult]:
    """Parse many records on every core, the GIL released; results in input order."""

def check_file(
    path: _Path,
    notation: _FileNotationArg = "auto",
    *,
    lenient: bool = False,
    validate: bool = True,
    variant: Optional[str] = None,
    castling: Optional[_Castling] = None,
    board: Union[str, int, None] = None,
    max_record_bytes: int = 65536,
    select: Union[str, Iterable[str], None] = None,
    ignore: Union[str, Iterable[str], None] = None,
    threads: Optional[int] = None,
    field: Optional[str] = None,
) -> FileChecker:
    """Check every record of a file (records, or PGN/PDN games) in bounded memory.

    `field` reads a CSV/TSV column or a JSON Lines key; `.zst` and `.gz` files are read as
    the text they hold."""

def explain(code: str) -> Explanation:
    """The explanation of a diagnostic code (full, or its last part)."""

def codes() -> list[str]:
    """Every diagnostic code fenkit reports."""

def variants() -> list[str]:
    """The names `variant=` accepts."""

def boards() -> list[str]:
    """The names `board=` accepts (a PDN GameType number is accepted too)."""

# Unpickling: each class's `__reduce__` names one of these.
def _result(state: tuple[object, ...]) -> ParseResult: ...
def _position(state: tuple[object, ...]) -> _Position: ...
def _diagnostic(
    json: str, record: bytes, is_bytes: bool, source: Optional[str], line: int
) -> Diagnostic: ...
