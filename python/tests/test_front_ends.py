"""Every front end reads a file's records by the one rule of `fenkit::records`: the command
line (`fenkit check --format json`), Python's `check_file` and the language server (`fenkit
lsp`) give the same records, notations, codes and spans for the files of `tests/front-ends`
(a byte order mark, CRLF and lone CR line ends, comments, lines over the maximum record length
in a file of records and inside a game's tag section, a FEN tag that waits for the end of its
tags, a stray line, an unclosed comment). The npm package's side is `web/tests/cli.test.mjs`."""

import json
import subprocess

import fenkit
import pytest

from conftest import cli_path

FILES = ["records.txt", "games.pgn"]

# Low enough that each file has lines over it.
MAX = 80

TOO_LONG = "fenkit::input::record_too_long"


def without_help_of_too_long(records):
    """The records without the help of `record_too_long`, which names each front end's option."""
    for record in records:
        for diagnostic in record["diagnostics"]:
            if diagnostic["code"] == TOO_LONG:
                diagnostic.pop("help", None)
    return records


@pytest.mark.parametrize("name", FILES)
def test_check_file_gives_the_records_of_the_command_line(cli, root, name):
    path = root / "tests" / "front-ends" / name
    expected = without_help_of_too_long(cli("--max-record-bytes", MAX, path))
    found = without_help_of_too_long([r.to_dict() for r in fenkit.check_file(path, max_record_bytes=MAX)])
    assert found == expected
    codes = [d["code"] for record in expected for d in record["diagnostics"]]
    assert TOO_LONG in codes, codes
    lines = [record["line"] for record in expected]
    assert lines == sorted(lines), "records in the order of their lines"


class Server:
    """`fenkit lsp` over pipes: JSON-RPC messages framed by `Content-Length`."""

    def __init__(self, *arguments):
        self.process = subprocess.Popen(
            [str(cli_path()), "lsp", *map(str, arguments)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.next_id = 1

    def send(self, message):
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            assert line, "the server closed its output"
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        ident = self.next_id
        self.next_id += 1
        self.send({"id": ident, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == ident:
                return message

    def diagnostics(self, uri, language, text):
        self.send(
            {
                "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}},
            }
        )
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]

    def close(self):
        self.request("shutdown", None)
        self.send({"method": "exit"})
        self.process.wait(timeout=10)


def places_of_cli(records):
    """Each diagnostic of the command line's records: 0-based line, code, and its primary
    label's start and end in UTF-16 columns (0-based), as LSP counts them."""
    places = []
    for record in records:
        for diagnostic in record["diagnostics"]:
            label = diagnostic["labels"][0]
            places.append(
                (record["line"] - 1, diagnostic["code"], label["column_utf16"] - 1, label["end_column_utf16"] - 1)
            )
    return sorted(places)


def places_of_lsp(diagnostics):
    places = []
    for diagnostic in diagnostics:
        start, end = diagnostic["range"]["start"], diagnostic["range"]["end"]
        assert start["line"] == end["line"], diagnostic
        places.append((start["line"], diagnostic["code"], start["character"], end["character"]))
    return sorted(places)


@pytest.mark.parametrize("name", FILES)
def test_the_language_server_gives_the_diagnostics_of_the_command_line(cli, root, name):
    if not cli_path().exists():
        pytest.skip(f"{cli_path()} is missing")
    path = root / "tests" / "front-ends" / name
    expected = places_of_cli(cli("--max-record-bytes", MAX, path))
    # An editor shows the text without its byte order mark, and sends it so.
    text = path.read_bytes().decode("utf-8").removeprefix("\ufeff")
    server = Server("--max-record-bytes", MAX)
    try:
        server.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        server.send({"method": "initialized", "params": {}})
        language = "pgn" if name.endswith(".pgn") else "fen"
        found = places_of_lsp(server.diagnostics(path.as_uri(), language, text))
    finally:
        server.close()
    assert found == expected
    assert any(code == TOO_LONG for _, code, _, _ in found)


def notation_names():
    """The names Python's unknown-notation message lists (the library's table, with `auto`)."""
    with pytest.raises(ValueError) as raised:
        fenkit.parse("8/8/8/8/8/8/8/k1K5 w - - 0 1", notation="no-such-notation")
    listed = str(raised.value).split("use one of ", 1)[1]
    return [name.strip() for name in listed.split(",")]


def test_every_notation_python_names_is_read_by_python_and_the_command_line(cli, tmp_path):
    names = notation_names()
    assert {"auto", "fen", "epd", "feen", "pdn"} <= set(names), names
    path = tmp_path / "record.txt"
    path.write_text("8/8/8/8/8/8/8/k1K5 w - - 0 1\n")
    for name in names:
        fenkit.parse("8/8/8/8/8/8/8/k1K5 w - - 0 1", notation=name)
        assert len(cli("--notation", name, path)) == 1, name
