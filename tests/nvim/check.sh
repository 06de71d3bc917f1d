#!/usr/bin/env bash
# Neovim's built-in LSP client against `fenkit lsp` on examples/tour.txt (and on
# tests/nvim/wide.fen, whose `é` and `😀` make UTF-16, character and byte columns differ): the
# diagnostics Neovim holds must be those of `fenkit check --format json` (count, codes, lines,
# columns). On the chess game file tests/nvim/games.pgn (opened as filetype `pgn`) they must be
# those of tests/nvim/games.expected.json, which cli/tests/suite/lsp.rs holds to `fenkit::pgn`.
# Without nvim it skips, except in CI (CI=true), where it fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v nvim >/dev/null 2>&1; then
  if [ "${CI:-}" = true ]; then
    echo "nvim is not installed, and CI=true: the Neovim check must run in CI" >&2
    exit 1
  fi
  echo "SKIPPED: the Neovim check (nvim is not installed; apt-get install neovim)"
  exit 0
fi
# FENKIT names a built binary; without it, the release build is brought up to date.
if [ -z "${FENKIT:-}" ]; then
  cargo build --release --bin fenkit
fi
fenkit="${FENKIT:-target/release/fenkit}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for document in examples/tour.txt tests/nvim/wide.fen; do
  echo "$document:"
  FENKIT="$fenkit" DOCUMENT="$document" FILETYPE=fen OUT="$work/nvim.json" \
    timeout 120 nvim --headless --clean -u tests/nvim/check.lua
  # Both files hold invalid records on purpose: exit 1 is the expected verdict.
  status=0
  "$fenkit" check --format json "$document" > "$work/cli.json" || status=$?
  [ "$status" -eq 1 ] || { echo "fenkit check exited $status, expected 1" >&2; exit 1; }
  python3 tests/nvim/compare.py "$work/nvim.json" "$work/cli.json"
done
echo "tests/nvim/games.pgn:"
FENKIT="$fenkit" DOCUMENT=tests/nvim/games.pgn FILETYPE=pgn OUT="$work/nvim.json" \
  timeout 120 nvim --headless --clean -u tests/nvim/check.lua
python3 tests/nvim/compare.py "$work/nvim.json" tests/nvim/games.expected.json
