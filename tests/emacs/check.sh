#!/usr/bin/env bash
# Emacs (eglot) against `fenkit lsp`, set up by the very block docs/editors.md shows (extracted
# by tests/editors/block.py and loaded as the init file would be, with `fenkit` on PATH): on
# tests/editors/sample.fen and sample.pgn, the diagnostic, its quick fix and the board on hover
# (tests/editors/verify.py). Needs Emacs 28+ with eglot (Debian 12: emacs-nox, elpa-eglot).
# Without emacs it skips, except in CI (CI=true), where it fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v emacs >/dev/null 2>&1; then
  if [ "${CI:-}" = true ]; then
    echo "emacs is not installed, and CI=true: the Emacs check must run in CI" >&2
    exit 1
  fi
  echo "SKIPPED: the Emacs check (emacs is not installed; apt-get install emacs-nox elpa-eglot)"
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
python3 tests/editors/block.py Emacs elisp > "$work/init.el"
emacs --version | head -n 1
# The valid record is on line 1 of sample.fen and 3 of sample.pgn, the fixable one on 2 and 9.
for document in tests/editors/sample.fen:1:2 tests/editors/sample.pgn:3:9; do
  IFS=: read -r path hover action <<< "$document"
  # package-initialize: what an interactive Emacs does before init.el (eglot from ELPA).
  DOCUMENT="$path" HOVER_LINE="$hover" ACTION_LINE="$action" EDITOR_OUT="$work/editor.json" \
    timeout 120 emacs --batch -f package-initialize -l "$work/init.el" -l tests/emacs/check.el
  python3 tests/editors/verify.py Emacs "$work/editor.json" "$path"
done
