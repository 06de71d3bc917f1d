#!/usr/bin/env bash
# Compressed inputs and fields of tables against the plain files, as a markdown table.
#
# Usage: benches/inputs.sh [ROWS] [RUNS]
# Makes, in a temporary directory: a PGN file of games with FEN tags (about 260 bytes a game,
# ROWS/4 games), and its Zstandard and gzip copies; a lichess-puzzle-shaped CSV of ROWS rows
# (PuzzleId,FEN,Moves,...; default 1,000,000) and the same FENs one per line; an
# evaluation-shaped JSON Lines file of ROWS/2 lines (`{"fen": "<four fields>", "evals": [...]}`)
# and the same positions one per line. Builds the release binary (or times the one FENKIT
# names), and times each row RUNS times (default 3), keeping the fastest, with the largest
# resident memory. Needs `zstd` and `gzip`. Compare rows of one run only.
set -euo pipefail
cd "$(dirname "$0")/.."

rows=${1:-1000000}
runs=${2:-3}
if [ -z "${FENKIT:-}" ]; then
    cargo build --release --quiet --bin fenkit
fi
fenkit=${FENKIT:-target/release/fenkit}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$rows" "$work" <<'PY'
import json, random, sys
rows, work = int(sys.argv[1]), sys.argv[2]
random.seed(7)
fens = [l.strip() for l in open("tests/data/chess/generated/random-games-100k.fen") if l.strip()]
square = lambda: random.choice("abcdefgh") + random.choice("12345678")
with open(f"{work}/puzzles.csv", "w") as csv, open(f"{work}/puzzles.fen", "w") as one, \
        open(f"{work}/evals.jsonl", "w") as jsonl, open(f"{work}/evals.epd", "w") as epd, \
        open(f"{work}/games.pgn", "w") as pgn:
    csv.write("PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n")
    for i in range(rows):
        fen = fens[i % len(fens)]
        moves = " ".join(square() + square() for _ in range(random.randint(2, 8)))
        csv.write(f"{i:05X},{fen},{moves},{random.randint(600, 3000)},{random.randint(60, 120)},"
                  f"{random.randint(-100, 100)},{random.randint(1, 50000)},crushing long middlegame,"
                  f"https://lichess.org/{random.getrandbits(40):010x}#{random.randint(1, 99)},\n")
        one.write(fen + "\n")
        if i % 2 == 0:
            four = " ".join(fen.split()[:4])
            evals = [{"pvs": [{"cp": random.randint(-300, 300), "line": moves}], "depth": 40}]
            jsonl.write(json.dumps({"fen": four, "evals": evals}, separators=(",", ":")) + "\n")
            epd.write(four + "\n")
        if i % 4 == 0:
            pgn.write(f'[Event "Rated game {i}"]\n[Site "https://lichess.org/{random.getrandbits(40):010x}"]\n'
                      f'[Result "*"]\n[SetUp "1"]\n[FEN "{fen}"]\n\n{moves} *\n\n')
PY
zstd -q "$work/games.pgn" -o "$work/games.pgn.zst"
gzip -k "$work/games.pgn"
cat "$work"/* >/dev/null # into the page cache

time_row() {
    local name=$1
    shift
    : >"$work/times"
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        /usr/bin/time -f "%M %U %S" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || true
        end=$(date +%s%N)
        echo "$((end - start)) $(tail -1 "$work/time")" >>"$work/times"
    done
    # The fastest wall time, the least CPU time (user + system: what the row costs, whatever
    # the neighbours), the largest resident memory.
    awk -v name="$name" '
        NR == 1 || $1 < nanos { nanos = $1 }
        NR == 1 || $3 + $4 < cpu { cpu = $3 + $4 }
        $2 > rss { rss = $2 }
        END { print name "|" nanos "|" rss "|" cpu }' "$work/times" >>"$work/rows"
}

: >"$work/rows"
time_row "check -q games.pgn" "$fenkit" check -q "$work/games.pgn"
time_row "check -q games.pgn.zst" "$fenkit" check -q "$work/games.pgn.zst"
time_row "zstd -dc games.pgn.zst (alone)" zstd -dc "$work/games.pgn.zst"
time_row "zstd -dc games.pgn.zst, piped to check -q" sh -c "zstd -dc '$work/games.pgn.zst' | '$fenkit' check -q"
time_row "check -q games.pgn.gz" "$fenkit" check -q "$work/games.pgn.gz"
time_row "gzip -dc games.pgn.gz (alone)" gzip -dc "$work/games.pgn.gz"
time_row "check -q puzzles.fen (one per line)" "$fenkit" check -q "$work/puzzles.fen"
time_row "check -q --field FEN puzzles.csv" "$fenkit" check -q --field FEN "$work/puzzles.csv"
time_row "check -q -j 1 puzzles.fen (one per line)" "$fenkit" check -q -j 1 "$work/puzzles.fen"
time_row "check -q -j 1 --field FEN puzzles.csv" "$fenkit" check -q -j 1 --field FEN "$work/puzzles.csv"
time_row "check -q evals.epd (one per line)" "$fenkit" check -q "$work/evals.epd"
time_row "check -q --field fen evals.jsonl" "$fenkit" check -q --field fen "$work/evals.jsonl"
time_row "check -q - < games.pgn (stdin)" sh -c "'$fenkit' check -q - < '$work/games.pgn'"
time_row "check -q - < games.pgn.zst (stdin)" sh -c "'$fenkit' check -q - < '$work/games.pgn.zst'"

sizes=$(cd "$work" && stat -c '%n %s' games.pgn games.pgn.zst games.pgn.gz puzzles.csv puzzles.fen evals.jsonl evals.epd | tr '\n' ' ')
echo "$rows rows; bytes: $sizes; $(nproc) cores"
echo
echo "| what | seconds | CPU seconds | max resident |"
echo "| --- | --- | --- | --- |"
awk -F'|' '{ printf "| %s | %.3f | %.2f | %.1f MB |\n", $1, $2 / 1e9, $4, $3 / 1024 }' "$work/rows"
awk -F'|' '{ s[NR] = $2; c[NR] = $4 } END {
    printf "\n.zst: %.2fx the plain file, %.2fx zstd -dc alone; .gz: %.2fx the plain file\n",
        s[2] / s[1], s[2] / s[3], s[5] / s[1]
    printf "stdin: plain %.2fx the plain file; .zst %.2fx the longer of the plain file and zstd -dc\n",
        s[13] / s[1], s[14] / (s[1] > s[3] ? s[1] : s[3])
    printf "column: %.2fx one per line (%.2fx with -j 1); JSON Lines field: %.2fx one per line\n",
        s[8] / s[7], s[10] / s[9], s[12] / s[11]
    printf "in CPU time: .zst %.2fx the plain file; column %.2fx one per line; JSON Lines %.2fx\n",
        c[2] / c[1], c[8] / c[7], c[12] / c[11]
}' "$work/rows"
