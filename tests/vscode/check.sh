#!/usr/bin/env bash
# The VS Code extension of editors/vscode: its dependencies installed with npm, packaged as a
# .vsix with @vscode/vsce (target/vscode/fenkit.vsix, which must hold the extension and the
# language client), and its setup run against `fenkit lsp` on tests/editors/sample.fen and
# sample.pgn (editors/vscode/test/check.js: the language ids of package.json, the server as
# extension.js starts it), checked by tests/editors/verify.py. VS Code itself is not run.
# Without node and npm it skips, except in CI (CI=true), where it fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  if [ "${CI:-}" = true ]; then
    echo "node and npm are not installed, and CI=true: the VS Code check must run in CI" >&2
    exit 1
  fi
  echo "SKIPPED: the VS Code extension check (node and npm are not installed)"
  exit 0
fi
# FENKIT names a built binary; without it, the release build is brought up to date.
if [ -z "${FENKIT:-}" ]; then
  cargo build --release --bin fenkit
fi
fenkit="$(realpath "${FENKIT:-target/release/fenkit}")"
root="$PWD"
mkdir -p target/vscode
(
  cd editors/vscode
  npm install --no-audit --no-fund --loglevel=error
  npx vsce package --skip-license --allow-missing-repository --out "$root/target/vscode/fenkit.vsix" \
    | tail -n 1
)
python3 - "$root/target/vscode/fenkit.vsix" <<'PY'
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
needed = ["extension/extension.js", "extension/package.json",
          "extension/node_modules/vscode-languageclient/node.js"]
missing = [name for name in needed if name not in names]
if missing:
    sys.exit(f"{sys.argv[1]} lacks {missing}")
print(f"{sys.argv[1]}: {len(names)} files, the extension and its language client")
PY
# The valid record is on line 1 of sample.fen and 3 of sample.pgn, the fixable one on 2 and 9.
for document in tests/editors/sample.fen:1:2 tests/editors/sample.pgn:3:9; do
  IFS=: read -r path hover action <<< "$document"
  (cd editors/vscode && FENKIT="$fenkit" DOCUMENT="$root/$path" HOVER_LINE="$hover" \
    ACTION_LINE="$action" EDITOR_OUT="$root/target/vscode/editor.json" timeout 60 node test/check.js)
  python3 tests/editors/verify.py "The VS Code extension's setup" target/vscode/editor.json "$path"
done
