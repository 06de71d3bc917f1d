#!/usr/bin/env bash
# The command line's throughput against the library's own speed, as a markdown table.
#
# Usage: benches/cli.sh [COPIES] [RUNS]
# Makes a file of COPIES copies (default 10, about 62 MB) of the corpus's 100k chess FENs in a
# temporary directory, builds the release binary and the `check_in_process` example, and times
# each row RUNS times (default 3), keeping the fastest: `wc -l` (the floor of reading the file), the library in process (detection,
# parse and legality on one core, no I/O), `fenkit check -q` on 1 and 2 threads, `--format json`
# and `fmt`. Compare rows of one run only: a shared machine's runs differ by more than its rows.
set -euo pipefail
cd "$(dirname "$0")/.."

copies=${1:-10}
runs=${2:-3}
corpus=tests/data/chess/generated/random-games-100k.fen
if [ ! -f "$corpus" ]; then
    echo "benches/cli.sh: $corpus not found (it ships with the repository)" >&2
    exit 2
fi

cargo build --release --quiet --bin fenkit --example check_in_process
fenkit=target/release/fenkit
in_process=target/release/examples/check_in_process

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
big=$work/big.fen
for _ in $(seq "$copies"); do cat "$corpus"; done >"$big"
bytes=$(stat -c %s "$big")
records=$(wc -l <"$big")
cat "$big" >/dev/null # into the page cache

# time_row NAME COMMAND...: runs COMMAND RUNS times (stdout discarded) and records the fastest
# time and the largest resident memory.
time_row() {
    local name=$1
    shift
    : >"$work/times"
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || true
        tail -1 "$work/time" >>"$work/times"
    done
    sort -n "$work/times" | awk -v name="$name" '
        NR == 1 { seconds = $1 } $2 > rss { rss = $2 } END { print name, seconds, rss }' >>"$work/rows"
}

time_row "wc -l" wc -l "$big"
library=$(for _ in $(seq "$runs"); do "$in_process" "$big" | cut -d' ' -f1; done | sort -n | head -1)
printf '%s %s %s\n' "library in process, 1 core" "$library" "-" >>"$work/rows"
time_row "check -q -j 1" "$fenkit" check -q -j 1 "$big"
time_row "check -q -j 2" "$fenkit" check -q -j 2 "$big"
time_row "check --format json" "$fenkit" check --format json "$big"
time_row "fmt" "$fenkit" fmt "$big"

echo "$copies copies of random-games-100k.fen: $bytes bytes, $records records, $(nproc) cores"
echo
echo "| what | seconds | ns per record | MB/s | max resident |"
echo "| --- | --- | --- | --- | --- |"
while read -r line; do
    name=${line% * *}
    rest=${line##"$name" }
    seconds=${rest% *}
    rss=${rest#* }
    awk -v name="$name" -v s="$seconds" -v rss="$rss" -v b="$bytes" -v n="$records" 'BEGIN {
        mem = (rss == "-") ? "-" : sprintf("%.1f MB", rss / 1024)
        printf "| %s | %.2f | %.0f | %.0f | %s |\n", name, s, s * 1e9 / n, b / s / 1e6, mem
    }'
done <"$work/rows"

seconds_of() { grep "^$1 [0-9]" "$work/rows" | awk '{print $(NF-1)}'; }
awk -v lib="$library" -v one="$(seconds_of 'check -q -j 1')" -v two="$(seconds_of 'check -q -j 2')" \
    -v json="$(seconds_of 'check --format json')" -v fmt="$(seconds_of 'fmt')" 'BEGIN {
    printf "\ncheck -q on 1 thread: %.2fx the library'"'"'s time (target 1.2x); 2 threads: %.2fx the throughput of 1 (target 1.8x);\n", one / lib, one / two
    printf "json: %.2f and fmt: %.2f of the throughput of check -q (target 0.5)\n", two / json, two / fmt
}'
