#!/usr/bin/env python3
"""The editor setups of docs/editors.md that no editor runs here: Helix's languages.toml and the
VS Code extension's settings.json. Each block must parse; Helix's must run `fenkit lsp` for
every extension the server reads; the VS Code settings must be ones the extension declares
(editors/vscode/package.json), and the extension must declare a language for every extension.

Usage: python3 tests/editors/settings.py
"""
import json
import pathlib
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXTENSIONS = {"fen", "epd", "pgn", "pdn", "feen"}


def block(section, language):
    return subprocess.run(
        [sys.executable, str(ROOT / "tests/editors/block.py"), section, language],
        check=True, capture_output=True, text=True,
    ).stdout


def helix():
    config = tomllib.loads(block("Helix", "toml"))
    server = config["language-server"]["fenkit"]
    assert (server["command"], server["args"]) == ("fenkit", ["lsp"]), server
    served = set()
    for language in config["language"]:
        assert {"name", "scope", "file-types", "language-servers"} <= language.keys(), language
        if "fenkit" in language["language-servers"]:
            served |= set(language["file-types"])
    assert served == EXTENSIONS, f"Helix runs fenkit for {sorted(served)}"
    print("Helix: languages.toml runs `fenkit lsp` for", ", ".join(sorted(served)))


def vscode():
    manifest = json.loads((ROOT / "editors/vscode/package.json").read_text())
    declared = manifest["contributes"]["configuration"]["properties"]
    settings = json.loads(block("VS Code", "json"))
    unknown = set(settings) - set(declared)
    assert not unknown, f"settings the extension does not declare: {sorted(unknown)}"
    languages = {ext.lstrip(".") for entry in manifest["contributes"]["languages"]
                 for ext in entry["extensions"]}
    assert languages == EXTENSIONS, f"the extension declares {sorted(languages)}"
    print("VS Code: settings.json names", ", ".join(sorted(settings)),
          "of the extension, which declares", ", ".join(sorted(languages)))


if __name__ == "__main__":
    helix()
    vscode()
