#!/usr/bin/env bash
# The playground's test in headless Chromium: Debian's chromium (installed here with apt-get
# when missing and we may), driven by playwright-core from this folder's npm lock (it never
# downloads a browser). Needs web/pkg (web/build.sh). Screenshots: target/web/*.png.
set -euo pipefail
cd "$(dirname "$0")"
[ -f ../../pkg/fenkit.wasm ] || { echo "web/pkg is not built: run web/build.sh first" >&2; exit 1; }
if ! command -v "${CHROMIUM:-/usr/bin/chromium}" >/dev/null 2>&1; then
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo -n)
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if [ ! -d node_modules/playwright-core ]; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --silent --no-audit --no-fund
fi
node --test playground.test.mjs
