"""Type stubs of the compiled module `fenkit._fenkit` (re-exported by `fenkit`)."""

from __future__ import annotations

import os
from typing import Iterable, Iterator, Literal, Optional, Union

__version__: str

Notation = Literal["fen", "epd", "pdn", "feen"]
NotationArg = Literal["auto", "fen", "epd", "pdn", "feen"]
FileNotationArg = Literal["auto", "fen", "epd", "pdn", "feen", "pgn"]
Text = Union[str, bytes]

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

class Fix:
    """The fix of a diagnostic: edits to apply together."""

    @property
    def applicability(self) -> Literal["safe", "guess"]:
        """`"safe"` (what `fenkit fix` applies) or `"guess"` (to be confirmed by a person)."""
    @property
    def edits(self) -> list[Edit]:
        """The edits, in the order of their spans."""

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

class FeenPosition:
    """A FEEN position: placement, pieces in hand, style-turn."""

    placement: str
    hands: str
    style_turn: str
    side_to_move: Literal["first", "second"]
    active_style: str
    inactive_style: str

Position = Union[ChessPosition, DraughtsPosition, FeenPosition]

class ParseResult:
    """The result of reading one record. `str()` is every report, as the command line prints."""

    @property
    def valid(self) -> bool:
        """No error (warnings allowed)."""
    @property
    def notation(self) -> Notation:
        """The notation the record was read as."""
    @property
    def canonical(self) -> Optional[str]:
        """The canonical text of a valid record."""
    @property
    def value(self) -> Optional[Position]:
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
    def omitted(self) -> int:
        """Diagnostics the cap of 32 per record left out."""
    @property
    def text(self) -> Text:
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

class FileChecker(Iterator[ParseResult]):
    """The results of a file's records, in file order."""

    def __iter__(self) -> FileChecker: ...
    def __next__(self) -> ParseResult: ...

class Explanation:
    """The explanation of a diagnostic code. `str()` is the code, summary and text."""

    code: str
    summary: str
    text: Optional[str]
    wrong: Optional[str]
    right: Optional[str]
    url: str

def parse(
    text: Text,
    notation: NotationArg = "auto",
    *,
    lenient: bool = False,
    validate: bool = True,
    variant: Optional[str] = None,
    board: Union[str, int, None] = None,
) -> ParseResult:
    """Parse one record: verdict, canonical text, typed value, every diagnostic."""

def check_many(
    records: Iterable[Text],
    notation: NotationArg = "auto",
    *,
    lenient: bool = False,
    validate: bool = True,
    variant: Optional[str] = None,
    board: Union[str, int, None] = None,
    threads: Optional[int] = None,
) -> list[ParseResult]:
    """Parse many records on every core, the GIL released; results in input order."""

def check_file(
    path: Union[str, os.PathLike[str]],
    notation: FileNotationArg = "auto",
    *,
    lenient: bool = False,
    validate: bool = True,
    variant: Optional[str] = None,
    board: Union[str, int, None] = None,
    threads: Optional[int] = None,
    max_record_bytes: int = 65536,
) -> FileChecker:
    """Check every record of a file (records, or PGN/PDN games) in bounded memory."""

def explain(code: str) -> Explanation:
    """The explanation of a diagnostic code (full, or its last part)."""

def codes() -> list[str]:
    """Every diagnostic code fenkit reports."""

def variants() -> list[str]:
    """The names `variant=` accepts."""

def boards() -> list[str]:
    """The names `board=` accepts (a PDN GameType number is accepted too)."""
