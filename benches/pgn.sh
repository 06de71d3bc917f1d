#!/usr/bin/env bash
# Reading game files against reading the same FENs as records, as a markdown table.
#
# Usage: benches/pgn.sh [COPIES] [RUNS]
# Makes a PGN file of COPIES copies (default 40, about 10 MB) of the repository's two PGN files
# (1,000 lichess puzzles, each a game with a FEN tag, and chess.js's 100 games of move text),
# and a file of the same FEN tag values one per line, in a temporary directory; builds the
# release binary (or times the one FENKIT names, to compare builds) and times each row RUNS
# times (default 3), keeping the fastest, with the largest resident memory: `fenkit check -q`
# on the game file and on the FEN lines, with every core (the default `-j`) and with one
# thread. A twice larger file shows that memory does not grow with the input. Compare rows
# of one run only.
set -euo pipefail
cd "$(dirname "$0")/.."

copies=${1:-40}
runs=${2:-3}
pgn_files=(tests/data/chess/pgn/lichess-puzzles.pgn tests/data/chess/pgn/benchmark.pgn)

if [ -z "${FENKIT:-}" ]; then
    cargo build --release --quiet --bin fenkit
fi
fenkit=${FENKIT:-target/release/fenkit}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
games=$work/games.pgn
for _ in $(seq "$copies"); do cat "${pgn_files[@]}"; echo; done >"$games"
for _ in $(seq $((copies * 2))); do cat "${pgn_files[@]}"; echo; done >"$work/twice.pgn"
sed -n 's/^\[FEN "\(.*\)"\]$/\1/p' "$games" >"$work/fens.fen"
bytes=$(stat -c %s "$games")
fens=$(wc -l <"$work/fens.fen")
cat "$games" "$work/fens.fen" "$work/twice.pgn" >/dev/null # into the page cache

# time_row NAME COMMAND...: the fastest of RUNS runs (wall clock, in nanoseconds), and the
# largest resident memory.
time_row() {
    local name=$1
    shift
    : >"$work/times"
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        /usr/bin/time -f "%M" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || true
        end=$(date +%s%N)
        echo "$((end - start)) $(tail -1 "$work/time")" >>"$work/times"
    done
    sort -n "$work/times" | awk -v name="$name" '
        NR == 1 { nanos = $1 } $2 > rss { rss = $2 } END { print name "|" nanos "|" rss }' >>"$work/rows"
}

time_row "check -q, the game file" "$fenkit" check -q "$games"
time_row "check -q, its FEN tags one per line" "$fenkit" check -q "$work/fens.fen"
time_row "check -q -j 1, the game file" "$fenkit" check -q -j 1 "$games"
time_row "check -q -j 1, its FEN tags one per line" "$fenkit" check -q -j 1 "$work/fens.fen"
time_row "check -q, the game file twice as large" "$fenkit" check -q "$work/twice.pgn"

echo "$copies copies of the two PGN files: $bytes bytes, $fens FEN tags, $(nproc) cores"
echo
echo "| what | seconds | max resident |"
echo "| --- | --- | --- |"
awk -F'|' '{ printf "| %s | %.3f | %.1f MB |\n", $1, $2 / 1e9, $3 / 1024 }' "$work/rows"
awk -F'|' '{ seconds[NR] = $2 } END {
    printf "\nthe game file costs %.2fx check -q on its FEN lines (target 1.5x), %.2fx with -j 1\n",
        seconds[1] / seconds[2], seconds[3] / seconds[4]
}' "$work/rows"
