#!/usr/bin/env bash
# Builds the npm package `fenkit` into web/pkg/: the WebAssembly module (web/src, the library
# behind a few exported functions), the JavaScript around it and its TypeScript declarations
# (web/js), a README and the licences. Then `cd web/pkg && npm pack` gives the tarball.
#
# The module is built for wasm32-unknown-unknown by the first route that works:
#   1. rustup's standard library for the target (`rustup target add wasm32-unknown-unknown`);
#   2. Debian's Rust with its source (packages rustc-web cargo-web rust-web-src lld-16): the
#      standard library built from source (`-Zbuild-std`, `RUSTC_BOOTSTRAP=1`), linked by
#      wasm-ld-16. Installed here with apt-get when they are missing and we may.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
target=wasm32-unknown-unknown
out=web/pkg
# The release profile, tuned without touching the workspace's: the library, where the time
# goes, optimised for speed (level 2: level 3 is no faster here and 5 % larger); everything
# else (std, serde, miette) for size.
profile=(--config 'profile.release.lto=true' --config 'profile.release.codegen-units=1'
         --config 'profile.release.panic="abort"' --config 'profile.release.strip=true'
         --config 'profile.release.opt-level="s"' --config 'profile.release.package.fenkit.opt-level=2')

say() { printf 'web/build.sh: %s\n' "$*" >&2; }

# `--library`: build the library alone (its default features) for the target, and stop.
packages=(-p fenkit-web)
[ "${1:-}" = "--library" ] && packages=(-p fenkit)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo -n "$@"; else return 1; fi
}

has_rustup_target() {
  command -v rustup >/dev/null 2>&1 || return 1
  rustup target list --installed 2>/dev/null | grep -qx "$target" && return 0
  rustup target add "$target" >/dev/null 2>&1
}

has_debian_route() {
  [ -x /usr/bin/cargo ] && [ -x /usr/bin/rustc ] && [ -d /usr/lib/rustlib/src/rust/library ] \
    && command -v wasm-ld-16 >/dev/null 2>&1
}

if has_rustup_target; then
  say "building with rustup's $target standard library"
  cargo build --release "${packages[@]}" --target "$target" "${profile[@]}"
else
  if ! has_debian_route; then
    say "no $target standard library: installing Debian's rustc-web cargo-web rust-web-src lld-16"
    { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq rustc-web cargo-web rust-web-src lld-16 >/dev/null; } \
      || { say "cannot install them: run as root, or add the target with rustup"; exit 1; }
  fi
  say "building the standard library from source with Debian's $(/usr/bin/rustc --version)"
  RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc /usr/bin/cargo build --release "${packages[@]}" \
    --target "$target" -Zbuild-std=std,panic_abort \
    --config "target.$target.linker=\"wasm-ld-16\"" "${profile[@]}"
fi

[ "${packages[1]}" = fenkit ] && { say "the library builds for $target"; exit 0; }

rm -rf "$out"
mkdir -p "$out"
cp "target/$target/release/fenkit_web.wasm" "$out/fenkit.wasm"
# The explanations of the codes, written by the library natively: they ship beside the module.
cargo run --quiet --release -p fenkit-web --example explanations > "$out/explanations.json"
cp web/js/index.js web/js/index.d.ts web/js/package.json web/js/README.md "$out/"
cp LICENSE-MIT LICENSE-APACHE "$out/"
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
sed -i "s/\"version\": \"[^\"]*\"/\"version\": \"$version\"/" "$out/package.json"
raw=$(wc -c < "$out/fenkit.wasm")
gzipped=$(gzip -9 -c "$out/fenkit.wasm" | wc -c)
say "wrote $root/$out (fenkit.wasm: $raw bytes, $gzipped gzipped)"
# The promise of the package: the module is at most 300 KB gzipped (the explanations ship
# beside it, as explanations.json).
max_gzipped=300000
if [ "$gzipped" -gt "$max_gzipped" ]; then
  say "fenkit.wasm is $gzipped bytes gzipped, over the $max_gzipped the package promises"
  exit 1
fi
