#!/usr/bin/env bash
# Neovim's built-in LSP client against `fenkit lsp`, set up by the very block docs/editors.md
# shows (extracted by tests/editors/block.py and loaded as the init file, with `fenkit` on PATH):
# - on examples/tour.txt (and on tests/nvim/wide.fen, whose `é` and `😀` make UTF-16, character
#   and byte columns differ), the diagnostics Neovim holds must be those of `fenkit check
#   --format json` (count, codes, lines, columns);
# - on the chess game file tests/nvim/games.pgn they must be those of
#   tests/nvim/games.expected.json, which cli/tests/suite/lsp.rs holds to `fenkit::pgn`;
# - on tests/editors/sample.fen and sample.pgn, opened by name (the block picks their file
#   type), tests/editors/verify.py checks the diagnostic, its quick fix and the board on hover.
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
fenkit="$(realpath "${FENKIT:-target/release/fenkit}")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
ln -s "$fenkit" "$work/bin/fenkit"
export PATH="$work/bin:$PATH"
python3 tests/editors/block.py Neovim lua > "$work/init.lua"
nvim_check() {
  # An error in the block or the check ends Neovim with an error status, not a hang.
  timeout 120 nvim --headless -i NONE -u "$work/init.lua" -c 'lua
    local ok, problem = pcall(dofile, "tests/nvim/check.lua")
    if not ok then io.stderr:write("check.lua: " .. tostring(problem) .. "\n") vim.cmd("cquit 1") end'
}
nvim --version | head -n 1
for document in examples/tour.txt tests/nvim/wide.fen; do
  echo "$document:"
  DOCUMENT="$document" FILETYPE=fen OUT="$work/nvim.json" nvim_check
  # Both files hold invalid records on purpose: exit 1 is the expected verdict.
  status=0
  fenkit check --format json "$document" > "$work/cli.json" || status=$?
  [ "$status" -eq 1 ] || { echo "fenkit check exited $status, expected 1" >&2; exit 1; }
  python3 tests/nvim/compare.py "$work/nvim.json" "$work/cli.json"
done
echo "tests/nvim/games.pgn:"
DOCUMENT=tests/nvim/games.pgn FILETYPE=pgn OUT="$work/nvim.json" nvim_check
python3 tests/nvim/compare.py "$work/nvim.json" tests/nvim/games.expected.json
# The valid record is on line 1 of sample.fen and 3 of sample.pgn, the fixable one on 2 and 9.
for document in tests/editors/sample.fen:1:2 tests/editors/sample.pgn:3:9; do
  IFS=: read -r path hover action <<< "$document"
  DOCUMENT="$path" HOVER_LINE="$hover" ACTION_LINE="$action" OUT="$work/nvim.json" \
    EDITOR_OUT="$work/editor.json" nvim_check
  python3 tests/editors/verify.py Neovim "$work/editor.json" "$path"
done
