"""The README's and the guide's Python examples, run as they are written."""

import re

import pytest


def python_blocks(path):
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("document", ["README.md", "docs/python.md", "python/README.md"])
def test_examples_run(root, document, monkeypatch):
    blocks = python_blocks(root / document)
    assert blocks, f"{document} has no Python example"
    monkeypatch.chdir(root)
    for block in blocks:
        exec(compile(block, document, "exec"), {"__name__": "__example__"})
