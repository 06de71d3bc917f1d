#!/usr/bin/env bash
# The package's tests as its users get it: `npm pack` in web/pkg (built by web/build.sh), the
# tarball installed into a fresh folder, and node's test runner on web/tests/*.test.mjs there.
# FENKIT is the command the answers are compared with (default: the release build).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
[ -f web/pkg/fenkit.wasm ] || { echo "web/pkg is not built: run web/build.sh first" >&2; exit 1; }
fenkit=${FENKIT:-$root/target/release/fenkit}
# The tests run in another folder: a relative path is the checkout's.
case "$fenkit" in /*) ;; *) fenkit=$root/$fenkit ;; esac
[ -x "$fenkit" ] || { echo "no fenkit command at $fenkit: cargo build --release -p fenkit-cli" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd web/pkg && npm pack --silent --pack-destination "$work" >/dev/null)
mkdir "$work/app"
printf '{"name":"app","private":true,"type":"module"}\n' > "$work/app/package.json"
(cd "$work/app" && npm install --silent --no-audit --no-fund --offline "$work"/fenkit-*.tgz)
cp web/tests/*.test.mjs "$work/app/"
cd "$work/app"
FENKIT_ROOT=$root FENKIT=$fenkit node --test ./*.test.mjs
