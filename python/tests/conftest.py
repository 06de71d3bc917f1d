"""Shared fixtures: the repository's files and the `fenkit` command line to compare with."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def cli_path():
    """The `fenkit` command: $FENKIT, else the release build of the workspace."""
    return pathlib.Path(os.environ.get("FENKIT", ROOT / "target" / "release" / "fenkit"))


@pytest.fixture(scope="session")
def cli():
    """Runs `fenkit check --format json` and returns its record objects (summary left out)."""
    path = cli_path()
    if not path.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{path} is missing: build it with `cargo build --release -p fenkit-cli`")
        pytest.skip(f"{path} is missing: build it with `cargo build --release -p fenkit-cli`")

    def run(*arguments):
        done = subprocess.run(
            [str(path), "check", "--format", "json", *map(str, arguments)],
            capture_output=True,
            check=False,
            env={**os.environ, "NO_COLOR": "1", "COLUMNS": "100"},
        )
        assert done.returncode in (0, 1), done.stderr.decode()
        lines = [json.loads(line) for line in done.stdout.decode().splitlines()]
        return [line for line in lines if "summary" not in line]

    def human(*arguments):
        done = subprocess.run(
            [str(path), "check", "--color", "never", *map(str, arguments)],
            capture_output=True,
            check=False,
            env={**os.environ, "COLUMNS": "100"},
        )
        return done.stdout.decode()

    run.human = human
    return run


@pytest.fixture(scope="session")
def root():
    return ROOT
